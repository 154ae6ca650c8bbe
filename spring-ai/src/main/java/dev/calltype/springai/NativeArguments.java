package dev.calltype.springai;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.WireFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;

/**
 * Reads the arguments text of a native tool call (a Spring AI {@code AssistantMessage.ToolCall}, or the text a
 * {@code ToolCallback} is called with): strict JSON first, which is what well-behaved models send; otherwise the runtime's lenient reader, with the tools known,
 * so that {@code {'sku': 'A1',}} or a stringified object is repaired as in text, and a call that cannot be read
 * safely (cut off, not an object) becomes a failure written for the model, never half a call.
 */
final class NativeArguments {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Objects and arrays nested deeper than this are left to the lenient reader, which has its own limits. */
    private static final int STRICT_DEPTH = 64;

    private NativeArguments() {
    }

    /** A native call read: the call (with the given id), or the failure to send back for it. */
    record Read(ToolCall call, ToolResult failure) {
    }

    static Read read(ToolCallExtractor extractor, String name, String id, String arguments) {
        String raw = arguments == null || arguments.isBlank() ? "{}" : arguments;
        ObjectNode strict = strictObject(raw);
        if (strict != null) {
            return new Read(new ToolCall(name, strict, id, 0, 0, WireFormat.NATIVE, List.of()), null);
        }
        return lenient(extractor, name, id, raw);
    }

    /** Reads the arguments with the runtime's lenient reader, with the tools known. */
    static Read lenient(ToolCallExtractor extractor, String name, String id, String raw) {
        // The call as explicit markup with the arguments as one JSON string: the extractor decodes the string
        // with its lenient reader, and nothing in it can break out of the markup.
        String wrapped;
        try {
            wrapped = "<tool_call>{\"name\": " + JSON.writeValueAsString(name) + ", \"arguments\": "
                    + JSON.writeValueAsString(raw) + "}</tool_call>";
        } catch (JsonProcessingException e) {
            return new Read(null, ToolResult.failure(name, id, "the call to " + name + " could not be read"));
        }
        Extraction extraction = extractor.extract(wrapped);
        if (extraction.calls().size() == 1 && !extraction.hasErrors()) {
            ToolCall call = extraction.calls().get(0);
            return new Read(new ToolCall(call.name(), call.arguments(), id, 0, 0, WireFormat.NATIVE, List.of()), null);
        }
        ExtractionError error = extraction.errors().isEmpty() ? null : extraction.errors().get(0);
        if (error != null && error.kind() == ExtractionError.Kind.UNKNOWN_TOOL) {
            return new Read(null, ToolResult.failure(name, id, error.message()));
        }
        String why = error == null ? "they are not a JSON object" : error.message();
        return new Read(null, ToolResult.failure(name, id, "the arguments of your call to " + name
                + " could not be read: " + why + ". Call " + name + " again with its arguments as one complete"
                + " JSON object."));
    }

    /**
     * The arguments when they are one strict JSON object and nothing else, built straight from Jackson's token
     * stream (no data binding: this is the path every well-formed call takes); otherwise {@code null}. A key
     * given twice, trailing text or deep nesting is not decided here but left to the lenient reader. Numbers
     * are read as the lenient reader reads them: integers as integers, a decimal as a double when the double
     * is exact, else as the exact decimal.
     */
    static ObjectNode strictObject(String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            ObjectNode root = NODES.objectNode();
            ContainerNode<?>[] open = new ContainerNode<?>[STRICT_DEPTH];
            int depth = 0;
            open[0] = root;
            String field = null;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                JsonNode value;
                switch (t) {
                    case FIELD_NAME:
                        field = p.currentName();
                        continue;
                    case END_OBJECT:
                    case END_ARRAY:
                        if (depth == 0) {
                            return p.nextToken() == null ? root : null;
                        }
                        depth--;
                        continue;
                    case START_OBJECT:
                    case START_ARRAY:
                        if (depth + 1 == STRICT_DEPTH) {
                            return null;
                        }
                        value = t == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
                        break;
                    case VALUE_STRING:
                        value = NODES.textNode(p.getText());
                        break;
                    case VALUE_NUMBER_INT:
                        JsonParser.NumberType type = p.getNumberType();
                        value = type == JsonParser.NumberType.INT ? NODES.numberNode(p.getIntValue())
                                : type == JsonParser.NumberType.LONG ? NODES.numberNode(p.getLongValue())
                                : NODES.numberNode(p.getBigIntegerValue());
                        break;
                    case VALUE_NUMBER_FLOAT:
                        double d = p.getDoubleValue();                // before the exact value: that would replace it
                        value = decimal(p.getDecimalValue(), d);
                        break;
                    case VALUE_TRUE:
                    case VALUE_FALSE:
                        value = NODES.booleanNode(t == JsonToken.VALUE_TRUE);
                        break;
                    case VALUE_NULL:
                        value = NODES.nullNode();
                        break;
                    default:
                        return null;
                }
                ContainerNode<?> parent = open[depth];
                if (parent instanceof ObjectNode object) {
                    if (object.replace(field, value) != null) {
                        return null;                                // a key given twice
                    }
                } else {
                    ((ArrayNode) parent).add(value);
                }
                if (value instanceof ContainerNode<?> container) {
                    open[++depth] = container;
                }
            }
            return null;
        } catch (IOException notStrictJson) {
            return null;
        }
    }

    private static JsonNode decimal(BigDecimal exact, double d) {
        if (!Double.isInfinite(d) && (d == 0 ? exact.signum() == 0 : new BigDecimal(Double.toString(d)).compareTo(exact) == 0)) {
            return NODES.numberNode(d);
        }
        return NODES.numberNode(exact);
    }
}
