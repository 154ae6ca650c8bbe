package dev.calltype.springai;

import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;

/**
 * Calltype toolkits as Spring AI tools: each {@link ToolCallback}'s {@link ToolDefinition} carries the schema the
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

    private SpringAiTools() {
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
     * The toolkits' tools as callbacks, in order: each runs its call through the toolkit's dispatch.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return the callbacks, in the toolkits' order, unmodifiable
     * @throws IllegalArgumentException when two toolkits have a tool of the same name
     */
    public static List<ToolCallback> toolCallbacks(Toolkit... toolkits) {
        Toolkit all = one(toolkits);
        List<ToolCallback> callbacks = new ArrayList<>();
        for (ToolSpec tool : all.tools()) {
            callbacks.add(new ToolkitCallback(toolDefinition(tool), all));
        }
        return List.copyOf(callbacks);
    }

    /**
     * A resolver for tool names the model made up, for {@code DefaultToolCallingManager.builder()
     * .toolCallbackResolver(…)} (or as a {@code ToolCallbackResolver} bean): Spring AI asks it for a name none of
     * the request's callbacks has, and otherwise fails the whole request with an exception. The callback it
     * returns answers with the toolkit's message (the name, the closest known name, the tools there are), so
     * the model can correct itself. Names the toolkits have resolve to their tools.
     *
     * @param toolkits the toolkits, in the order their tools are listed (one, or several combined as
     *     {@code Toolkits.combine} combines them)
     * @return the resolver; it resolves every name
     */
    public static ToolCallbackResolver unknownToolResolver(Toolkit... toolkits) {
        Toolkit all = one(toolkits);
        return name -> new ToolkitCallback(ToolDefinition.builder().name(name).description(name)
                .inputSchema("{\"type\":\"object\",\"properties\":{}}").build(), all);
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
