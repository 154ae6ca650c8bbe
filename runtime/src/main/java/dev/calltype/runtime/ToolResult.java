package dev.calltype.runtime;

import dev.calltype.runtime.support.Coercion;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * The outcome of dispatching one tool call: a value, or a failure message written for the model.
 */
public final class ToolResult {

    private final String toolName;
    private final String callId;
    private final JsonNode value;
    private final String content;

    private ToolResult(String toolName, String callId, JsonNode value, String content) {
        this.toolName = toolName;
        this.callId = callId;
        this.value = value;
        this.content = content;
    }

    /**
     * A successful result. Its {@link #content()} is a string value as it is, anything else as
     * JSON text.
     *
     * @param toolName the tool that ran
     * @param callId the call's id, or {@code null} when the model gave none
     * @param value what the tool returned, as JSON ({@code NullNode} for {@code null} or {@code void})
     * @return the result
     * @throws NullPointerException when {@code value} is {@code null}
     */
    public static ToolResult success(String toolName, String callId, JsonNode value) {
        Objects.requireNonNull(value, "value");
        return new ToolResult(toolName, callId, value, value.isTextual() ? value.textValue() : json(value));
    }

    /**
     * A failed call; the message goes back to the model as the tool's answer.
     *
     * @param toolName the tool the call named, or {@code null} when the call could not be read at all
     * @param callId the call's id, or {@code null} when the model gave none
     * @param message what went wrong and how to fix the call, for the model
     * @return the result, {@link #isError()} true
     * @throws NullPointerException when {@code message} is {@code null}
     */
    public static ToolResult failure(String toolName, String callId, String message) {
        return new ToolResult(toolName, callId, null, Objects.requireNonNull(message, "message"));
    }

    /**
     * The tool that was called.
     *
     * @return the tool's name, or {@code null} when the call could not be read at all
     */
    public String toolName() {
        return toolName;
    }

    /**
     * The call's id, for answering the call by id.
     *
     * @return the id the model gave, or {@code null} when it gave none
     */
    public String callId() {
        return callId;
    }

    /**
     * Whether the call failed.
     *
     * @return {@code true} for a failure; then {@link #value()} is {@code null}
     */
    public boolean isError() {
        return value == null;
    }

    /**
     * The text that goes back to the model: the JSON result or the failure message.
     *
     * @return a string result as it is, any other result as JSON text, or the failure message; never {@code null}
     */
    public String content() {
        return content;
    }

    /**
     * The result as JSON.
     *
     * @return what the tool returned, or {@code null} for a failure
     */
    public JsonNode value() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ToolResult r && Objects.equals(toolName, r.toolName) && Objects.equals(callId, r.callId)
                && Objects.equals(value, r.value) && content.equals(r.content);
    }

    @Override
    public int hashCode() {
        return Objects.hash(toolName, callId, value, content);
    }

    @Override
    public String toString() {
        return (isError() ? "ToolResult[failure " : "ToolResult[success ") + toolName + ": " + content + "]";
    }

    // ------------------------------------------------------------------ writing JSON

    /** {@code value} as JSON text, as Jackson's {@code ObjectMapper.writeValueAsString} writes it. */
    static String json(JsonNode value) {
        try {
            return Coercion.mapper().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return value.toString();
        }
    }
}
