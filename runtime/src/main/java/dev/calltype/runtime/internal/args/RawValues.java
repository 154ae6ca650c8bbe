package dev.calltype.runtime.internal.args;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.json.LimitProblems;
import dev.calltype.runtime.internal.json.Numbers;
import dev.calltype.runtime.internal.chars.Chars;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Raw-text argument values (XML-style formats write {@code <parameter=n>7</parameter>}) typed by the known tool's
 * JSON Schema: {@code "7"} becomes 7 for an integer parameter, JSON text becomes an object or array for object or
 * array parameters; text stays a string for string parameters and whenever the text is not a value of the declared
 * type (the dispatcher then reports the mismatch). A value no schema describes (no tools known, or a parameter the
 * schema does not list) is read as the serving engines read it: a JSON number, {@code true}, {@code false} or
 * {@code null} alone is that value, anything else text.
 */
public final class RawValues {

    private enum Type { STRING, INTEGER, NUMBER, BOOLEAN, NULL, OBJECT, ARRAY }

    private RawValues() {
    }

    /**
     * Why a raw key or value cannot be taken, or {@code null}: raw text obeys {@link ExtractionLimits#maxStringChars}
     * as JSON and pythonic strings do (its JSON, when it is read as JSON, obeys every limit).
     */
    public static String tooLong(String raw, ExtractionLimits limits) {
        return raw.length() > limits.maxStringChars()
                ? LimitProblems.string(limits) : null;
    }

    /** The value, and whether it became something other than a string. */
    public record Typed(JsonNode value, boolean changed) {
    }

    public static Typed typed(ToolSpec spec, String param, String raw, ExtractionLimits limits) {
        TextNode text = TextNode.valueOf(raw);
        Set<Type> types = spec == null ? Set.of()
                : types(spec.parameters().path("properties").path(param), spec.parameters());
        if (types.isEmpty()) {
            return new Typed(untyped(raw, limits), false);
        }
        if (types.contains(Type.STRING)) {
            return new Typed(text, false);
        }
        String t = raw.strip();
        if (types.contains(Type.BOOLEAN)) {
            if (t.equalsIgnoreCase("true")) {
                return new Typed(BooleanNode.TRUE, true);
            }
            if (t.equalsIgnoreCase("false")) {
                return new Typed(BooleanNode.FALSE, true);
            }
        }
        JsonNode v = json(t, limits);
        if (v == null && (types.contains(Type.OBJECT) || types.contains(Type.ARRAY)) && t.contains("\\\"")) {
            // a container the model escaped once too often ([{\"id\": 1}], GLM): read with the escapes undone
            v = json(t.replace("\\\"", "\"").replace("\\n", "\n"), limits);
        }
        if (v != null && fits(v, types)) {
            return new Typed(v, true);
        }
        return new Typed(text, false);
    }

    /** Whether the tool's schema gives a type for {@code param}. */
    public static boolean describes(ToolSpec spec, String param) {
        return spec != null && !types(spec.parameters().path("properties").path(param), spec.parameters()).isEmpty();
    }

    /**
     * A value no schema types, read as the serving engines read it: a JSON number, {@code true}, {@code false} or
     * {@code null} written alone is that value; anything else is the text.
     */
    private static JsonNode untyped(String raw, ExtractionLimits limits) {
        String t = raw.strip();
        if (t.isEmpty() || t.length() > 64) {
            return TextNode.valueOf(raw);
        }
        char c = t.charAt(0);
        if (c == '-' || (c >= '0' && c <= '9') || t.equals("true") || t.equals("false") || t.equals("null")) {
            JsonNode v = json(t, limits);
            if (v != null && (v.isNumber() || v.isBoolean() || v.isNull())
                    && (v.isNull() || v.isBoolean() || Numbers.NumberShape.VALID == Numbers.numberShape(t, 0, t.length()))) {
                return v;
            }
        }
        return TextNode.valueOf(raw);
    }

    /** {@code raw} read as one complete JSON value (leniently), or {@code null}. */
    public static JsonNode json(String raw, ExtractionLimits limits) {
        String t = raw.strip();
        if (t.isEmpty()) {
            return null;
        }
        JsonRead r = LenientJson.read(t, 0, t.length(), true, limits);
        if (r.isComplete() && r.autoClosed().isEmpty() && Chars.skipBlanks(t, r.end(), t.length()) == t.length()) {
            return r.value();
        }
        return null;
    }

    private static boolean fits(JsonNode v, Set<Type> types) {
        return (v.isIntegralNumber() && (types.contains(Type.INTEGER) || types.contains(Type.NUMBER)))
                || (v.isNumber() && types.contains(Type.NUMBER))
                || (v.isBoolean() && types.contains(Type.BOOLEAN))
                || (v.isNull() && types.contains(Type.NULL))
                || (v.isObject() && types.contains(Type.OBJECT))
                || (v.isArray() && types.contains(Type.ARRAY));
    }

    /** The types {@code schema} allows, following {@code anyOf}, {@code oneOf} and {@code $ref}s into {@code root}. */
    private static Set<Type> types(JsonNode schema, JsonNode root) {
        Set<Type> out = EnumSet.noneOf(Type.class);
        List<JsonNode> todo = new ArrayList<>();
        todo.add(schema);
        for (int i = 0; i < todo.size() && i < 32; i++) {
            JsonNode s = todo.get(i);
            JsonNode type = s.path("type");
            if (type.isTextual()) {
                add(out, type.textValue());
            } else if (type.isArray()) {
                type.forEach(t -> add(out, t.asText()));
            }
            for (String k : new String[]{"anyOf", "oneOf"}) {
                s.path(k).forEach(todo::add);
            }
            JsonNode ref = s.path("$ref");
            if (ref.isTextual() && ref.textValue().startsWith("#")) {
                JsonNode target = root.at(ref.textValue().substring(1));
                if (!target.isMissingNode()) {
                    todo.add(target);
                }
            }
            JsonNode en = s.path("enum");
            if (en.isArray()) {
                for (JsonNode e : en) {
                    out.add(e.isTextual() ? Type.STRING : e.isIntegralNumber() ? Type.INTEGER : e.isNumber() ? Type.NUMBER
                            : e.isBoolean() ? Type.BOOLEAN : e.isNull() ? Type.NULL : e.isObject() ? Type.OBJECT
                            : Type.ARRAY);
                }
            }
        }
        return out;
    }

    private static void add(Set<Type> out, String t) {
        switch (t) {
            case "string" -> out.add(Type.STRING);
            case "integer" -> out.add(Type.INTEGER);
            case "number" -> out.add(Type.NUMBER);
            case "boolean" -> out.add(Type.BOOLEAN);
            case "null" -> out.add(Type.NULL);
            case "object" -> out.add(Type.OBJECT);
            case "array" -> out.add(Type.ARRAY);
            default -> {
            }
        }
    }
}
