package dev.calltype.runtime.agent;

import dev.calltype.runtime.ToolCall;

import java.util.List;
import java.util.Objects;

/**
 * One message of a conversation with a model, as {@link ToolLoop} keeps it and hands it to a
 * {@link ChatModel}.
 *
 * @param role who wrote it
 * @param content its text ({@code ""} when none; for a tool message, the result or failure text)
 * @param toolCallId for a tool message: the id of the call it answers; otherwise {@code null}
 * @param name for a tool message: the tool's name; otherwise {@code null}
 * @param toolCalls for an assistant message: the native tool calls it carried (empty otherwise)
 */
public record ChatMessage(Role role, String content, String toolCallId, String name, List<ToolCall> toolCalls) {

    /** Who wrote a message. */
    public enum Role { SYSTEM, USER, ASSISTANT, TOOL }

    public ChatMessage {
        Objects.requireNonNull(role, "role");
        content = content == null ? "" : content;
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        if (!toolCalls.isEmpty() && role != Role.ASSISTANT) {
            throw new IllegalArgumentException("only an assistant message carries tool calls");
        }
    }

    /** Instructions for the model. */
    public static ChatMessage system(String content) {
        return new ChatMessage(Role.SYSTEM, content, null, null, List.of());
    }

    /** What the user (or, in prompt mode, the loop on the tools' behalf) says. */
    public static ChatMessage user(String content) {
        return new ChatMessage(Role.USER, content, null, null, List.of());
    }

    /** A model's answer without native tool calls. */
    public static ChatMessage assistant(String content) {
        return new ChatMessage(Role.ASSISTANT, content, null, null, List.of());
    }

    /** A model's answer that carried native tool calls. */
    public static ChatMessage assistant(String content, List<ToolCall> toolCalls) {
        return new ChatMessage(Role.ASSISTANT, content, null, null, toolCalls);
    }

    /** A tool's answer to one native call. */
    public static ChatMessage tool(String toolCallId, String name, String content) {
        return new ChatMessage(Role.TOOL, content, toolCallId, name, List.of());
    }
}
