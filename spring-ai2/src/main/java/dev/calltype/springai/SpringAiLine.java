package dev.calltype.springai;

import java.util.List;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.ToolCallback;

/**
 * What differs on the Spring AI 2 line (this module): models never run tools (a reply's calls go back to the caller,
 * and {@code ChatClient}'s tool-calling advisor runs them), options name tools by callback only, and
 * {@code ChatClient} reads a model's options from {@code getOptions()} and builds the request's options from their
 * {@code mutate()}, so they stay the provider's own type. The Spring AI 1.1 module has a class of the same name for
 * its line; everything else is the same source in both.
 */
final class SpringAiLine {

    private SpringAiLine() {
    }

    /** The repairing model, its options where this line's {@code ChatClient} reads them. */
    static ChatModel repairing(ChatModel model, ToolCallingManager manager, int maxRounds) {
        return new RepairingChatModel(model, manager, maxRounds) {
            @Override
            public ChatOptions getOptions() {
                return toolOptions(delegate().getOptions());
            }
        };
    }

    /** The model's options. */
    static ChatOptions options(ChatModel model) {
        return model.getOptions();
    }

    /** Options that offer the tools to the provider; the calls come back to the caller, unrun. */
    static ChatOptions nativeTools(List<ToolCallback> tools) {
        return ToolCallingChatOptions.builder().toolCallbacks(tools).build();
    }

    /** Whether a model is asked to run the tools its reply calls: never on this line. */
    static boolean runsTools(ChatOptions options) {
        return false;
    }

    /** Whether the options offer any tool. */
    static boolean offersTools(ToolCallingChatOptions options) {
        return !options.getToolCallbacks().isEmpty();
    }

    /** The prompt for the provider model: as it is, since no model runs tools on this line. */
    static Prompt external(Prompt prompt) {
        return prompt;
    }
}
