package dev.calltype.langchain4j;

import dev.calltype.runtime.Approver;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.Approvals;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Calltype inside LangChain4j: a chat model whose replies are repaired before {@code AiServices} sees them
 * ({@link #repairing(ChatModel)}, {@link #repairing(StreamingChatModel)}), and Calltype toolkits as LangChain4j
 * tools.
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(LangChain4jTools.repairing(model))            // calls written as text run too
 *         .tools(new WeatherTools())                               // any LangChain4j tools
 *         .build();
 * }</pre>
 *
 * <p>Each toolkit tool's specification carries the schema the processor generated (see {@link #toolSpecification}),
 * and each call runs through the toolkit's dispatch, so malformed arguments are repaired, values are coerced to the
 * declared types, and failures go LangChain4j's error path (its {@code toolArgumentsErrorHandler} and
 * {@code toolExecutionErrorHandler}) with the text written for the model. A tool marked
 * {@code @Tool(confirm = true)} runs only when the approver given says yes; without one it is declined.
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
     * The model, with each reply repaired against the tools its request offers (whoever defined them: LangChain4j
     * {@code @Tool} methods, tool providers, Calltype toolkits, MCP): calls the model wrote in its text, in any format
     * Calltype reads, become tool execution requests, the markup taken out of the text and reasoning moved to the
     * message's thinking; native calls get their arguments repaired (single quotes, fences, double encoding) and
     * coerced to the tool's schema, and their names resolved to the tools offered. A call that cannot be run (a tool
     * name none of the tools has, arguments cut off) is answered for the model, which is asked again (at most twice
     * in a row), instead of ending the request. A reply that ended at the token limit ({@code FinishReason.LENGTH})
     * never runs its last call, native or in the text, even when its arguments close. A request that offers no
     * tools is sent as it is. Every request path is repaired alike: {@code chat} and {@code doChat}, with or without
     * {@code ChatRequestOptions}, and on langchain4j-core 1.20 and later {@code chatAsync} and {@code doChatAsync}.
     *
     * @param model the LangChain4j model (OpenAI, Ollama, …)
     * @return the repairing model, for {@code AiServices.builder(…).chatModel(…)} or direct use
     * @throws NullPointerException when {@code model} is {@code null}
     */
    public static ChatModel repairing(ChatModel model) {
        return new RepairingChatModel(Objects.requireNonNull(model, "model"));
    }

    /**
     * The streaming model, repaired as {@link #repairing(ChatModel)} repairs replies: the text tokens pass through
     * Calltype's streaming reader, so the user never sees call markup and reasoning arrives as thinking; native
     * tool-call chunks are merged by index (ids repeated or empty, names split across chunks); the complete reply,
     * and the calls it carries, are the same as without streaming. Both streams are repaired alike: the
     * {@code StreamingChatResponseHandler} and, on langchain4j-core 1.20 and later, the {@code Flow.Publisher} of
     * {@code chat(ChatRequest)}.
     *
     * @param model the LangChain4j streaming model
     * @return the repairing model, for {@code AiServices.builder(…).streamingChatModel(…)} or direct use
     * @throws NullPointerException when {@code model} is {@code null}
     */
    public static StreamingChatModel repairing(StreamingChatModel model) {
        return new RepairingStreamingChatModel(Objects.requireNonNull(model, "model"));
    }

    /**
     * A tool provider for {@code AiServices.builder(…).toolProvider(…)} over the toolkits' tools; calls to tools that
     * need confirmation are declined (see {@link #toolProvider(Approver, Toolkit...)}).
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return a provider that offers the same tools, in order, for every request
     * @throws IllegalArgumentException when two toolkits have a tool of the same name, or a schema cannot be
     *     carried by a {@link ToolSpecification} (see {@link #toolSpecification})
     */
    public static ToolProvider toolProvider(Toolkit... toolkits) {
        return toolProvider(null, toolkits);
    }

    /**
     * A tool provider over the toolkits' tools whose calls to tools that need confirmation
     * ({@code @Tool(confirm = true)}) go to the approver first, as {@code ToolLoop}'s do.
     *
     * @param approver decides on each call to a tool that needs confirmation; {@code null} declines them all, and the
     *     model is told why
     * @param toolkits the toolkits, in the order their tools are listed
     * @return a provider that offers the same tools, in order, for every request
     * @throws IllegalArgumentException when two toolkits have a tool of the same name, or a schema cannot be
     *     carried by a {@link ToolSpecification}
     */
    public static ToolProvider toolProvider(Approver approver, Toolkit... toolkits) {
        ToolProviderResult result = new ToolProviderResult(tools(approver, toolkits));
        return request -> result;
    }

    /**
     * The toolkits' tools, in order, for {@code AiServices.builder(…).tools(…)}: each tool's specification and an
     * executor that runs it through the toolkit's dispatch; calls to tools that need confirmation are declined (see
     * {@link #tools(Approver, Toolkit...)}). A failure goes LangChain4j's error path: arguments that cannot
     * be read or do not fit throw a {@code ToolArgumentsException}, a tool that fails a {@code ToolExecutionException},
     * each with the text for the model as its message, for the service's error handlers.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return the specifications with their executor, in the toolkits' order, unmodifiable
     * @throws IllegalArgumentException when two toolkits have a tool of the same name, or a schema cannot be
     *     carried by a {@link ToolSpecification}
     */
    public static Map<ToolSpecification, ToolExecutor> tools(Toolkit... toolkits) {
        return tools(null, toolkits);
    }

    /**
     * The toolkits' tools, as {@link #tools(Toolkit...)} gives them, whose calls to tools that need confirmation
     * ({@code @Tool(confirm = true)}) go to the approver first, as {@code ToolLoop}'s do.
     *
     * @param approver decides on each call to a tool that needs confirmation; {@code null} declines them all, and the
     *     model is told why
     * @param toolkits the toolkits, in the order their tools are listed
     * @return the specifications with their executor, in the toolkits' order, unmodifiable
     * @throws IllegalArgumentException when two toolkits have a tool of the same name, or a schema cannot be
     *     carried by a {@link ToolSpecification}
     */
    public static Map<ToolSpecification, ToolExecutor> tools(Approver approver, Toolkit... toolkits) {
        Toolkit all = one(toolkits);
        ToolkitExecutor executor = new ToolkitExecutor(all, approver);
        Map<ToolSpecification, ToolExecutor> tools = new LinkedHashMap<>();
        for (ToolSpec tool : all.tools()) {
            tools.put(toolSpecification(tool), executor);
        }
        return Collections.unmodifiableMap(tools);
    }

    /**
     * The answer to a call of a tool name the service does not have, for
     * {@code AiServices.builder(…).hallucinatedToolNameStrategy(…)}: the toolkit's own message (the name, the
     * closest known name, the tools there are), flagged as an error, instead of LangChain4j's exception. Nothing is
     * run for it, whatever the name resembles ({@code functions.delete_note}, {@code deleteNote}): LangChain4j asks
     * this only for names none of the request's tools has, so the model is told the tool's name and calls it again
     * through the tools the service offers, with their approval.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return the strategy, answering each request with an error result message of the request's id and name
     */
    public static Function<ToolExecutionRequest, ToolExecutionResultMessage> unknownTool(Toolkit... toolkits) {
        Toolkit all = one(toolkits);
        return request -> {
            ToolResult result = Approvals.notOffered(all, request.name(), request.id());
            return ToolExecutionResultMessage.builder()
                    .id(request.id())
                    .toolName(request.name())
                    .text(result.content())
                    .isError(true)
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
