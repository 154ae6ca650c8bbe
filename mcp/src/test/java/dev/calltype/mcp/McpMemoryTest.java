package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP server in a JVM of 256 MiB under twelve concurrent 15 MB requests (each under the 16 MiB message limit)
 * and a 60 MB tool result: every request is answered (the result, or "server busy" at once), the result too large
 * to send is a failure result, and the server is still up, with no {@code OutOfMemoryError}.
 */
@Timeout(240)
class McpMemoryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void concurrentLargeRequestsAndAHugeResultStayWithinTheHeap(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path errors = dir.resolve("server-stderr.txt");
        Process server = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                SoakServer.class.getName(), "http").redirectError(errors.toFile()).start();
        try {
            URI uri = URI.create(new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8)).readLine());
            HttpClient http = HttpClient.newHttpClient();
            String session = http.send(post(uri, null, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\","
                    + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"m\","
                    + "\"version\":\"1\"}}}"), HttpResponse.BodyHandlers.ofString()).headers()
                    .firstValue("Mcp-Session-Id").orElseThrow();
            http.send(post(uri, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"),
                    HttpResponse.BodyHandlers.discarding());

            String blob = "b".repeat(15_000_000);
            List<CompletableFuture<HttpResponse<String>>> large = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                large.add(http.sendAsync(post(uri, session, StdioPeer.call(100 + i, "echo",
                        "{\"text\":\"" + blob + "\"}")), HttpResponse.BodyHandlers.ofString()));
            }
            int answered = 0;
            int busy = 0;
            for (CompletableFuture<HttpResponse<String>> call : large) {
                HttpResponse<String> response = call.get(120, TimeUnit.SECONDS);
                if (response.statusCode() == 503) {
                    busy++;
                    assertThat(response.body()).contains("server busy");
                } else {
                    assertThat(response.statusCode()).isEqualTo(200);
                    JsonNode result = JSON.readTree(response.body()).path("result");
                    assertThat(result.path("content").get(0).path("text").asText()).hasSize(15_000_000);
                    answered++;
                }
            }
            assertThat(answered + busy).isEqualTo(12);
            assertThat(answered).isPositive();

            HttpResponse<String> huge = http.send(post(uri, session, StdioPeer.call(200, "big",
                    "{\"chars\":60000000}")), HttpResponse.BodyHandlers.ofString());
            JsonNode result = JSON.readTree(huge.body()).path("result");
            assertThat(result.path("isError").asBoolean()).isTrue();
            assertThat(result.path("content").get(0).path("text").asText())
                    .startsWith("Tool big failed: its result is larger than the");

            HttpResponse<String> after = http.send(post(uri, session, StdioPeer.call(300, "echo",
                    "{\"text\":\"still up\"}")), HttpResponse.BodyHandlers.ofString());
            assertThat(after.body()).contains("still up");
            assertThat(server.isAlive()).isTrue();
        } finally {
            server.getOutputStream().close();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
        assertThat(Files.readString(errors)).doesNotContain("OutOfMemoryError");
    }

    private static HttpRequest post(URI uri, String session, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream");
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return request.build();
    }
}
