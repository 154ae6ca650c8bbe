package dev.calltype.runtime.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writing the values generated tools return as JSON: scalars, enums, arrays, collections, maps and optionals,
 * {@code null} as JSON {@code null}. Support for generated code, not API: see {@link DispatchSupport}.
 */
public final class JsonValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonValues() {
    }

    public static JsonNode textNode(String value) {
        return value == null ? NullNode.instance : NODES.textNode(value);
    }

    public static JsonNode textNode(Object value) {
        return value == null ? NullNode.instance : NODES.textNode(value.toString());
    }

    public static JsonNode numberNode(int value) {
        return NODES.numberNode(value);
    }

    public static JsonNode numberNode(long value) {
        return NODES.numberNode(value);
    }

    public static JsonNode numberNode(float value) {
        return NODES.numberNode(value);
    }

    public static JsonNode numberNode(double value) {
        return NODES.numberNode(value);
    }

    public static JsonNode numberNode(Number value) {
        if (value == null) {
            return NullNode.instance;
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return NODES.numberNode(value.intValue());
        }
        if (value instanceof Long l) {
            return NODES.numberNode(l);
        }
        if (value instanceof Float f) {
            return NODES.numberNode(f);
        }
        if (value instanceof Double d) {
            return NODES.numberNode(d);
        }
        if (value instanceof BigInteger i) {
            return NODES.numberNode(i);
        }
        if (value instanceof BigDecimal d) {
            return NODES.numberNode(d);
        }
        return NODES.numberNode(value.doubleValue());
    }

    public static JsonNode booleanNode(boolean value) {
        return NODES.booleanNode(value);
    }

    public static JsonNode booleanNode(Boolean value) {
        return value == null ? NullNode.instance : NODES.booleanNode(value);
    }

    public static JsonNode enumNode(Enum<?> value) {
        return value == null ? NullNode.instance : NODES.textNode(value.name());
    }

    public static JsonNode nullNode() {
        return NullNode.instance;
    }

    public static ObjectNode objectNode() {
        return NODES.objectNode();
    }

    public static <T> JsonNode arrayNode(Iterable<T> values, Function<T, JsonNode> writer) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode();
        for (T v : values) {
            out.add(writer.apply(v));
        }
        return out;
    }

    public static <T> JsonNode arrayNode(T[] values, Function<T, JsonNode> writer) {
        return values == null ? NullNode.instance : arrayNode(java.util.Arrays.asList(values), writer);
    }

    public static JsonNode arrayNode(int[] values) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode(values.length);
        for (int v : values) {
            out.add(v);
        }
        return out;
    }

    public static JsonNode arrayNode(long[] values) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode(values.length);
        for (long v : values) {
            out.add(v);
        }
        return out;
    }

    public static JsonNode arrayNode(short[] values) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode(values.length);
        for (short v : values) {
            out.add(v);
        }
        return out;
    }

    public static JsonNode arrayNode(byte[] values) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode(values.length);
        for (byte v : values) {
            out.add(v);
        }
        return out;
    }

    public static JsonNode arrayNode(char[] values) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode(values.length);
        for (char v : values) {
            out.add(String.valueOf(v));
        }
        return out;
    }

    public static JsonNode arrayNode(boolean[] values) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode(values.length);
        for (boolean v : values) {
            out.add(v);
        }
        return out;
    }

    public static JsonNode arrayNode(float[] values) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode(values.length);
        for (float v : values) {
            out.add(v);
        }
        return out;
    }

    public static JsonNode arrayNode(double[] values) {
        if (values == null) {
            return NullNode.instance;
        }
        ArrayNode out = NODES.arrayNode(values.length);
        for (double v : values) {
            out.add(v);
        }
        return out;
    }

    public static <T> JsonNode objectNode(Map<String, T> values, Function<T, JsonNode> writer) {
        if (values == null) {
            return NullNode.instance;
        }
        ObjectNode out = NODES.objectNode();
        for (Map.Entry<String, T> e : values.entrySet()) {
            out.set(e.getKey(), writer.apply(e.getValue()));
        }
        return out;
    }

    public static <T> JsonNode optionalNode(Optional<T> value, Function<T, JsonNode> writer) {
        return value == null || value.isEmpty() ? NullNode.instance : writer.apply(value.get());
    }
}
