package dev.calltype.runtime.constraint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.constraint.CallSchemas;
import dev.calltype.runtime.internal.constraint.CallShapes;
import dev.calltype.runtime.internal.constraint.ConstraintEngine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Constraints that make a serving engine let a model write only valid calls of a toolkit's tools, in one wire format,
 * in each engine's language:
 *
 * <pre>{@code
 * Constraints c = Constraints.of(toolkit).format(WireFormat.HERMES);
 * ObjectNode tag = c.structuralTag();       // vLLM, SGLang (xgrammar): prose allowed around calls
 * GbnfGrammar lazy = c.gbnf();              // llama.cpp: grammar + grammar_lazy + grammar_triggers
 * GbnfGrammar only = c.required().gbnf();   // llama.cpp: the whole output is calls
 * ObjectNode one = c.callSchema();          // Ollama, LM Studio, response_format: one {name, arguments}
 * }</pre>
 *
 * <p>Every constraint admits only what the toolkit's dispatcher accepts (or less): objects with their declared
 * properties in declared order (required ones always, optional ones when present, no unknown key), arrays within
 * their sizes, exact enums and consts, integers within their bounds (a Java {@code int}'s when the schema gives none),
 * numbers a {@code float} holds, strings within their lengths, the {@code date}, {@code time}, {@code date-time},
 * {@code uuid}, {@code duration}, {@code email} and {@code uri} formats as the regular languages they are, booleans
 * and nulls, {@code anyOf}/{@code oneOf}, {@code $ref}s into {@code $defs}; a raw value (Qwen3-Coder, GLM, MiniMax)
 * framed only as the extractor unframes it. {@code pattern} and {@code multipleOf} are relaxed; the dispatcher still
 * checks every argument. Whitespace between JSON tokens is free, so compact JSON and Python's {@code ", "} /
 * {@code ": "} spacing both pass. A tool whose name (or, where the format writes parameters as markup, a parameter
 * name or raw enum value) the format's markup cannot carry is left out of that format's constraints.
 *
 * <p>Formats ({@link #formats()}): Calltype's prompt formats ({@code TOOL_CALL_MARKER}, {@code BRACKET_TAGS},
 * {@code XML_TAGS} = {@link WireFormat#HERMES}, {@code JSON_FENCE}, {@code PYTHONIC}) and {@code HERMES},
 * {@code QWEN3_CODER}, {@code MISTRAL} (the {@code [TOOL_CALLS][…]} array form), {@code LLAMA_PYTHON_TAG}
 * (Llama 3 JSON, {@code "parameters"}), {@code DEEPSEEK_V31}, {@code KIMI_K2}, {@code GLM}, {@code HARMONY},
 * {@code LLAMA_FUNCTION_TAG}, {@code NEMOTRON}, {@code TOOL_CALLS_TAG}, {@code GRANITE}, {@code FUNCTOOLS},
 * {@code LONGCAT}, {@code GIGACHAT3} and {@code MINIMAX}.
 * Whatever a constraint accepts, {@link Toolkit#extractor()} reads back as the same calls.
 *
 * <p>Instances are immutable; {@link #format} and {@link #required} return new ones. Built over a {@link Toolkit},
 * the constraints follow its {@link Toolkit#tools()} as they are when asked (combined and MCP toolkits whose tools
 * change); the last result of each kind is kept while the tools stay equal. Thread-safe.
 */
public final class Constraints {

    private static final Set<WireFormat> FORMATS = Collections.unmodifiableSet(EnumSet.copyOf(CallShapes.FORMATS));

    private final Supplier<List<ToolSpec>> tools;
    private final WireFormat format;
    private final boolean required;
    private volatile Kept kept;

    /** Results made for one list of tools. */
    private static final class Kept {
        final List<ToolSpec> tools;
        volatile ObjectNode structuralTag;
        volatile GbnfGrammar gbnf;
        volatile ObjectNode callSchema;
        volatile ObjectNode callListSchema;

        Kept(List<ToolSpec> tools) {
            this.tools = tools;
        }
    }

    private Constraints(Supplier<List<ToolSpec>> tools, WireFormat format, boolean required) {
        this.tools = tools;
        this.format = format;
        this.required = required;
    }

    /**
     * Constraints for a toolkit's tools, read from {@link Toolkit#tools()} each time a constraint is asked for, in
     * {@link WireFormat#HERMES} (ToolLoop's default prompt format, {@code XML_TAGS}) until {@link #format} says
     * otherwise; not {@link #required()}.
     *
     * @param toolkit any toolkit: generated, dynamic, combined, MCP
     * @return the constraints
     */
    public static Constraints of(Toolkit toolkit) {
        Objects.requireNonNull(toolkit, "toolkit");
        return new Constraints(toolkit::tools, WireFormat.HERMES, false);
    }

    /**
     * Constraints for these tools, in {@link WireFormat#HERMES} until {@link #format} says otherwise.
     *
     * @param tools the tools, such as {@code ToolSpecs.fromJson(listing)}
     * @return the constraints
     */
    public static Constraints of(List<ToolSpec> tools) {
        List<ToolSpec> copy = List.copyOf(tools);
        return new Constraints(() -> copy, WireFormat.HERMES, false);
    }

    /**
     * The wire formats constraints can be made for.
     *
     * @return an unmodifiable set
     */
    public static Set<WireFormat> formats() {
        return FORMATS;
    }

    /**
     * The same constraints for calls written in {@code format}.
     *
     * @param format one of {@link #formats()}
     * @return new constraints
     * @throws IllegalArgumentException when no constraint is known for {@code format}, naming those that are
     */
    public Constraints format(WireFormat format) {
        Objects.requireNonNull(format, "format");
        if (!FORMATS.contains(format)) {
            List<String> names = new ArrayList<>();
            FORMATS.forEach(f -> names.add(f.name()));
            throw new IllegalArgumentException("no constraint is known for the wire format " + format
                    + "; constraints are made for " + String.join(", ", names));
        }
        return new Constraints(tools, format, required);
    }

    /**
     * The same constraints for calls written in a prompt format ({@code XML_TAGS} is {@link WireFormat#HERMES}, the
     * others the wire format of the same name).
     *
     * @param format the prompt format the system message teaches
     * @return new constraints
     */
    public Constraints format(PromptFormat format) {
        Objects.requireNonNull(format, "format");
        return format(format == PromptFormat.XML_TAGS ? WireFormat.HERMES : WireFormat.valueOf(format.name()));
    }

    /**
     * The same constraints, for when a call is required: the GBNF accepts nothing but calls (whitespace around and
     * between them), the structural tag makes the output start with a call ({@code at_least_one}).
     *
     * @return new constraints
     */
    public Constraints required() {
        return new Constraints(tools, format, true);
    }

    /**
     * The wire format the calls are written in.
     *
     * @return the format
     */
    public WireFormat wireFormat() {
        return format;
    }

    /**
     * Whether a call is required ({@link #required()}).
     *
     * @return true when required
     */
    public boolean isRequired() {
        return required;
    }

    /**
     * The tools the constraints are made for, as they are now.
     *
     * @return the tools
     */
    public List<ToolSpec> tools() {
        return tools.get();
    }

    /**
     * The tools left out of this format's constraints because its markup cannot carry their calls: a name (or, where
     * the format writes parameters as markup, a parameter name or raw enum value) that is not letters, digits,
     * {@code _}, {@code -} and {@code .} would be read back as other markup, perhaps as a call of another tool.
     * Empty for the JSON formats, which escape anything.
     *
     * @return the tools left out, in the toolkit's order
     */
    public List<ToolSpec> leftOut() {
        List<ToolSpec> all = tools.get();
        List<ToolSpec> kept = ConstraintEngine.writable(format, all);
        if (kept.size() == all.size()) {
            return List.of();
        }
        List<ToolSpec> out = new ArrayList<>(all);
        out.removeAll(kept);
        return List.copyOf(out);
    }

    /**
     * The xgrammar structural tag, as vLLM and SGLang take it:
     * {@code {"type": "structural_tag", "format": {"type": "triggered_tags", "triggers": […], "tags": […],
     * "at_least_one": …, "stop_after_first": false}}}. Free text is allowed until a trigger (the format's opening
     * markup); each tag then holds a call whose arguments a {@code json_schema} content holds to the tool's schema
     * (pythonic and XML-parameter formats: a {@code grammar} content).
     *
     * @return a new JSON object, the caller's to change
     * @throws IllegalStateException when there is no tool, or none this format's markup can carry ({@link #leftOut})
     */
    public ObjectNode structuralTag() {
        Kept k = kept();
        if (k.structuralTag == null) {
            k.structuralTag = ConstraintEngine.structuralTag(format, k.tools, required);
        }
        return k.structuralTag.deepCopy();
    }

    /**
     * The GBNF grammar, as llama.cpp takes it. Not {@link #required()}: lazy, with its trigger words; the grammar
     * accepts free text holding no trigger, then calls each followed by such text. Required: whitespace and one or
     * more calls, nothing else; no triggers.
     *
     * @return the grammar
     * @throws IllegalStateException when there is no tool, or none this format's markup can carry ({@link #leftOut})
     */
    public GbnfGrammar gbnf() {
        Kept k = kept();
        if (k.gbnf == null) {
            k.gbnf = new GbnfGrammar(ConstraintEngine.gbnf(format, k.tools, required), !required,
                    required ? List.of() : ConstraintEngine.triggers(format, k.tools));
        }
        return k.gbnf;
    }

    /**
     * The JSON Schema of one call of one of the tools, for servers that take only a schema (Ollama {@code format},
     * {@code response_format}): {@code {"anyOf": [{"type": "object", "properties": {"name": {"const": "<tool>"},
     * "arguments": <its schema>}, "required": ["name", "arguments"], "additionalProperties": false}, …],
     * "$defs": {…}}}, each tool's definitions lifted to {@code $defs} under the prefix {@code t<index>-}. The output
     * is then the bare call object, whatever the format; Calltype reads it back as the same call.
     *
     * @return a new JSON object, the caller's to change
     * @throws IllegalStateException when there is no tool
     */
    public ObjectNode callSchema() {
        Kept k = kept();
        if (k.callSchema == null) {
            k.callSchema = CallSchemas.oneCall(k.tools, "arguments");
        }
        return k.callSchema.deepCopy();
    }

    /**
     * The JSON Schema of a non-empty list of calls ({@code {"type": "array", "minItems": 1, "items": {"anyOf": …}}}).
     *
     * @return a new JSON object, the caller's to change
     * @throws IllegalStateException when there is no tool
     */
    public ObjectNode callListSchema() {
        Kept k = kept();
        if (k.callListSchema == null) {
            k.callListSchema = CallSchemas.callList(k.tools, "arguments");
        }
        return k.callListSchema.deepCopy();
    }

    private Kept kept() {
        List<ToolSpec> now = tools.get();
        if (now.isEmpty()) {
            throw new IllegalStateException("there is no tool, so no call to constrain");
        }
        Kept k = kept;
        if (k == null || !(k.tools == now || k.tools.equals(now))) {
            k = new Kept(List.copyOf(now));
            kept = k;
        }
        return k;
    }
}
