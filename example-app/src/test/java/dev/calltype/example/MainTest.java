package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line: help, errors, schema and instructions. */
class MainTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return runWithInput("", args);
    }

    private int runWithInput(String stdin, String... args) {
        return Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new Environment(Map.of(), false, Clock.systemUTC()));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpListsTheCommands() {
        assertThat(run("--help")).isZero();
        assertThat(out()).startsWith("Usage: java -jar calltype.jar [COMMAND] [OPTIONS]")
                .contains("demo ", "chat ", "schema ", "instructions ", "extract ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo", "chat", "schema", "instructions"})
    void everyCommandHasHelp(String command) {
        assertThat(run(command, "--help")).isZero();
        assertThat(out()).startsWith("Usage: java -jar calltype.jar ").contains(command);
        assertThat(err()).isEmpty();
    }

    @Test
    void extractReadsAResponseOnStdinAndPrintsTheCallsAsJson() throws Exception {
        assertThat(runWithInput("Sure.\n<tool_call>{'name': 'calculate', 'arguments': {'expression': '6*7'}}</tool_call>",
                "extract")).isZero();
        JsonNode result = JSON.readTree(out());
        assertThat(result.path("calls").get(0).path("name").asText()).isEqualTo("calculate");
        assertThat(result.path("calls").get(0).path("arguments").path("expression").asText()).isEqualTo("6*7");
        assertThat(result.path("calls").get(0).path("repairs").toString()).contains("SINGLE_QUOTES");
        assertThat(result.path("text").asText()).isEqualTo("Sure.\n");
        assertThat(run("extract", "--frobnicate")).isEqualTo(2);
    }

    @Test
    void anUnknownCommandIsOneLineAndExitTwo() {
        assertThat(run("dmeo")).isEqualTo(2);
        assertThat(err()).isEqualTo("calltype: unknown command 'dmeo'; commands: demo, chat, schema, instructions, extract,"
                + " grammar, mcp-server (see --help)" + System.lineSeparator());
        assertThat(out()).isEmpty();
    }

    @Test
    void badOptionsAreOneLineAndExitTwo() {
        assertThat(run("schema", "--dialect", "soap")).isEqualTo(2);
        assertThat(err()).isEqualTo("calltype schema: unknown --dialect 'soap'; use one of json-schema, openai,"
                + " openai-strict, anthropic, gemini, mcp" + System.lineSeparator());
        err.reset();
        assertThat(run("demo", "--colour")).isEqualTo(2);
        assertThat(err()).isEqualTo("calltype demo: unknown option --colour; options: --notes" + System.lineSeparator());
        err.reset();
        assertThat(run("instructions", "pythonic")).isEqualTo(2);
        assertThat(err()).contains("unexpected argument 'pythonic'").hasLineCount(1);
    }

    @Test
    void schemaPrintsTheGeneratedOpenAiToolsByDefault() throws Exception {
        assertThat(run("schema")).isZero();
        JsonNode tools = JSON.readTree(out());
        assertThat(tools.isArray()).isTrue();
        assertThat(tools.findValuesAsText("name")).contains("create_note", "list_notes", "search_notes", "read_note",
                "delete_note", "calculate", "convert_units", "current_time", "convert_time");
        JsonNode convert = null;
        for (JsonNode t : tools) {
            if (t.path("function").path("name").asText().equals("convert_units")) {
                convert = t.path("function").path("parameters");
            }
        }
        assertThat(convert).isNotNull();
        assertThat(convert.path("properties").path("quantity").path("type").asText()).isEqualTo("object");
        assertThat(convert.path("properties").path("to").path("enum").toString()).contains("KILOMETER", "POUND");
        assertThat(convert.path("properties").path("decimals").path("default").asInt()).isEqualTo(4);
    }

    @Test
    void schemaSpeaksEveryDialect() throws Exception {
        assertThat(run("schema", "--dialect", "mcp")).isZero();
        assertThat(JSON.readTree(out()).path("tools").size()).isEqualTo(9);
        out.reset();
        assertThat(run("schema", "--dialect=anthropic")).isZero();
        assertThat(JSON.readTree(out()).get(0).has("input_schema")).isTrue();
        out.reset();
        assertThat(run("schema", "--dialect", "OPENAI_STRICT")).isZero();
        assertThat(JSON.readTree(out()).get(0).path("function").path("strict").asBoolean()).isTrue();
    }

    @Test
    void instructionsTeachTheChosenFormatWithTheExampleTools() {
        assertThat(run("instructions")).isZero();
        assertThat(out()).contains("<tool_call>").contains("calculate").contains("convert_units");
        out.reset();
        assertThat(run("instructions", "--format", "pythonic")).isZero();
        assertThat(out()).contains("current_time").doesNotContain("<tool_call>");
    }
}
