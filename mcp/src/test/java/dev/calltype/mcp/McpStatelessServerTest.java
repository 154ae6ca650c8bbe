package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The stateless revision (2026-07-28) as Calltype's server answers it on the wire, request by request. */
@Timeout(60)
class McpStatelessServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private final HttpClient http = HttpClient.newHttpClient();

    record Answer(int status, JsonNode body) {
    }

    private Answer post(URI uri, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream");
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body().isEmpty() ? null : JSON.readTree(r.body()));
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "," + META + "}}";
    }

    @Test
    void aDroppedStatelessRequestIsCancelledAndGivesBackWhatItHeld() throws Exception {
        StubbornToolkit tools = new StubbornToolkit();
        try (McpToolServer server = McpToolServer.builder(tools.toolkit).http(0)) {
            URI uri = server.uri().orElseThrow();
            byte[] body = call(1, "wait", "{\"ms\":60000}").getBytes(StandardCharsets.UTF_8);
            try (Socket socket = new Socket("127.0.0.1", uri.getPort())) {
                OutputStream out = socket.getOutputStream();
                out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort() + "\r\nContent-Type: "
                        + "application/json\r\nAccept: application/json\r\nMCP-Protocol-Version: 2026-07-28\r\n"
                        + "Mcp-Method: tools/call\r\nMcp-Name: wait\r\nContent-Length: " + body.length + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.flush();
                assertThat(tools.waiting.await(10, TimeUnit.SECONDS)).isTrue();
                assertThat(server.bytesInFlight()).isPositive();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (tools.interrupted.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(tools.interrupted.get()).as("the call was interrupted when its client went away").isEqualTo(1);
            while (server.bytesInFlight() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(server.bytesInFlight()).isZero();
        }
    }

    @Test
    void statelessRequestsAreAnsweredWithoutASessionAndAConfirmToolIsDeclinedWithoutAnApprover() throws Exception {
        try (McpToolServer server = McpToolServer.builder(SampleToolkit.create()).http(0)) {
            URI uri = server.uri().orElseThrow();
            String[] headers = {"MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "wipe"};
            Answer declined = post(uri, call(1, "wipe", "{\"id\":\"r1\"}"), headers);
            assertThat(declined.status()).isEqualTo(200);
            JsonNode result = declined.body().path("result");
            assertThat(result.path("resultType").asText()).isEqualTo("complete");
            assertThat(result.path("isError").asBoolean()).isTrue();
            assertThat(result.path("content").get(0).path("text").asText()).contains("declined to run wipe");

            Answer discover = post(uri, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"server/discover\",\"params\":{"
                    + META + "}}", "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "server/discover");
            assertThat(discover.status()).isEqualTo(200);
            assertThat(discover.body().path("result").path("supportedVersions").toString()).contains("2026-07-28",
                    "2025-11-25");

            Answer wrongName = post(uri, call(3, "add", "{\"a\":1,\"b\":2}"), "MCP-Protocol-Version", "2026-07-28",
                    "Mcp-Method", "tools/call", "Mcp-Name", "wipe");
            assertThat(wrongName.status()).isEqualTo(400);
            assertThat(wrongName.body().path("error").path("code").asInt()).isEqualTo(-32020);

            Answer future = post(uri, call(4, "add", "{}").replace("2026-07-28", "2099-01-01"), "MCP-Protocol-Version",
                    "2099-01-01", "Mcp-Method", "tools/call", "Mcp-Name", "add");
            assertThat(future.status()).isEqualTo(400);
            assertThat(future.body().path("error").path("code").asInt()).isEqualTo(-32022);
            assertThat(future.body().path("error").path("data").path("supported").toString()).contains("2026-07-28");
            assertThat(server.bytesInFlight()).isZero();
        }
    }
}
