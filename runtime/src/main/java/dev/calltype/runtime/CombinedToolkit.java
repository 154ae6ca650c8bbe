package dev.calltype.runtime;

import dev.calltype.runtime.internal.args.Names;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** One toolkit over several: calls are routed by tool name. */
final class CombinedToolkit implements Toolkit {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Toolkit> parts;
    private final List<ToolSpec> tools;
    private final Map<String, Toolkit> route = new LinkedHashMap<>();
    private final Map<SchemaDialect, String> schemas = new EnumMap<>(SchemaDialect.class);
    private final Map<CallFormat, String> instructions = new EnumMap<>(CallFormat.class);

    CombinedToolkit(List<Toolkit> parts) {
        this.parts = List.copyOf(parts);
        List<ToolSpec> all = new ArrayList<>();
        Map<String, Integer> owner = new LinkedHashMap<>();
        for (int i = 0; i < this.parts.size(); i++) {
            Toolkit part = this.parts.get(i);
            for (ToolSpec tool : part.tools()) {
                Integer previous = owner.putIfAbsent(tool.name(), i);
                if (previous != null) {
                    throw new IllegalArgumentException("tool name \"" + tool.name() + "\" is provided by both "
                            + describe(this.parts.get(previous), previous) + " and " + describe(part, i)
                            + "; rename one of the tools");
                }
                route.put(tool.name(), part);
                all.add(tool);
            }
        }
        this.tools = List.copyOf(all);
    }

    private static String describe(Toolkit toolkit, int index) {
        Class<?> type = toolkit.getClass();
        String name = type.getSimpleName().isEmpty() ? type.getName() : type.getSimpleName();
        return "toolkit #" + (index + 1) + " (" + name + ")";
    }

    @Override
    public List<ToolSpec> tools() {
        return tools;
    }

    /** Each toolkit's own schema text, merged: arrays concatenated, objects joined. */
    @Override
    public synchronized String schemaJson(SchemaDialect dialect) {
        return schemas.computeIfAbsent(dialect, this::merge);
    }

    private String merge(SchemaDialect dialect) {
        JsonNode merged = SchemaDialects.tree(List.of(), dialect);
        for (Toolkit part : parts) {
            JsonNode tree = read(part, dialect);
            if (merged.isArray()) {
                ((ArrayNode) merged).addAll((ArrayNode) tree);
            } else if (dialect == SchemaDialect.MCP) {
                ((ArrayNode) merged.get("tools")).addAll((ArrayNode) tree.get("tools"));
            } else {
                ((ObjectNode) merged).setAll((ObjectNode) tree);
            }
        }
        return SchemaDialects.write(merged);
    }

    /** A part's schema tree; rendered from its tools when its own text is not of the dialect's shape. */
    private static JsonNode read(Toolkit part, SchemaDialect dialect) {
        JsonNode tree;
        try {
            tree = JSON.readTree(part.schemaJson(dialect));
        } catch (Exception e) {
            tree = null;
        }
        boolean fits;
        if (tree == null) {
            fits = false;
        } else if (dialect == SchemaDialect.JSON_SCHEMA) {
            fits = tree.isObject();
        } else if (dialect == SchemaDialect.MCP) {
            fits = tree.isObject() && tree.path("tools").isArray();
        } else {
            fits = tree.isArray();
        }
        return fits ? tree : SchemaDialects.tree(part.tools(), dialect);
    }

    @Override
    public synchronized String formatInstructions(CallFormat format) {
        return instructions.computeIfAbsent(format, f -> FormatInstructions.render(tools, f));
    }

    @Override
    public ToolResult dispatch(ToolCall call) {
        Objects.requireNonNull(call, "call");
        Toolkit part = route.get(call.name());
        if (part == null) {
            ToolSpec tool = Names.resolve(call.name(), tools, ToolSpec::name);
            if (tool == null) {
                return Toolkits.notRouted(call, tools);
            }
            part = route.get(tool.name());
            call = call.withName(tool.name());
        }
        try {
            ToolResult result = part.dispatch(call);
            return result != null ? result
                    : ToolResult.failure(call.name(), call.id(), call.name() + " failed: it returned no result");
        } catch (RuntimeException | StackOverflowError | AssertionError | LinkageError e) {
            return ToolResult.failure(call.name(), call.id(), Toolkits.failed(call.name(), e));
        }
    }

    @Override
    public String toString() {
        return "CombinedToolkit" + route.keySet();
    }
}
