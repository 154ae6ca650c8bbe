package dev.calltype.langchain4j;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.output.FinishReason;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A LangChain4j chat model that answers from a script, in order, and keeps every request it was sent. */
final class ScriptedChatModel implements ChatModel {

    private final Deque<ChatResponse> script = new ArrayDeque<>();
    final List<ChatRequest> requests = new ArrayList<>();

    ScriptedChatModel(AiMessage... replies) {
        for (AiMessage reply : replies) {
            script.add(ChatResponse.builder().aiMessage(reply).build());
        }
    }

    /** A reply that ended as the provider says ({@code LENGTH}: cut at the token limit). */
    static ChatResponse ended(AiMessage reply, FinishReason finish) {
        return ChatResponse.builder().aiMessage(reply).finishReason(finish).build();
    }

    ScriptedChatModel(ChatResponse... replies) {
        script.addAll(List.of(replies));
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        requests.add(request);
        ChatResponse next = script.poll();
        if (next == null) {
            throw new IllegalStateException("the script has no reply left for request #" + requests.size());
        }
        return next;
    }
}
