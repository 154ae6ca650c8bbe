package dev.calltype.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads tool listings as providers and MCP servers publish them into {@link ToolSpec}s, so tools
 * defined at run time get the same name checks, positional mapping and schema typing as generated
 * ones.
 */
public final class ToolSpecs {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolSpecs() {
    }

    /**
     * Parses an OpenAI {@code tools} array ({@code [{"type":"function","function":{…}}]}), an MCP
     * listing ({@code {"tools":[{"name","description","inputSchema"}]}}) or an Anthropic
     * {@code tools} array ({@code [{"name","description","input_schema"}]}). Parameter order is the
     * order of the schema's {@code properties}. An MCP tool whose {@code annotations} say
     * {@code "readOnlyHint": true} is {@link ToolSpec#readOnly() read-only}; every other tool is not. An MCP
     * tool's {@code outputSchema} becomes its {@link ToolSpec#outputSchema()}.
     *
     * @param json the listing as JSON text
     * @return the tools in the listing's order, an unmodifiable list
     * @throws IllegalArgumentException with a message saying what is wrong and where
     */
    public static List<ToolSpec> fromJson(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("tools listing is not valid JSON: " + e.getOriginalMessage()
                    + " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        }
        if (root == null || root.isMissingNode()) {
            throw new IllegalArgumentException("tools listing is empty");
        }
        JsonNode list = root;
        if (root.isObject()) {
            if (!root.has("tools")) {
                throw new IllegalArgumentException(
                        "tools listing must be an OpenAI tools array or an MCP object with a \"tools\" array");
            }
            list = root.get("tools");
        }
        if (!list.isArray()) {
            throw new IllegalArgumentException("\"tools\" must be an array");
        }
        List<ToolSpec> specs = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < list.size(); i++) {
            ToolSpec spec = one(list.get(i), i);
            if (!names.add(spec.name())) {
                throw new IllegalArgumentException("tool #" + i + ": the name \"" + spec.name() + "\" is listed twice");
            }
            specs.add(spec);
        }
        return List.copyOf(specs);
    }

    private static ToolSpec one(JsonNode entry, int index) {
        if (!entry.isObject()) {
            throw new IllegalArgumentException("tool #" + index + " must be an object");
        }
        JsonNode def = entry.has("function") && entry.get("function").isObject() ? entry.get("function") : entry;
        JsonNode name = def.get("name");
        if (name == null || !name.isTextual() || name.textValue().isBlank()) {
            throw new IllegalArgumentException("tool #" + index + " has no \"name\"");
        }
        JsonNode schema = firstPresent(def, "parameters", "inputSchema", "input_schema");
        ObjectNode params;
        if (schema == null || schema.isNull()) {
            params = JsonNodeFactory.instance.objectNode().put("type", "object");
            params.putObject("properties");
        } else if (schema.isObject()) {
            params = (ObjectNode) schema;
        } else {
            throw new IllegalArgumentException("tool \"" + name.textValue() + "\": the parameter schema must be an object");
        }
        List<String> order = new ArrayList<>();
        JsonNode props = params.get("properties");
        if (props != null && props.isObject()) {
            for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
                order.add(it.next());
            }
        }
        JsonNode description = def.get("description");
        boolean readOnly = readOnlyHint(entry) || readOnlyHint(def);
        JsonNode output = def.get("outputSchema");
        return new ToolSpec(name.textValue(), description != null && description.isTextual() ? description.textValue() : "",
                params, order, false, readOnly,
                output != null && output.isObject() ? Optional.of((ObjectNode) output) : Optional.empty());
    }

    /** Whether an MCP tool's {@code annotations} say {@code "readOnlyHint": true} (the JSON value true only). */
    private static boolean readOnlyHint(JsonNode tool) {
        JsonNode hint = tool.path("annotations").path("readOnlyHint");
        return hint.isBoolean() && hint.booleanValue();
    }

    private static JsonNode firstPresent(JsonNode node, String... keys) {
        for (String k : keys) {
            if (node.has(k)) {
                return node.get(k);
            }
        }
        return null;
    }
}
