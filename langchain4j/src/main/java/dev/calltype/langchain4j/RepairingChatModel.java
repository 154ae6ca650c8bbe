package dev.calltype.langchain4j;

import dev.calltype.runtime.agent.ReplyRepair;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;
import java.util.Set;

/** {@link LangChain4jTools#repairing(ChatModel)}: the model's replies with calls in text and broken calls repaired. */
final class RepairingChatModel implements ChatModel {

    private final ChatModel model;
    private final RequestRepair repairs = new RequestRepair();

    RepairingChatModel(ChatModel model) {
        this.model = model;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        ReplyRepair repair = repairs.forRequest(request);
        ChatResponse response = model.chat(request);
        if (repair == null) {
            return response;
        }
        ChatRequest current = request;
        for (int corrections = 0; ; corrections++) {
            AiMessage answer = response == null ? null : response.aiMessage();
            if (answer == null) {
                return response;
            }
            ReplyRepair.Repaired r = repair.repair(answer.text(), RequestRepair.calls(answer));
            if (!r.changed()) {
                return response;
            }
            if (!r.needsCorrection() || corrections == RequestRepair.MAX_CORRECTIONS) {
                return response.toBuilder().aiMessage(RequestRepair.message(answer, r)).build();
            }
            current = RequestRepair.correction(current, answer, r);
            response = model.chat(current);
        }
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return chat(request);
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
}
