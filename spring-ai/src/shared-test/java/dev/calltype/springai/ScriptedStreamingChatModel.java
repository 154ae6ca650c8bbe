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
 * A Spring AI chat model that streams its replies from a script, chunk by chunk, as a provider does (text pieces,
 * tool-call chunks as the provider merged them or failed to), and keeps every prompt. It never runs tools itself.
 */
final class ScriptedStreamingChatModel implements ChatModel {

    private final Deque<List<Generation>> script;
    final List<Prompt> prompts = new ArrayList<>();

    @SafeVarargs
    ScriptedStreamingChatModel(List<AssistantMessage>... replies) {
        this(List.of(replies).stream().map(r -> r.stream().map(Generation::new).toList()).toList());
    }

    private ScriptedStreamingChatModel(List<List<Generation>> replies) {
        this.script = new ArrayDeque<>(replies);
    }

    /** A model whose replies' chunks carry their own metadata (a finish reason: see {@link #ended}). */
    @SafeVarargs
    static ScriptedStreamingChatModel of(List<Generation>... replies) {
        return new ScriptedStreamingChatModel(List.of(replies));
    }

    /**
     * A reply's chunks as a provider streams them: the finish reason on the last chunk, then a chunk with no text
     * and no finish reason (where providers put the usage).
     */
    static List<Generation> ended(List<AssistantMessage> chunks, String finishReason) {
        List<Generation> out = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            out.add(i < chunks.size() - 1 ? new Generation(chunks.get(i)) : new Generation(chunks.get(i),
                    ChatGenerationMetadata.builder().finishReason(finishReason).build()));
        }
        out.add(new Generation(new AssistantMessage("")));
        return out;
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
            List<Generation> next = script.poll();
            if (next == null) {
                return Flux.error(new IllegalStateException("no reply left for prompt #" + prompts.size()));
            }
            return Flux.fromIterable(next).map(g -> new ChatResponse(List.of(g)));
        });
    }
}
