package dev.calltype.example;

import dev.calltype.runtime.SchemaDialect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ChatModel;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A {@link ChatModel} over an OpenAI-compatible Chat Completions endpoint: the loop's messages
 * become the request's {@code messages}, the toolkit's generated {@code OPENAI} schema is sent as
 * {@code tools} when the loop offers tools natively, and the streamed answer comes back as text and
 * native calls whose argument strings have been read leniently.
 */
final class OpenAiChatModel implements ChatModel {

    private final ChatCompletionsClient client;
    private final ArrayNode toolsSchema;
    private final NativeCalls nativeCalls;
    private volatile ChatFailure lastFailure;

    /**
     * @param toolsSchema the toolkit's {@code schemaJson(SchemaDialect.OPENAI)}, parsed
     */
    OpenAiChatModel(ChatCompletionsClient client, ArrayNode toolsSchema, NativeCalls nativeCalls) {
        this.client = client;
        this.toolsSchema = toolsSchema;
        this.nativeCalls = nativeCalls;
    }

    /** The failure that ended the last request, if it failed. */
    ChatFailure lastFailure() {
        return lastFailure;
    }

    @Override
    public ModelReply reply(List<ChatMessage> messages, List<ToolSpec> tools) {
        return stream(messages, tools, text -> {
        });
    }

    @Override
    public ModelReply stream(List<ChatMessage> messages, List<ToolSpec> tools, Consumer<String> onText) {
        lastFailure = null;
        try {
            Completion completion = client.complete(toJson(messages), tools.isEmpty() ? null : toolsSchema.deepCopy(), onText);
            return nativeCalls.reply(completion);
        } catch (ChatFailure e) {
            lastFailure = e;
            throw e;
        }
    }

    /** The messages in Chat Completions form. */
    static ArrayNode toJson(List<ChatMessage> messages) {
        ArrayNode out = ChatCompletionsClient.JSON.createArrayNode();
        for (ChatMessage m : messages) {
            ObjectNode o = out.addObject();
            o.put("role", m.role().name().toLowerCase(Locale.ROOT));
            if (m.role() == ChatMessage.Role.TOOL) {
                o.put("tool_call_id", m.toolCallId());
                o.put("content", m.content());
            } else if (m.role() == ChatMessage.Role.ASSISTANT && !m.toolCalls().isEmpty()) {
                if (m.content().isEmpty()) {
                    o.putNull("content");
                } else {
                    o.put("content", m.content());
                }
                ArrayNode calls = o.putArray("tool_calls");
                for (ToolCall call : m.toolCalls()) {
                    ObjectNode c = calls.addObject();
                    c.put("id", call.id());
                    c.put("type", "function");
                    // The arguments as read (repaired), so a server that re-parses the history can.
                    c.putObject("function").put("name", call.name()).put("arguments", call.arguments().toString());
                }
            } else {
                o.put("content", m.content());
            }
        }
        return out;
    }
}
