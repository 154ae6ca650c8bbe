package dev.calltype.runtime.internal.args;


import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** What a JSON schema says about types, read the same way by every check in {@link SchemaArguments}. */
final class SchemaTypes {

    private SchemaTypes() {
    }

    /**
     * The value types a schema names, {@code null} left out; for a schema without {@code type}, an
     * object or array when its keywords can only mean that.
     */
    static List<String> types(JsonNode schema) {
        List<String> out = new ArrayList<>();
        JsonNode type = schema.get("type");
        if (type != null && type.isTextual()) {
            if (!type.textValue().equals("null")) {
                out.add(type.textValue());
            }
        } else if (type != null && type.isArray()) {
            for (JsonNode t : type) {
                if (t.isTextual() && !t.textValue().equals("null") && !out.contains(t.textValue())) {
                    out.add(t.textValue());
                }
            }
        } else if (type == null) {
            if (schema.has("properties") || schema.has("required") || schema.has("additionalProperties")) {
                out.add("object");
            } else if (schema.has("items") || schema.has("prefixItems")) {
                out.add("array");
            }
        }
        return out;
    }

    /** The schema types a JSON value already is, without coercion. */
    static Set<String> nativeKinds(JsonNode node) {
        Set<String> kinds = new HashSet<>();
        if (node.isTextual()) {
            kinds.add("string");
        } else if (node.isIntegralNumber()) {
            kinds.add("integer");
            kinds.add("number");
        } else if (node.isNumber()) {
            kinds.add("number");
        } else if (node.isBoolean()) {
            kinds.add("boolean");
        } else if (node.isArray()) {
            kinds.add("array");
        } else if (node.isObject()) {
            kinds.add("object");
        } else if (node.isNull()) {
            kinds.add("null");
        }
        return kinds;
    }

    static List<String> preferNative(List<String> types, JsonNode node) {
        Set<String> kinds = nativeKinds(node);
        List<String> out = new ArrayList<>();
        for (String t : types) {
            if (kinds.contains(t)) {
                out.add(t);
            }
        }
        for (String t : types) {
            if (!kinds.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /** What a schema expects, for messages: {@code a string}, {@code an integer or a string}, … */
    static String expected(JsonNode schema) {
        JsonNode values = schema.get("enum");
        if (values != null && values.isArray()) {
            List<String> literals = new ArrayList<>();
            for (JsonNode v : values) {
                literals.add(SchemaNodes.write(v));
            }
            return "one of " + String.join(", ", literals);
        }
        List<String> words = new ArrayList<>();
        for (String t : types(schema)) {
            switch (t) {
                case "integer":
                case "object":
                case "array":
                    words.add("an " + t);
                    break;
                default:
                    words.add("a " + t);
            }
        }
        return words.isEmpty() ? "a value" : String.join(" or ", words);
    }

    static Integer intKeyword(JsonNode schema, String keyword) {
        JsonNode n = schema.get(keyword);
        return n != null && n.canConvertToInt() && n.isIntegralNumber() ? n.intValue() : null;
    }
}
