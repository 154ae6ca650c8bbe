package dev.calltype.runtime.agent;

import dev.calltype.runtime.ToolSpec;

import java.util.List;
import java.util.function.Consumer;

/**
 * A model that {@link ToolLoop} and {@link Answers} talk to, with one method: {@link #send} takes a whole
 * {@link ModelRequest} (the conversation, the tools offered natively, the answer type if any) and reports the reply
 * to a {@link ReplyListener} as it arrives. {@code calltype-openai}'s {@code OpenAiChatModel} and the LangChain4j and
 * Spring AI modules implement it; for a scripted model or a client that only answers conversations, use
 * {@link #of(Replier)}.
 *
 * <p><b>Capabilities are the client's to use, not the caller's to find out.</b> Nothing asks a model what it can do:
 * every request carries everything, and the client that talks to the server decides how to send it. One that can
 * ask its server for an answer in a schema sends {@link ModelRequest#answer()}'s schema; one that cannot sends
 * {@link ModelRequest#promptMessages()}, the answer's instructions in a system message. Native tools go where the
 * server takes them. So a decorator (timing, logging, retries) written the obvious way, by wrapping a model and
 * passing the request on, keeps everything the inner model does:
 *
 * <pre>{@code
 * ModelClient timed = (request, listener) -> {
 *     long t0 = System.nanoTime();
 *     try {
 *         return model.send(request, listener);    // the answer type and the tools reach the model as they are
 *     } finally {
 *         timings.add(Duration.ofNanos(System.nanoTime() - t0));
 *     }
 * };
 * }</pre>
 *
 * <p>There is no method that declares capabilities: a decorator would have to forward it and could forget, and
 * nothing needs one, since the request reaches the client that knows.
 */
@FunctionalInterface
public interface ModelClient {

    /**
     * Sends one request and reports the reply as it arrives: its text through {@link ReplyListener#onRawText}, and
     * through {@link ReplyListener#onEvent} what the client reads apart from the text (reasoning sent in its own
     * field, native tool calls as they form). A client that does not stream reports the whole text once.
     *
     * @param request the conversation, the tools to offer natively and the answer type, if any; a client that does
     *     not send the answer's schema to its server sends {@link ModelRequest#promptMessages()}
     * @param listener told about the reply as it arrives, in order, on the calling thread
     * @return the whole reply, its text the raw pieces joined
     * @throws Exception when the model cannot answer (the loop reports it in its outcome)
     */
    ModelReply send(ModelRequest request, ReplyListener listener) throws Exception;

    /**
     * Answers a conversation: {@link #send} with no answer type, the reply not listened to. A shortcut for callers;
     * implementations implement {@link #send}.
     *
     * @param messages the conversation so far, oldest first (immutable)
     * @param tools the tools to offer natively; empty in prompt mode
     * @return the model's reply; text, native calls or both
     * @throws Exception when the model cannot answer
     */
    default ModelReply reply(List<ChatMessage> messages, List<ToolSpec> tools) throws Exception {
        return send(ModelRequest.of(messages, tools), ReplyListener.NONE);
    }

    /**
     * Answers a conversation, passing the reply's text to {@code onText} piece by piece as it arrives: {@link #send}
     * with no answer type. A shortcut for callers; implementations implement {@link #send}.
     *
     * @param messages the conversation so far, oldest first (immutable)
     * @param tools the tools to offer natively; empty in prompt mode
     * @param onText called with each piece of the reply's text, in order, on the calling thread
     * @return the whole reply, its text the pieces joined
     * @throws Exception when the model cannot answer
     */
    default ModelReply stream(List<ChatMessage> messages, List<ToolSpec> tools, Consumer<String> onText)
            throws Exception {
        return send(ModelRequest.of(messages, tools), ReplyListener.rawText(onText));
    }

    /**
     * The model requests ask for, as the server names it ({@code gpt-4o-mini}, {@code qwen3:8b}), for reports and
     * telemetry ({@code gen_ai.request.model}). By default {@code null}: not known. Only a name for reports: the
     * model a reply came from is in its {@link ReplyMetadata#model()}, which passes through decorators.
     *
     * @return the requested model's name, or {@code null}
     */
    default String modelName() {
        return null;
    }

    /**
     * A model over a function that answers conversations: a scripted model in a test, or a client that has no
     * streaming, no native structured output and sends the tools it is given as they are. A request for a typed
     * answer reaches {@code replier} as {@link ModelRequest#promptMessages()}, the answer's instructions included;
     * the reply's text reaches the listener at once.
     *
     * <pre>{@code
     * ModelClient model = ModelClient.of((messages, tools) -> ModelReply.text("Hello."));
     * }</pre>
     *
     * @param replier answers a conversation
     * @return the model
     * @throws NullPointerException when {@code replier} is {@code null}
     */
    static ModelClient of(Replier replier) {
        java.util.Objects.requireNonNull(replier, "replier");
        return (request, listener) -> {
            ModelReply reply = replier.reply(request.promptMessages(), request.tools());
            if (reply != null && !reply.text().isEmpty()) {
                listener.onRawText(reply.text());
            }
            return reply;
        };
    }

    /** What {@link #of(Replier)} makes a model of: a function from a conversation and tools to a reply. */
    @FunctionalInterface
    interface Replier {

        /**
         * Answers a conversation.
         *
         * @param messages the conversation so far, oldest first (immutable), with a typed answer's instructions
         * @param tools the tools to offer natively; empty in prompt mode, where the system message teaches the model
         *     a text format instead
         * @return the model's reply; text, native calls or both
         * @throws Exception when the model cannot answer
         */
        ModelReply reply(List<ChatMessage> messages, List<ToolSpec> tools) throws Exception;
    }
}
