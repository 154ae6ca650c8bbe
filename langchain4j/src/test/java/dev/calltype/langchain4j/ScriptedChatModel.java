package dev.calltype.langchain4j;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.data.message.AiMessage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A LangChain4j chat model that answers from a script, in order, and keeps every request it was sent. */
final class ScriptedChatModel implements ChatModel {

    private final Deque<AiMessage> script;
    final List<ChatRequest> requests = new ArrayList<>();

    ScriptedChatModel(AiMessage... replies) {
        this.script = new ArrayDeque<>(List.of(replies));
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        requests.add(request);
        AiMessage next = script.poll();
        if (next == null) {
            throw new IllegalStateException("the script has no reply left for request #" + requests.size());
        }
        return ChatResponse.builder().aiMessage(next).build();
    }
}
