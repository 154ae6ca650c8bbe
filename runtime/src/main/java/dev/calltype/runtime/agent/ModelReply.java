package dev.calltype.runtime.agent;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;

import java.util.List;

/**
 * What a {@link ModelClient} answered: text, native tool calls, or both.
 *
 * @param text the reply's text ({@code ""} when none); in prompt mode the loop reads calls from it
 * @param toolCalls the native tool calls, their argument strings already read by the caller (a
 *     call without an id is given one by the loop)
 * @param rejectedCalls native calls the caller could not read (arguments that are not JSON even
 *     leniently, a truncated call): each a {@link ToolResult#failure failure} with the call's tool
 *     name, id and a message for the model, such as an {@link Extraction#correctionPrompt()}. The
 *     loop answers each with a tool message, so the model can correct itself.
 * @param metadata how the reply was produced: the model, finish reason, token usage and timings, each part
 *     {@code null} when unknown ({@link ReplyMetadata#NONE} when nothing is)
 */
public record ModelReply(String text, List<ToolCall> toolCalls, List<ToolResult> rejectedCalls,
                         ReplyMetadata metadata) {

    /**
     * Checks and copies the components; {@code null}s become {@code ""} and empty lists.
     *
     * @param text the reply's text ({@code ""} when none); in prompt mode the loop reads calls from it
     * @param toolCalls the native tool calls, their argument strings already read by the caller (a
     *     call without an id is given one by the loop)
     * @param rejectedCalls native calls the caller could not read (arguments that are not JSON even
     *     leniently, a truncated call): each a {@link ToolResult#failure failure} with the call's tool
     *     name, id and a message for the model, such as an {@link Extraction#correctionPrompt()}. The
     *     loop answers each with a tool message, so the model can correct itself.
     * @param metadata how the reply was produced; {@code null} for {@link ReplyMetadata#NONE}
     * @throws IllegalArgumentException when a rejected call is not a failure result
     */
    public ModelReply {
        text = text == null ? "" : text;
        metadata = metadata == null ? ReplyMetadata.NONE : metadata;
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        rejectedCalls = rejectedCalls == null ? List.of() : List.copyOf(rejectedCalls);
        for (ToolResult r : rejectedCalls) {
            if (!r.isError()) {
                throw new IllegalArgumentException("a rejected call must be a failure result: " + r);
            }
        }
    }

    /**
     * A reply with text, native calls and rejected calls, nothing known about how it was produced.
     *
     * @param text the reply's text; {@code null} for none
     * @param toolCalls the native calls; {@code null} for none
     * @param rejectedCalls native calls the caller could not read, each a failure result; {@code null} for none
     * @throws IllegalArgumentException when a rejected call is not a failure result
     */
    public ModelReply(String text, List<ToolCall> toolCalls, List<ToolResult> rejectedCalls) {
        this(text, toolCalls, rejectedCalls, ReplyMetadata.NONE);
    }

    /**
     * The same reply with other metadata.
     *
     * @param newMetadata the model, finish reason, usage and timings; {@code null} for none
     * @return the reply with {@code newMetadata}
     */
    public ModelReply withMetadata(ReplyMetadata newMetadata) {
        return new ModelReply(text, toolCalls, rejectedCalls, newMetadata);
    }

    /**
     * A reply with text and native calls, none rejected.
     *
     * @param text the reply's text; {@code null} for none
     * @param toolCalls the native calls; {@code null} for none
     */
    public ModelReply(String text, List<ToolCall> toolCalls) {
        this(text, toolCalls, List.of());
    }

    /**
     * A reply that is only text.
     *
     * @param text the reply's text (in prompt mode, with any calls written in it)
     * @return the reply
     */
    public static ModelReply text(String text) {
        return new ModelReply(text, List.of(), List.of());
    }

    /**
     * A reply that is only native tool calls.
     *
     * @param calls the calls, in the order the model sent them
     * @return the reply, its text {@code ""}
     */
    public static ModelReply calls(ToolCall... calls) {
        return new ModelReply("", List.of(calls), List.of());
    }
}
