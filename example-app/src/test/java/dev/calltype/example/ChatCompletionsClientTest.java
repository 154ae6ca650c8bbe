package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ChatCompletionsClientTest {

    private StubChatServer server;
    private final List<String> shown = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = StubChatServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private ChatCompletionsClient client(String apiKey) {
        return new ChatCompletionsClient(server.baseUrl(), "qwen2.5:7b", apiKey, Duration.ofSeconds(10));
    }

    private static ArrayNode userSays(String text) {
        ArrayNode messages = ChatCompletionsClient.JSON.createArrayNode();
        messages.addObject().put("role", "user").put("content", text);
        return messages;
    }

    @Test
    void streamedTextArrivesPieceByPieceAndWhole() {
        server.thenRecorded("native-final-answer.sse");
        Completion c = client(null).complete(userSays("hi"), null, shown::add);
        assertThat(c.content()).isEqualTo("(17.5 × 4) + 2¹⁰ / 8 = 198, and it is Friday evening in Tokyo.");
        assertThat(shown).containsExactly("(17.5 × 4) + 2¹⁰ / 8 = ", "198, and it is ", "Friday evening in Tokyo.");
        assertThat(c.finishReason()).isEqualTo("stop");
    }

    @Test
    void theRequestAsksForAStreamAndCarriesTheToolsAndKey() {
        server.thenRecorded("native-final-answer.sse");
        ArrayNode tools = ChatCompletionsClient.JSON.createArrayNode();
        tools.addObject().put("type", "function").putObject("function").put("name", "calculate");
        client("sk-test-123").complete(userSays("hi"), tools, shown::add);
        StubChatServer.Request request = server.requests().get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/chat/completions");
        assertThat(request.header("Authorization")).isEqualTo("Bearer sk-test-123");
        assertThat(request.header("Content-Type")).isEqualTo("application/json");
        assertThat(request.body().path("model").asText()).isEqualTo("qwen2.5:7b");
        assertThat(request.body().path("stream").asBoolean()).isTrue();
        assertThat(request.body().path("messages")).isEqualTo(userSays("hi"));
        assertThat(request.body().path("tools")).isEqualTo(tools);
    }

    @Test
    void noKeyMeansNoAuthorizationHeaderAndNoToolsMeansNoToolsField() {
        server.thenRecorded("native-final-answer.sse");
        client(" ").complete(userSays("hi"), null, shown::add);
        StubChatServer.Request request = server.requests().get(0);
        assertThat(request.header("Authorization")).isNull();
        assertThat(request.body().has("tools")).isFalse();
    }

    @Test
    void aWholeJsonAnswerIsReadWhenTheServerDoesNotStream() {
        server.thenRecorded("prompt-final.json");
        Completion c = client(null).complete(userSays("hi"), null, shown::add);
        assertThat(c.content()).isEqualTo("6 × 7 = 42.");
        assertThat(shown).containsExactly("6 × 7 = 42.");
    }

    @Test
    void nativeCallsKeepTheirArgumentStringsAsSent() {
        server.thenRecorded("native-two-calls-malformed-arguments.sse");
        Completion c = client(null).complete(userSays("hi"), null, shown::add);
        assertThat(c.toolCalls()).containsExactly(
                new Completion.NativeCall("call_k3x9", "calculate", "{'expression': '(17.5 * 4) + 2^10 / 8',}"),
                new Completion.NativeCall("call_p7q2", "current_time", "{zone: \"Tokyo\"}"));
        assertThat(shown).isEmpty();
    }

    @Test
    void baseUrlsWithATrailingSlashOrTheFullPathWork() {
        assertThat(ChatCompletionsClient.endpoint(URI.create("http://localhost:11434/v1/")))
                .isEqualTo(URI.create("http://localhost:11434/v1/chat/completions"));
        assertThat(ChatCompletionsClient.endpoint(URI.create("http://h:8080/v1/chat/completions")))
                .isEqualTo(URI.create("http://h:8080/v1/chat/completions"));
    }

    @Test
    void aServerErrorIsOneLineWithTheStatusAndTheServersMessage() {
        server.then(500, "application/json", "{\"error\":{\"message\":\"model failed to load\",\"type\":\"server_error\"}}");
        assertThatThrownBy(() -> client(null).complete(userSays("hi"), null, shown::add))
                .isInstanceOf(ChatFailure.class)
                .hasMessage("server returned HTTP 500 for " + server.baseUrl() + "/chat/completions: model failed to load");
    }

    @Test
    void aNotFoundWithAPlainBodyShowsTheBody() {
        server.then(404, "text/plain", "404 page not found\n");
        assertThatThrownBy(() -> client(null).complete(userSays("hi"), null, shown::add))
                .hasMessageEndingWith("HTTP 404 for " + server.baseUrl() + "/chat/completions: 404 page not found");
    }

    @Test
    void garbageInTheStreamIsAMalformedStream() {
        server.thenRecorded("garbage.sse");
        assertThatThrownBy(() -> client(null).complete(userSays("hi"), null, shown::add))
                .isInstanceOf(ChatFailure.class)
                .hasMessageStartingWith("malformed stream from " + server.baseUrl() + "/chat/completions: an event is not JSON: {\"choices\"");
    }

    @Test
    void aStreamWithNoEventsIsAMalformedStream() {
        server.then(200, "text/event-stream", "<html><body>Welcome to nginx!</body></html>\n");
        assertThatThrownBy(() -> client(null).complete(userSays("hi"), null, shown::add))
                .hasMessageEndingWith(": no chat completion events");
    }

    @Test
    void aStreamCutOffBeforeItsEndIsAnError() {
        server.thenRecorded("cut-off.sse");
        assertThatThrownBy(() -> client(null).complete(userSays("hi"), null, shown::add))
                .hasMessage("the stream from " + server.baseUrl() + "/chat/completions ended before the answer was complete");
    }

    @Test
    void malformedJsonAnswerIsAnError() {
        server.then(200, "application/json", "{\"choices\": [");
        assertThatThrownBy(() -> client(null).complete(userSays("hi"), null, shown::add))
                .hasMessageStartingWith("malformed answer from " + server.baseUrl() + "/chat/completions: not JSON");
    }

    @Test
    void aServerThatIsDownCannotBeConnectedTo() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ChatCompletionsClient client = new ChatCompletionsClient(URI.create("http://127.0.0.1:" + port + "/v1"), "m", null,
                Duration.ofSeconds(5));
        assertThatThrownBy(() -> client.complete(userSays("hi"), null, shown::add))
                .isInstanceOf(ChatFailure.class)
                .hasMessageStartingWith("cannot connect to http://127.0.0.1:" + port + "/v1/chat/completions: ")
                .hasMessageEndingWith("(is the server running?)");
    }
}
