package dev.calltype.runtime;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * A tool call read from a model's response.
 *
 * <p>The arguments node belongs to this call: treat it as read-only.
 *
 * @param name the tool's name (the known tool's spelling when the tools are known)
 * @param arguments the arguments, never {@code null} ({@code {}} when the model sent none)
 * @param id the call id the model gave, or {@code null}
 * @param start offset of the call's first character in the response, markup included
 * @param end offset just past its last character
 * @param format the format the call was written in
 * @param repairs the repairs applied to read it, in the order first applied, each once
 */
public record ToolCall(String name, ObjectNode arguments, String id, int start, int end,
                       WireFormat format, List<Repair> repairs) {

    /**
     * Checks and copies the components.
     *
     * @param name the tool's name (the known tool's spelling when the tools are known)
     * @param arguments the arguments, never {@code null} ({@code {}} when the model sent none)
     * @param id the call id the model gave, or {@code null}
     * @param start offset of the call's first character in the response, markup included
     * @param end offset just past its last character
     * @param format the format the call was written in
     * @param repairs the repairs applied to read it, in the order first applied, each once
     * @throws NullPointerException when {@code name}, {@code arguments} or {@code format} is {@code null}
     * @throws IllegalArgumentException when the span is negative or ends before it starts
     */
    public ToolCall {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(format, "format");
        repairs = List.copyOf(repairs);
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad span [" + start + ", " + end + ")");
        }
    }

    /**
     * A call built by a program rather than read from text (tests, native tool calls): no id, an empty span at 0,
     * format {@link WireFormat#NATIVE}, no repairs.
     *
     * @param name the tool to call
     * @param arguments the arguments object, kept as it is (not copied)
     * @return the call
     */
    public static ToolCall of(String name, ObjectNode arguments) {
        return new ToolCall(name, arguments, null, 0, 0, WireFormat.NATIVE, List.of());
    }

    /**
     * A call with no arguments (an empty object), built as {@link #of(String, ObjectNode)} builds one.
     *
     * @param name the tool to call
     * @return the call
     */
    public static ToolCall of(String name) {
        return of(name, JsonNodeFactory.instance.objectNode());
    }

    /**
     * This call naming another tool (same arguments, id and span), as a toolkit does when it maps a near-miss name
     * to the tool meant.
     *
     * @param newName the name of the tool the call now names
     * @return a new call; this one is unchanged
     */
    public ToolCall withName(String newName) {
        return new ToolCall(newName, arguments, id, start, end, format, repairs);
    }

    /**
     * This call with another id, for a call the model gave none and the caller must answer by id.
     *
     * @param newId the id, or {@code null} for none
     * @return a new call; this one is unchanged
     */
    public ToolCall withId(String newId) {
        return new ToolCall(name, arguments, newId, start, end, format, repairs);
    }
}
