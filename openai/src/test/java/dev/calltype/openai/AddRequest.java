package dev.calltype.openai;

import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.agent.ChatMessage;
import java.util.List;

/** The request the client tests send: one {@code add} tool and a question that calls for it. */
final class AddRequest {

    static final String TOOLS_JSON = """
            [{"type": "function", "function": {"name": "add", "description": "Adds two numbers",
              "parameters": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
              "required": ["a", "b"]}}}]
            """;
    static final List<ToolSpec> TOOLS = ToolSpecs.fromJson(TOOLS_JSON);
    static final List<ChatMessage> HELLO = List.of(ChatMessage.user("What is 2 + 3?"));

    private AddRequest() {
    }

    /** The failure {@code model} answers the request with (the test fails when it answers instead). */
    static ChatCompletionsException failure(OpenAiChatModel model) {
        return catchThrowableOfType(() -> model.reply(HELLO, TOOLS), ChatCompletionsException.class);
    }
}
