package dev.calltype.openai.internal;

import java.util.List;

/**
 * One assistant answer from a Chat Completions server, whole: the text, the native tool calls with their argument
 * strings exactly as sent, and why it stopped ({@code null} when the server did not say); the model the server named
 * and the token usage it reported ({@code usage}, each count -1 when absent), {@code null} when it sent none.
 */
public record Completion(String content, List<NativeCall> toolCalls, String finishReason, String model,
                         Usage usage) {

    /** {@code prompt_tokens} and {@code completion_tokens}, as the server reported them. */
    public record Usage(long promptTokens, long completionTokens) {
    }

    public Completion(String content, List<NativeCall> toolCalls, String finishReason) {
        this(content, toolCalls, finishReason, null, null);
    }

    /**
     * A call from the {@code tool_calls} field; {@code id} is {@code null} when the server gave none; {@code index}
     * is its place in the answer's calls, as its streamed events name it.
     */
    public record NativeCall(String id, String name, String arguments, int index) {
    }

    public Completion {
        toolCalls = List.copyOf(toolCalls);
    }
}
