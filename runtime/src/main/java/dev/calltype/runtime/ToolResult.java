package dev.calltype.runtime;

import dev.calltype.runtime.internal.args.JsonCoercion;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of dispatching one tool call: a value, or a failure message written for the model.
 */
public final class ToolResult {

    /** A result's own text, so no limit: a result nests as deeply and runs as long as the tool made it. */
    private static final JsonFactory JSON = JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
            .maxNestingDepth(Integer.MAX_VALUE).maxNumberLength(Integer.MAX_VALUE).maxStringLength(Integer.MAX_VALUE)
            .maxNameLength(Integer.MAX_VALUE).maxDocumentLength(Long.MAX_VALUE).build()).build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String toolName;
    private final String callId;
    private final boolean failure;
    /** Whether the value is a JSON string (then the content is that string as it is). */
    private final boolean textual;
    private final String content;
    /** The value as given, or read from {@link #content} at the first {@link #value()}. */
    private volatile JsonNode value;
    /** What the tool threw, for the program only: never part of {@link #content}. */
    private final Throwable exception;

    private ToolResult(String toolName, String callId, boolean failure, boolean textual, JsonNode value,
                       String content) {
        this(toolName, callId, failure, textual, value, content, null);
    }

    private ToolResult(String toolName, String callId, boolean failure, boolean textual, JsonNode value,
                       String content, Throwable exception) {
        this.toolName = toolName;
        this.callId = callId;
        this.failure = failure;
        this.textual = textual;
        this.value = value;
        this.content = content;
        this.exception = exception;
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
        boolean textual = value.isTextual();
        return new ToolResult(toolName, callId, false, textual, value, textual ? value.textValue() : json(value));
    }

    /**
     * A successful result given as JSON text, as Jackson's {@code ObjectMapper} writes it: the text is its
     * {@link #content()} as it is, and {@link #value()} is read from the text when it is first asked for (numbers
     * as nodes that write back to the same text). For results written straight to text without a tree; a result
     * made by {@link #success} from the tree of the same text is {@linkplain #equals equal} to it.
     *
     * @param toolName the tool that ran
     * @param callId the call's id, or {@code null} when the model gave none
     * @param json the result as one JSON value (a JSON string stays quoted: use {@link #success} with a text node
     *     to answer with a string as it is)
     * @return the result
     * @throws NullPointerException when {@code json} is {@code null}
     */
    public static ToolResult successJson(String toolName, String callId, String json) {
        return new ToolResult(toolName, callId, false, false, null, Objects.requireNonNull(json, "json"));
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
        return new ToolResult(toolName, callId, true, false, null, Objects.requireNonNull(message, "message"));
    }

    /**
     * The failure for a tool that threw, in the wording every toolkit uses: {@code Tool NAME failed: MESSAGE}, the
     * message bounded with control characters escaped, never a stack trace nor the exception's class name;
     * {@code Tool NAME failed.} when there is no message. The exception itself is kept for the program
     * ({@link #exception()}), never sent to the model.
     *
     * @param toolName the tool that threw
     * @param callId the call's id, or {@code null} when the model gave none
     * @param thrown what the tool threw, or {@code null} when what went wrong is not to be told
     * @return the result, {@link #isError()} true
     */
    public static ToolResult thrown(String toolName, String callId, Throwable thrown) {
        return new ToolResult(toolName, callId, true, false, null, ErrorTexts.toolFailed(toolName, thrown), thrown);
    }

    /**
     * What the tool threw, for logs and traces: a result made by {@link #thrown} keeps the exception, stack trace
     * and all, while the model is sent only {@link #content()}. Not part of {@link #equals}.
     *
     * @return the exception, or empty when the tool did not throw (or the result was made otherwise)
     */
    public Optional<Throwable> exception() {
        return Optional.ofNullable(exception);
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
        return failure;
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
     * @throws IllegalStateException when a result made by {@link #successJson} was given text that is not JSON
     */
    public JsonNode value() {
        JsonNode v = value;
        if (v == null && !failure) {
            v = read(content);
            value = v;
        }
        return v;
    }

    /**
     * Results are equal when they answer the same call of the same tool with the same text for the model, both
     * failures or both successes whose values are both strings or both not: two successes are equal exactly when
     * their values are the same JSON.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof ToolResult r && failure == r.failure && textual == r.textual
                && Objects.equals(toolName, r.toolName) && Objects.equals(callId, r.callId)
                && content.equals(r.content);
    }

    @Override
    public int hashCode() {
        return Objects.hash(toolName, callId, failure, textual, content);
    }

    @Override
    public String toString() {
        return (isError() ? "ToolResult[failure " : "ToolResult[success ") + toolName + ": " + content + "]";
    }

    // ------------------------------------------------------------------ JSON text

    /**
     * The tree of a result's JSON text, each number as the node that writes back to the same text: integers as
     * Int, Long or BigInteger nodes by size, decimals as Double, else Float, else Decimal nodes. One pass with an
     * explicit stack of open containers.
     */
    private static JsonNode read(String json) {
        try (JsonParser p = JSON.createParser(json)) {
            List<ContainerNode<?>> open = new ArrayList<>();
            String key = null;
            JsonNode root = null;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                JsonNode node;
                switch (t) {
                    case FIELD_NAME -> {
                        key = p.currentName();
                        continue;
                    }
                    case END_OBJECT, END_ARRAY -> {
                        open.remove(open.size() - 1);
                        continue;
                    }
                    case START_OBJECT -> node = NODES.objectNode();
                    case START_ARRAY -> node = NODES.arrayNode();
                    case VALUE_STRING -> node = TextNode.valueOf(p.getText());
                    case VALUE_NUMBER_INT -> node = integer(p);
                    case VALUE_NUMBER_FLOAT -> node = decimal(p.getText());
                    case VALUE_TRUE -> node = BooleanNode.TRUE;
                    case VALUE_FALSE -> node = BooleanNode.FALSE;
                    default -> node = NullNode.instance;
                }
                if (open.isEmpty()) {
                    root = node;
                } else if (open.get(open.size() - 1) instanceof ObjectNode o) {
                    o.set(key, node);
                } else {
                    ((ArrayNode) open.get(open.size() - 1)).add(node);
                }
                if (node instanceof ContainerNode<?> c) {
                    open.add(c);
                }
            }
            if (root == null) {
                throw new IllegalStateException("a result's JSON text is empty");
            }
            return root;
        } catch (IOException e) {
            throw new IllegalStateException("a result's JSON text does not parse: " + e.getMessage(), e);
        }
    }

    private static JsonNode integer(JsonParser p) throws IOException {
        return switch (p.getNumberType()) {
            case INT -> NODES.numberNode(p.getIntValue());
            case LONG -> NODES.numberNode(p.getLongValue());
            default -> NODES.numberNode(p.getBigIntegerValue());
        };
    }

    private static JsonNode decimal(String text) {
        double d = Double.parseDouble(text);
        if (Double.toString(d).equals(text)) {
            return DoubleNode.valueOf(d);
        }
        float f = Float.parseFloat(text);
        if (Float.isFinite(f) && Float.toString(f).equals(text)) {
            return FloatNode.valueOf(f);
        }
        return DecimalNode.valueOf(new BigDecimal(text));
    }

    // ------------------------------------------------------------------ writing JSON

    /** {@code value} as JSON text, as Jackson's {@code ObjectMapper.writeValueAsString} writes it. */
    static String json(JsonNode value) {
        try {
            return JsonCoercion.mapper().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return value.toString();
        }
    }
}
