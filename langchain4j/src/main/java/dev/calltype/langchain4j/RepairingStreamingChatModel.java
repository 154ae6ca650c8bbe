package dev.calltype.langchain4j;

import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.agent.ReplyRepair;
import dev.calltype.runtime.agent.ToolCallChunks;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatModelStreamingEvent;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialThinkingContext;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.PartialToolCallContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Flow;

/**
 * {@link LangChain4jTools#repairing(StreamingChatModel)}: the text tokens pass through Calltype's streaming reader,
 * so call markup never reaches the user and reasoning goes out as thinking; native tool-call chunks are merged by
 * index ({@link ToolCallChunks}); the complete reply is repaired as {@link RepairingChatModel} repairs it, with the
 * ending its finish reason gives (at {@code LENGTH} the last call never runs). Every way LangChain4j streams goes
 * through it: the handler ({@code chat} and {@code doChat} with a {@code StreamingChatResponseHandler}, with or
 * without {@link ChatRequestOptions}) and, on langchain4j-core 1.20 and later, the {@code Flow.Publisher} of events.
 */
final class RepairingStreamingChatModel implements StreamingChatModel {

    private final StreamingChatModel model;
    private final RequestRepair repairs = new RequestRepair();

    RepairingStreamingChatModel(StreamingChatModel model) {
        this.model = model;
    }

    @Override
    public void chat(ChatRequest request, StreamingChatResponseHandler handler) {
        chat(request, ChatRequestOptions.EMPTY, handler);
    }

    @Override
    public void chat(ChatRequest request, ChatRequestOptions options, StreamingChatResponseHandler handler) {
        ReplyRepair repair = repairs.forRequest(request);
        send(request, options, repair == null ? handler : new Reader(new StreamedReply(repair, request, 0), repair,
                options, handler));
    }

    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        chat(request, handler);
    }

    /**
     * The reply streamed as {@link java.util.concurrent.Flow.Publisher} events (langchain4j-core 1.20 and later, the
     * non-blocking AI services), repaired as the handler's stream is. Not called on older cores, which do not have
     * this method: there its return type is a JDK type and the event type only a generic signature, which the JVM
     * does not resolve, and the events' classes are named in {@link RepairingPublisher}, loaded when this runs.
     *
     * @param request the request
     * @return the repaired events: text without call markup, reasoning as thinking, the calls complete, the response
     */
    @Override
    public Flow.Publisher<ChatModelStreamingEvent> chat(ChatRequest request) {
        ReplyRepair repair = repairs.forRequest(request);
        return repair == null ? model.chat(request) : new RepairingPublisher(model, repair, request);
    }

    /**
     * {@link #chat(ChatRequest)}.
     *
     * @param request the request
     * @return the repaired events
     */
    @Override
    public Flow.Publisher<ChatModelStreamingEvent> doChat(ChatRequest request) {
        return chat(request);
    }

    private void send(ChatRequest request, ChatRequestOptions options, StreamingChatResponseHandler handler) {
        if (RequestRepair.given(options)) {
            model.chat(request, options, handler);
        } else {
            model.chat(request, handler);
        }
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return model.defaultRequestParameters();
    }

    @Override
    public List<ChatModelListener> listeners() {
        return List.of();                                   // the model's own listeners hear every request it is sent
    }

    @Override
    public ModelProvider provider() {
        return model.provider();
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return model.supportedCapabilities();
    }

    @Override
    public String toString() {
        return "Repairing[" + model + "]";
    }

    /** Reads one streamed reply for the user's handler. */
    private final class Reader implements StreamingChatResponseHandler {
        private final StreamedReply reply;
        private final ReplyRepair repair;
        private final ChatRequestOptions options;
        private final StreamingChatResponseHandler user;

        Reader(StreamedReply reply, ReplyRepair repair, ChatRequestOptions options, StreamingChatResponseHandler user) {
            this.reply = reply;
            this.repair = repair;
            this.options = options;
            this.user = user;
        }

        @Override
        public void onPartialResponse(String partialResponse) {
            deliver(reply.text(partialResponse), null);
        }

        @Override
        public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
            deliver(reply.text(partialResponse.text()), context);
        }

        private void deliver(List<StreamEvent> events, PartialResponseContext context) {
            for (StreamEvent e : events) {
                if (e instanceof StreamEvent.TextDelta t) {
                    if (context == null) {
                        user.onPartialResponse(t.text());
                    } else {
                        user.onPartialResponse(new PartialResponse(t.text()), context);
                    }
                } else if (e instanceof StreamEvent.ReasoningDelta r) {
                    user.onPartialThinking(new PartialThinking(r.text()));
                }
            }
        }

        @Override
        public void onPartialThinking(PartialThinking partialThinking) {
            user.onPartialThinking(partialThinking);
        }

        @Override
        public void onPartialThinking(PartialThinking partialThinking, PartialThinkingContext context) {
            user.onPartialThinking(partialThinking, context);
        }

        @Override
        public void onPartialToolCall(PartialToolCall partialToolCall) {
            reply.chunk(partialToolCall);
        }

        @Override
        public void onPartialToolCall(PartialToolCall partialToolCall, PartialToolCallContext context) {
            onPartialToolCall(partialToolCall);
        }

        @Override
        public void onCompleteToolCall(CompleteToolCall completeToolCall) {
            // held back: the calls go out repaired, with the complete reply
        }

        @Override
        public void onUnmappedRawEvent(Object event) {
            user.onUnmappedRawEvent(event);
        }

        @Override
        public void onCompleteResponse(ChatResponse response) {
            StreamedReply.End end = reply.complete(response);
            deliver(end.tail(), null);
            if (end.again() != null) {
                send(end.again(), options, new Reader(new StreamedReply(repair, end.again(), reply.corrections() + 1),
                        repair, options, user));
                return;
            }
            for (int i = 0; i < end.calls().size(); i++) {
                user.onCompleteToolCall(new CompleteToolCall(i, end.calls().get(i)));
            }
            user.onCompleteResponse(end.response());
        }

        @Override
        public void onError(Throwable error) {
            user.onError(error);
        }
    }
}
