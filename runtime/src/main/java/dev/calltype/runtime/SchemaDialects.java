package dev.calltype.runtime;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Writes tools' parameter schemas in the shape each provider expects, from each {@link ToolSpec}'s
 * JSON Schema. The annotation processor writes the same text at compile time; for the same tools
 * both are byte-identical: compact JSON, keys in the order the schema has them.
 *
 * <ul>
 *   <li>{@link SchemaDialect#JSON_SCHEMA}: {@code {"<name>":{"$schema":"…2020-12/schema",…}}}</li>
 *   <li>{@link SchemaDialect#OPENAI}: {@code [{"type":"function","function":{"name","description","parameters"}}]}</li>
 *   <li>{@link SchemaDialect#OPENAI_STRICT}: as OpenAI with {@code "strict":true}; in every object schema all
 *       properties are required, the ones that were optional become nullable, {@code additionalProperties}
 *       is {@code false}, and {@code default} is removed</li>
 *   <li>{@link SchemaDialect#ANTHROPIC}: {@code [{"name","description","input_schema"}]}</li>
 *   <li>{@link SchemaDialect#GEMINI}: {@code [{"name","description","parameters"}]} with {@code $ref}s inlined
 *       (a recursive reference met three references deep becomes {@code {"type":"object"}}) and
 *       {@code $defs}, {@code additionalProperties} and {@code $schema} removed</li>
 *   <li>{@link SchemaDialect#MCP}: {@code {"tools":[{"name","description","inputSchema"}]}}</li>
 * </ul>
 * In every dialect a tool's {@code description} is left out when it is empty.
 */
public final class SchemaDialects {

    /** The meta-schema URI written by {@link SchemaDialect#JSON_SCHEMA}. */
    static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

    /**
     * For Gemini, a recursive {@code $ref} (one to a definition already being expanded) met this many
     * references deep becomes {@code object}.
     */
    static final int GEMINI_RECURSION_LEVELS = 3;

    /**
     * How many {@code $ref} expansions one Gemini schema may take in all; beyond it references become
     * {@code object}. Bounds the output for schemas that reference one definition from many places.
     */
    static final int GEMINI_EXPANSION_BUDGET = 10_000;

    /** The order of keys inside a property schema; {@code $defs} comes last, on the root only. */
    private static final List<String> KEY_ORDER = List.of("type", "description", "format", "enum", "default",
            "minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "items", "properties",
            "required", "additionalProperties", "anyOf", "$ref", "$defs");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SchemaDialects() {
    }

    /**
     * The tools' schemas in a dialect, as compact JSON.
     *
     * @throws IllegalArgumentException if two tools have the same name
     */
    public static String render(List<ToolSpec> tools, SchemaDialect dialect) {
        return write(tree(tools, dialect));
    }

    /** The tools' schemas in a dialect, as a fresh tree. */
    static JsonNode tree(List<ToolSpec> tools, SchemaDialect dialect) {
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(dialect, "dialect");
        Set<String> names = new HashSet<>();
        for (ToolSpec tool : tools) {
            if (!names.add(tool.name())) {
                throw new IllegalArgumentException("two tools are named \"" + tool.name() + "\"");
            }
        }
        switch (dialect) {
            case JSON_SCHEMA: {
                ObjectNode root = NODES.objectNode();
                for (ToolSpec tool : tools) {
                    ObjectNode schema = root.putObject(tool.name());
                    schema.put("$schema", DRAFT_2020_12);
                    for (Map.Entry<String, JsonNode> e : tool.parameters().properties()) {
                        if (!e.getKey().equals("$schema")) {
                            schema.set(e.getKey(), e.getValue().deepCopy());
                        }
                    }
                }
                return root;
            }
            case OPENAI:
            case OPENAI_STRICT: {
                boolean strict = dialect == SchemaDialect.OPENAI_STRICT;
                ArrayNode root = NODES.arrayNode();
                for (ToolSpec tool : tools) {
                    ObjectNode entry = root.addObject();
                    entry.put("type", "function");
                    ObjectNode function = entry.putObject("function");
                    function.put("name", tool.name());
                    if (!tool.description().isEmpty()) {
                        function.put("description", tool.description());
                    }
                    if (strict) {
                        function.put("strict", true);
                    }
                    function.set("parameters", strict ? strict(tool.parameters()) : tool.parameters().deepCopy());
                }
                return root;
            }
            case ANTHROPIC:
                return entries(tools, "input_schema", false);
            case GEMINI:
                return entries(tools, "parameters", true);
            case MCP: {
                ObjectNode root = NODES.objectNode();
                root.set("tools", entries(tools, "inputSchema", false));
                return root;
            }
            default:
                throw new AssertionError(dialect);
        }
    }

    /** Compact JSON, as Jackson's default writer writes it. */
    public static String write(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a JSON tree", e);
        }
    }

    private static ArrayNode entries(List<ToolSpec> tools, String schemaKey, boolean gemini) {
        ArrayNode root = NODES.arrayNode();
        for (ToolSpec tool : tools) {
            ObjectNode entry = root.addObject();
            entry.put("name", tool.name());
            if (!tool.description().isEmpty()) {
                entry.put("description", tool.description());
            }
            entry.set(schemaKey, gemini ? gemini(tool.parameters()) : tool.parameters().deepCopy());
        }
        return root;
    }

    // ---------------------------------------------------------------------------------------------
    // OpenAI strict mode

    /** The schema as OpenAI strict mode wants it; the argument is not changed. */
    static ObjectNode strict(ObjectNode schema) {
        return (ObjectNode) strictNode(schema);
    }

    private static JsonNode strictNode(JsonNode node) {
        if (!node.isObject()) {
            return node.deepCopy();
        }
        Set<String> wasRequired = stringSet(node.get("required"));
        ObjectNode out = NODES.objectNode();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String key = e.getKey();
            JsonNode value = e.getValue();
            if (key.equals("default")) {
                continue;
            }
            if (key.equals("properties") && value.isObject()) {
                ObjectNode properties = NODES.objectNode();
                for (Map.Entry<String, JsonNode> p : value.properties()) {
                    JsonNode property = strictNode(p.getValue());
                    properties.set(p.getKey(), wasRequired.contains(p.getKey()) ? property : nullable(property));
                }
                out.set(key, properties);
            } else {
                out.set(key, subschemas(key, value, SchemaDialects::strictNode));
            }
        }
        JsonNode properties = out.get("properties");
        if (properties != null && properties.isObject()) {
            ArrayNode required = NODES.arrayNode();
            properties.fieldNames().forEachRemaining(required::add);
            if (required.isEmpty()) {
                out.remove("required");
            } else {
                putOrdered(out, "required", required);
            }
            putOrdered(out, "additionalProperties", NODES.booleanNode(false));
        }
        return out;
    }

    /** A property schema that also accepts {@code null}, as strict mode writes optional properties. */
    private static JsonNode nullable(JsonNode property) {
        if (!property.isObject()) {
            return property;
        }
        ObjectNode schema = (ObjectNode) property;
        JsonNode type = schema.get("type");
        if (type == null && (schema.has("$ref") || schema.has("anyOf"))) {
            ObjectNode inner = schema.deepCopy();
            JsonNode description = inner.remove("description");
            ObjectNode outer = NODES.objectNode();
            if (description != null) {
                outer.set("description", description);
            }
            ArrayNode anyOf = outer.putArray("anyOf");
            anyOf.add(inner);
            anyOf.addObject().put("type", "null");
            return outer;
        }
        if (type != null && type.isTextual() && !type.textValue().equals("null")) {
            ArrayNode types = NODES.arrayNode().add(type.textValue()).add("null");
            schema.set("type", types);
        } else if (type != null && type.isArray() && !containsText(type, "null")) {
            ((ArrayNode) type).add("null");
        }
        JsonNode values = schema.get("enum");
        if (values != null && values.isArray() && !containsNull(values)) {
            ((ArrayNode) values).addNull();
        }
        return schema;
    }

    // ---------------------------------------------------------------------------------------------
    // Gemini

    /** The schema in Gemini's subset; the argument is not changed. */
    static ObjectNode gemini(ObjectNode schema) {
        JsonNode out = new GeminiInliner(schema).node(schema);
        return out.isObject() ? (ObjectNode) out : NODES.objectNode().put("type", "object");
    }

    /** Inlines references and drops what Gemini rejects, for one root schema. */
    private static final class GeminiInliner {
        private final ObjectNode root;
        private final Map<String, Integer> open = new HashMap<>();
        private int depth;
        private int expansions;

        GeminiInliner(ObjectNode root) {
            this.root = root;
        }

        JsonNode node(JsonNode node) {
            if (!node.isObject()) {
                return node.deepCopy();
            }
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual()) {
                return inline(node, ref.textValue());
            }
            ObjectNode out = NODES.objectNode();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String key = e.getKey();
                if (isDroppedForGemini(key)) {
                    continue;
                }
                out.set(key, subschemas(key, e.getValue(), this::node));
            }
            return out;
        }

        private JsonNode inline(JsonNode referring, String ref) {
            JsonNode target = resolve(root, ref);
            int times = open.getOrDefault(ref, 0);
            boolean recursive = times > 0;
            if (target == null || !target.isObject() || recursive && depth >= GEMINI_RECURSION_LEVELS
                    || expansions >= GEMINI_EXPANSION_BUDGET) {
                return NODES.objectNode().put("type", "object");
            }
            expansions++;
            open.put(ref, times + 1);
            depth++;
            JsonNode expanded;
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
            ObjectNode out = expanded.isObject() ? (ObjectNode) expanded : NODES.objectNode();
            for (Map.Entry<String, JsonNode> e : referring.properties()) {
                String key = e.getKey();
                if (key.equals("$ref") || isDroppedForGemini(key)) {
                    continue;
                }
                putOrdered(out, key, subschemas(key, e.getValue(), this::node));
            }
            return out;
        }

        private static boolean isDroppedForGemini(String key) {
            return key.equals("$defs") || key.equals("definitions") || key.equals("additionalProperties")
                    || key.equals("$schema");
        }
    }

    /**
     * The schema a local reference points at ({@code #}, {@code #/$defs/Name}, any JSON pointer
     * after {@code #}), or {@code null}.
     */
    public static JsonNode resolve(JsonNode root, String ref) {
        if (ref.equals("#")) {
            return root;
        }
        if (!ref.startsWith("#/")) {
            return null;
        }
        try {
            JsonNode target = root.at(JsonPointer.compile(ref.substring(1)));
            return target.isMissingNode() ? null : target;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // shared

    /** A keyword's value with the schemas it holds transformed (keywords that hold no schema: copied). */
    static JsonNode subschemas(String key, JsonNode value, java.util.function.UnaryOperator<JsonNode> f) {
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
                return value.isObject() ? f.apply(value) : value.deepCopy();
            case "anyOf":
            case "oneOf":
            case "allOf":
            case "prefixItems":
                if (value.isArray()) {
                    ArrayNode out = NODES.arrayNode();
                    for (JsonNode item : value) {
                        out.add(f.apply(item));
                    }
                    return out;
                }
                return value.deepCopy();
            case "properties":
            case "$defs":
            case "definitions":
            case "patternProperties":
            case "dependentSchemas":
                if (value.isObject()) {
                    ObjectNode out = NODES.objectNode();
                    for (Map.Entry<String, JsonNode> e : value.properties()) {
                        out.set(e.getKey(), f.apply(e.getValue()));
                    }
                    return out;
                }
                return value.deepCopy();
            default:
                return value.deepCopy();
        }
    }

    /**
     * Sets a key: in place when present; otherwise before the first key that comes after it in the
     * canonical order (keys the order does not name are passed over), or last.
     */
    static void putOrdered(ObjectNode node, String key, JsonNode value) {
        if (node.has(key)) {
            node.set(key, value);
            return;
        }
        int rank = KEY_ORDER.indexOf(key);
        String before = null;
        if (rank >= 0) {
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String existing = it.next();
                int r = KEY_ORDER.indexOf(existing);
                if (r > rank) {
                    before = existing;
                    break;
                }
            }
        }
        if (before == null) {
            node.set(key, value);
            return;
        }
        List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            entries.add(Map.entry(e.getKey(), e.getValue()));
        }
        node.removeAll();
        for (Map.Entry<String, JsonNode> e : entries) {
            if (e.getKey().equals(before)) {
                node.set(key, value);
            }
            node.set(e.getKey(), e.getValue());
        }
    }

    public static Set<String> stringSet(JsonNode array) {
        Set<String> out = new LinkedHashSet<>();
        if (array != null && array.isArray()) {
            for (JsonNode item : array) {
                if (item.isTextual()) {
                    out.add(item.textValue());
                }
            }
        }
        return out;
    }

    private static boolean containsText(JsonNode array, String text) {
        for (JsonNode item : array) {
            if (item.isTextual() && item.textValue().equals(text)) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsNull(JsonNode array) {
        for (JsonNode item : array) {
            if (item.isNull()) {
                return true;
            }
        }
        return false;
    }
}
