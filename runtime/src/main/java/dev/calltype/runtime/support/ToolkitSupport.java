package dev.calltype.runtime.support;

import dev.calltype.runtime.internal.args.JsonCoercion;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolArgumentException;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.internal.args.Names;
import dev.calltype.runtime.internal.dispatch.Bindings;
import dev.calltype.runtime.internal.dispatch.Dispatching;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What a generated toolkit states once and the doors it opens: its schema and default constants, its tool specs, tool
 * names resolved as every toolkit resolves them, {@code handle} (dispatch every call of an extraction) and
 * {@code parseAll} (typed calls, or one exception listing every problem). Support for generated code, not API.
 */
public final class ToolkitSupport {

    private ToolkitSupport() {
    }

    // ------------------------------------------------------------------ constants

    /** Parses a schema constant of a generated toolkit. */
    public static ObjectNode schema(String json) {
        JsonNode node = json(json);
        if (!node.isObject()) {
            throw new IllegalStateException("a generated schema constant is not a JSON object");
        }
        return (ObjectNode) node;
    }

    /** Parses a JSON constant of a generated toolkit (a default value). */
    public static JsonNode json(String json) {
        try {
            return JsonCoercion.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a generated JSON constant does not parse: " + e.getOriginalMessage(), e);
        }
    }

    // ------------------------------------------------------------------ tool names

    /**
     * The tool a name means: exactly, else the one tool whose name is the same ignoring case and
     * {@code _ - .} ({@code getWeather} → {@code get_weather}); {@code null} when none.
     */
    public static String resolve(String name, List<String> tools) {
        return Names.resolve(name, tools, t -> t);
    }

    /** The problem for an unknown tool name, listing the tools (the wording every toolkit uses). */
    public static String unknownToolProblem(String name, List<String> tools) {
        return ErrorTexts.unknownTool(name, tools, Names.closest(name, tools));
    }

    // ------------------------------------------------------------------ handle and parseAll

    /**
     * Dispatches every call of an extraction and turns every extraction error into a failure, in the
     * order they appear in the text. The first failure carries the extraction's correction prompt,
     * which covers every error; the others carry their own error's message, so a client that sends one
     * message per result sends the prompt once. A call with too many positional arguments also gets
     * the tool's signature. No approver can be asked here: a call to a tool that needs confirmation is declined, with
     * a message that says why.
     *
     * @param texts the toolkit's signatures, or {@code null} when it has none to give
     */
    public static List<ToolResult> handle(Toolkit toolkit, Extraction extraction, ToolTexts texts) {
        return Dispatching.handle(Bindings.of(toolkit), extraction, texts == null ? null : texts::signature, null);
    }

    /**
     * Converts every call of an extraction with {@code reader}, or throws one exception listing
     * every extraction error and every argument problem.
     */
    public static <C> List<C> parseAll(Extraction extraction, ToolTexts texts,
                                       BiFunction<ToolCall, List<String>, C> reader) {
        List<String> problems = new ArrayList<>();
        Set<String> tools = new LinkedHashSet<>();
        Function<String, String> signatures = texts == null ? null : texts::signature;
        for (ExtractionError error : extraction.errors()) {
            problems.add(Dispatching.withSignature(error.message(), error, signatures));
            tools.add(String.valueOf(error.toolName()));
        }
        List<C> out = new ArrayList<>();
        for (ToolCall call : extraction.calls()) {
            List<String> p = new ArrayList<>();
            C parsed = reader.apply(call, p);
            if (parsed == null) {
                for (String s : p) {
                    problems.add(call.name() + ": " + s);
                }
                tools.add(call.name());
            } else {
                out.add(parsed);
            }
        }
        if (!problems.isEmpty()) {
            tools.remove("null");
            throw new ToolArgumentException(new ArrayList<>(tools), problems);
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * A generated toolkit's tool specs, from the texts its code states once.
     *
     * The parameters' positional order is the order of each schema's {@code properties}, which the
     * processor writes in the order of the method's parameters.
     *
     * @param outputs each tool's result schema as JSON text, {@code null} for a tool whose result has none
     */
    public static List<ToolSpec> toolSpecs(String[] names, String[] descriptions, String[] parameters,
                                           String[] outputs, boolean[] confirm, boolean[] readOnly) {
        List<ToolSpec> out = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            ObjectNode schema = schema(parameters[i]);
            List<String> order = new ArrayList<>();
            JsonNode properties = schema.get("properties");
            if (properties != null) {
                properties.fieldNames().forEachRemaining(order::add);
            }
            Optional<ObjectNode> output = outputs[i] == null ? Optional.empty() : Optional.of(schema(outputs[i]));
            out.add(new ToolSpec(names[i], descriptions[i], schema, order, confirm[i], readOnly[i], output));
        }
        return Collections.unmodifiableList(out);
    }

}
