package dev.calltype.runtime.internal.args;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.internal.json.Escapes;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.json.LimitProblems;
import dev.calltype.runtime.internal.json.Numbers;
import dev.calltype.runtime.internal.chars.Chars;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Raw-text argument values (XML-style formats write {@code <parameter=n>7</parameter>}), typed by one rule for every
 * markup family: <b>the schema decides; without a schema, text stays text</b>.
 * <ul>
 *   <li>A value no schema types (no tools known, a parameter the tool does not list, or one whose schema names no
 *       type) is the text as written: {@code 007}, {@code 1.50}, {@code true} and {@code null} stay strings.</li>
 *   <li>A parameter's types are read from {@code type}, {@code anyOf}/{@code oneOf}/{@code allOf}, {@code enum},
 *       {@code const}, {@code nullable: true}, a {@code $ref} to the tool's {@code $defs} or {@code definitions},
 *       and, without {@code type}, {@code properties} (an object) or {@code items} (an array); the non-JSON type
 *       names {@code int}, {@code uint32}, {@code float}, {@code double}, {@code bool}, {@code str}, {@code list} and
 *       {@code dict} some schemas carry are read as their JSON types.</li>
 *   <li>For a string parameter the text is kept, {@code "null"} included; beside {@code string}, only text that
 *       is exactly a value of another member is read as it (a JSON number, {@code true} or {@code false}, an
 *       object or array written as JSON), and the bare word {@code null} (or Python's {@code None}) for a nullable
 *       string is {@code null}.</li>
 *   <li>Otherwise: {@code true}/{@code false} (any case) and {@code 1}/{@code 0} for a boolean, a JSON number for an
 *       integer or number (leading zeros dropped: {@code 007} is {@code 7}), JSON text for an object or array
 *       (leniently, and once more with one level of escapes undone), {@code null} (any case) for a nullable parameter
 *       or one that takes no string.</li>
 *   <li>Text that is not a value of the declared types stays text (the dispatcher then reports the mismatch).</li>
 * </ul>
 */
public final class RawValues {

    private enum Type { STRING, INTEGER, NUMBER, BOOLEAN, NULL, OBJECT, ARRAY }

    /** How many schema nodes (unions, references) are followed for one parameter at most. */
    private static final int MAX_SCHEMA_NODES = 32;

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

    /**
     * The raw value {@code raw} of {@code param}, typed by {@code spec}'s schema for it (see the class comment);
     * {@code spec} {@code null} (no tool known) keeps the text.
     */
    public static Typed typed(ToolSpec spec, String param, String raw, ExtractionLimits limits) {
        return spec == null ? new Typed(TextNode.valueOf(raw), false)
                : typedBy(spec.parameters(), spec.parameters().path("properties").path(param), raw, limits);
    }

    /** The raw value {@code raw} typed by the schema node {@code schema} of the tool's parameters {@code root}. */
    private static Typed typedBy(JsonNode root, JsonNode schema, String raw, ExtractionLimits limits) {
        TextNode text = TextNode.valueOf(raw);
        Set<Type> types = typesOf(root, schema);
        if (types.isEmpty()) {
            return new Typed(text, false);
        }
        String t = raw.strip();
        boolean string = types.contains(Type.STRING);
        if (string && types.contains(Type.NULL) && (t.equals("null") || t.equals("None"))) {
            // a nullable string: the bare word is the null the union allows (vLLM and Ollama read it so), in JSON's
            // spelling or Python's (Qwen3.5's template writes a null argument as None, and its models copy it)
            return new Typed(NullNode.getInstance(), true);
        }
        if (string) {
            // beside string, only text that is exactly a value of another member is that value (as Ollama reads
            // unions): a JSON number, true or false, an object or array written as JSON; anything else stays text
            if (types.contains(Type.BOOLEAN) && (t.equals("true") || t.equals("false"))) {
                return new Typed(BooleanNode.valueOf(t.equals("true")), true);
            }
            boolean number = (types.contains(Type.INTEGER) || types.contains(Type.NUMBER)) && numberShaped(t);
            if (!(number || types.contains(Type.OBJECT) && t.startsWith("{") || types.contains(Type.ARRAY)
                    && t.startsWith("["))) {
                return new Typed(text, false);
            }
        }
        if (types.contains(Type.BOOLEAN)) {
            if (t.equalsIgnoreCase("true") || !string && t.equals("1")) {
                return new Typed(BooleanNode.TRUE, true);
            }
            if (t.equalsIgnoreCase("false") || !string && t.equals("0")) {
                return new Typed(BooleanNode.FALSE, true);
            }
        }
        if (t.equalsIgnoreCase("null") && (types.contains(Type.NULL) || !string)) {
            // null where the union allows it, or for a parameter no text fits (vLLM and Ollama read it so)
            return new Typed(NullNode.getInstance(), true);
        }
        if (!string && (types.contains(Type.INTEGER) || types.contains(Type.NUMBER))) {
            t = withoutLeadingZeros(t);
        }
        JsonNode v = json(t, limits);
        if (v == null && (types.contains(Type.OBJECT) || types.contains(Type.ARRAY)) && t.contains("\\\"")) {
            // a container the model escaped once too often ([{\"id\": 1}], GLM): read with one level of escapes
            // undone, as the body of a JSON string is (\\ is one backslash, \" a quote, \n a line break)
            v = json(unescapedOnce(t), limits);
        }
        if (v != null && v.isTextual() && !string && (types.contains(Type.OBJECT) || types.contains(Type.ARRAY))) {
            // a container written as a JSON string of itself ("{'key': 'value'}"): its text read once more
            JsonNode inner = json(v.textValue(), limits);
            v = inner != null && inner.isContainerNode() ? inner : v;
        }
        if (v != null && (v.isNumber() ? numberShaped(t) : !string || v.isContainerNode()) && fits(v, types)) {
            return new Typed(v, true);
        }
        return new Typed(text, false);
    }

    /**
     * A value read from nested tags (MiniMax-M3: an object of the child tags, a tag given twice an array of its
     * values) shaped and typed by the schema of {@code param}: text typed as {@link #typed} types it, an object's
     * members by their properties' schemas, and an object standing for an array (its one child tag repeated,
     * {@code <items><item>…</item><item>…</item></items>}) made that array of typed items. Without a schema the
     * value is as read. Recursion follows the value's nesting, which its reader bounds.
     */
    public static Typed shaped(ToolSpec spec, String param, JsonNode value, ExtractionLimits limits) {
        return spec == null ? new Typed(value, false)
                : shapedBy(spec.parameters(), spec.parameters().path("properties").path(param), value, limits);
    }

    private static Typed shapedBy(JsonNode root, JsonNode schema, JsonNode value, ExtractionLimits limits) {
        return shapedBy(root, schema, value, limits, false);
    }

    /** As above; {@code inUnion}: {@code schema} is the member of a union already chosen for {@code value}. */
    private static Typed shapedBy(JsonNode root, JsonNode schema, JsonNode value, ExtractionLimits limits,
                                  boolean inUnion) {
        if (value.isTextual()) {
            return typedBy(root, schema, value.textValue(), limits);
        }
        JsonNode s = resolved(root, schema);
        JsonNode chosen = inUnion ? null : unionMember(root, s, value);
        if (chosen != null) {
            return shapedBy(root, chosen, value, limits, true);
        }
        Set<Type> types = typesOf(root, schema);
        if (value.isObject() && types.contains(Type.ARRAY) && !types.contains(Type.OBJECT) && value.size() == 1) {
            JsonNode only = value.elements().next();
            ArrayNode list = JsonNodeFactory.instance.arrayNode();
            if (only.isArray()) {
                only.forEach(e -> list.add(shapedBy(root, s.path("items"), e, limits).value()));
            } else {
                list.add(shapedBy(root, s.path("items"), only, limits).value());
            }
            return new Typed(list, true);
        }
        boolean changed = false;
        if (value.isObject() && types.contains(Type.OBJECT)) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (var f : value.properties()) {
                JsonNode member = s.path("properties").has(f.getKey()) ? s.path("properties").path(f.getKey())
                        : s.path("additionalProperties");
                Typed t = shapedBy(root, member, f.getValue(), limits);
                changed |= t.changed();
                out.set(f.getKey(), t.value());
            }
            return new Typed(out, changed);
        }
        if (value.isArray() && types.contains(Type.ARRAY)) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            for (JsonNode e : value) {
                Typed t = shapedBy(root, s.path("items"), e, limits);
                changed |= t.changed();
                out.add(t.value());
            }
            return new Typed(out, changed);
        }
        return new Typed(value, false);
    }

    /**
     * The member of the union {@code s} ({@code anyOf} or {@code oneOf}) that nested tags {@code value} stand for, or
     * {@code null} when {@code s} is no union: an array the first array member; an object the first object member
     * whose properties name each of its tags, else, for one tag (repeated: {@code <item>…</item><item>…</item>}), the
     * first array member, else the first object member.
     */
    private static JsonNode unionMember(JsonNode root, JsonNode s, JsonNode value) {
        JsonNode members = s.path("anyOf").isArray() ? s.path("anyOf") : s.path("oneOf");
        if (!members.isArray() || s.has("properties") || s.has("items")) {
            return null;
        }
        JsonNode array = null;
        JsonNode object = null;
        JsonNode fitting = null;
        for (int i = 0; i < members.size() && i < MAX_SCHEMA_NODES; i++) {
            JsonNode m = resolved(root, members.get(i));
            Set<Type> types = typesOf(root, m);
            if (array == null && types.contains(Type.ARRAY)) {
                array = m;
            }
            if (types.contains(Type.OBJECT)) {
                object = object == null ? m : object;
                if (fitting == null && value.isObject() && m.path("properties").isObject()) {
                    boolean all = true;
                    for (var names = value.fieldNames(); all && names.hasNext(); ) {
                        all = m.path("properties").has(names.next());
                    }
                    fitting = all ? m : null;
                }
            }
        }
        if (value.isArray()) {
            return array;
        }
        if (fitting != null) {
            return fitting;
        }
        return array != null && value.size() == 1 ? array : object;
    }

    /** {@code schema} with its local {@code $ref}s followed (at most {@link #MAX_SCHEMA_NODES}). */
    private static JsonNode resolved(JsonNode root, JsonNode schema) {
        JsonNode s = schema;
        for (int i = 0; i < MAX_SCHEMA_NODES && s.path("$ref").isTextual(); i++) {
            JsonNode target = reference(root, s.path("$ref").textValue());
            if (target == null) {
                break;
            }
            s = target;
        }
        return s;
    }

    /** Whether the tool's schema gives a type for {@code param}. */
    public static boolean describes(ToolSpec spec, String param) {
        return spec != null
                && !typesOf(spec.parameters(), spec.parameters().path("properties").path(param)).isEmpty();
    }

    /**
     * {@code t} without the leading zeros of its integer part ({@code 007} is {@code 7}, as Python's {@code int()} and
     * Go's {@code strconv} read it for a numeric parameter); anything else as it is.
     */
    private static String withoutLeadingZeros(String t) {
        int sign = t.startsWith("-") ? 1 : 0;
        int i = sign;
        while (i + 1 < t.length() && t.charAt(i) == '0' && Character.isDigit(t.charAt(i + 1))) {
            i++;
        }
        return i == sign ? t : t.substring(0, sign) + t.substring(i);
    }

    /** Whether {@code t} is written as a JSON number (no leading zeros, no {@code +}, no trailing text). */
    private static boolean numberShaped(String t) {
        return Numbers.NumberShape.VALID == Numbers.numberShape(t, 0, t.length());
    }

    /**
     * {@code t} with one level of JSON string escapes undone, as the body of a JSON string is read
     * ({@link Escapes#json}): {@code \\}, {@code \"}, {@code \n} and the rest become what they stand for; any other
     * backslash is kept.
     */
    static String unescapedOnce(String t) {
        StringBuilder out = new StringBuilder(t.length());
        for (int i = 0; i < t.length(); ) {
            char c = t.charAt(i);
            int took = c == '\\' ? Escapes.json(t, i, t.length(), '"', out) : 0;
            if (took <= 0) {
                out.append(c); // a character, or a backslash the text ends with
                took = 1;
            }
            i += took;
        }
        return out.toString();
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

    /**
     * The types the schema {@code root} (a tool's parameters) gives its property {@code param}: unions, enums,
     * {@code const}, {@code nullable} and local {@code $ref}s followed, at most {@link #MAX_SCHEMA_NODES} nodes.
     */
    private static Set<Type> typesOf(JsonNode root, JsonNode schema) {
        Set<Type> out = EnumSet.noneOf(Type.class);
        List<JsonNode> todo = new ArrayList<>();
        todo.add(schema);
        for (int i = 0; i < todo.size() && i < MAX_SCHEMA_NODES; i++) {
            JsonNode s = todo.get(i);
            JsonNode ref = s.path("$ref");
            if (ref.isTextual()) {
                JsonNode target = reference(root, ref.textValue());
                if (target != null) {
                    todo.add(target);
                }
            }
            JsonNode type = s.path("type");
            if (type.isTextual()) {
                add(out, type.textValue());
            } else if (type.isArray()) {
                type.forEach(t -> add(out, t.asText()));
            } else if (s.has("properties") || s.has("additionalProperties")) {
                out.add(Type.OBJECT);
            } else if (s.has("items") || s.has("prefixItems")) {
                out.add(Type.ARRAY);
            }
            if (s.path("nullable").asBoolean(false)) {
                out.add(Type.NULL);
            }
            for (String k : new String[]{"anyOf", "oneOf", "allOf"}) {
                s.path(k).forEach(todo::add);
            }
            JsonNode en = s.path("enum");
            if (en.isArray()) {
                en.forEach(e -> out.add(kind(e)));
            }
            if (s.has("const")) {
                out.add(kind(s.get("const")));
            }
        }
        return out;
    }

    /** The schema node a local reference ({@code #/$defs/X}, {@code #/definitions/X}) names, or {@code null}. */
    private static JsonNode reference(JsonNode root, String ref) {
        if (!ref.startsWith("#/")) {
            return null;
        }
        JsonNode n = root;
        for (String part : ref.substring(2).split("/", 8)) {
            n = n.path(part.replace("~1", "/").replace("~0", "~"));
        }
        return n.isObject() ? n : null;
    }

    private static Type kind(JsonNode e) {
        return e.isTextual() ? Type.STRING : e.isIntegralNumber() ? Type.INTEGER : e.isNumber() ? Type.NUMBER
                : e.isBoolean() ? Type.BOOLEAN : e.isNull() ? Type.NULL : e.isObject() ? Type.OBJECT : Type.ARRAY;
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
            // names some tools' schemas use for the JSON types (Python's and C's), read as those types
            case "str" -> out.add(Type.STRING);
            case "bool" -> out.add(Type.BOOLEAN);
            case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "long",
                    "short", "unsigned" -> out.add(Type.INTEGER);
            case "float", "float32", "float64", "double", "num" -> out.add(Type.NUMBER);
            case "list" -> out.add(Type.ARRAY);
            case "dict" -> out.add(Type.OBJECT);
            default -> {
            }
        }
    }
}
