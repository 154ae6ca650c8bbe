package dev.calltype.example;

import dev.calltype.testsupport.JsonTrees;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** {@code calltype extract}: the conformance corpus through the command, batch and streaming, and its exit codes. */
class ExtractCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The corpus copy kept in the runtime module's test resources (tests run in the module directory). */
    private static final Path CORPUS = Path.of("..", "runtime", "src", "test", "resources", "conformance");

    /** What one run printed and returned. */
    record Run(int status, String out, String err) {
    }

    static Run run(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ExtractCommand.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static JsonNode json(String s) {
        try {
            return JSON.readTree(s);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + s, e);
        }
    }

    static List<JsonNode> corpus() throws IOException {
        List<JsonNode> cases = new ArrayList<>();
        for (String line : Files.readAllLines(CORPUS.resolve("extraction.jsonl"), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                cases.add(json(line));
            }
        }
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> everyCorpusCasePassesThroughTheCommandBatchAndStreaming() throws IOException {
        String tools = CORPUS.resolve("tools.json").toString();
        return corpus().stream().map(c -> DynamicTest.dynamicTest(c.get("id").asText(), () -> {
            String text = c.get("text").asText();
            Run batch = run(text, "--tools", tools);
            assertThat(batch.status()).isZero();
            assertThat(batch.err()).isEmpty();
            JsonNode got = json(batch.out());
            JsonNode want = c.get("calls");
            assertThat(got.get("calls")).hasSize(want.size());
            for (int i = 0; i < want.size(); i++) {
                assertThat(got.get("calls").get(i).get("name").asText()).isEqualTo(want.get(i).get("name").asText());
                assertThat(JsonTrees.sameByDecimal(got.get("calls").get(i).get("arguments"), want.get(i).get("arguments")))
                        .as(got.get("calls").get(i) + " vs " + want.get(i)).isTrue();
            }
            JsonNode error = c.get("error");
            if (error.isBoolean()) {
                assertThat(got.get("errors").isEmpty()).as("errors " + got.get("errors")).isEqualTo(!error.booleanValue());
            }
            assertThat(run(text, "--tools", tools, "--stream", "1").out()).isEqualTo(batch.out());
            assertThat(run(text, "--tools", tools, "--stream", "7").out()).isEqualTo(batch.out());
        }));
    }

    @Test
    void finishSaysHowTheResponseEndedAndDecidesACallLeftOpen() {
        String open = "<tool_call>\n<function=ping>\n<parameter=host>\nexample.org\n</parameter>\n";
        for (String[] args : new String[][]{{"--finish", "stop"}, {"--finish", "stop", "--stream", "3"}}) {
            Run r = run(open, args);
            assertThat(r.status()).isZero();
            assertThat(json(r.out()).get("calls")).as(String.join(" ", args)).hasSize(1);
        }
        for (String[] args : new String[][]{{}, {"--finish", "length"}, {"--finish", "length", "--stream", "3"}}) {
            Run r = run(open, args);
            assertThat(r.status()).isZero();
            JsonNode out = json(r.out());
            assertThat(out.get("calls")).as(String.join(" ", args)).isEmpty();
            assertThat(out.get("errors").get(0).get("kind").asText()).isEqualTo("TRUNCATED");
        }
        String cut = "{\"name\": \"ping\", \"parameters\": {\"host\": \"example.org\"}}";
        assertThat(json(run(cut).out()).get("calls")).hasSize(1);
        assertThat(json(run(cut, "--finish", "length").out()).get("calls")).isEmpty();
    }

    @Test
    void anUnknownFinishIsAUsageError() {
        Run r = run("text", "--finish", "eventually");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("calltype extract: --finish needs stop or length, not 'eventually'").doesNotContain("\tat ");
        assertThat(run("text", "--finish").status()).isEqualTo(2);
    }

    @Test
    void printsTheDocumentedShape() {
        String text = "Hi <tool_call>{\"name\": \"ping\", \"arguments\": {}}</tool_call> <tool_call>{\"name\": ";
        Run r = run(text, "--tools", CORPUS.resolve("tools.json").toString());
        assertThat(r.status()).isZero();
        JsonNode out = json(r.out());
        assertThat(out.fieldNames()).toIterable().containsExactly("calls", "errors", "text");
        assertThat(out.get("calls").get(0).fieldNames()).toIterable()
                .containsExactly("name", "arguments", "id", "format", "repairs");
        assertThat(out.get("calls").get(0).get("format").asText()).isEqualTo("HERMES");
        assertThat(out.get("calls").get(0).get("id").isNull()).isTrue();
        assertThat(out.get("errors").get(0).fieldNames()).toIterable().containsExactly("kind", "message", "offset");
        assertThat(out.get("errors").get(0).get("kind").asText()).isEqualTo("TRUNCATED");
        assertThat(out.get("errors").get(0).get("offset").asInt()).isEqualTo(text.lastIndexOf("<tool_call>"));
        assertThat(out.get("text").asText()).isEqualTo("Hi  ");
        assertThat(r.out().trim()).doesNotContain("\n");
    }

    @Test
    void emptyInputIsNoCallsAndStatusZero() {
        Run r = run("");
        assertThat(r.status()).isZero();
        assertThat(json(r.out())).isEqualTo(json("{\"calls\":[],\"errors\":[],\"text\":\"\"}"));
    }

    @Test
    void nonAsciiIsEscapedAndRoundTrips() {
        Run r = run("Grüße 😀 {\"name\": \"x\", \"arguments\": {\"s\": \"日本\"}}");
        assertThat(r.out()).isEqualTo(new String(r.out().getBytes(StandardCharsets.US_ASCII), StandardCharsets.US_ASCII));
        JsonNode out = json(r.out());
        assertThat(out.get("text").asText()).isEqualTo("Grüße 😀 ");
        assertThat(out.get("calls").get(0).get("arguments").get("s").asText()).isEqualTo("日本");
    }

    @Test
    void eventsArePrintedOneJsonObjectPerLine() {
        String text = "<think>hm</think>Hi <tool_call>{\"name\": \"ping\", \"arguments\": {}}</tool_call>";
        Run r = run(text, "--tools", CORPUS.resolve("tools.json").toString(), "--events", "--stream", "3");
        assertThat(r.status()).isZero();
        StringBuilder shown = new StringBuilder();
        List<String> types = new ArrayList<>();
        for (String line : r.out().split("\n")) {
            JsonNode e = json(line);
            types.add(e.get("type").asText());
            if (e.get("type").asText().equals("text")) {
                shown.append(e.get("text").asText());
            }
        }
        assertThat(shown.toString()).isEqualTo("Hi ");
        assertThat(types).contains("reasoning", "text", "call_started", "call").doesNotContain("error");
        assertThat(types.indexOf("call_started")).isLessThan(types.indexOf("call"));
    }

    /** The events {@code extract --events} printed, one JSON object each. */
    private static List<JsonNode> events(Run r) {
        List<JsonNode> out = new ArrayList<>();
        for (String line : r.out().split("\n")) {
            out.add(json(line));
        }
        return out;
    }

    @Test
    void proseStreamsAsItArrivesWithDefaultSettings() {
        StringBuilder prose = new StringBuilder();
        for (int i = 0; prose.length() < 4_000; i++) {
            prose.append("Sentence ").append(i).append(" of a long answer that has no reasoning and no calls. ");
        }
        int deltas = (prose.length() + 15) / 16;
        Run r = run(prose.toString(), "--tools", CORPUS.resolve("tools.json").toString(), "--events", "--stream", "16");
        assertThat(r.status()).isZero();
        List<JsonNode> events = events(r);
        assertThat(events).allSatisfy(e -> assertThat(e.get("type").asText()).isEqualTo("text"));
        // The first event holds everything shown before it: with text held back it would be the whole answer.
        assertThat(events.get(0).get("text").asText().length()).isLessThanOrEqualTo(256);
        assertThat(events.size()).as("a text event for nearly every one of %d deltas", deltas)
                .isGreaterThanOrEqualTo(deltas - 2);
        StringBuilder shown = new StringBuilder();
        events.forEach(e -> shown.append(e.get("text").asText()));
        assertThat(shown.toString()).isEqualTo(prose.toString());
    }

    @Test
    void proseBeforeACallIsShownBeforeTheCallStarts() {
        String prose = "I will look the weather up for you before answering, one moment. ".repeat(30);
        String text = prose + "<tool_call>{\"name\": \"stock_price\", \"arguments\": {\"ticker\": \"ACME\"}}</tool_call>";
        Run r = run(text, "--tools", CORPUS.resolve("tools.json").toString(), "--events", "--stream", "16");
        assertThat(r.status()).isZero();
        StringBuilder before = new StringBuilder();
        boolean started = false;
        int textEvents = 0;
        for (JsonNode e : events(r)) {
            String type = e.get("type").asText();
            if (type.equals("call_started")) {
                started = true;
                assertThat(before.toString()).isEqualTo(prose);
            } else if (type.equals("text")) {
                assertThat(started).as("no text after the call starts").isFalse();
                before.append(e.get("text").asText());
                textEvents++;
            }
        }
        assertThat(started).isTrue();
        assertThat(textEvents).isGreaterThanOrEqualTo(prose.length() / 16 - 2);
    }

    @Test
    void aCallInReasoningNeverClosedIsShownRunOrReported() {
        String tools = CORPUS.resolve("tools.json").toString();
        String call = "<tool_call>{\"name\": \"ping\", \"arguments\": {}}</tool_call>";
        JsonNode ran = json(run("<think>The user wants a ping.\n" + call, "--tools", tools).out());
        assertThat(ran.get("calls").get(0).get("name").asText()).isEqualTo("ping");
        assertThat(ran.get("calls").get(0).get("repairs")).isEqualTo(json("[\"REASONING_NOT_CLOSED\"]"));
        JsonNode mentioned = json(run("<think>I could send " + call + " but first", "--tools", tools).out());
        assertThat(mentioned.get("calls")).isEmpty();
        assertThat(mentioned.get("errors").get(0).get("kind").asText()).isEqualTo("CALL_IN_REASONING");
        assertThat(mentioned.get("errors").get(0).get("message").asText()).contains("\"ping\"", "never closed", "not run");
        Run events = run("<think>I could send " + call + " but first", "--tools", tools, "--events", "--stream", "5");
        assertThat(events.out()).contains("\"type\":\"error\"", "CALL_IN_REASONING").doesNotContain("\"type\":\"call\"");
    }

    @Test
    void mcpListingGivesTheSameNameChecksPositionalMappingAndTyping(@TempDir Path dir) throws IOException {
        Path mcp = dir.resolve("mcp.json");
        Files.writeString(mcp, "{\"tools\": [{\"name\": \"get_weather\", \"description\": \"Weather\", \"inputSchema\": "
                + "{\"type\": \"object\", \"properties\": {\"city\": {\"type\": \"string\"}, \"days\": {\"type\": \"integer\"}}}}]}");
        JsonNode positional = json(run("getWeather(\"Oslo\", 3)", "--tools", mcp.toString()).out());
        assertThat(positional.get("calls").get(0).get("name").asText()).isEqualTo("get_weather");
        assertThat(positional.get("calls").get(0).get("arguments")).isEqualTo(json("{\"city\": \"Oslo\", \"days\": 3}"));
        assertThat(positional.get("calls").get(0).get("repairs")).isEqualTo(json("[\"NAME_NORMALIZED\", \"POSITIONAL_ARGUMENTS\"]"));
        JsonNode typed = json(run("<tool_call>\n<function=get_weather>\n<parameter=days>\n5\n</parameter>\n</function>\n</tool_call>",
                "--tools", mcp.toString()).out());
        assertThat(typed.get("calls").get(0).get("arguments").get("days").isInt()).isTrue();
        JsonNode unknown = json(run("<tool_call>{\"name\": \"rm\", \"arguments\": {}}</tool_call>", "--tools", mcp.toString()).out());
        assertThat(unknown.get("errors").get(0).get("kind").asText()).isEqualTo("UNKNOWN_TOOL");
    }

    @Test
    void badCommandLinesExitTwoWithOneLineMessage() {
        for (String[] args : new String[][]{{"--bogus"}, {"--stream"}, {"--stream", "0"}, {"--stream", "x"}, {"--tools"}}) {
            Run r = run("text", args);
            assertThat(r.status()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.err().trim()).startsWith("calltype extract:").doesNotContain("\n").doesNotContain("Exception");
        }
    }

    @Test
    void unreadableOrInvalidToolsFileExitsTwo(@TempDir Path dir) throws IOException {
        Run missing = run("text", "--tools", dir.resolve("nope.json").toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).contains("cannot read tools file").doesNotContain("\tat ");
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"not\": \"tools\"}");
        Run invalid = run("text", "--tools", bad.toString());
        assertThat(invalid.status()).isEqualTo(2);
        assertThat(invalid.err().trim()).startsWith("calltype extract: tools file").doesNotContain("\n");
        Files.writeString(bad, "[{\"type\": \"function\", ");
        assertThat(run("text", "--tools", bad.toString()).status()).isEqualTo(2);
    }

    @Test
    void helpPrintsUsage() {
        Run r = run("", "--help");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("Usage: java -jar calltype.jar extract");
    }

    /** A template for markup no family reads: {@code [[call NAME]]key=value lines[[/call]]}. */
    static final String BRACKET_CALL_TEMPLATE = """
            {"model_max_length": 8192, "response_template": {"fields": {"tool_calls": {
              "open_pattern": "\\\\[\\\\[call (?P<name>\\\\w+)\\\\]\\\\]", "close": "[[/call]]", "content": "kv-lines",
              "content_args": {"kv_sep": "="}, "transform": {"name": "{name}", "arguments": "{content}"}}}}}""";

    @Test
    void responseTemplateReadsTheCallsTheModelsTemplateDescribes(@TempDir Path dir) throws IOException {
        Path config = dir.resolve("tokenizer_config.json");
        Files.writeString(config, BRACKET_CALL_TEMPLATE);
        String text = "Checking.\n[[call search]]\nquery=rust\n[[/call]]";
        assertThat(json(run(text).out()).get("calls")).isEmpty();
        for (String[] mode : List.of(new String[0], new String[]{"--stream", "3"})) {
            List<String> args = new ArrayList<>(List.of("--response-template", config.toString()));
            args.addAll(List.of(mode));
            Run r = run(text, args.toArray(new String[0]));
            assertThat(r.status()).as(r.err()).isZero();
            JsonNode call = json(r.out()).get("calls").get(0);
            assertThat(call.get("name").asText()).isEqualTo("search");
            assertThat(call.get("arguments").toString()).isEqualTo("{\"query\":\"rust\"}");
            assertThat(call.get("format").asText()).isEqualTo("RESPONSE_TEMPLATE");
            assertThat(json(r.out()).get("text").asText()).isEqualTo("Checking.\n");
        }
    }

    @Test
    void aResponseTemplateThatCannotBeUsedIsOneLineAndStatusTwo(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"fields\": {\"tool_calls\": {\"open_pattern\": \"<x>(?=y)\", \"close\": \"</x>\"}}}");
        for (String file : List.of(bad.toString(), dir.resolve("missing.json").toString())) {
            Run r = run("text", "--response-template", file);
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.err()).startsWith("calltype extract: --response-template: ").doesNotContain("\tat ")
                    .hasLineCount(1);
        }
        assertThat(run("text", "--response-template").status()).isEqualTo(2);
    }
}
