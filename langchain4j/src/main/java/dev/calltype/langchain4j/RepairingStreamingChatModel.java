package dev.calltype.langchain4j;

import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.agent.NativeTools;
import dev.calltype.runtime.agent.ReplyRepair;
import dev.calltype.runtime.agent.ToolCallChunks;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
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

/**
 * {@link LangChain4jTools#repairing(StreamingChatModel)}: the text tokens pass through Calltype's streaming reader,
 * so call markup never reaches the user and reasoning goes out as thinking; native tool-call chunks are merged by
 * index ({@link ToolCallChunks}); the complete reply is repaired as {@link RepairingChatModel} repairs it.
 */
final class RepairingStreamingChatModel implements StreamingChatModel {

    private final StreamingChatModel model;
    private final RequestRepair repairs = new RequestRepair();

    RepairingStreamingChatModel(StreamingChatModel model) {
        this.model = model;
    }

    @Override
    public void chat(ChatRequest request, StreamingChatResponseHandler handler) {
        ReplyRepair repair = repairs.forRequest(request);
        if (repair == null) {
            model.chat(request, handler);
            return;
        }
        model.chat(request, new Reader(repair, request, handler, 0));
    }

    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        chat(request, handler);
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
        private final ReplyRepair repair;
        private final ChatRequest request;
        private final StreamingChatResponseHandler user;
        private final int corrections;
        private final ReplyRepair.Streaming text;
        private final ToolCallChunks chunks = new ToolCallChunks();

        Reader(ReplyRepair repair, ChatRequest request, StreamingChatResponseHandler user, int corrections) {
            this.repair = repair;
            this.request = request;
            this.user = user;
            this.corrections = corrections;
            this.text = repair.streaming();
        }

        @Override
        public void onPartialResponse(String partialResponse) {
            deliver(text.feed(partialResponse), null);
        }

        @Override
        public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
            deliver(text.feed(partialResponse.text()), context);
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
            chunks.add(partialToolCall.index(), partialToolCall.id(), partialToolCall.name(),
                    partialToolCall.partialArguments());
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
            AiMessage answer = response == null ? null : response.aiMessage();
            if (answer == null) {
                user.onCompleteResponse(response);
                return;
            }
            deliver(text.finish(), null);
            // the chunks as merged here when the server sent any, else the calls as the model put them together
            List<NativeTools.Call> calls = chunks.isEmpty() ? RequestRepair.calls(answer) : chunks.calls();
            ReplyRepair.Repaired r = text.result(calls);
            if (r.needsCorrection() && corrections < RequestRepair.MAX_CORRECTIONS) {
                ChatRequest again = RequestRepair.correction(request, answer, r);
                model.chat(again, new Reader(repair, again, user, corrections + 1));
                return;
            }
            AiMessage repaired = r.changed() || !chunks.isEmpty() ? RequestRepair.message(answer, r) : answer;
            List<ToolExecutionRequest> requests = repaired.hasToolExecutionRequests()
                    ? repaired.toolExecutionRequests() : List.of();
            for (int i = 0; i < requests.size(); i++) {
                user.onCompleteToolCall(new CompleteToolCall(i, requests.get(i)));
            }
            user.onCompleteResponse(repaired == answer ? response : response.toBuilder().aiMessage(repaired).build());
        }

        @Override
        public void onError(Throwable error) {
            user.onError(error);
        }
    }
}
