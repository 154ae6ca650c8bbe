package dev.calltype.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.output.FinishReason;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A LangChain4j streaming model that answers from a script: each reply's text in small pieces, its tool-call chunks
 * as they are given, then the complete message as the provider put it together. Keeps every request.
 */
final class ScriptedStreamingChatModel implements StreamingChatModel {

    /** One streamed reply: text pieces, tool-call chunks, and the message the provider completes with. */
    record Reply(List<String> pieces, List<PartialToolCall> chunks, AiMessage complete, FinishReason finish) {

        Reply(List<String> pieces, List<PartialToolCall> chunks, AiMessage complete) {
            this(pieces, chunks, complete, null);
        }

        /** This reply, ended as the provider says ({@code LENGTH}: cut at the token limit). */
        Reply ended(FinishReason reason) {
            return new Reply(pieces, chunks, complete, reason);
        }

        /** The response the provider completes with. */
        ChatResponse response() {
            return ChatResponse.builder().aiMessage(complete).finishReason(finish).build();
        }

        /** A reply of text only, sent in pieces of {@code size} characters. */
        static Reply text(String text, int size) {
            List<String> pieces = new ArrayList<>();
            for (int i = 0; i < text.length(); i += size) {
                pieces.add(text.substring(i, Math.min(text.length(), i + size)));
            }
            return new Reply(pieces, List.of(), AiMessage.from(text));
        }
    }

    private final Deque<Reply> script;
    final List<ChatRequest> requests = new ArrayList<>();

    ScriptedStreamingChatModel(Reply... replies) {
        this.script = new ArrayDeque<>(List.of(replies));
    }

    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        requests.add(request);
        Reply next = script.poll();
        if (next == null) {
            handler.onError(new IllegalStateException("the script has no reply left for request #" + requests.size()));
            return;
        }
        next.pieces().forEach(handler::onPartialResponse);
        next.chunks().forEach(handler::onPartialToolCall);
        handler.onCompleteResponse(next.response());
    }
}
