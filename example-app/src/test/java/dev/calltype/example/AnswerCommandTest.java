package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The {@code answer} command: the embedded model, a live server, and bad command lines. */
class AnswerCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private StubChatServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private int run(String... args) {
        return Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new Environment(Map.of(), false, Clock.systemUTC()));
    }

    @Test
    void theEmbeddedModelIsCorrectedOnceAndTheContactIsRead() {
        assertThat(run("answer")).isZero();
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("asked with the answer's format instructions", "reply 1", "error       TRUNCATED $",
                "reply 2", "repaired    [UNQUOTED_KEYS, SINGLE_QUOTES, TRAILING_COMMA]",
                "value       Contact[name=Ana Lima, email=ana.lima@northwind.example, phones=[+351 912 345 678,"
                        + " +351 21 000 1234], company=Optional[Northwind Traders], role=Optional[Head of"
                        + " Partnerships], preferred=EMAIL]");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    private static String completion(String content) {
        return "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
                + com.fasterxml.jackson.databind.node.TextNode.valueOf(content) + "},\"finish_reason\":\"stop\"}]}";
    }

    @Test
    void aServerIsAskedWithTheStrictSchemaAsResponseFormat() throws Exception {
        server = StubChatServer.start().then(200, "application/json", completion("{\"name\": \"Bo Berg\","
                + " \"email\": \"bo@example.org\", \"phones\": [], \"company\": null, \"role\": null,"
                + " \"preferred\": \"ANY\"}"));
        assertThat(run("answer", "--base-url", server.baseUrl().toString(), "--model", "qwen3",
                "--text", "Bo Berg <bo@example.org>")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("a Contact from qwen3, asked with response_format",
                "value       Contact[name=Bo Berg, email=bo@example.org, phones=[], company=Optional.empty,"
                        + " role=Optional.empty, preferred=ANY]");
        JsonNode body = server.requests().get(0).body();
        assertThat(body.at("/response_format/json_schema/name").asText()).isEqualTo("contact");
        assertThat(body.at("/response_format/json_schema/strict").asBoolean()).isTrue();
        assertThat(body.at("/messages/0/content").asText()).contains("Bo Berg <bo@example.org>");
    }

    @Test
    void aModelThatNeverAnswersReadablyEndsWithExitOne() throws Exception {
        server = StubChatServer.start();
        for (int i = 0; i < 3; i++) {
            server.then(200, "application/json", completion("I can't share personal data."));
        }
        assertThat(run("answer", "--base-url", server.baseUrl().toString(), "--model", "m")).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("reply 3", "NOT_FOUND",
                "✗ no contact could be read after 3 replies");
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void badCommandLinesAreOneLineAndExitTwo() {
        assertThat(run("answer", "--model", "m")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("calltype answer: --model is for --base-url\n");
    }
}
