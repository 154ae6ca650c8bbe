package dev.calltype.runtime;

import dev.calltype.runtime.internal.json.Numbers;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The fast path of {@link ToolCallExtractor#readNativeCall}: argument text that is one strict JSON object, read with
 * Jackson's streaming parser straight into the tree the lenient reader would build, node for node (the same
 * integer, long, double or decimal nodes, keys in the same order). Anything else — a repair the lenient reader
 * would record (quotes, comments, trailing commas, duplicate keys, raw control characters, Python literals),
 * blanks other than JSON's four, a value that is not an object, text after the object, a value at or near a
 * limit, any parser error — makes it decline with {@code null}, and the lenient engine reads the text as before,
 * so its repairs, errors and messages are unchanged.
 *
 * <p>One pass over the tokens with an explicit stack of open containers: no recursion, linear in the text.
 */
final class StrictArguments {

    /** Strict JSON only: every {@code JsonReadFeature} that would accept non-JSON is off by default. */
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StrictArguments() {
    }

    /**
     * The object {@code text} holds when it is exactly one strict JSON object (JSON blanks around it) within
     * {@code limits}; {@code null} to decline.
     */
    static ObjectNode read(CharSequence text, ExtractionLimits limits) {
        if (text.length() == 0 || text.length() > limits.maxPayloadChars()) {
            return null;
        }
        try (JsonParser p = JSON.createParser(text.toString())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            ObjectNode root = NODES.objectNode();
            List<ContainerNode<?>> open = new ArrayList<>(4);
            open.add(root);
            String key = null;
            while (!open.isEmpty()) {
                JsonToken t = p.nextToken();
                if (t == null) {
                    return null;
                }
                JsonNode value;
                switch (t) {
                    case FIELD_NAME -> {
                        key = p.currentName();
                        if (key.length() > limits.maxStringChars()) {
                            return null;
                        }
                        continue;
                    }
                    case END_OBJECT, END_ARRAY -> {
                        open.remove(open.size() - 1);
                        continue;
                    }
                    case START_OBJECT, START_ARRAY -> {
                        if (open.size() >= limits.maxDepth()) {
                            return null;
                        }
                        value = t == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
                    }
                    case VALUE_STRING -> {
                        if (p.getTextLength() > limits.maxStringChars()) {
                            return null;
                        }
                        value = TextNode.valueOf(p.getText());
                    }
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                        value = number(p, t, limits);
                        if (value == null) {
                            return null;
                        }
                    }
                    case VALUE_TRUE -> value = BooleanNode.TRUE;
                    case VALUE_FALSE -> value = BooleanNode.FALSE;
                    case VALUE_NULL -> value = NullNode.instance;
                    default -> {
                        return null;
                    }
                }
                ContainerNode<?> parent = open.get(open.size() - 1);
                if (parent instanceof ObjectNode o) {
                    if (o.replace(key, value) != null) {
                        return null; // a duplicate key: the lenient reader records a repair
                    }
                } else {
                    ((ArrayNode) parent).add(value);
                }
                if (value instanceof ContainerNode<?> c) {
                    open.add(c);
                }
            }
            return p.nextToken() == null ? root : null;
        } catch (IOException | RuntimeException e) {
            // Not strict JSON (or a parser limit): the lenient engine decides, with its own messages.
            return null;
        }
    }

    /**
     * The node the lenient reader makes for this number token: integers as Int, Long or BigInteger nodes by size,
     * decimals as Double nodes or, when a double does not hold the written value exactly, Decimal nodes.
     */
    private static JsonNode number(JsonParser p, JsonToken t, ExtractionLimits limits) throws IOException {
        if (p.getTextLength() > limits.maxNumberDigits()) {
            return null;
        }
        if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
            return IntNode.valueOf(p.getIntValue());
        }
        return Numbers.numberNode(p.getText());
    }
}
