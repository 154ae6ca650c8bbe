package dev.calltype.springai;

import dev.calltype.runtime.Approver;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;

/**
 * Calltype inside Spring AI: a chat model whose replies are repaired before {@code ChatClient} sees them
 * ({@link #repairing(ChatModel)}), and Calltype toolkits as Spring AI tools.
 *
 * <pre>{@code
 * ChatClient chat = ChatClient.create(SpringAiTools.repairing(chatModel));   // calls written as text run too
 * String answer = chat.prompt("Weather in Oslo?").tools(new WeatherTools()).call().content();
 * }</pre>
 *
 * <p>Calltype toolkits as Spring AI tools: each {@link ToolCallback}'s {@link ToolDefinition} carries the schema the
 * processor generated, as JSON text, exactly; each call runs through the toolkit's dispatch, so malformed
 * arguments are repaired or answered with a correction, values are coerced to the declared types, and a tool's
 * exception goes back to the model as text, never as a stack trace.
 *
 * <pre>{@code
 * String answer = ChatClient.create(chatModel)
 *         .prompt("Reserve three WH-1042 for Bergen, express.")
 *         .toolCallbacks(SpringAiTools.toolCallbacks(new WarehouseTools(warehouse)))
 *         .call()
 *         .content();
 * }</pre>
 */
public final class SpringAiTools {

    /**
     * How many rounds of tool calls a {@linkplain #repairing(ChatModel) repairing} model runs for one request when
     * no other limit is given: 100, the limit LangChain4j's {@code AiServices} puts on sequential tool calls. Each
     * reply may make at most {@code ToolLoop.DEFAULT_MAX_CALLS_PER_REPLY} calls.
     */
    public static final int DEFAULT_MAX_ROUNDS = 100;

    private SpringAiTools() {
    }

    /**
     * The model, with each reply repaired against the tools its prompt offers (whoever defined them: {@code @Tool}
     * methods, function callbacks, Calltype toolkits, MCP): calls the model wrote in its text, in any format Calltype
     * reads, become tool calls, the markup taken out of the text and reasoning moved to the message's
     * {@code reasoningContent} metadata; native calls get their arguments repaired (single quotes, fences, double
     * encoding) and coerced to the tool's schema, their names resolved to the tools offered, and when streamed their
     * chunks merged (ids repeated or empty, names split across chunks). A call that cannot be run (a tool name none of
     * the tools has, arguments cut off) is answered for the model, which is asked again (at most twice in a row),
     * instead of failing the request. A reply that ended at the token limit (Spring AI's finish reason
     * {@code length}, {@code LENGTH}, {@code max_tokens}) never runs its last call, native or written in the text,
     * even when its arguments close: the model is told it was cut off and asked again.
     *
     * <p>Who runs the repaired calls depends on the Spring AI line. On 1.1 ({@code calltype-spring-ai}), with
     * internal tool execution on (its default), they run here through a default {@link ToolCallingManager}, so the
     * tools' callbacks, observations and {@code returnDirect} apply as they do inside a provider model (see
     * {@link #repairing(ChatModel, ToolCallingManager)} to give your own); a model still calling tools after
     * {@link #DEFAULT_MAX_ROUNDS} rounds fails the request (its last calls are not run). On 2.x
     * ({@code calltype-spring-ai2}) models never run tools: the repaired calls go back in the response, and
     * {@code ChatClient}'s tool-calling advisor runs them, with its own limits. Either way a reply that makes more
     * than {@code ToolLoop.DEFAULT_MAX_CALLS_PER_REPLY} calls runs none of them (the model is asked again with
     * fewer), and a prompt that offers no tools is sent as it is.
     *
     * @param model the Spring AI model (OpenAI, Ollama, …)
     * @return the repairing model, for {@code ChatClient.create(…)} or direct use
     * @throws NullPointerException when {@code model} is {@code null}
     */
    public static ChatModel repairing(ChatModel model) {
        return repairing(model, ToolCallingManager.builder().build());
    }

    /**
     * The model repaired as {@link #repairing(ChatModel)} repairs it, running tools through the given manager (the
     * one your provider model is built with, for its resolver and observation registry).
     *
     * @param model the Spring AI model
     * @param manager resolves the tools a prompt names and, on Spring AI 1.1 with internal tool execution on, runs
     *     the calls
     * @return the repairing model
     * @throws NullPointerException when an argument is {@code null}
     */
    public static ChatModel repairing(ChatModel model, ToolCallingManager manager) {
        return repairing(model, manager, DEFAULT_MAX_ROUNDS);
    }

    /**
     * The model repaired as {@link #repairing(ChatModel, ToolCallingManager)} repairs it, with its own round limit.
     *
     * @param model the Spring AI model
     * @param manager resolves the tools a prompt names and, on Spring AI 1.1 with internal tool execution on, runs
     *     the calls
     * @param maxRounds how many rounds of tool calls one request may run here (at least 1); a model still calling
     *     tools after them fails the request with an {@link IllegalStateException}, and its last calls are not run
     *     (Spring AI 1.1; on 2.x {@code ChatClient}'s tool-calling advisor runs the rounds under its own limits, and
     *     this one is not used)
     * @return the repairing model
     * @throws NullPointerException when an argument is {@code null}
     * @throws IllegalArgumentException when {@code maxRounds} is below 1
     */
    public static ChatModel repairing(ChatModel model, ToolCallingManager manager, int maxRounds) {
        if (maxRounds < 1) {
            throw new IllegalArgumentException("maxRounds must be at least 1, got " + maxRounds);
        }
        return SpringAiLine.repairing(Objects.requireNonNull(model, "model"), Objects.requireNonNull(manager,
                "manager"), maxRounds);
    }

    /**
     * A provider of the toolkits' callbacks, for {@code ChatClient.Builder.defaultToolCallbacks(…)} or as a
     * Spring bean.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return a provider of the callbacks {@link #toolCallbacks} gives
     * @throws IllegalArgumentException when two toolkits have a tool of the same name
     */
    public static ToolCallbackProvider toolCallbackProvider(Toolkit... toolkits) {
        return ToolCallbackProvider.from(toolCallbacks(toolkits));
    }

    /**
     * A provider of the toolkits' callbacks whose calls to tools that need confirmation ({@code @Tool(confirm =
     * true)}) go to the approver first, as {@code ToolLoop}'s do.
     *
     * @param approver decides on each call to a tool that needs confirmation; {@code null} declines them all, and the
     *     model is told why
     * @param toolkits the toolkits, in the order their tools are listed
     * @return a provider of the callbacks {@link #toolCallbacks(Approver, Toolkit...)} gives
     * @throws IllegalArgumentException when two toolkits have a tool of the same name
     */
    public static ToolCallbackProvider toolCallbackProvider(Approver approver, Toolkit... toolkits) {
        return ToolCallbackProvider.from(toolCallbacks(approver, toolkits));
    }

    /**
     * The toolkits' tools as callbacks, in order: each runs its call through the toolkit's dispatch; calls to tools
     * that need confirmation are declined (see {@link #toolCallbacks(Approver, Toolkit...)}).
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return the callbacks, in the toolkits' order, unmodifiable
     * @throws IllegalArgumentException when two toolkits have a tool of the same name
     */
    public static List<ToolCallback> toolCallbacks(Toolkit... toolkits) {
        return toolCallbacks(null, toolkits);
    }

    /**
     * The toolkits' tools as callbacks, as {@link #toolCallbacks(Toolkit...)} gives them, whose calls to tools that
     * need confirmation ({@code @Tool(confirm = true)}) go to the approver first, as {@code ToolLoop}'s do.
     *
     * @param approver decides on each call to a tool that needs confirmation; {@code null} declines them all, and the
     *     model is told why
     * @param toolkits the toolkits, in the order their tools are listed
     * @return the callbacks, in the toolkits' order, unmodifiable
     * @throws IllegalArgumentException when two toolkits have a tool of the same name
     */
    public static List<ToolCallback> toolCallbacks(Approver approver, Toolkit... toolkits) {
        Toolkit all = one(toolkits);
        List<ToolCallback> callbacks = new ArrayList<>();
        for (ToolSpec tool : all.tools()) {
            callbacks.add(new ToolkitCallback(toolDefinition(tool), all, approver));
        }
        return List.copyOf(callbacks);
    }

    /**
     * A resolver for tool names, for {@code DefaultToolCallingManager.builder().toolCallbackResolver(…)} (or as a
     * {@code ToolCallbackResolver} bean): Spring AI asks it for names the prompt gives ({@code toolNames(…)}) and for
     * a name none of the request's callbacks has, and otherwise fails the whole request with an exception. A name a
     * toolkit tool has exactly resolves to that tool's callback; calls to tools that need confirmation are declined
     * (see {@link #unknownToolResolver(Approver, Toolkit...)}). Any other name (made up, misspelt, or prefixed as in
     * {@code functions.delete_note}) resolves to a callback that runs nothing and answers with the toolkit's message
     * (the name, the tool it probably means, the tools there are), so the model can call again by the tool's name.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return the resolver; it resolves every name
     */
    public static ToolCallbackResolver unknownToolResolver(Toolkit... toolkits) {
        return unknownToolResolver(null, toolkits);
    }

    /**
     * The resolver {@link #unknownToolResolver(Toolkit...)} gives, whose calls to tools that need confirmation go to
     * the approver first.
     *
     * @param approver decides on each call to a tool that needs confirmation; {@code null} declines them all
     * @param toolkits the toolkits, in the order their tools are listed
     * @return the resolver; it resolves every name
     */
    public static ToolCallbackResolver unknownToolResolver(Approver approver, Toolkit... toolkits) {
        Toolkit all = one(toolkits);
        return name -> {
            for (ToolSpec tool : all.tools()) {
                if (tool.name().equals(name)) {
                    return new ToolkitCallback(toolDefinition(tool), all, approver);
                }
            }
            return ToolkitCallback.notOffered(name == null ? "" : name, all);
        };
    }

    /**
     * A tool as a Spring AI {@link ToolDefinition}: name, description and the generated schema as JSON text,
     * every keyword as generated. A tool without a description is described by its name, as Spring AI does for its
     * own tools (a definition's description may not be empty).
     *
     * @param tool the tool, as a toolkit lists it
     * @return the definition
     */
    public static ToolDefinition toolDefinition(ToolSpec tool) {
        Objects.requireNonNull(tool, "tool");
        return ToolDefinition.builder()
                .name(tool.name())
                .description(tool.description().isEmpty() ? tool.name() : tool.description())
                .inputSchema(tool.parameters().toString())
                .build();
    }

    private static Toolkit one(Toolkit... toolkits) {
        Objects.requireNonNull(toolkits, "toolkits");
        return toolkits.length == 1 ? Objects.requireNonNull(toolkits[0], "toolkit") : Toolkits.combine(toolkits);
    }
}
