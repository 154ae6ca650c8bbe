package dev.calltype.langchain4j;

import dev.calltype.runtime.agent.ReplyRepair;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link LangChain4jTools#repairing(ChatModel)}: the model's replies with calls in text and broken calls repaired, and
 * the last call of a reply cut at the token limit refused. Every request path LangChain4j has goes through the same
 * step ({@link RequestRepair#step}): {@code chat} and {@code doChat}, with or without {@link ChatRequestOptions}, and,
 * on langchain4j-core 1.20 and later, {@code chatAsync} and {@code doChatAsync}.
 */
final class RepairingChatModel implements ChatModel {

    private final ChatModel model;
    private final RequestRepair repairs = new RequestRepair();

    RepairingChatModel(ChatModel model) {
        this.model = model;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        return chat(request, ChatRequestOptions.EMPTY);
    }

    @Override
    public ChatResponse chat(ChatRequest request, ChatRequestOptions options) {
        ReplyRepair repair = repairs.forRequest(request);
        ChatResponse response = send(request, options);
        if (repair == null) {
            return response;
        }
        ChatRequest current = request;
        for (int corrections = 0; ; corrections++) {
            RequestRepair.Step step = RequestRepair.step(repair, current, response, corrections);
            if (step.again() == null) {
                return step.response();
            }
            current = step.again();
            response = send(current, options);
        }
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return chat(request);
    }

    /**
     * The reply without blocking (langchain4j-core 1.20 and later, the non-blocking AI services), repaired as
     * {@link #chat(ChatRequest)} repairs it; a correction round is sent when the reply before it has come. Not called
     * on older cores, which do not have this method.
     *
     * @param request the request
     * @return the repaired response; cancelling it cancels the model's request in flight
     */
    @Override
    public CompletableFuture<ChatResponse> chatAsync(ChatRequest request) {
        return chatAsync(request, ChatRequestOptions.EMPTY);
    }

    /**
     * {@link #chatAsync(ChatRequest)} with the caller's options (listener attributes), passed to the model.
     *
     * @param request the request
     * @param options the caller's options
     * @return the repaired response
     */
    @Override
    public CompletableFuture<ChatResponse> chatAsync(ChatRequest request, ChatRequestOptions options) {
        ReplyRepair repair = repairs.forRequest(request);
        if (repair == null) {
            return sendAsync(request, options);
        }
        CompletableFuture<ChatResponse> result = new CompletableFuture<>();
        AtomicReference<CompletableFuture<ChatResponse>> inFlight = new AtomicReference<>();
        result.whenComplete((response, error) -> {
            CompletableFuture<ChatResponse> sent = inFlight.get();
            if (result.isCancelled() && sent != null) {
                sent.cancel(true);
            }
        });
        round(repair, request, options, 0, result, inFlight);
        return result;
    }

    /**
     * {@link #chatAsync(ChatRequest)}.
     *
     * @param request the request
     * @return the repaired response
     */
    @Override
    public CompletableFuture<ChatResponse> doChatAsync(ChatRequest request) {
        return chatAsync(request);
    }

    /** Sends one round without blocking and completes {@code result} with the repaired reply, or sends the next. */
    private void round(ReplyRepair repair, ChatRequest current, ChatRequestOptions options, int corrections,
                       CompletableFuture<ChatResponse> result,
                       AtomicReference<CompletableFuture<ChatResponse>> inFlight) {
        CompletableFuture<ChatResponse> sent;
        try {
            sent = sendAsync(current, options);
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return;
        }
        inFlight.set(sent);
        if (result.isCancelled()) {
            sent.cancel(true);
            return;
        }
        sent.whenComplete((response, error) -> {
            if (error != null) {
                result.completeExceptionally(error instanceof CompletionException && error.getCause() != null
                        ? error.getCause() : error);
                return;
            }
            RequestRepair.Step step;
            try {
                step = RequestRepair.step(repair, current, response, corrections);
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
                return;
            }
            if (step.again() == null) {
                result.complete(step.response());
            } else {
                round(repair, step.again(), options, corrections + 1, result, inFlight);
            }
        });
    }

    private ChatResponse send(ChatRequest request, ChatRequestOptions options) {
        return RequestRepair.given(options) ? model.chat(request, options) : model.chat(request);
    }

    private CompletableFuture<ChatResponse> sendAsync(ChatRequest request, ChatRequestOptions options) {
        return RequestRepair.given(options) ? model.chatAsync(request, options) : model.chatAsync(request);
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
