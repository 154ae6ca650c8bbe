package dev.calltype.springai;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import reactor.core.publisher.Flux;

/**
 * A Spring AI chat model (either line) that answers from a script, each reply with the finish reason a provider
 * reports, and keeps every prompt. Streamed, a reply's text comes in pieces of three characters and its native calls
 * in one chunk, and the finish reason only on the last chunk, as providers send it. It never runs tools.
 */
final class FinishingChatModel implements ChatModel {

    /** One scripted reply: the message and its finish reason. */
    record Reply(AssistantMessage message, String finishReason) {
    }

    private final Deque<Reply> script;
    final List<Prompt> prompts = new ArrayList<>();

    FinishingChatModel(Reply... replies) {
        this.script = new ArrayDeque<>(List.of(replies));
    }

    static Reply reply(AssistantMessage message, String finishReason) {
        return new Reply(message, finishReason);
    }

    static Reply text(String text, String finishReason) {
        return new Reply(new AssistantMessage(text), finishReason);
    }

    private Reply next(Prompt prompt) {
        prompts.add(prompt);
        Reply next = script.poll();
        if (next == null) {
            throw new IllegalStateException("the script has no reply left for prompt #" + prompts.size());
        }
        return next;
    }

    private static ChatResponse response(AssistantMessage message, String finishReason) {
        ChatGenerationMetadata metadata = finishReason == null ? ChatGenerationMetadata.NULL
                : ChatGenerationMetadata.builder().finishReason(finishReason).build();
        return new ChatResponse(List.of(new Generation(message, metadata)));
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        Reply r = next(prompt);
        return response(r.message(), r.finishReason());
    }

    @Override
    public Flux<ChatResponse> stream(Prompt prompt) {
        return Flux.defer(() -> {
            Reply r = next(prompt);
            List<ChatResponse> chunks = new ArrayList<>();
            String text = r.message().getText() == null ? "" : r.message().getText();
            for (int i = 0; i < text.length(); i += 3) {
                chunks.add(response(new AssistantMessage(text.substring(i, Math.min(text.length(), i + 3))), null));
            }
            if (r.message().hasToolCalls()) {
                chunks.add(response(AssistantMessage.builder().content("").toolCalls(r.message().getToolCalls())
                        .build(), null));
            }
            chunks.add(response(new AssistantMessage(""), r.finishReason()));
            return Flux.fromIterable(chunks);
        });
    }
}
