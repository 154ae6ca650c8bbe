package dev.calltype.render;

import dev.calltype.render.Json.JsonArray;
import dev.calltype.render.Json.JsonBoolean;
import dev.calltype.render.Json.JsonNull;
import dev.calltype.render.Json.JsonObject;
import dev.calltype.render.Json.JsonString;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Writes tools' parameter schemas in the shape each provider expects: compact JSON, keys in the
 * order the schema has them. The annotation processor's generated toolkits and the runtime's dynamic
 * toolkits both render through here, so the same tools give the same bytes.
 *
 * <ul>
 *   <li>{@code JSON_SCHEMA}: {@code {"<name>":{"$schema":"…2020-12/schema",…}}}</li>
 *   <li>{@code OPENAI}: {@code [{"type":"function","function":{"name","description","parameters"}}]}</li>
 *   <li>{@code OPENAI_STRICT}: as OpenAI with {@code "strict":true}; in every object schema all properties
 *       are required, the ones that were optional become nullable, {@code additionalProperties} is
 *       {@code false}, and {@code default} is removed</li>
 *   <li>{@code ANTHROPIC}: {@code [{"name","description","input_schema"}]}</li>
 *   <li>{@code GEMINI}: {@code [{"name","description","parameters"}]} with {@code $ref}s inlined (a recursive
 *       reference met three references deep becomes {@code {"type":"object"}}); {@code $defs},
 *       {@code definitions}, {@code additionalProperties} and {@code $schema} removed, and every
 *       {@code format} Gemini rejects (all but {@value #GEMINI_FORMATS_TEXT})</li>
 *   <li>{@code MCP}: {@code {"tools":[{"name","description","inputSchema"}]}}</li>
 * </ul>
 * In every dialect a tool's {@code description} is left out when it is empty. The dialects that embed
 * a schema unchanged copy its text without parsing it.
 */
public final class Dialects {

    /** The dialects, named as the runtime's {@code SchemaDialect} constants. */
    public static final List<String> NAMES = List.of("JSON_SCHEMA", "OPENAI", "OPENAI_STRICT", "ANTHROPIC", "GEMINI",
            "MCP");

    /** The meta-schema URI written by {@code JSON_SCHEMA}. */
    public static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

    /** For Gemini, a recursive {@code $ref} met this many references deep becomes {@code object}. */
    public static final int GEMINI_RECURSION_LEVELS = 3;

    /** How many {@code $ref} expansions one Gemini schema may take in all; beyond it references become {@code object}. */
    public static final int GEMINI_EXPANSION_BUDGET = 10_000;

    /** The {@code format} values Gemini accepts; others are removed. */
    static final Set<String> GEMINI_FORMATS = Set.of("enum", "date-time", "int32", "int64", "float", "double");
    static final String GEMINI_FORMATS_TEXT = "enum, date-time, int32, int64, float, double";

    /** The order of keys inside a property schema; {@code $defs} comes last, on the root only. */
    private static final List<String> KEY_ORDER = List.of("type", "description", "format", "enum", "default",
            "minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "items", "properties",
            "required", "additionalProperties", "anyOf", "$ref", "$defs");

    private Dialects() {
    }

    /**
     * The tools' schemas in a dialect, as compact JSON.
     *
     * @throws IllegalArgumentException for an unknown dialect, or a schema text that is not a JSON object
     */
    public static String render(List<ToolSchema> tools, String dialect) {
        StringBuilder out = new StringBuilder(256);
        switch (dialect) {
            case "JSON_SCHEMA":
                out.append('{');
                for (int i = 0; i < tools.size(); i++) {
                    ToolSchema t = tools.get(i);
                    if (i > 0) {
                        out.append(',');
                    }
                    JsonText.quote(t.name(), out);
                    out.append(':');
                    jsonSchema(t, out);
                }
                return out.append('}').toString();
            case "OPENAI":
            case "OPENAI_STRICT": {
                boolean strict = dialect.equals("OPENAI_STRICT");
                out.append('[');
                for (int i = 0; i < tools.size(); i++) {
                    ToolSchema t = tools.get(i);
                    if (i > 0) {
                        out.append(',');
                    }
                    out.append("{\"type\":\"function\",\"function\":");
                    head(t, out);
                    if (strict) {
                        out.append(",\"strict\":true,\"parameters\":");
                        JsonText.write(strict(t.parameters()), out);
                    } else {
                        out.append(",\"parameters\":").append(t.parametersText());
                    }
                    out.append("}}");
                }
                return out.append(']').toString();
            }
            case "ANTHROPIC":
                return entries(tools, "input_schema", false, out).toString();
            case "GEMINI":
                return entries(tools, "parameters", true, out).toString();
            case "MCP":
                out.append("{\"tools\":");
                return entries(tools, "inputSchema", false, out).append('}').toString();
            default:
                throw new IllegalArgumentException("unknown schema dialect: " + dialect);
        }
    }

    /**
     * A typed answer's schema in a dialect, as compact JSON: what each provider's structured-output request
     * carries. {@code JSON_SCHEMA}: the schema with {@code $schema} first (what Ollama's {@code format} and
     * llama.cpp's {@code json_schema} take); {@code OPENAI} and {@code OPENAI_STRICT}: the whole
     * {@code response_format} object ({@code {"type":"json_schema","json_schema":{"name":…,"schema":…}}}, strict:
     * every property required, optional ones nullable, {@code "strict":true}); {@code ANTHROPIC}: the
     * {@code output_format} object ({@code {"type":"json_schema","schema":…}}); {@code GEMINI}: the
     * {@code responseSchema} (its OpenAPI subset, {@code $ref}s inlined); {@code MCP}: an {@code outputSchema}.
     * The OpenAI, Anthropic and MCP forms need an object at the root: an answer that is not an object is
     * wrapped as the {@code value} member of one ({@link #wrapped}), which the parser unwraps.
     *
     * @param name the answer's name ({@code ^[a-zA-Z0-9_-]{1,64}$})
     * @param description what the answer is ({@code ""} when none)
     * @param schema the answer's JSON Schema
     * @throws IllegalArgumentException for an unknown dialect
     */
    public static String answer(String name, String description, JsonObject schema, String dialect) {
        boolean object = isObjectSchema(schema);
        StringBuilder out = new StringBuilder(256);
        switch (dialect) {
            case "JSON_SCHEMA":
                jsonSchema(ToolSchema.ofText(name, description, schema.write()), out);
                return out.toString();
            case "OPENAI":
            case "OPENAI_STRICT": {
                boolean strict = dialect.equals("OPENAI_STRICT");
                JsonObject root = object ? schema : wrapped(schema);
                out.append("{\"type\":\"json_schema\",\"json_schema\":");
                head(new ToolSchema(name, description, root), out);
                if (strict) {
                    out.append(",\"strict\":true");
                }
                out.append(",\"schema\":");
                JsonText.write(strict ? strict(root) : root, out);
                return out.append("}}").toString();
            }
            case "ANTHROPIC":
                out.append("{\"type\":\"json_schema\",\"schema\":");
                JsonText.write(object ? schema : wrapped(schema), out);
                return out.append('}').toString();
            case "GEMINI":
                JsonText.write(gemini(schema), out);
                return out.toString();
            case "MCP":
                JsonText.write(object ? schema : wrapped(schema), out);
                return out.toString();
            default:
                throw new IllegalArgumentException("unknown schema dialect: " + dialect);
        }
    }

    /** The member of the object a non-object answer is wrapped in. */
    public static final String ANSWER_MEMBER = "value";

    /**
     * A schema that is not an object's, as the {@code value} member of an object schema (its {@code $defs} moved
     * to the new root, so references still resolve).
     */
    public static JsonObject wrapped(JsonObject schema) {
        Map<String, Json> inner = new java.util.LinkedHashMap<>(schema.members());
        Json defs = inner.remove("$defs");
        Map<String, Json> root = new java.util.LinkedHashMap<>();
        root.put("type", Json.of("object"));
        root.put("properties", new JsonObject(Map.of(ANSWER_MEMBER, new JsonObject(inner))));
        root.put("required", Json.JsonArray.ofStrings(List.of(ANSWER_MEMBER)));
        root.put("additionalProperties", new Json.JsonBoolean(false));
        if (defs != null) {
            root.put("$defs", defs);
        }
        return Schemas.ordered(root);
    }

    /** Whether a schema is an object's with properties (a record's), which needs no wrapping. */
    public static boolean isObjectSchema(JsonObject schema) {
        return schema.get("type") instanceof Json.JsonString t && t.value().equals("object")
                && schema.get("properties") instanceof JsonObject;
    }

    /** {@code {"name":…,"description":…} without the closing brace. */
    private static void head(ToolSchema t, StringBuilder out) {
        out.append("{\"name\":");
        JsonText.quote(t.name(), out);
        if (!t.description().isEmpty()) {
            out.append(",\"description\":");
            JsonText.quote(t.description(), out);
        }
    }

    private static StringBuilder entries(List<ToolSchema> tools, String schemaKey, boolean gemini, StringBuilder out) {
        out.append('[');
        for (int i = 0; i < tools.size(); i++) {
            ToolSchema t = tools.get(i);
            if (i > 0) {
                out.append(',');
            }
            head(t, out);
            out.append(",\"").append(schemaKey).append("\":");
            if (gemini) {
                JsonText.write(gemini(t.parameters()), out);
            } else {
                out.append(t.parametersText());
            }
            out.append('}');
        }
        return out.append(']');
    }

    /** The schema with {@code $schema} first, and the schema's own {@code $schema}, if any, left out. */
    private static void jsonSchema(ToolSchema t, StringBuilder out) {
        out.append("{\"$schema\":");
        JsonText.quote(DRAFT_2020_12, out);
        String text = t.parametersText();
        if (!text.contains("\"$schema\"")) {
            if (text.length() > 2) {
                out.append(',').append(text, 1, text.length());
            } else {
                out.append('}');
            }
            return;
        }
        for (Map.Entry<String, Json> e : t.parameters().members().entrySet()) {
            if (!e.getKey().equals("$schema")) {
                out.append(',');
                JsonText.quote(e.getKey(), out);
                out.append(':');
                JsonText.write(e.getValue(), out);
            }
        }
        out.append('}');
    }

    // ---------------------------------------------------------------------------------------------
    // OpenAI strict mode

    /** The schema as OpenAI strict mode wants it. */
    public static JsonObject strict(JsonObject schema) {
        return (JsonObject) strictNode(schema);
    }

    private static Json strictNode(Json node) {
        if (!(node instanceof JsonObject o)) {
            return node;
        }
        Set<String> wasRequired = stringSet(o.get("required"));
        LinkedHashMap<String, Json> out = new LinkedHashMap<>();
        for (Map.Entry<String, Json> e : o.members().entrySet()) {
            String key = e.getKey();
            Json value = e.getValue();
            if (key.equals("default")) {
                continue;
            }
            if (key.equals("properties") && value instanceof JsonObject props) {
                LinkedHashMap<String, Json> properties = new LinkedHashMap<>();
                for (Map.Entry<String, Json> p : props.members().entrySet()) {
                    Json property = strictNode(p.getValue());
                    properties.put(p.getKey(), wasRequired.contains(p.getKey()) ? property : nullable(property));
                }
                out.put(key, new JsonObject(properties));
            } else {
                out.put(key, subschemas(key, value, Dialects::strictNode));
            }
        }
        if (out.get("properties") instanceof JsonObject properties) {
            if (properties.members().isEmpty()) {
                out.remove("required");
            } else {
                putOrdered(out, "required", JsonArray.ofStrings(new ArrayList<>(properties.members().keySet())));
            }
            putOrdered(out, "additionalProperties", new JsonBoolean(false));
        }
        return new JsonObject(out);
    }

    /** A property schema that also accepts {@code null}, as strict mode writes optional properties. */
    private static Json nullable(Json property) {
        if (!(property instanceof JsonObject schema)) {
            return property;
        }
        Json type = schema.get("type");
        if (type == null && (schema.has("$ref") || schema.has("anyOf"))) {
            LinkedHashMap<String, Json> inner = new LinkedHashMap<>(schema.members());
            Json description = inner.remove("description");
            LinkedHashMap<String, Json> outer = new LinkedHashMap<>();
            if (description != null) {
                outer.put("description", description);
            }
            outer.put("anyOf", new JsonArray(List.of(new JsonObject(inner),
                    JsonObject.builder().put("type", "null").build())));
            return new JsonObject(outer);
        }
        LinkedHashMap<String, Json> out = new LinkedHashMap<>(schema.members());
        if (type instanceof JsonString t && !t.value().equals("null")) {
            out.put("type", JsonArray.ofStrings(List.of(t.value(), "null")));
        } else if (type instanceof JsonArray types && !types.elements().contains(Json.of("null"))) {
            List<Json> more = new ArrayList<>(types.elements());
            more.add(Json.of("null"));
            out.put("type", new JsonArray(more));
        }
        if (out.get("enum") instanceof JsonArray values && !values.elements().contains(JsonNull.INSTANCE)) {
            List<Json> more = new ArrayList<>(values.elements());
            more.add(JsonNull.INSTANCE);
            out.put("enum", new JsonArray(more));
        }
        return new JsonObject(out);
    }

    // ---------------------------------------------------------------------------------------------
    // Gemini

    /** The schema in Gemini's subset. */
    public static JsonObject gemini(JsonObject schema) {
        Json out = new GeminiInliner(schema).node(schema);
        return out instanceof JsonObject o ? o : JsonObject.builder().put("type", "object").build();
    }

    /** Inlines references and drops what Gemini rejects, for one root schema. */
    private static final class GeminiInliner {
        private final JsonObject root;
        private final Map<String, Integer> open = new HashMap<>();
        private int depth;
        private int expansions;

        GeminiInliner(JsonObject root) {
            this.root = root;
        }

        Json node(Json node) {
            if (!(node instanceof JsonObject o)) {
                return node;
            }
            if (o.get("$ref") instanceof JsonString ref) {
                return inline(o, ref.value());
            }
            LinkedHashMap<String, Json> out = new LinkedHashMap<>();
            for (Map.Entry<String, Json> e : o.members().entrySet()) {
                if (!isDropped(e.getKey(), e.getValue())) {
                    out.put(e.getKey(), subschemas(e.getKey(), e.getValue(), this::node));
                }
            }
            return new JsonObject(out);
        }

        private Json inline(JsonObject referring, String ref) {
            Json target = resolve(root, ref);
            int times = open.getOrDefault(ref, 0);
            boolean recursive = times > 0;
            if (!(target instanceof JsonObject) || recursive && depth >= GEMINI_RECURSION_LEVELS
                    || expansions >= GEMINI_EXPANSION_BUDGET) {
                return JsonObject.builder().put("type", "object").build();
            }
            expansions++;
            open.put(ref, times + 1);
            depth++;
            Json expanded;
            try {
                expanded = node(target);
            } finally {
                depth--;
                if (times == 0) {
                    open.remove(ref);
                } else {
                    open.put(ref, times);
                }
            }
            LinkedHashMap<String, Json> out = expanded instanceof JsonObject o
                    ? new LinkedHashMap<>(o.members()) : new LinkedHashMap<>();
            for (Map.Entry<String, Json> e : referring.members().entrySet()) {
                String key = e.getKey();
                if (!key.equals("$ref") && !isDropped(key, e.getValue())) {
                    putOrdered(out, key, subschemas(key, e.getValue(), this::node));
                }
            }
            return new JsonObject(out);
        }

        private static boolean isDropped(String key, Json value) {
            return key.equals("$defs") || key.equals("definitions") || key.equals("additionalProperties")
                    || key.equals("$schema")
                    || key.equals("format") && !(value instanceof JsonString f && GEMINI_FORMATS.contains(f.value()));
        }
    }

    /**
     * The schema a local reference points at ({@code #}, {@code #/$defs/Name}, any JSON pointer after
     * {@code #}), or {@code null}.
     */
    public static Json resolve(JsonObject root, String ref) {
        if (ref.equals("#")) {
            return root;
        }
        if (!ref.startsWith("#/")) {
            return null;
        }
        Json at = root;
        int start = 2;
        while (at != null) {
            int end = ref.indexOf('/', start);
            String token = unescape(ref.substring(start, end < 0 ? ref.length() : end));
            if (at instanceof JsonObject o) {
                at = o.get(token);
            } else if (at instanceof JsonArray a) {
                at = index(token, a.elements().size()) >= 0 ? a.elements().get(index(token, a.elements().size()))
                        : null;
            } else {
                at = null;
            }
            if (end < 0) {
                return at;
            }
            start = end + 1;
        }
        return null;
    }

    private static String unescape(String token) {
        return token.indexOf('~') < 0 ? token : token.replace("~1", "/").replace("~0", "~");
    }

    private static int index(String token, int size) {
        if (token.isEmpty() || token.length() > 9 || token.length() > 1 && token.charAt(0) == '0') {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n < size ? n : -1;
    }

    // ---------------------------------------------------------------------------------------------
    // shared

    /** A keyword's value with the schemas it holds transformed (keywords that hold no schema: unchanged). */
    static Json subschemas(String key, Json value, UnaryOperator<Json> f) {
        switch (key) {
            case "items":
            case "additionalProperties":
            case "not":
            case "contains":
            case "propertyNames":
            case "if":
            case "then":
            case "else":
            case "unevaluatedItems":
            case "unevaluatedProperties":
                return value instanceof JsonObject ? f.apply(value) : value;
            case "anyOf":
            case "oneOf":
            case "allOf":
            case "prefixItems":
                if (value instanceof JsonArray a) {
                    List<Json> out = new ArrayList<>(a.elements().size());
                    for (Json item : a.elements()) {
                        out.add(f.apply(item));
                    }
                    return new JsonArray(out);
                }
                return value;
            case "properties":
            case "$defs":
            case "definitions":
            case "patternProperties":
            case "dependentSchemas":
                if (value instanceof JsonObject o) {
                    LinkedHashMap<String, Json> out = new LinkedHashMap<>();
                    for (Map.Entry<String, Json> e : o.members().entrySet()) {
                        out.put(e.getKey(), f.apply(e.getValue()));
                    }
                    return new JsonObject(out);
                }
                return value;
            default:
                return value;
        }
    }

    /**
     * Sets a key: in place when present; otherwise before the first key that comes after it in the
     * canonical order (keys the order does not name are passed over), or last.
     */
    static void putOrdered(LinkedHashMap<String, Json> node, String key, Json value) {
        if (node.containsKey(key)) {
            node.put(key, value);
            return;
        }
        int rank = KEY_ORDER.indexOf(key);
        String before = null;
        if (rank >= 0) {
            for (String existing : node.keySet()) {
                if (KEY_ORDER.indexOf(existing) > rank) {
                    before = existing;
                    break;
                }
            }
        }
        if (before == null) {
            node.put(key, value);
            return;
        }
        List<Map.Entry<String, Json>> entries = new ArrayList<>(node.size());
        for (Map.Entry<String, Json> e : node.entrySet()) {
            entries.add(Map.entry(e.getKey(), e.getValue()));
        }
        node.clear();
        for (Map.Entry<String, Json> e : entries) {
            if (e.getKey().equals(before)) {
                node.put(key, value);
            }
            node.put(e.getKey(), e.getValue());
        }
    }

    /** The strings of a JSON array, in order; empty for anything else. */
    public static Set<String> stringSet(Json array) {
        Set<String> out = new LinkedHashSet<>();
        if (array instanceof JsonArray a) {
            for (Json item : a.elements()) {
                if (item instanceof JsonString s) {
                    out.add(s.value());
                }
            }
        }
        return out;
    }
}
