package dev.calltype.runtime.agent;

import dev.calltype.runtime.ToolCall;

import java.util.List;
import java.util.Objects;

/**
 * One message of a conversation with a model, as {@link ToolLoop} keeps it and hands it to a
 * {@link ModelClient}.
 *
 * @param role who wrote it
 * @param content its text ({@code ""} when none; for a tool message, the result or failure text)
 * @param toolCallId for a tool message: the id of the call it answers; otherwise {@code null}
 * @param name for a tool message: the tool's name; otherwise {@code null}
 * @param toolCalls for an assistant message: the native tool calls it carried (empty otherwise)
 */
public record ChatMessage(Role role, String content, String toolCallId, String name, List<ToolCall> toolCalls) {

    /** Who wrote a message. */
    public enum Role {
        /** The instructions that open the conversation. */
        SYSTEM,
        /** The user, or in prompt mode the loop answering for the tools. */
        USER,
        /** The model. */
        ASSISTANT,
        /** A tool's answer to one native call. */
        TOOL
    }

    /**
     * Checks and copies the components: a {@code null} content becomes {@code ""}, {@code null} tool calls an empty
     * list.
     *
     * @param role who wrote it
     * @param content its text ({@code ""} when none; for a tool message, the result or failure text)
     * @param toolCallId for a tool message: the id of the call it answers; otherwise {@code null}
     * @param name for a tool message: the tool's name; otherwise {@code null}
     * @param toolCalls for an assistant message: the native tool calls it carried (empty otherwise)
     * @throws NullPointerException when {@code role} is {@code null}
     * @throws IllegalArgumentException when a message other than an assistant's carries tool calls
     */
    public ChatMessage {
        Objects.requireNonNull(role, "role");
        content = content == null ? "" : content;
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        if (!toolCalls.isEmpty() && role != Role.ASSISTANT) {
            throw new IllegalArgumentException("only an assistant message carries tool calls");
        }
    }

    /**
     * Instructions for the model.
     *
     * @param content the system prompt; {@code null} for none
     * @return a {@link Role#SYSTEM} message
     */
    public static ChatMessage system(String content) {
        return new ChatMessage(Role.SYSTEM, content, null, null, List.of());
    }

    /**
     * What the user (or, in prompt mode, the loop on the tools' behalf) says.
     *
     * @param content the message's text; {@code null} for none
     * @return a {@link Role#USER} message
     */
    public static ChatMessage user(String content) {
        return new ChatMessage(Role.USER, content, null, null, List.of());
    }

    /**
     * A model's answer without native tool calls.
     *
     * @param content the answer's text (in prompt mode, with the calls written in it); {@code null} for none
     * @return an {@link Role#ASSISTANT} message
     */
    public static ChatMessage assistant(String content) {
        return new ChatMessage(Role.ASSISTANT, content, null, null, List.of());
    }

    /**
     * A model's answer that carried native tool calls.
     *
     * @param content the text sent with the calls; {@code null} for none
     * @param toolCalls the calls, each with the id its tool message will answer
     * @return an {@link Role#ASSISTANT} message
     */
    public static ChatMessage assistant(String content, List<ToolCall> toolCalls) {
        return new ChatMessage(Role.ASSISTANT, content, null, null, toolCalls);
    }

    /**
     * A tool's answer to one native call.
     *
     * @param toolCallId the id of the call it answers
     * @param name the tool's name
     * @param content the result's text or the failure message, as {@code ToolResult.content()} gives it
     * @return a {@link Role#TOOL} message
     */
    public static ChatMessage tool(String toolCallId, String name, String content) {
        return new ChatMessage(Role.TOOL, content, toolCallId, name, List.of());
    }
}
