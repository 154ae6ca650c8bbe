package dev.calltype.render;

import dev.calltype.render.Json;
import dev.calltype.render.Json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The key order of schema objects, shared with the runtime's renderer (see shared-rendering.md). */
public final class Schemas {

    public static final String SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema";

    private static final List<String> ORDER = List.of("$schema", "type", "description", "format", "enum", "default",
            "minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "items", "properties",
            "required", "additionalProperties", "anyOf", "$ref");

    private Schemas() {
    }

    /** The schema's keys in the canonical order; {@code $defs} last, unknown keys before it. */
    public static JsonObject ordered(Map<String, Json> members) {
        Map<String, Json> out = new LinkedHashMap<>();
        for (String key : ORDER) {
            Json v = members.get(key);
            if (v != null) {
                out.put(key, v);
            }
        }
        List<String> rest = new ArrayList<>();
        for (String key : members.keySet()) {
            if (!ORDER.contains(key) && !key.equals("$defs")) {
                rest.add(key);
            }
        }
        for (String key : rest) {
            out.put(key, members.get(key));
        }
        if (members.containsKey("$defs")) {
            out.put("$defs", members.get("$defs"));
        }
        return new JsonObject(out);
    }
}
