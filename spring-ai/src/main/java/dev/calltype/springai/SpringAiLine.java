package dev.calltype.springai;

import java.util.List;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.ToolCallback;

/**
 * What differs on the Spring AI 1.1 line (this module): provider models run tools themselves unless
 * {@code internalToolExecutionEnabled(false)}, and {@code ChatClient} reads a model's options from
 * {@code getDefaultOptions()}. The Spring AI 2 module has a class of the same name for its line; everything else is
 * the same source in both.
 */
final class SpringAiLine {

    private SpringAiLine() {
    }

    /** The repairing model, its options where this line's {@code ChatClient} reads them. */
    static ChatModel repairing(ChatModel model, ToolCallingManager manager, int maxRounds) {
        return new RepairingChatModel(model, manager, maxRounds) {
            @Override
            public ChatOptions getDefaultOptions() {
                return toolOptions(delegate().getDefaultOptions());
            }
        };
    }

    /** The model's default options. */
    static ChatOptions options(ChatModel model) {
        return model.getDefaultOptions();
    }

    /** Options that offer the tools to the provider and bring their calls back to the caller, unrun. */
    static ChatOptions nativeTools(List<ToolCallback> tools) {
        return ToolCallingChatOptions.builder().toolCallbacks(tools).internalToolExecutionEnabled(false).build();
    }

    /** Whether the caller of a model asks it to run the tools its reply calls (on 1.1, the default). */
    static boolean runsTools(ChatOptions options) {
        return ToolCallingChatOptions.isInternalToolExecutionEnabled(options);
    }

    /** Whether the options offer any tool, as callbacks or by name. */
    static boolean offersTools(ToolCallingChatOptions options) {
        return !options.getToolCallbacks().isEmpty() || !options.getToolNames().isEmpty();
    }

    /** The prompt for the provider model: internal tool execution off, since the repaired calls run in the decorator. */
    static Prompt external(Prompt prompt) {
        if (!(prompt.getOptions() instanceof ToolCallingChatOptions options)
                || Boolean.FALSE.equals(options.getInternalToolExecutionEnabled())) {
            return prompt;
        }
        ToolCallingChatOptions copy = options.copy();
        copy.setInternalToolExecutionEnabled(false);
        return new Prompt(prompt.getInstructions(), copy);
    }
}
