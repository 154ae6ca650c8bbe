package dev.calltype.springai;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;

/**
 * A Spring AI chat model that answers from a script and keeps every prompt it was sent. Like Spring AI's provider
 * models, it runs the tools itself with a {@link ToolCallingManager} when its reply has tool calls and internal
 * tool execution is on, and asks again with the results.
 */
final class ScriptedChatModel implements ChatModel {

    private final Deque<AssistantMessage> script;
    private final ToolCallingManager tools;
    final List<Prompt> prompts = new ArrayList<>();

    ScriptedChatModel(ToolCallingManager tools, AssistantMessage... replies) {
        this.tools = tools;
        this.script = new ArrayDeque<>(List.of(replies));
    }

    ScriptedChatModel(AssistantMessage... replies) {
        this(ToolCallingManager.builder().build(), replies);
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        while (true) {
            prompts.add(prompt);
            AssistantMessage next = script.poll();
            if (next == null) {
                throw new IllegalStateException("the script has no reply left for prompt #" + prompts.size());
            }
            ChatResponse response = new ChatResponse(List.of(new Generation(next)));
            if (!response.hasToolCalls() || !ToolCallingChatOptions.isInternalToolExecutionEnabled(prompt.getOptions())) {
                return response;
            }
            ToolExecutionResult result = tools.executeToolCalls(prompt, response);
            prompt = new Prompt(result.conversationHistory(), prompt.getOptions());
        }
    }

    @Override
    public ChatOptions getDefaultOptions() {
        return ToolCallingChatOptions.builder().build();
    }
}
