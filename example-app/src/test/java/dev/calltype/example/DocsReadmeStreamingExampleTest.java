package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.example.tools.Calculator;
import dev.calltype.example.tools.CalculatorTools;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The streaming example of docs/streaming.md, run as written there against a recorded stream. */
class DocsReadmeStreamingExampleTest {

    /** The example's code, from {@code HttpClient http} to {@code stream.finish()}. */
    static List<ToolResult> streamAndRun(Toolkit toolkit, String baseUrl, String body) throws Exception {
        // README: streaming
        HttpClient http = HttpClient.newHttpClient();
        ObjectMapper json = new ObjectMapper();
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))   // e.g. http://localhost:11434/v1
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))   // {"model": …, "stream": true, "messages": […]}
                .build();

        List<ToolResult> results = new ArrayList<>();
        StreamingExtractor stream = toolkit.extractor().streaming(event -> {
            if (event instanceof StreamEvent.TextDelta t) {
                System.out.print(t.text());                             // prose as it arrives, never markup
            } else if (event instanceof StreamEvent.CallCompleted c) {
                results.add(toolkit.dispatch(c.call()));            // run each call the moment it is complete
            } else if (event instanceof StreamEvent.Error e) {
                System.out.println("\n[" + e.error().message() + "]");
            }
        });
        try (Stream<String> lines = http.send(request, HttpResponse.BodyHandlers.ofLines()).body()) {
            for (String line : (Iterable<String>) lines::iterator) {  // server-sent events: "data: {chunk}"
                if (!line.startsWith("data: ") || line.equals("data: [DONE]")) {
                    continue;
                }
                JsonNode delta = json.readTree(line.substring(6)).path("choices").path(0).path("delta");
                if (delta.hasNonNull("content")) {
                    stream.feed(delta.get("content").textValue());
                }
            }
        }
        stream.finish();                                            // a call still open is a TRUNCATED error
        // README end
        return results;
    }

    @Test
    void streamsProseAndRunsTheCallAsSoonAsItIsComplete() throws Exception {
        try (StubChatServer server = StubChatServer.start().thenRecorded("prompt-xml-call.sse")) {
            java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
            PrintStream stdout = System.out;
            List<ToolResult> results;
            System.setOut(new PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
            try {
                results = streamAndRun(new CalculatorTools(new Calculator()), server.baseUrl().toString(),
                        "{\"model\": \"qwen2.5:7b\", \"stream\": true, \"messages\": [{\"role\": \"user\", \"content\": \"6*7?\"}]}");
            } finally {
                System.setOut(stdout);
            }

            assertThat(printed.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("I'll calculate that.\n");
            assertThat(results).singleElement().satisfies(r -> {
                assertThat(r.isError()).isFalse();
                assertThat(r.toolName()).isEqualTo("calculate");
                assertThat(r.content()).contains("42");
            });
            assertThat(server.requests()).singleElement().satisfies(r -> assertThat(r.path()).isEqualTo("/v1/chat/completions"));
        }
    }
}
