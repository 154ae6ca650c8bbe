package dev.calltype.processor.generation;

import dev.calltype.processor.model.Json;
import dev.calltype.processor.model.Json.JsonArray;
import dev.calltype.processor.model.Json.JsonBoolean;
import dev.calltype.processor.model.Json.JsonObject;
import dev.calltype.processor.model.Json.JsonString;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a toolkit's schemas in each provider's dialect, by the rules the runtime's
 * {@code SchemaDialects} follows for dynamic toolkits, so both give the same text.
 */
public final class Dialects {

    /** The dialects, named as the runtime's {@code SchemaDialect} constants. */
    public static final List<String> NAMES = List.of("JSON_SCHEMA", "OPENAI", "OPENAI_STRICT", "ANTHROPIC", "GEMINI",
            "MCP");

    private static final int GEMINI_MAX_REF_DEPTH = 3;

    private Dialects() {
    }

    /** The text of one dialect. */
    public static String render(List<ToolSchema> tools, String dialect) {
        switch (dialect) {
            case "JSON_SCHEMA": {
                Map<String, Json> out = new LinkedHashMap<>();
                for (ToolSchema t : tools) {
                    Map<String, Json> schema = new LinkedHashMap<>();
                    schema.put("$schema", Json.of(Schemas.SCHEMA_URI));
                    schema.putAll(t.parameters().members());
                    out.put(t.name(), new JsonObject(schema));
                }
                return new JsonObject(out).write();
            }
            case "OPENAI":
            case "OPENAI_STRICT": {
                boolean strict = dialect.equals("OPENAI_STRICT");
                List<Json> out = new ArrayList<>();
                for (ToolSchema t : tools) {
                    JsonObject.Builder fn = JsonObject.builder().put("name", t.name());
                    description(fn, t);
                    if (strict) {
                        fn.put("strict", new JsonBoolean(true));
                        fn.put("parameters", strict(t.parameters()));
                    } else {
                        fn.put("parameters", t.parameters());
                    }
                    out.add(JsonObject.builder().put("type", "function").put("function", fn.build()).build());
                }
                return new JsonArray(out).write();
            }
            case "ANTHROPIC": {
                List<Json> out = new ArrayList<>();
                for (ToolSchema t : tools) {
                    JsonObject.Builder b = JsonObject.builder().put("name", t.name());
                    description(b, t);
                    out.add(b.put("input_schema", t.parameters()).build());
                }
                return new JsonArray(out).write();
            }
            case "GEMINI": {
                List<Json> out = new ArrayList<>();
                for (ToolSchema t : tools) {
                    JsonObject.Builder b = JsonObject.builder().put("name", t.name());
                    description(b, t);
                    Json defs = t.parameters().get("$defs");
                    out.add(b.put("parameters", gemini(t.parameters(),
                            defs instanceof JsonObject d ? d : new JsonObject(Map.of()), List.of())).build());
                }
                return new JsonArray(out).write();
            }
            case "MCP": {
                List<Json> out = new ArrayList<>();
                for (ToolSchema t : tools) {
                    JsonObject.Builder b = JsonObject.builder().put("name", t.name());
                    description(b, t);
                    out.add(b.put("inputSchema", t.parameters()).build());
                }
                return JsonObject.builder().put("tools", new JsonArray(out)).build().write();
            }
            default:
                throw new IllegalArgumentException("unknown dialect " + dialect);
        }
    }

    private static void description(JsonObject.Builder b, ToolSchema t) {
        if (!t.description().isEmpty()) {
            b.put("description", t.description());
        }
    }

    /**
     * OpenAI strict mode: in every object schema all properties are required, those that were not
     * become nullable, {@code additionalProperties: false}, and {@code default} is removed.
     */
    static JsonObject strict(JsonObject schema) {
        Map<String, Json> out = new LinkedHashMap<>(schema.members());
        out.remove("default");
        if (out.get("items") instanceof JsonObject items) {
            out.put("items", strict(items));
        }
        if (out.get("additionalProperties") instanceof JsonObject ap) {
            out.put("additionalProperties", strict(ap));
        }
        if (out.get("anyOf") instanceof JsonArray any) {
            out.put("anyOf", strictAll(any));
        }
        if (out.get("$defs") instanceof JsonObject defs) {
            Map<String, Json> d = new LinkedHashMap<>();
            for (Map.Entry<String, Json> e : defs.members().entrySet()) {
                d.put(e.getKey(), e.getValue() instanceof JsonObject o ? strict(o) : e.getValue());
            }
            out.put("$defs", new JsonObject(d));
        }
        if (out.get("properties") instanceof JsonObject props) {
            List<String> required = new ArrayList<>();
            if (out.get("required") instanceof JsonArray r) {
                for (Json j : r.elements()) {
                    if (j instanceof JsonString s) {
                        required.add(s.value());
                    }
                }
            }
            Map<String, Json> p = new LinkedHashMap<>();
            List<String> all = new ArrayList<>();
            for (Map.Entry<String, Json> e : props.members().entrySet()) {
                all.add(e.getKey());
                Json v = e.getValue();
                if (v instanceof JsonObject o) {
                    JsonObject s = strict(o);
                    p.put(e.getKey(), required.contains(e.getKey()) ? s : nullable(s));
                } else {
                    p.put(e.getKey(), v);
                }
            }
            out.put("properties", new JsonObject(p));
            if (all.isEmpty()) {
                out.remove("required");
            } else {
                out.put("required", JsonArray.ofStrings(all));
            }
            out.put("additionalProperties", new JsonBoolean(false));
        }
        return Schemas.ordered(out);
    }

    private static JsonArray strictAll(JsonArray a) {
        List<Json> out = new ArrayList<>();
        for (Json j : a.elements()) {
            out.add(j instanceof JsonObject o ? strict(o) : j);
        }
        return new JsonArray(out);
    }

    private static JsonObject nullable(JsonObject s) {
        Map<String, Json> out = new LinkedHashMap<>(s.members());
        Json type = out.get("type");
        if (type == null && (out.containsKey("$ref") || out.containsKey("anyOf"))) {
            Json description = out.remove("description");
            Map<String, Json> wrapper = new LinkedHashMap<>();
            if (description != null) {
                wrapper.put("description", description);
            }
            wrapper.put("anyOf", new JsonArray(List.of(Schemas.ordered(out),
                    JsonObject.builder().put("type", "null").build())));
            return Schemas.ordered(wrapper);
        }
        if (type instanceof JsonString t) {
            out.put("type", JsonArray.ofStrings(List.of(t.value(), "null")));
        } else if (type instanceof JsonArray ta) {
            if (!ta.elements().contains(Json.of("null"))) {
                List<Json> types = new ArrayList<>(ta.elements());
                types.add(Json.of("null"));
                out.put("type", new JsonArray(types));
            }
        }
        if (out.get("enum") instanceof JsonArray e && !e.elements().contains(Json.JsonNull.INSTANCE)) {
            List<Json> values = new ArrayList<>(e.elements());
            values.add(Json.JsonNull.INSTANCE);
            out.put("enum", new JsonArray(values));
        }
        return Schemas.ordered(out);
    }

    /**
     * Gemini's OpenAPI subset: {@code $ref} inlined from {@code $defs} (a recursive reference, one to
     * a definition already being expanded, met three references deep becomes
     * {@code {"type":"object"}}), no {@code $defs}, {@code additionalProperties} or {@code $schema}.
     *
     * @param chain the definitions being expanded around this schema, outermost first
     */
    static JsonObject gemini(JsonObject schema, JsonObject defs, List<String> chain) {
        Map<String, Json> out = new LinkedHashMap<>();
        Json ref = schema.get("$ref");
        if (ref instanceof JsonString r) {
            String name = r.value().startsWith("#/$defs/") ? r.value().substring("#/$defs/".length()) : r.value();
            boolean recursive = chain.contains(name);
            JsonObject target;
            if (!(defs.get(name) instanceof JsonObject def) || recursive && chain.size() >= GEMINI_MAX_REF_DEPTH) {
                target = JsonObject.builder().put("type", "object").build();
            } else {
                List<String> inner = new ArrayList<>(chain);
                inner.add(name);
                target = gemini(def, defs, inner);
            }
            out.putAll(target.members());
            for (Map.Entry<String, Json> e : schema.members().entrySet()) {
                if (!e.getKey().equals("$ref")) {
                    out.put(e.getKey(), geminiValue(e.getKey(), e.getValue(), defs, chain));
                }
            }
        } else {
            for (Map.Entry<String, Json> e : schema.members().entrySet()) {
                out.put(e.getKey(), geminiValue(e.getKey(), e.getValue(), defs, chain));
            }
        }
        out.remove("$defs");
        out.remove("additionalProperties");
        out.remove("$schema");
        return Schemas.ordered(out);
    }

    private static Json geminiValue(String key, Json value, JsonObject defs, List<String> chain) {
        switch (key) {
            case "items":
                return value instanceof JsonObject o ? gemini(o, defs, chain) : value;
            case "properties": {
                if (!(value instanceof JsonObject props)) {
                    return value;
                }
                Map<String, Json> p = new LinkedHashMap<>();
                for (Map.Entry<String, Json> e : props.members().entrySet()) {
                    p.put(e.getKey(), e.getValue() instanceof JsonObject o ? gemini(o, defs, chain) : e.getValue());
                }
                return new JsonObject(p);
            }
            case "anyOf": {
                if (!(value instanceof JsonArray a)) {
                    return value;
                }
                List<Json> l = new ArrayList<>();
                for (Json j : a.elements()) {
                    l.add(j instanceof JsonObject o ? gemini(o, defs, chain) : j);
                }
                return new JsonArray(l);
            }
            default:
                return value;
        }
    }
}
