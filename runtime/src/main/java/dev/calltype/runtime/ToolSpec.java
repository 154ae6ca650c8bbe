package dev.calltype.runtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * What the extractor and a toolkit know about one tool.
 *
 * @param name the tool's name
 * @param description what the tool does, for the model ({@code ""} when none)
 * @param parameters the JSON Schema (2020-12) of the arguments object; treat as read-only
 * @param parameterOrder the parameter names in positional order (pythonic and positional calls)
 * @param confirm whether a call needs a person's approval before it runs
 * @param readOnly whether the tool only reads (changes nothing a later call could observe): calls to such tools
 *     may run concurrently ({@code ToolLoop.Builder#executor}); MCP publishes it as {@code readOnlyHint}
 */
public record ToolSpec(String name, String description, ObjectNode parameters, List<String> parameterOrder,
                       boolean confirm, boolean readOnly) {

    public ToolSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(parameters, "parameters");
        description = description == null ? "" : description;
        parameterOrder = List.copyOf(parameterOrder);
    }

    /** A tool that may write, with or without confirmation. */
    public ToolSpec(String name, String description, ObjectNode parameters, List<String> parameterOrder,
                    boolean confirm) {
        this(name, description, parameters, parameterOrder, confirm, false);
    }

    /** A tool that may write and runs without confirmation. */
    public ToolSpec(String name, String description, ObjectNode parameters, List<String> parameterOrder) {
        this(name, description, parameters, parameterOrder, false, false);
    }
}
