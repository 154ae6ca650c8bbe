package dev.calltype.runtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
 * @param outputSchema the JSON Schema (2020-12) of the JSON value a successful call returns, when it is known:
 *     generated toolkits give it for every tool whose result their generated code writes (a record, a sealed
 *     interface of records, an enum, a number, a boolean, or a collection, map or {@code Optional} of these);
 *     empty for tools that return text, nothing ({@code void}), a {@code JsonNode}, or a type written by data
 *     binding. It describes a result that is not {@code null}: members and elements the Java types let be
 *     {@code null} allow {@code null}. It is not always an object schema (a tool may return a list); treat it as
 *     read-only
 */
public record ToolSpec(String name, String description, ObjectNode parameters, List<String> parameterOrder,
                       boolean confirm, boolean readOnly, Optional<ObjectNode> outputSchema) {

    /**
     * Checks and copies the components; a {@code null} description becomes {@code ""}.
     *
     * @param name the tool's name
     * @param description what the tool does, for the model ({@code ""} when none)
     * @param parameters the JSON Schema (2020-12) of the arguments object; treat as read-only
     * @param parameterOrder the parameter names in positional order (pythonic and positional calls)
     * @param confirm whether a call needs a person's approval before it runs
     * @param readOnly whether the tool only reads (changes nothing a later call could observe): calls to such tools
     *     may run concurrently ({@code ToolLoop.Builder#executor}); MCP publishes it as {@code readOnlyHint}
     * @param outputSchema the JSON Schema (2020-12) of the JSON value a successful call returns, when it is known:
     *     generated toolkits give it for every tool whose result their generated code writes (a record, a sealed
     *     interface of records, an enum, a number, a boolean, or a collection, map or {@code Optional} of these);
     *     empty for tools that return text, nothing ({@code void}), a {@code JsonNode}, or a type written by data
     *     binding. It describes a result that is not {@code null}: members and elements the Java types let be
     *     {@code null} allow {@code null}. It is not always an object schema (a tool may return a list); treat it as
     *     read-only
     * @throws NullPointerException when {@code name}, {@code parameters} or {@code parameterOrder} is {@code null}
     */
    public ToolSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(parameters, "parameters");
        description = description == null ? "" : description;
        parameterOrder = List.copyOf(parameterOrder);
        outputSchema = outputSchema == null ? Optional.empty() : outputSchema;
    }

    /**
     * A tool whose result schema is not known.
     *
     * @param name the tool's name
     * @param description what the tool does, for the model; {@code null} for none
     * @param parameters the JSON Schema of the arguments object
     * @param parameterOrder the parameter names in positional order
     * @param confirm whether a call needs a person's approval before it runs
     * @param readOnly whether the tool only reads, so that its calls may run concurrently
     */
    public ToolSpec(String name, String description, ObjectNode parameters, List<String> parameterOrder,
                    boolean confirm, boolean readOnly) {
        this(name, description, parameters, parameterOrder, confirm, readOnly, Optional.empty());
    }

    /**
     * A tool that may write ({@code readOnly} false), with or without confirmation.
     *
     * @param name the tool's name
     * @param description what the tool does, for the model; {@code null} for none
     * @param parameters the JSON Schema of the arguments object
     * @param parameterOrder the parameter names in positional order
     * @param confirm whether a call needs a person's approval before it runs
     */
    public ToolSpec(String name, String description, ObjectNode parameters, List<String> parameterOrder,
                    boolean confirm) {
        this(name, description, parameters, parameterOrder, confirm, false, Optional.empty());
    }

    /**
     * A tool that may write and runs without confirmation.
     *
     * @param name the tool's name
     * @param description what the tool does, for the model; {@code null} for none
     * @param parameters the JSON Schema of the arguments object
     * @param parameterOrder the parameter names in positional order
     */
    public ToolSpec(String name, String description, ObjectNode parameters, List<String> parameterOrder) {
        this(name, description, parameters, parameterOrder, false, false, Optional.empty());
    }
}
