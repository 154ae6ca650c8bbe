package dev.calltype.openai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.testsupport.Npm;
import dev.calltype.testsupport.ReadmeCode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * End to end against a maintained OpenAI mock server from the npm registry ({@code openai-mock-api}, installed into
 * {@code target/} at test time, listening on 127.0.0.1): the model calls a tool, the loop runs it, and the model
 * answers with its result. The mock streams its tool call without {@code index}, as some servers do; it answers
 * the final message only when the tool message holds the tool's result, {@code 5}, and only with the API key.
 */
class MockServerInteropTest {

    private static final String PACKAGE = "openai-mock-api@0.4.0";

    private static Process server;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        Path dir = Path.of("target", "npm-openai-mock").toAbsolutePath();
        Npm.Installed installed = Npm.install(dir, PACKAGE);
        Path packageDir = installed.file("openai-mock-api", "package.json").getParent();
        Path script = copy("mock-openai.js", dir);
        Path config = copy("mock-openai.yaml", dir);
        server = new ProcessBuilder(Npm.node(), script.toString(), packageDir.toString(), config.toString(),
                dir.resolve("mock.log").toString()).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.startsWith("PORT ")) {
                port = Integer.parseInt(line.substring(5).strip());
                break;
            }
            seen.add(line);
        }
        assertThat(port).as("the mock server did not start: %s", seen).isPositive();
    }

    private static Path copy(String resource, Path dir) throws IOException {
        try (InputStream in = MockServerInteropTest.class.getResourceAsStream("/" + resource)) {
            Path to = dir.resolve(resource);
            Files.write(to, in.readAllBytes());
            return to;
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.getOutputStream().close();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroy();
                server.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** The README's example (section "Talking to an OpenAI-compatible server"), as written there. */
    static ToolLoop.Outcome readmeExample(String baseUrl, String apiKey, Toolkit toolkit) {
        // README: Talking to an OpenAI-compatible server
        OpenAiChatModel model = OpenAiChatModel.builder()
                .baseUrl(baseUrl)                            // http://localhost:11434/v1 (Ollama), https://api.openai.com/v1 …
                .model("gpt-4o-mini")
                .apiKey(apiKey)                              // e.g. System.getenv("OPENAI_API_KEY"); null: none sent
                .timeout(Duration.ofSeconds(60))             // the response timeout and the idle timeout
                .listener(event -> {
                    if (event instanceof StreamEvent.TextDelta t) System.out.print(t.text());   // text as it streams
                })
                .build();
        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("What is 2 + 3?");
        System.out.println(outcome.completed() ? outcome.answer() : outcome.error());
        // README end
        return outcome;
    }

    @Test
    void theModelCallsAToolAndAnswersWithItsResult() {
        List<String> ran = new ArrayList<>();
        Toolkit toolkit = Toolkits.fromJson(AddRequest.TOOLS_JSON, (name, args) -> {
            ran.add(name + " " + args);
            return IntNode.valueOf(args.path("a").asInt() + args.path("b").asInt());
        });

        ToolLoop.Outcome outcome = readmeExample("http://127.0.0.1:" + port + "/v1", "sk-mock-key", toolkit);

        assertThat(outcome.error()).isNull();
        assertThat(outcome.answer()).isEqualTo("The sum is 5.");
        assertThat(ran).containsExactly("add {\"a\":2,\"b\":3}");
        assertThat(outcome.transcript()).extracting(ChatMessage::role).containsExactly(ChatMessage.Role.USER,
                ChatMessage.Role.ASSISTANT, ChatMessage.Role.TOOL, ChatMessage.Role.ASSISTANT);
    }

    @Test
    void theReadmeShowsTheExampleAsItRuns() {
        ReadmeCode.assertReadmeShows(Path.of("../docs/openai.md"), "## Talking to an OpenAI-compatible server: `calltype-openai`",
                Path.of("src/test/java/dev/calltype/openai/MockServerInteropTest.java"),
                "Talking to an OpenAI-compatible server");
    }

    @Test
    void aWrongKeyIsAnHttpErrorInOneLine() {
        OpenAiChatModel model = OpenAiChatModel.builder().baseUrl("http://127.0.0.1:" + port + "/v1")
                .model("gpt-4o-mini").apiKey("sk-wrong").build();
        ChatCompletionsException e = AddRequest.failure(model);
        assertThat(e.kind()).isEqualTo(ChatCompletionsException.Kind.HTTP_STATUS);
        assertThat(e.getMessage()).contains("HTTP 401").doesNotContain("\n", "sk-wrong");
    }
}
