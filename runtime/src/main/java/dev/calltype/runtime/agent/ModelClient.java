package dev.calltype.runtime.agent;

import dev.calltype.runtime.ToolSpec;

import java.util.List;
import java.util.function.Consumer;

/**
 * A model {@link ToolLoop} talks to; the caller implements it over whatever client it uses (an
 * OpenAI-compatible HTTP endpoint, a local runtime, a scripted replay in tests).
 */
@FunctionalInterface
public interface ModelClient {

    /**
     * Answers a conversation.
     *
     * @param messages the conversation so far, oldest first (immutable)
     * @param tools the tools to offer natively; empty in prompt mode, where the system message
     *     teaches the model a text format instead
     * @return the model's reply; text, native calls or both
     * @throws Exception when the model cannot answer (the loop reports it in its outcome)
     */
    ModelReply reply(List<ChatMessage> messages, List<ToolSpec> tools) throws Exception;

    /**
     * Answers a conversation, passing the reply's text to {@code onText} piece by piece as it
     * arrives. By default it calls {@link #reply} and passes the whole text at once.
     *
     * @param messages the conversation so far, oldest first (immutable)
     * @param tools the tools to offer natively; empty in prompt mode
     * @param onText called with each piece of the reply's text, in order, on the calling thread
     * @return the whole reply, its text the pieces joined
     * @throws Exception when the model cannot answer (the loop reports it in its outcome)
     */
    default ModelReply stream(List<ChatMessage> messages, List<ToolSpec> tools, Consumer<String> onText) throws Exception {
        ModelReply reply = reply(messages, tools);
        if (reply != null && !reply.text().isEmpty()) {
            onText.accept(reply.text());
        }
        return reply;
    }

    /**
     * Answers a conversation, telling {@code listener} about the reply as it streams: its raw text, and what the
     * client reads apart from the text (reasoning sent in its own field, native tool calls as they form). By default
     * it calls {@link #stream(List, List, Consumer)} with {@link ReplyListener#onRawText}; a client that streams
     * native tool calls or reasoning overrides this method.
     *
     * @param messages the conversation so far, oldest first (immutable)
     * @param tools the tools to offer natively; empty in prompt mode
     * @param listener told about the reply as it arrives, in order, on the calling thread
     * @return the whole reply, its text the raw pieces joined
     * @throws Exception when the model cannot answer (the loop reports it in its outcome)
     */
    default ModelReply stream(List<ChatMessage> messages, List<ToolSpec> tools, ReplyListener listener)
            throws Exception {
        return stream(messages, tools, listener::onRawText);
    }

    /**
     * The model requests ask for, as the server names it ({@code gpt-4o-mini}, {@code qwen3:8b}), for reports and
     * telemetry ({@code gen_ai.request.model}). By default {@code null}: not known.
     *
     * @return the requested model's name, or {@code null}
     */
    default String modelName() {
        return null;
    }
}
