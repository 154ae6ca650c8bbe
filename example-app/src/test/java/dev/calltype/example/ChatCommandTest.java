package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.example.tools.Notes;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.constraint.Constraints;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.Toolkit;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code chat} command end to end against a stub Chat Completions server serving recorded answers. */
class ChatCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-14T08:30:00Z"), ZoneId.of("Europe/Paris"));

    @TempDir
    Path notes;

    private StubChatServer server;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws IOException {
        server = StubChatServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private int chat(Map<String, String> env, String stdin, String... args) {
        List<String> all = new ArrayList<>(List.of("chat", "--base-url", server.baseUrl().toString(), "--notes", notes.toString()));
        all.addAll(List.of(args));
        return Main.run(all.toArray(new String[0]), new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new Environment(env, false, CLOCK));
    }

    private int chat(String... args) {
        return chat(Map.of(), "", args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Toolkit toolkit() {
        return ExampleTools.toolkit(new Notes(notes), CLOCK);
    }

    @Test
    void theLiveViewShowsProseAsItArrivesAndCallsAsTheyForm() {
        ChatScreen printer = new ChatScreen(new PrintStream(out, true, StandardCharsets.UTF_8),
                Style.of(false), List::of);
        printer.onEvent(1, new StreamEvent.TextDelta("Let me check the time. "));
        assertThat(out()).as("prose is shown before the reply ends").contains("Let me check the time.");
        printer.onEvent(1, new StreamEvent.CallStarted(0, "current_time"));
        assertThat(out()).as("the call is shown once its name is known").contains("→ current_time");
        printer.onEvent(1, new StreamEvent.ArgumentsDelta(0, "{\"zone\": "));
        assertThat(out()).as("its arguments as they arrive").contains("→ current_time {\"zone\": ");
        printer.onEvent(1, new StreamEvent.ArgumentsDelta(0, "\"Tokyo\"}"));
        ToolCall call = ToolCall.of("current_time", (ObjectNode) JSON.createObjectNode().put("zone", "Tokyo"));
        printer.onEvent(1, new StreamEvent.CallCompleted(call));
        printer.onReply(1, "Let me check the time.");
        printer.onCalls(1, List.of(call));
        assertThat(out()).as("a call shown as it formed is not shown again").containsOnlyOnce("current_time");
    }

    @Test
    void theLiveViewSaysWhenTheTextShownWasReasoning() {
        ChatScreen printer = new ChatScreen(new PrintStream(out, true, StandardCharsets.UTF_8),
                Style.of(false), List::of);
        printer.onEvent(1, new StreamEvent.TextDelta("The user wants the time"));
        printer.onEvent(1, new StreamEvent.TextWasReasoning("The user wants the time"));
        printer.onEvent(1, new StreamEvent.TextDelta("It is noon."));
        assertThat(out()).contains("The user wants the time\n  (the text above was the model's reasoning)\nIt is noon.");
    }

    private static JsonNode messages(StubChatServer.Request request) {
        return request.body().path("messages");
    }

    @Test
    void nativeModeSendsTheGeneratedToolsAndAnswersEachCallUnderItsId() throws Exception {
        server.thenRecorded("native-two-calls-malformed-arguments.sse").thenRecorded("native-final-answer.sse");

        int status = chat("--model", "gpt-4o-mini", "--prompt", "What is (17.5 * 4) + 2^10 / 8, and the time in Tokyo?");

        assertThat(status).as(err()).isZero();
        List<StubChatServer.Request> requests = server.requests();
        assertThat(requests).hasSize(2);
        JsonNode first = requests.get(0).body();
        assertThat(first.path("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(first.path("stream").asBoolean()).isTrue();
        assertThat(first.path("tools")).isEqualTo(JSON.readTree(toolkit().schemaJson(SchemaDialect.OPENAI)));
        assertThat(messages(requests.get(0))).extracting(m -> m.path("role").asText()).containsExactly("system", "user");

        JsonNode second = messages(requests.get(1));
        assertThat(second).extracting(m -> m.path("role").asText())
                .containsExactly("system", "user", "assistant", "tool", "tool");
        JsonNode assistant = second.get(2);
        assertThat(assistant.path("tool_calls").get(0).path("id").asText()).isEqualTo("call_k3x9");
        assertThat(assistant.path("tool_calls").get(0).path("function").path("name").asText()).isEqualTo("calculate");
        // The malformed argument strings went through the lenient reader and are sent back repaired.
        assertThat(JSON.readTree(assistant.path("tool_calls").get(0).path("function").path("arguments").asText()))
                .isEqualTo(JSON.readTree("{\"expression\": \"(17.5 * 4) + 2^10 / 8\"}"));
        assertThat(JSON.readTree(assistant.path("tool_calls").get(1).path("function").path("arguments").asText()))
                .isEqualTo(JSON.readTree("{\"zone\": \"Tokyo\"}"));
        assertThat(second.get(3).path("tool_call_id").asText()).isEqualTo("call_k3x9");
        assertThat(JSON.readTree(second.get(3).path("content").asText()).path("result").asInt()).isEqualTo(198);
        assertThat(second.get(4).path("tool_call_id").asText()).isEqualTo("call_p7q2");
        assertThat(JSON.readTree(second.get(4).path("content").asText()).path("localTime").asText())
                .isEqualTo("2025-03-14T17:30:00");

        assertThat(out()).contains("→ calculate", "→ current_time", "SINGLE_QUOTES", "UNQUOTED_KEYS")
                .contains("(17.5 × 4) + 2¹⁰ / 8 = 198, and it is Friday evening in Tokyo.");
        assertThat(err()).isEmpty();
    }

    @Test
    void aTruncatedNativeCallNeverRunsAndTheModelIsToldUnderItsId() {
        server.thenRecorded("native-truncated-arguments.sse").thenRecorded("native-corrected-call.sse")
                .thenRecorded("native-saved.sse");

        int status = chat("--model", "qwen2.5:7b", "--prompt", "Note: discuss the Q3 budget and the hiring plan.");

        assertThat(status).as(err()).isZero();
        List<StubChatServer.Request> requests = server.requests();
        assertThat(requests).hasSize(3);
        JsonNode second = messages(requests.get(1));
        JsonNode toolMessage = second.get(second.size() - 1);
        assertThat(toolMessage.path("role").asText()).isEqualTo("tool");
        assertThat(toolMessage.path("tool_call_id").asText()).isEqualTo("call_m1");
        assertThat(toolMessage.path("content").asText()).contains("was cut off").contains("create_note");
        JsonNode third = messages(requests.get(2));
        assertThat(third.get(third.size() - 1).path("tool_call_id").asText()).isEqualTo("call_m2");
        assertThat(new Notes(notes).readNote("Meeting").body()).isEqualTo("Discuss the Q3 budget and the hiring plan.");
        assertThat(out()).contains("✗ create_note").contains("Saved your note \"Meeting\".");
    }

    @Test
    void aToolThatNeedsConfirmationIsDeclinedWithoutYesAndTheFileStays() throws Exception {
        new Notes(notes).createNote("Groceries", "eggs", List.of(), false);
        server.thenRecorded("native-delete-call.sse").thenRecorded("native-not-deleted.sse");

        int status = chat("--model", "llama3.1:8b", "--prompt", "Delete my groceries note.");

        assertThat(status).as(err()).isZero();
        JsonNode second = messages(server.requests().get(1));
        JsonNode toolMessage = second.get(second.size() - 1);
        assertThat(toolMessage.path("tool_call_id").asText()).isEqualTo("call_d1");
        assertThat(toolMessage.path("content").asText()).contains("declined");
        // The camelCase name the model sent was matched to the tool.
        assertThat(second.get(second.size() - 2).path("tool_calls").get(0).path("function").path("name").asText())
                .isEqualTo("delete_note");
        assertThat(Files.exists(notes.resolve("groceries.md"))).isTrue();
    }

    @Test
    void withYesAToolThatNeedsConfirmationRuns() throws Exception {
        new Notes(notes).createNote("Groceries", "eggs", List.of(), false);
        server.thenRecorded("native-delete-call.sse").thenRecorded("native-not-deleted.sse");

        assertThat(chat("--model", "llama3.1:8b", "--prompt", "Delete my groceries note.", "--yes")).isZero();

        assertThat(Files.exists(notes.resolve("groceries.md"))).isFalse();
    }

    @Test
    void onTheTerminalTheUserIsAskedBeforeAToolThatNeedsConfirmationRuns() throws Exception {
        new Notes(notes).createNote("Groceries", "eggs", List.of(), false);
        server.thenRecorded("native-delete-call.sse").thenRecorded("native-not-deleted.sse");

        int status = chat(Map.of(), "Delete my groceries note.\ny\n/exit\n", "--model", "llama3.1:8b");

        assertThat(status).as(err()).isZero();
        assertThat(out()).contains("allow delete_note {\"title\":\"Groceries\"}? [y/N]");
        assertThat(Files.exists(notes.resolve("groceries.md"))).isFalse();
    }

    @Test
    void aServerFailureEndsAnInteractiveSessionWithExitOne() {
        server.thenRecorded("prompt-final.json").then(500, "text/plain", "overloaded");

        int status = chat(Map.of(), "hi\nhi again\nnever sent\n", "--model", "m");

        assertThat(status).isEqualTo(1);
        assertThat(server.requests()).hasSize(2);
        assertThat(out()).contains("6 × 7 = 42.");
        assertThat(err()).isEqualTo("calltype chat: the server at " + server.baseUrl()
                + "/chat/completions answered HTTP 500: overloaded" + System.lineSeparator());
    }

    @Test
    void promptModeTeachesTheFormatInTheSystemPromptAndReadsCallsFromTheText() {
        server.thenRecorded("prompt-xml-call.sse").thenRecorded("prompt-final.json");

        int status = chat("--model", "llama3.2", "--mode", "prompt", "--format", "xml-tags", "--prompt", "What is 6*7?");

        assertThat(status).as(err()).isZero();
        List<StubChatServer.Request> requests = server.requests();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).body().has("tools")).isFalse();
        String system = messages(requests.get(0)).get(0).path("content").asText();
        assertThat(system).contains(toolkit().formatInstructions(PromptFormat.XML_TAGS));
        JsonNode second = messages(requests.get(1));
        assertThat(second).extracting(m -> m.path("role").asText()).containsExactly("system", "user", "assistant", "user");
        assertThat(second.get(2).path("content").asText()).contains("<tool_call>");
        assertThat(second.get(3).path("content").asText()).startsWith("Tool results:").contains("[calculate]").contains("42");
        assertThat(out()).contains("I'll calculate that.").contains("→ calculate").contains("6 × 7 = 42.")
                .doesNotContain("<tool_call>").doesNotContain("</tool_");
    }

    @Test
    void formatAloneChoosesPromptMode() {
        server.thenRecorded("prompt-final.json");
        assertThat(chat("--model", "m", "--format", "pythonic", "--prompt", "hi")).isZero();
        String system = messages(server.requests().get(0)).get(0).path("content").asText();
        assertThat(system).contains(toolkit().formatInstructions(PromptFormat.PYTHONIC));
    }

    @Test
    void constrainSendsTheGrammarOfTheTaughtFormatInTheServersFields() {
        server.thenRecorded("prompt-final.json");
        assertThat(chat("--model", "m", "--constrain", "llama.cpp", "--format", "pythonic", "--prompt", "hi")).isZero();
        JsonNode body = server.requests().get(0).body();
        assertThat(body.has("tools")).isFalse();
        assertThat(body.path("grammar").asText()).isEqualTo(Constraints.of(toolkit()).format(PromptFormat.PYTHONIC)
                .gbnf().text());
        assertThat(body.path("grammar_lazy").asBoolean()).isTrue();
        assertThat(body.path("grammar_triggers").get(0).path("value").asText()).endsWith("(");
    }

    @Test
    void constrainOllamaFinishesAConversationOfACallItsResultAndAnAnswer() {
        finishesTwoRounds("ollama", "format");
    }

    @Test
    void constrainLmStudioFinishesAConversationOfACallItsResultAndAnAnswer() {
        finishesTwoRounds("lm-studio", "response_format");
    }

    /**
     * A schema-only server answers a constrained request with one bare call object: the round that brings the
     * results goes unconstrained, so the model can answer in words and the conversation ends.
     */
    private void finishesTwoRounds(String constrain, String field) {
        server.thenRecorded("prompt-json-call.json").thenRecorded("prompt-final.json");
        assertThat(chat("--model", "m", "--constrain", constrain, "--prompt", "What time is it in Tokyo?")).isZero();
        List<StubChatServer.Request> requests = server.requests();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).body().has(field)).isTrue();
        assertThat(requests.get(1).body().has(field)).isFalse();
        assertThat(requests.get(1).body().has("response_format")).isFalse();
        JsonNode second = messages(requests.get(1));
        assertThat(second.get(second.size() - 1).path("content").asText()).contains("[current_time]");
        assertThat(out()).contains("6 × 7 = 42.");
    }

    @Test
    void constrainAloneChoosesPromptModeWithXmlTagsForVllm() {
        server.thenRecorded("prompt-final.json");
        assertThat(chat("--model", "m", "--constrain", "vllm", "--prompt", "hi")).isZero();
        JsonNode body = server.requests().get(0).body();
        assertThat(body.path("structured_outputs").path("structural_tag").asText()).contains("<tool_call>");
    }

    @Test
    void theApiKeyIsSentAsABearerTokenWhenSet() {
        server.thenRecorded("prompt-final.json");
        assertThat(chat(Map.of("OPENAI_API_KEY", "sk-abc"), "", "--model", "m", "--prompt", "hi")).isZero();
        assertThat(server.requests().get(0).header("Authorization")).isEqualTo("Bearer sk-abc");
    }

    @Test
    void anInteractiveSessionAnswersEachLineUntilExit() {
        server.thenRecorded("prompt-xml-call.sse").thenRecorded("prompt-final.json").thenRecorded("native-saved.sse");

        int status = chat(Map.of(), "What is 6*7?\n\nAnd save it.\n/exit\nnever read\n", "--model", "m", "--mode", "prompt");

        assertThat(status).as(err()).isZero();
        assertThat(server.requests()).hasSize(3);
        assertThat(out()).contains("calltype chat · m at " + server.baseUrl() + "/chat/completions")
                .contains("you> ").contains("6 × 7 = 42.").contains("Saved your note");
        // The second message continues the same conversation.
        assertThat(messages(server.requests().get(2))).extracting(m -> m.path("content").asText())
                .contains("What is 6*7?", "And save it.");
    }

    @Test
    void aServerThatIsDownIsOneLineAndExitOne() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String[] args = {"chat", "--base-url", "http://127.0.0.1:" + port + "/v1", "--model", "m", "--prompt", "hi",
                "--notes", notes.toString()};
        int status = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new Environment(Map.of(), false, CLOCK));
        assertThat(status).isEqualTo(1);
        assertThat(err()).startsWith("calltype chat: cannot connect to http://127.0.0.1:" + port + "/v1/chat/completions")
                .hasLineCount(1).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aServerErrorIsOneLineAndExitOne() {
        server.then(500, "application/json", "{\"error\":{\"message\":\"CUDA out of memory\"}}");
        assertThat(chat("--model", "m", "--prompt", "hi")).isEqualTo(1);
        assertThat(err()).isEqualTo("calltype chat: the server at " + server.baseUrl()
                + "/chat/completions answered HTTP 500: CUDA out of memory" + System.lineSeparator());
    }

    @Test
    void aGarbageStreamIsOneLineAndExitOne() {
        server.thenRecorded("garbage.sse");
        assertThat(chat("--model", "m", "--prompt", "hi")).isEqualTo(1);
        assertThat(err()).startsWith("calltype chat: malformed stream from ").hasLineCount(1);
    }

    @Test
    void aStreamCutOffIsOneLineAndExitOne() {
        server.thenRecorded("cut-off.sse");
        assertThat(chat("--model", "m", "--prompt", "hi")).isEqualTo(1);
        assertThat(err()).contains("ended before the answer was complete").hasLineCount(1);
    }

    @Test
    void aModelThatNeverStopsCallingToolsIsStoppedAndReported() {
        for (int i = 0; i < 3; i++) {
            server.thenRecorded("prompt-xml-call.sse");
        }
        assertThat(chat("--model", "m", "--mode", "prompt", "--max-rounds", "2", "--prompt", "hi")).isEqualTo(1);
        assertThat(server.requests()).hasSize(2);
        assertThat(err()).isEqualTo("calltype chat: stopped after 2 rounds: the model was still calling tools"
                + " (raise --max-rounds)" + System.lineSeparator());
    }

    @Test
    void badCommandLinesAreOneLineAndExitTwo() {
        assertThat(chat("--prompt", "hi")).isEqualTo(2);
        assertThat(err()).isEqualTo("calltype chat: --model is required (see chat --help)" + System.lineSeparator());
        err.reset();
        assertThat(chat("--model", "m", "--mode", "telepathy")).isEqualTo(2);
        assertThat(err()).contains("unknown --mode 'telepathy'; use one of native, prompt");
        err.reset();
        assertThat(chat("--model", "m", "--mode", "native", "--format", "pythonic")).isEqualTo(2);
        assertThat(err()).contains("--format is for --mode prompt");
        err.reset();
        assertThat(chat("--model", "m", "--mode", "native", "--constrain", "vllm")).isEqualTo(2);
        assertThat(err()).contains("--constrain is for --mode prompt");
        err.reset();
        assertThat(chat("--model", "m", "--constrain", "tgi")).isEqualTo(2);
        assertThat(err()).contains("unknown --constrain 'tgi'");
        err.reset();
        assertThat(chat("--model", "m", "--format", "yaml")).isEqualTo(2);
        assertThat(err()).contains("unknown --format 'yaml'");
        err.reset();
        assertThat(chat("--model", "m", "--max-rounds", "0")).isEqualTo(2);
        assertThat(chat("--model", "m", "--temperature", "0")).isEqualTo(2);
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void responseTemplateReadsCallsInTheModelsOwnMarkup() throws IOException {
        Path config = notes.resolve("tokenizer_config.json");
        Files.writeString(config, ExtractCommandTest.BRACKET_CALL_TEMPLATE.replace("search", "calculate"));
        server.then(200, "application/json", "{\"id\": \"c1\", \"object\": \"chat.completion\", \"model\": \"m\", "
                + "\"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", \"content\": "
                + "\"[[call calculate]]\\nexpression=6*7\\n[[/call]]\"}, \"finish_reason\": \"stop\"}]}")
                .thenRecorded("prompt-final.json");

        int status = chat("--model", "m", "--mode", "prompt", "--response-template", config.toString(),
                "--prompt", "What is 6*7?");

        assertThat(status).as(err()).isZero();
        assertThat(server.requests()).hasSize(2);
        assertThat(messages(server.requests().get(1)).get(3).path("content").asText()).contains("[calculate]")
                .contains("42");
        assertThat(out()).contains("→ calculate").doesNotContain("[[call");
    }

    @Test
    void aResponseTemplateThatCannotBeUsedIsAUsageError() throws IOException {
        Path bad = notes.resolve("bad.json");
        Files.writeString(bad, "{\"fields\": {\"tool_calls\": {\"open\": \"<x>\", \"content\": \"yaml\"}}}");
        assertThat(chat("--model", "m", "--response-template", bad.toString(), "--prompt", "hi")).isEqualTo(2);
        assertThat(err()).contains("--response-template").contains("unknown content parser").hasLineCount(1);
        assertThat(server.requests()).isEmpty();
    }
}
