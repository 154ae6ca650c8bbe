package dev.calltype.example;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.Toolkit;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code schema} and {@code instructions}: what the generated toolkits tell a model about the tools. */
final class ToolsCommands {

    static final String SCHEMA_USAGE = """
            Usage: java -jar calltype.jar schema [--dialect DIALECT]

            Prints the schemas of the example tools, generated at compile time from their @Tool methods.

            Options:
              --dialect DIALECT  openai (default), openai-strict, anthropic, gemini, mcp, json-schema
            """;

    static final String INSTRUCTIONS_USAGE = """
            Usage: java -jar calltype.jar instructions [--format FORMAT]

            Prints the system-prompt text that tells a model how to call the example tools in a text
            format (what 'chat --mode prompt' sends), generated at compile time.

            Options:
              --format FORMAT  xml-tags (default: <tool_call>{...}</tool_call>), tool-call-marker,
                               bracket-tags, json-fence, pythonic
            """;

    static final Map<String, SchemaDialect> DIALECT_ALIASES = Map.of(
            "jsonschema", SchemaDialect.JSON_SCHEMA, "json", SchemaDialect.JSON_SCHEMA,
            "openai_strict_mode", SchemaDialect.OPENAI_STRICT, "strict", SchemaDialect.OPENAI_STRICT,
            "claude", SchemaDialect.ANTHROPIC);

    static final Map<String, PromptFormat> FORMAT_ALIASES = Map.of(
            "xml", PromptFormat.XML_TAGS, "hermes", PromptFormat.XML_TAGS, "tool_call", PromptFormat.XML_TAGS,
            "marker", PromptFormat.TOOL_CALL_MARKER, "brackets", PromptFormat.BRACKET_TAGS,
            "bracket", PromptFormat.BRACKET_TAGS, "fence", PromptFormat.JSON_FENCE, "json", PromptFormat.JSON_FENCE,
            "python", PromptFormat.PYTHONIC);

    private static final ObjectMapper JSON = new ObjectMapper();

    private ToolsCommands() {
    }

    static int schema(List<String> args, PrintStream out) throws UsageException {
        if (Options.wantsHelp(args)) {
            out.print(SCHEMA_USAGE);
            return 0;
        }
        Options options = Options.parse("schema", args, Set.of("dialect"), Set.of());
        SchemaDialect dialect = options.choice("dialect", SchemaDialect.class, SchemaDialect.OPENAI, DIALECT_ALIASES);
        out.println(pretty(toolkit().schemaJson(dialect)));
        return 0;
    }

    static int instructions(List<String> args, PrintStream out) throws UsageException {
        if (Options.wantsHelp(args)) {
            out.print(INSTRUCTIONS_USAGE);
            return 0;
        }
        Options options = Options.parse("instructions", args, Set.of("format"), Set.of());
        PromptFormat format = options.choice("format", PromptFormat.class, PromptFormat.XML_TAGS, FORMAT_ALIASES);
        String text = toolkit().formatInstructions(format);
        out.print(text.endsWith("\n") ? text : text + "\n");
        return 0;
    }

    /** The tools as a schema sees them; nothing here touches the disk or the clock. */
    private static Toolkit toolkit() {
        return ExampleTools.toolkit(new dev.calltype.example.tools.Notes(Path.of("notes")), Clock.systemUTC());
    }

    static String pretty(String json) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.readTree(json));
        } catch (JsonProcessingException e) {
            return json;
        }
    }
}
