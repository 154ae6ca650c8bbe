package dev.calltype.runtime;

import dev.calltype.runtime.internal.args.Names;
import dev.calltype.runtime.internal.args.SchemaArguments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A toolkit over tools known at run time; calls are checked against each schema, then handed over. */
final class DynamicToolkit implements Toolkit {

    /** What a handler's {@code null} result is answered with. */
    static final String DONE = "done";

    private final List<ToolSpec> tools;
    private final Map<String, ToolSpec> byName = new LinkedHashMap<>();
    private final Map<String, SchemaArguments> checkers = new LinkedHashMap<>();
    private final ToolHandler handler;
    private final Map<SchemaDialect, String> schemas = new EnumMap<>(SchemaDialect.class);
    private final Map<PromptFormat, String> instructions = new EnumMap<>(PromptFormat.class);
    /** The extractor over {@link #tools}, made once: the tools never change. */
    private final ToolCallExtractor extractor;

    DynamicToolkit(List<ToolSpec> tools, ToolHandler handler) {
        this.tools = List.copyOf(tools);
        this.handler = handler;
        for (ToolSpec tool : this.tools) {
            if (byName.put(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named \"" + tool.name() + "\"");
            }
            checkers.put(tool.name(), new SchemaArguments(tool.parameters().deepCopy()));
        }
        this.extractor = ToolCallExtractor.builder().tools(this.tools).build();
    }

    @Override
    public List<ToolSpec> tools() {
        return tools;
    }

    /** The one extractor over these tools, kept ({@code handle} and the adapters use it for every call). */
    @Override
    public ToolCallExtractor extractor() {
        return extractor;
    }

    @Override
    public synchronized String schemaJson(SchemaDialect dialect) {
        return schemas.computeIfAbsent(dialect, d -> SchemaDialects.render(tools, d));
    }

    @Override
    public synchronized String formatInstructions(PromptFormat format) {
        return instructions.computeIfAbsent(format, f -> FormatInstructions.render(tools, f));
    }

    @Override
    public ToolResult dispatch(ToolCall call) {
        Objects.requireNonNull(call, "call");
        ToolSpec tool = byName.get(call.name());
        if (tool == null) {
            tool = Names.resolve(call.name(), tools, ToolSpec::name);
        }
        if (tool == null) {
            return ToolFailures.notRouted(call, tools);
        }
        try {
            SchemaArguments.Checked checked = checkers.get(tool.name()).check(call.arguments());
            if (!checked.valid()) {
                return ToolResult.failure(tool.name(), call.id(), ToolFailures.invalidArguments(tool, checked.problems()));
            }
            JsonNode value = handler.handle(tool.name(), checked.arguments());
            return ToolResult.success(tool.name(), call.id(), value == null ? JsonNodeFactory.instance.textNode(DONE) : value);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ToolResult.thrown(tool.name(), call.id(), e);
        } catch (Exception | StackOverflowError | AssertionError | LinkageError e) {
            return ToolResult.thrown(tool.name(), call.id(), e);
        }
    }

    @Override
    public String toString() {
        return "DynamicToolkit" + byName.keySet();
    }
}
