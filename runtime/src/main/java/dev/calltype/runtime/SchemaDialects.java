package dev.calltype.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.render.Dialects;
import dev.calltype.render.Json;
import dev.calltype.render.ToolSchema;
import dev.calltype.runtime.internal.args.SchemaNodes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Writes tools' parameter schemas in the shape each provider expects, from each {@link ToolSpec}'s
 * JSON Schema: compact JSON, keys in the order the schema has them. The rules live in one place,
 * {@code dev.calltype.render.Dialects}, which generated toolkits also render through, so the same
 * tools give the same bytes whether a toolkit was generated or built at run time.
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
 *       {@code $defs}, {@code additionalProperties}, {@code $schema} and the string formats Gemini
 *       rejects (all but {@code enum} and {@code date-time}) removed</li>
 *   <li>{@link SchemaDialect#MCP}: {@code {"tools":[{"name","description","inputSchema"}]}}</li>
 * </ul>
 * In every dialect a tool's {@code description} is left out when it is empty.
 */
public final class SchemaDialects {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemaDialects() {
    }

    /**
     * The tools' schemas in a dialect, as compact JSON.
     *
     * @param tools the tools, in the order the listing gives them
     * @param dialect the provider shape to write
     * @return the listing as compact JSON text, the same bytes a generated toolkit gives for the same tools
     * @throws IllegalArgumentException if two tools have the same name
     */
    public static String render(List<ToolSpec> tools, SchemaDialect dialect) {
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(dialect, "dialect");
        Set<String> names = new HashSet<>();
        for (ToolSpec tool : tools) {
            if (!names.add(tool.name())) {
                throw new IllegalArgumentException("two tools are named \"" + tool.name() + "\"");
            }
        }
        return Dialects.render(schemas(tools), dialect.name());
    }

    /** The tools' schemas in a dialect, as a fresh tree. */
    static JsonNode tree(List<ToolSpec> tools, SchemaDialect dialect) {
        return tree(render(tools, dialect));
    }

    /** The tools as the renderers take them: each schema as compact JSON text. */
    static List<ToolSchema> schemas(List<ToolSpec> tools) {
        List<ToolSchema> out = new ArrayList<>(tools.size());
        for (ToolSpec tool : tools) {
            out.add(schema(tool));
        }
        return out;
    }

    static ToolSchema schema(ToolSpec tool) {
        return ToolSchema.ofText(tool.name(), tool.description(), SchemaNodes.write(tool.parameters()));
    }

    /** A schema as OpenAI strict mode wants it (for tests of the rule as the runtime applies it). */
    static ObjectNode strict(ObjectNode schema) {
        return (ObjectNode) tree(Dialects.strict(parse(schema)).write());
    }

    /** A schema in Gemini's subset (for tests of the rule as the runtime applies it). */
    static ObjectNode gemini(ObjectNode schema) {
        return (ObjectNode) tree(Dialects.gemini(parse(schema)).write());
    }

    private static Json.JsonObject parse(ObjectNode schema) {
        return ToolSchema.ofText("schema", "", SchemaNodes.write(schema)).parameters();
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read rendered JSON", e);
        }
    }
}
