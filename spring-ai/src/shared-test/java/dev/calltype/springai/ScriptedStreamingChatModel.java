package dev.calltype.springai;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import reactor.core.publisher.Flux;

/**
 * A Spring AI chat model that streams its replies from a script, chunk by chunk, as a provider does (text pieces,
 * tool-call chunks as the provider merged them or failed to), and keeps every prompt. It never runs tools itself.
 */
final class ScriptedStreamingChatModel implements ChatModel {

    private final Deque<List<AssistantMessage>> script;
    final List<Prompt> prompts = new ArrayList<>();

    @SafeVarargs
    ScriptedStreamingChatModel(List<AssistantMessage>... replies) {
        this.script = new ArrayDeque<>(List.of(replies));
    }

    /** A reply of text only, in pieces of {@code size} characters. */
    static List<AssistantMessage> text(String text, int size) {
        List<AssistantMessage> pieces = new ArrayList<>();
        for (int i = 0; i < text.length(); i += size) {
            pieces.add(new AssistantMessage(text.substring(i, Math.min(text.length(), i + size))));
        }
        return pieces;
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        throw new UnsupportedOperationException("this model only streams");
    }

    @Override
    public Flux<ChatResponse> stream(Prompt prompt) {
        return Flux.defer(() -> {
            prompts.add(prompt);
            List<AssistantMessage> next = script.poll();
            if (next == null) {
                return Flux.error(new IllegalStateException("no reply left for prompt #" + prompts.size()));
            }
            return Flux.fromIterable(next).map(m -> new ChatResponse(List.of(new Generation(m))));
        });
    }
}
