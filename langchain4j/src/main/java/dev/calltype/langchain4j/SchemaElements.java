package dev.calltype.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Calltype tool's JSON Schema as LangChain4j schema elements, without losing anything a provider is sent.
 *
 * <p>A schema becomes LangChain4j's typed element ({@link JsonStringSchema}, {@link JsonEnumSchema},
 * {@link JsonObjectSchema}, …) only when that element carries every keyword the schema has; a schema with a
 * keyword the typed elements cannot hold ({@code format}, {@code default}, {@code minimum}, {@code pattern},
 * a map's {@code additionalProperties} schema, a type array, a described {@code $ref}, …) becomes a
 * {@link JsonRawSchema} of its exact JSON, which LangChain4j's providers send as it is. The root is always a
 * {@link JsonObjectSchema} (that is what {@code ToolSpecification} takes): its {@code properties}, {@code required},
 * {@code description} and {@code $defs} are sent as they are; {@code additionalProperties: false} is kept on the
 * element but LangChain4j's providers write it only in strict mode; {@code $schema} is not kept (there is no place
 * for it, and providers do not want it); any other root keyword is refused.
 */
final class SchemaElements {

    /** The keywords the root object keeps. */
    private static final Set<String> ROOT = Set.of("$schema", "type", "properties", "required",
            "additionalProperties", "description", "$defs");

    private SchemaElements() {
    }

    /** A tool's parameters schema (an object schema) as the {@link JsonObjectSchema} a tool specification takes. */
    static JsonObjectSchema parameters(String tool, ObjectNode schema) {
        for (Iterator<String> it = schema.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!ROOT.contains(key)) {
                throw new IllegalArgumentException("tool \"" + tool + "\": its parameters schema has the keyword \""
                        + key + "\" at the root, which a LangChain4j ToolSpecification cannot carry");
            }
        }
        JsonNode type = schema.get("type");
        if (type != null && !"object".equals(type.textValue())) {
            throw new IllegalArgumentException("tool \"" + tool + "\": its parameters schema must be of type object");
        }
        JsonNode additional = schema.get("additionalProperties");
        if (additional != null && !additional.isBoolean()) {
            throw new IllegalArgumentException("tool \"" + tool + "\": a schema for additionalProperties at the root"
                    + " cannot be carried by a LangChain4j ToolSpecification");
        }
        JsonObjectSchema.Builder out = object(schema);
        JsonNode defs = schema.get("$defs");
        if (defs != null && defs.isObject()) {
            Map<String, JsonSchemaElement> definitions = new LinkedHashMap<>();
            defs.fields().forEachRemaining(d -> definitions.put(d.getKey(), element(d.getValue())));
            out.definitions(definitions);
        }
        return out.build();
    }

    /** One schema as the typed element that holds all of it, else as its raw JSON. */
    static JsonSchemaElement element(JsonNode schema) {
        if (!schema.isObject()) {
            return raw(schema);
        }
        String description = text(schema.get("description"));
        int described = schema.has("description") ? 1 : 0;
        if (description == null && described == 1) {
            return raw(schema);
        }
        int keys = schema.size() - described;
        JsonNode type = schema.get("type");
        String kind = type == null ? null : type.textValue();
        if (type != null && kind == null) {
            return raw(schema);                                     // a type array: integer|null
        }
        if (schema.has("$ref")) {
            String ref = text(schema.get("$ref"));
            // LangChain4j's reference element has no description and points into $defs only.
            if (keys == 1 && described == 0 && ref != null && ref.startsWith("#/$defs/")) {
                return JsonReferenceSchema.builder().reference(ref.substring("#/$defs/".length())).build();
            }
            return raw(schema);
        }
        if (schema.has("anyOf")) {
            JsonNode members = schema.get("anyOf");
            if (keys != 1 || !members.isArray() || members.isEmpty()) {
                return raw(schema);
            }
            List<JsonSchemaElement> anyOf = new ArrayList<>();
            members.forEach(m -> anyOf.add(element(m)));
            return JsonAnyOfSchema.builder().description(description).anyOf(anyOf).build();
        }
        if (schema.has("enum")) {
            List<String> values = strings(schema.get("enum"));
            // LangChain4j writes an enum as {"type": "string", "enum": [...]}: only string enums that say so fit.
            if (values == null || !"string".equals(kind) || keys != 2) {
                return raw(schema);
            }
            return JsonEnumSchema.builder().description(description).enumValues(values).build();
        }
        if (kind == null) {
            return raw(schema);
        }
        switch (kind) {
            case "string":
                return keys == 1 ? JsonStringSchema.builder().description(description).build() : raw(schema);
            case "integer":
                return keys == 1 ? JsonIntegerSchema.builder().description(description).build() : raw(schema);
            case "number":
                return keys == 1 ? JsonNumberSchema.builder().description(description).build() : raw(schema);
            case "boolean":
                return keys == 1 ? JsonBooleanSchema.builder().description(description).build() : raw(schema);
            case "null":
                return keys == 1 && described == 0 ? new JsonNullSchema() : raw(schema);
            case "array":
                JsonNode items = schema.get("items");
                if (keys != 2 || items == null || !items.isObject()) {
                    return raw(schema);
                }
                return JsonArraySchema.builder().description(description).items(element(items)).build();
            case "object":
                return objectFits(schema, keys) ? object(schema).build() : raw(schema);
            default:
                return raw(schema);
        }
    }

    /**
     * Whether an object schema has only what {@link JsonObjectSchema} sends as it is: {@code properties} and
     * {@code required}. LangChain4j writes {@code additionalProperties} only in strict mode (and then always
     * {@code false}), and {@code "required": []} when there is none, so objects with the one or without the
     * other go raw.
     */
    private static boolean objectFits(JsonNode schema, int keys) {
        JsonNode properties = schema.get("properties");
        return properties != null && properties.isObject() && strings(schema.get("required")) != null && keys == 3;
    }

    private static JsonObjectSchema.Builder object(JsonNode schema) {
        JsonObjectSchema.Builder out = JsonObjectSchema.builder().description(text(schema.get("description")));
        JsonNode properties = schema.get("properties");
        if (properties != null && properties.isObject()) {
            Map<String, JsonSchemaElement> elements = new LinkedHashMap<>();
            properties.fields().forEachRemaining(p -> elements.put(p.getKey(), element(p.getValue())));
            out.addProperties(elements);
        }
        List<String> required = strings(schema.get("required"));
        if (required != null) {
            out.required(required);
        }
        JsonNode additional = schema.get("additionalProperties");
        if (additional != null && additional.isBoolean()) {
            out.additionalProperties(additional.booleanValue());
        }
        return out;
    }

    /**
     * The other way: a tool's parameters, as any LangChain4j tool specification carries them (its own {@code @Tool}
     * methods, a hand-written specification, an MCP tool), as the JSON Schema they stand for; an empty object schema
     * when there are none.
     */
    static ObjectNode json(JsonObjectSchema parameters) {
        if (parameters == null) {
            ObjectNode empty = JsonNodeFactory.instance.objectNode().put("type", "object");
            empty.putObject("properties");
            return empty;
        }
        ObjectNode out = (ObjectNode) json((JsonSchemaElement) parameters);
        if (parameters.definitions() != null && !parameters.definitions().isEmpty()) {
            ObjectNode defs = out.putObject("$defs");
            parameters.definitions().forEach((name, d) -> defs.set(name, json(d)));
        }
        return out;
    }

    /** One element as JSON Schema. */
    static JsonNode json(JsonSchemaElement element) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode out = f.objectNode();
        if (element instanceof JsonRawSchema r) {
            try {
                return READER.readTree(r.schema());
            } catch (JsonProcessingException e) {
                return out;                                         // no schema: any value
            }
        } else if (element instanceof JsonObjectSchema o) {
            out.put("type", "object");
            ObjectNode properties = out.putObject("properties");
            if (o.properties() != null) {
                o.properties().forEach((name, p) -> properties.set(name, json(p)));
            }
            if (o.required() != null && !o.required().isEmpty()) {
                ArrayNode required = out.putArray("required");
                o.required().forEach(required::add);
            }
            if (o.additionalProperties() != null) {
                out.put("additionalProperties", o.additionalProperties());
            }
            describe(out, o.description());
        } else if (element instanceof JsonStringSchema e) {
            describe(out.put("type", "string"), e.description());
        } else if (element instanceof JsonIntegerSchema e) {
            describe(out.put("type", "integer"), e.description());
        } else if (element instanceof JsonNumberSchema e) {
            describe(out.put("type", "number"), e.description());
        } else if (element instanceof JsonBooleanSchema e) {
            describe(out.put("type", "boolean"), e.description());
        } else if (element instanceof JsonNullSchema) {
            out.put("type", "null");
        } else if (element instanceof JsonEnumSchema e) {
            out.put("type", "string");
            ArrayNode values = out.putArray("enum");
            e.enumValues().forEach(values::add);
            describe(out, e.description());
        } else if (element instanceof JsonArraySchema e) {
            out.put("type", "array");
            if (e.items() != null) {
                out.set("items", json(e.items()));
            }
            describe(out, e.description());
        } else if (element instanceof JsonAnyOfSchema e) {
            ArrayNode anyOf = out.putArray("anyOf");
            e.anyOf().forEach(m -> anyOf.add(json(m)));
            describe(out, e.description());
        } else if (element instanceof JsonReferenceSchema e) {
            out.put("$ref", "#/$defs/" + e.reference());
            describe(out, e.description());
        }
        return out;                                                 // an element of a kind not known here: any value
    }

    private static ObjectNode describe(ObjectNode schema, String description) {
        return description == null ? schema : schema.put("description", description);
    }

    private static final ObjectMapper READER = new ObjectMapper();

    private static JsonRawSchema raw(JsonNode schema) {
        return JsonRawSchema.from(schema.toString());
    }

    private static String text(JsonNode node) {
        return node != null && node.isTextual() ? node.textValue() : null;
    }

    /** The node's values when it is an array of strings, else {@code null}. */
    private static List<String> strings(JsonNode node) {
        if (node == null || !node.isArray()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (JsonNode v : node) {
            if (!v.isTextual()) {
                return null;
            }
            out.add(v.textValue());
        }
        return out;
    }
}
