package dev.calltype.example;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.constraint.Constraints;
import dev.calltype.runtime.constraint.GbnfGrammar;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code grammar --tools FILE --format WIRE_FORMAT --engine structural-tag|gbnf|json-schema [--required]}: prints
 * the constraint that lets a serving engine accept only valid calls of the listed tools, as the engine takes it.
 */
final class GrammarCommand {

    static final String USAGE = """
            Usage: java -jar calltype.jar grammar --tools FILE --format WIRE_FORMAT --engine ENGINE [--required]

            Prints the constraint a serving engine enforces while a model writes, so that every call it
            writes names a listed tool and fits that tool's schema (see docs/constraints.md).

            Options:
              --tools FILE          the tools: an OpenAI tools array or an MCP {"tools":[...]} listing
              --format WIRE_FORMAT  the calls' format, a WireFormat name as 'extract' prints it: HERMES,
                                    QWEN3_CODER, MISTRAL, LLAMA_PYTHON_TAG, DEEPSEEK_V31, KIMI_K2, GLM,
                                    HARMONY, TOOL_CALL_MARKER, BRACKET_TAGS, JSON_FENCE, PYTHONIC,
                                    LLAMA_FUNCTION_TAG, NEMOTRON, TOOL_CALLS_TAG, GRANITE, FUNCTOOLS,
                                    LONGCAT, GIGACHAT3, MINIMAX (XML_TAGS, the prompt format, is HERMES)
              --engine ENGINE       structural-tag: the xgrammar structural tag vLLM and SGLang take
                                      ({"type": "structural_tag", "format": ...}; text allowed around calls)
                                    gbnf: llama.cpp's grammar text; without --required the lazy grammar,
                                      and on stderr one line of the other llama-server fields it needs:
                                      {"grammar_lazy":true,"grammar_triggers":[...],"preserved_tokens":[...]}
                                    json-schema: the JSON Schema of one call {"name", "arguments"}
              --required            the output must be calls: gbnf accepts nothing else; the structural
                                    tag must start with a call; json-schema: a non-empty list of calls
            """;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> ENGINES = List.of("structural-tag", "gbnf", "json-schema");

    private GrammarCommand() {
    }

    static int run(List<String> args, PrintStream out, PrintStream err) throws UsageException {
        if (Options.wantsHelp(args)) {
            out.print(USAGE);
            return 0;
        }
        Options options = Options.parse("grammar", args, Set.of("tools", "format", "engine"), Set.of("required"));
        String engine = options.required("engine").strip().toLowerCase(Locale.ROOT).replace('_', '-');
        if (!ENGINES.contains(engine)) {
            throw new UsageException("grammar: unknown --engine '" + options.required("engine") + "'; use one of "
                    + String.join(", ", ENGINES));
        }
        WireFormat format = format(options.required("format"));
        List<ToolSpec> tools = ToolsFile.read("grammar", options.required("tools"));
        if (tools.isEmpty()) {
            throw new UsageException("grammar: tools file " + options.required("tools") + " lists no tool");
        }
        Constraints c;
        try {
            c = Constraints.of(tools).format(format);
        } catch (IllegalArgumentException e) {
            throw new UsageException("grammar: " + e.getMessage());
        }
        if (options.has("required")) {
            c = c.required();
        }
        for (ToolSpec t : c.leftOut()) {
            err.println("grammar: left out tool \"" + Terminal.snippet(t.name()) + "\": " + format
                    + " markup cannot carry its name, a parameter name or an enum value");
        }
        if (c.leftOut().size() == tools.size()) {
            throw new UsageException("grammar: no tool's call can be written in " + format
                    + " markup; choose a JSON format such as HERMES");
        }
        switch (engine) {
            case "structural-tag" -> out.println(pretty(c.structuralTag()));
            case "gbnf" -> {
                GbnfGrammar g = c.gbnf();
                out.print(g.text());
                if (g.lazy()) {
                    ObjectNode fields = JSON.createObjectNode().put("grammar_lazy", true);
                    ArrayNode triggers = fields.putArray("grammar_triggers");
                    g.triggers().forEach(t -> triggers.addObject().put("type", 1).put("value", t));
                    ArrayNode preserved = fields.putArray("preserved_tokens");
                    g.triggers().forEach(preserved::add);
                    err.println(fields);
                }
            }
            default -> out.println(pretty(options.has("required") ? c.callListSchema() : c.callSchema()));
        }
        return 0;
    }

    /** A WireFormat named as {@code extract} prints it (any case, {@code -} for {@code _}); XML_TAGS is HERMES. */
    private static WireFormat format(String name) throws UsageException {
        String key = name.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        if (key.equals("XML_TAGS")) {
            return WireFormat.HERMES;
        }
        for (WireFormat f : WireFormat.values()) {
            if (f.name().equals(key)) {
                return f;
            }
        }
        List<String> names = new ArrayList<>();
        Constraints.formats().forEach(f -> names.add(f.name()));
        throw new UsageException("grammar: unknown --format '" + Terminal.snippet(name) + "'; use one of "
                + String.join(", ", names));
    }

    private static String pretty(ObjectNode json) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
