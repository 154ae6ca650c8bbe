package dev.calltype.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import dev.calltype.render.Instructions;
import dev.calltype.render.Json;
import dev.calltype.runtime.internal.args.SchemaNodes;
import java.util.List;
import java.util.Objects;

/**
 * The system-prompt text that teaches a model to call tools in one of the text formats the
 * extractor reads. The rules live in one place, {@code dev.calltype.render.Instructions},
 * which generated toolkits also render through, so for the same tools both give the same text.
 *
 * <p>The text lists every tool as a compact signature
 * ({@code get_weather(city: string, units?: "celsius"|"fahrenheit") — Current weather for a city}),
 * says how to write a call, and shows one call to the first tool with its required parameters.
 *
 * <p>Signature rules. Each parameter is {@code name: T}, with {@code ?} after the name when it is
 * not {@code required}, and after the type a space and {@code = <default JSON>} when its schema has
 * a {@code default}. The type {@code T} of a schema is:
 * <ul>
 *   <li>with {@code enum}: the values as JSON literals joined by {@code |} ({@code "celsius"|"fahrenheit"});</li>
 *   <li>else by {@code type}: {@code string}, {@code integer}, {@code number}, {@code boolean}, {@code null};
 *       a type array joins its members' types with {@code |} ({@code integer|null});</li>
 *   <li>{@code array}: {@code T[]} of its {@code items}, {@code (T)[]} when {@code T} is a choice (has a
 *       {@code |} outside any inline object or map), {@code any[]} without {@code items}; an array of
 *       objects is {@code {…}[]};</li>
 *   <li>{@code object} with {@code properties}: inline, {@code {name: T, other?: T2 = <default>}}, its
 *       properties written by these same rules, up to three levels of inline objects; deeper, {@code object};</li>
 *   <li>{@code object} without {@code properties} whose {@code additionalProperties} is a schema {@code V}:
 *       {@code map<string, V>}; any other {@code object}: {@code object};</li>
 *   <li>without {@code type}, a {@code $ref} to {@code #/$defs/Name} of the root schema: that definition
 *       written by these rules; a reference to a definition already being written (recursion), or one
 *       that does not resolve: {@code object};</li>
 *   <li>without {@code type}, {@code anyOf}: its members' types joined by {@code " | "}
 *       ({@code {type: "card", number: string} | {type: "bank_transfer", iban: string}}); an empty
 *       {@code anyOf}: {@code object};</li>
 *   <li>anything else: {@code any}.</li>
 * </ul>
 * A schema nested more than 32 steps deep, or met after a signature has
 * visited 10,000 schemas, is {@code any}: bounds for schemas no tool really has.
 *
 * <p>Example rules. The example call's arguments are the first tool's required parameters, in order,
 * each with its {@code default}, else its first {@code enum} value, else a value by its (first)
 * {@code type}: string {@code "..."}, integer {@code 1}, number {@code 1.5}, boolean {@code true},
 * array {@code []}, null {@code null}, and for an {@code object} with {@code properties} an object of
 * its required properties filled by these same rules (up to three levels, as for types; deeper or
 * without {@code properties}, {@code {}}). Without {@code type}, a {@code $ref} gives the example of its
 * definition ({@code {}} for recursion), {@code anyOf} that of its first member; anything else {@code {}}.
 * The same bounds apply, with {@code {}} in place of {@code any}.
 */
public final class FormatInstructions {

    private FormatInstructions() {
    }

    /**
     * The instructions for these tools in a format; lines joined with {@code \n}, no trailing newline.
     *
     * @param tools the tools to list, in the order given
     * @param format how the model is asked to write its calls
     * @return the instructions, ready to append to a system prompt
     * @throws NullPointerException when {@code tools} or {@code format} is {@code null}
     */
    public static String render(List<ToolSpec> tools, PromptFormat format) {
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(format, "format");
        return Instructions.render(SchemaDialects.schemas(tools), format.name());
    }

    /**
     * The tool's signature and the first line of its description:
     * {@code get_weather(city: string, units?: "celsius"|"fahrenheit") — Current weather for a city}.
     */
    static String line(ToolSpec tool) {
        return Instructions.line(SchemaDialects.schema(tool));
    }

    /** {@code name(p1: T1, p2?: T2 = <default JSON>)}, parameters in the schema's order. */
    static String signature(ToolSpec tool) {
        return Instructions.signature(SchemaDialects.schema(tool));
    }

    /**
     * A schema's type as signatures write it ({@code string}, {@code "a"|"b"}, {@code integer[]},
     * {@code {x: integer, y?: integer}}, …), for a schema outside any tool: {@code $ref}s are not
     * followed and read {@code object}.
     *
     * @param schema a JSON Schema
     * @return the type as one line of text
     */
    public static String type(JsonNode schema) {
        try {
            return Instructions.typeText(Json.parse(SchemaNodes.write(schema)));
        } catch (Json.JsonSyntaxException e) {
            throw new IllegalStateException("Jackson wrote JSON that does not read back", e);
        }
    }
}
