package dev.calltype.example;

import java.util.List;

/**
 * One assistant answer from a Chat Completions server, whole: the text, the native tool calls with
 * their argument strings exactly as sent (often malformed by local models), and why it stopped.
 */
record Completion(String content, List<NativeCall> toolCalls, String finishReason) {

    /** A call from the {@code tool_calls} field; {@code id} may be {@code null} when the server gave none. */
    record NativeCall(String id, String name, String arguments) {
    }

    Completion {
        toolCalls = List.copyOf(toolCalls);
    }
}
