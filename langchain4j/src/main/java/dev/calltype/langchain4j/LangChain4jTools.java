package dev.calltype.langchain4j;

import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Calltype toolkits as LangChain4j tools: each tool's specification carries the schema the processor generated
 * (see {@link #toolSpecification}), and each call runs through the toolkit's dispatch, so malformed arguments
 * are repaired or answered with a correction, values are coerced to the declared types, and a tool's exception
 * goes back to the model as text flagged as an error, never as a stack trace.
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .toolProvider(LangChain4jTools.toolProvider(new WarehouseTools(warehouse)))
 *         .hallucinatedToolNameStrategy(LangChain4jTools.unknownTool(new WarehouseTools(warehouse)))
 *         .build();
 * }</pre>
 */
public final class LangChain4jTools {

    private LangChain4jTools() {
    }

    /**
     * A tool provider for {@code AiServices.builder(…).toolProvider(…)} over the toolkits' tools.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return a provider that offers the same tools, in order, for every request
     * @throws IllegalArgumentException when two toolkits have a tool of the same name, or a schema cannot be
     *     carried by a {@link ToolSpecification} (see {@link #toolSpecification})
     */
    public static ToolProvider toolProvider(Toolkit... toolkits) {
        ToolProviderResult result = new ToolProviderResult(tools(toolkits));
        return request -> result;
    }

    /**
     * The toolkits' tools, in order, for {@code AiServices.builder(…).tools(…)}: each tool's specification and an
     * executor that runs it through the toolkit's dispatch. The executor answers
     * {@code executeWithContext} with {@code isError} set for failures.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return the specifications with their executor, in the toolkits' order, unmodifiable
     * @throws IllegalArgumentException when two toolkits have a tool of the same name, or a schema cannot be
     *     carried by a {@link ToolSpecification}
     */
    public static Map<ToolSpecification, ToolExecutor> tools(Toolkit... toolkits) {
        Toolkit all = one(toolkits);
        ToolkitExecutor executor = new ToolkitExecutor(all);
        Map<ToolSpecification, ToolExecutor> tools = new LinkedHashMap<>();
        for (ToolSpec tool : all.tools()) {
            tools.put(toolSpecification(tool), executor);
        }
        return Collections.unmodifiableMap(tools);
    }

    /**
     * The answer to a call of a tool none of the toolkits has, for
     * {@code AiServices.builder(…).hallucinatedToolNameStrategy(…)}: the toolkit's own message (the name, the
     * closest known name, the tools there are), flagged as an error, instead of LangChain4j's exception.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return the strategy, answering each request with an error result message of the request's id and name
     */
    public static Function<ToolExecutionRequest, ToolExecutionResultMessage> unknownTool(Toolkit... toolkits) {
        Toolkit all = one(toolkits);
        ToolkitExecutor executor = new ToolkitExecutor(all);
        return request -> {
            ToolResult result = executor.run(request);
            return ToolExecutionResultMessage.builder()
                    .id(request.id())
                    .toolName(request.name())
                    .text(result.content())
                    .isError(result.isError())
                    .build();
        };
    }

    /**
     * A tool as a LangChain4j {@link ToolSpecification}: name, description and the generated parameters schema.
     * Every keyword reaches the provider as generated: parts LangChain4j's typed schema elements can hold
     * exactly become those elements, the rest (formats, defaults, bounds, patterns, map value schemas, described
     * references, nullable types) become raw schemas of the exact JSON. The root's {@code $schema} keyword is
     * not carried (a {@code ToolSpecification} has no place for it).
     *
     * @param tool the tool, as a toolkit lists it
     * @return the specification
     * @throws IllegalArgumentException when the root of the schema has keywords a {@code ToolSpecification}
     *     cannot hold (generated toolkits never have any)
     */
    public static ToolSpecification toolSpecification(ToolSpec tool) {
        Objects.requireNonNull(tool, "tool");
        ToolSpecification.Builder out = ToolSpecification.builder()
                .name(tool.name())
                .parameters(SchemaElements.parameters(tool.name(), tool.parameters()));
        if (!tool.description().isEmpty()) {
            out.description(tool.description());
        }
        return out.build();
    }

    private static Toolkit one(Toolkit... toolkits) {
        Objects.requireNonNull(toolkits, "toolkits");
        return toolkits.length == 1 ? Objects.requireNonNull(toolkits[0], "toolkit") : Toolkits.combine(toolkits);
    }
}
