package dev.calltype.mcp;

import static dev.calltype.mcp.McpServerStdioRobustnessTest.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The streamable HTTP server against bad requests, hung tools, many sessions and slow clients. */
@Timeout(90)
class McpServerHttpRobustnessTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    private final HttpClient http = HttpClient.newHttpClient();

    record Answer(int status, JsonNode body, String text, String session) {
    }

    private Answer post(URI uri, String session, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream");
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.setHeader(headers[i], headers[i + 1]);
        }
        return answer(http.send(request.build(), HttpResponse.BodyHandlers.ofString()));
    }

    private CompletableFuture<Answer> postAsync(URI uri, String session, String body) {
        HttpRequest request = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Mcp-Session-Id", session).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
            try {
                return answer(r);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** A POST written by hand, for a Host header the JDK's client will not send. */
    private static Answer raw(URI uri, String host, String session, String body) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", uri.getPort())) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String head = "POST /mcp HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + session
                    + "\r\nConnection: close\r\nContent-Length: " + bytes.length + "\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(bytes);
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(response.substring(9, 12));
            String text = response.substring(response.indexOf("\r\n\r\n") + 4);
            return new Answer(status, JSON.readTree(text), text, null);
        }
    }

    private static Answer answer(HttpResponse<String> r) throws Exception {
        JsonNode body = r.body().isEmpty() ? null : JSON.readTree(r.body());
        return new Answer(r.statusCode(), body, r.body(), r.headers().firstValue("Mcp-Session-Id").orElse(null));
    }

    private String session(URI uri) throws Exception {
        Answer init = post(uri, null, INIT);
        assertThat(init.status()).isEqualTo(200);
        assertThat(post(uri, init.session(), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .status()).isEqualTo(202);
        return init.session();
    }

    @Test
    void badRequestsGetJsonRpcErrorObjectsWithoutInternals() throws Exception {
        McpToolServer server = McpToolServer.builder(new StubbornToolkit().toolkit).http(0);
        try {
            URI uri = server.uri().orElseThrow();
            String session = session(uri);
            String call = StdioPeer.call(1, "echo", "{\"text\":\"hi\"}");

            Answer noSession = post(uri, null, call);
            assertThat(noSession.status()).isEqualTo(400);
            assertError(noSession.body(), -32600, "no Mcp-Session-Id header");
            Answer unknownSession = post(uri, "feedface", call);
            assertThat(unknownSession.status()).isEqualTo(404);
            assertError(unknownSession.body(), -32600, "session not found");
            Answer invalid = post(uri, session, "{\"jsonrpc\":\"2.0\",\"id\":");
            assertThat(invalid.status()).isEqualTo(400);
            assertError(invalid.body(), -32700, "parse error");
            Answer batch = post(uri, session, "[" + call + "]");
            assertThat(batch.status()).isEqualTo(400);
            assertError(batch.body(), -32600, "batches are not supported");
            Answer stringParams = post(uri, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\","
                    + "\"params\":\"echo\"}");
            assertError(stringParams.body(), -32602, "\"params\" must be an object");
            Answer arrayArguments = post(uri, session, StdioPeer.call(3, "echo", "[1,2]"));
            assertError(arrayArguments.body(), -32602, "\"arguments\"");
            Answer unknownTool = post(uri, session, StdioPeer.call(4, "nope", "{}"));
            assertError(unknownTool.body(), -32602, "Unknown tool: nope");
            Answer badVersion = post(uri, session, call, "MCP-Protocol-Version", "1999-01-01");
            assertThat(badVersion.status()).isEqualTo(400);
            assertError(badVersion.body(), -32600, "MCP-Protocol-Version \"1999-01-01\"");
            Answer foreignHost = raw(uri, "evil.example:80", session, call);
            assertThat(foreignHost.status()).isEqualTo(403);
            assertError(foreignHost.body(), -32600, "Host header");
            assertThat(raw(uri, "localhost:" + uri.getPort(), session, call).status()).isEqualTo(200);
            Answer foreignOrigin = post(uri, session, call, "Origin", "http://evil.example");
            assertThat(foreignOrigin.status()).isEqualTo(403);
            HttpResponse<String> get = http.send(HttpRequest.newBuilder(uri).GET().header("Mcp-Session-Id", session)
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(get.statusCode()).isEqualTo(405);
            assertError(JSON.readTree(get.body()), -32600, "method not allowed");
            for (Answer a : List.of(noSession, unknownSession, invalid, batch, badVersion, foreignHost)) {
                assertThat(a.text()).doesNotContain("\tat ").doesNotContain("java.").hasSizeLessThan(400);
            }

            Answer jsonOnly = post(uri, session, call, "Accept", "application/json");
            assertThat(jsonOnly.status()).isEqualTo(200);
            assertThat(jsonOnly.body().path("result").path("content").get(0).path("text").asText()).isEqualTo("hi");
        } finally {
            server.close();
        }
    }

    @Test
    void hungCallsAreAnsweredAtTheTimeoutAndDoNotStarveOtherSessions() throws Exception {
        StubbornToolkit tools = new StubbornToolkit();
        McpToolServer server = McpToolServer.builder(tools.toolkit).requestTimeout(Duration.ofSeconds(2)).http(0);
        try {
            URI uri = server.uri().orElseThrow();
            String stuck = session(uri);
            List<CompletableFuture<Answer>> hung = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                hung.add(postAsync(uri, stuck, StdioPeer.call(100 + i, "hang", "{}")));
            }
            Thread.sleep(300);
            String other = session(uri);
            Answer echo = post(uri, other, StdioPeer.call(1, "echo", "{\"text\":\"not starved\"}"));
            assertThat(echo.body().path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("not starved");
            for (CompletableFuture<Answer> call : hung) {
                JsonNode result = call.get().body().path("result");
                assertThat(result.path("isError").asBoolean()).isTrue();
                assertThat(result.path("content").get(0).path("text").asText())
                        .matches("Tool hang failed: (it did not finish within 2 s.*|the session has 16 calls running.*)");
            }
        } finally {
            tools.release.countDown();
            server.close();
        }
    }

    @Test
    void sessionsPastTheCapAreRefusedAndAnEndedOneFreesItsPlace() throws Exception {
        McpToolServer server = McpToolServer.builder(new StubbornToolkit().toolkit).maxSessions(2).http(0);
        try {
            URI uri = server.uri().orElseThrow();
            String first = session(uri);
            session(uri);
            Answer third = post(uri, null, INIT);
            assertThat(third.status()).isEqualTo(503);
            assertError(third.body(), -32000, "2 sessions are open");
            HttpResponse<String> ended = http.send(HttpRequest.newBuilder(uri).DELETE().header("Mcp-Session-Id", first)
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(ended.statusCode()).isEqualTo(200);
            assertThat(post(uri, null, INIT).status()).isEqualTo(200);
        } finally {
            server.close();
        }
    }

    @Test
    void aClientTricklingItsHeadersIsDisconnectedAtTheDeadline() throws Exception {
        McpToolServer server = McpToolServer.builder(new StubbornToolkit().toolkit)
                .headerTimeout(Duration.ofSeconds(1)).http(0);
        try (Socket socket = new Socket("127.0.0.1", server.uri().orElseThrow().getPort())) {
            assertClosedWhileTrickling(socket);
        } finally {
            server.close();
        }
    }

    /**
     * Starts a request's head and trickles a header line every half second: the server, with a header deadline of a
     * second, closes the connection well within five.
     */
    private static void assertClosedWhileTrickling(Socket socket) throws Exception {
        OutputStream out = socket.getOutputStream();
        InputStream in = socket.getInputStream();
        out.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
        long start = System.nanoTime();
        boolean closed = false;
        socket.setSoTimeout(50);
        try {
            for (int i = 0; i < 12 && !closed; i++) {
                out.write("X-Slow: 1\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(500);
                try {
                    closed = in.read() == -1;
                } catch (java.net.SocketTimeoutException e) {
                    // still open
                }
            }
        } catch (java.io.IOException e) {
            closed = true; // the server closed the connection
        }
        assertThat(closed).as("the connection was closed").isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void theHeaderDeadlineCoversEveryRequestOnAConnection() throws Exception {
        McpToolServer server = McpToolServer.builder(new StubbornToolkit().toolkit)
                .headerTimeout(Duration.ofSeconds(1)).http(0);
        try (Socket socket = new Socket("127.0.0.1", server.uri().orElseThrow().getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            byte[] body = INIT.getBytes(StandardCharsets.UTF_8);
            out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            // the first request is answered; the connection stays open for the next
            byte[] head = new byte[12];
            assertThat(in.readNBytes(head, 0, 12)).isEqualTo(12);
            assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
            Thread.sleep(1_500); // idle between requests is the idle timeout's business, not the header deadline's
            while (in.available() > 0) {
                in.read(); // the rest of the first answer
            }
            assertClosedWhileTrickling(socket);
        } finally {
            server.close();
        }
    }

    @Test
    void closeLeavesNoNonDaemonThreadBehind() throws Exception {
        Set<Thread> before = nonDaemon();
        McpToolServer server = McpToolServer.builder(new StubbornToolkit().toolkit).http(0);
        URI uri = server.uri().orElseThrow();
        String session = session(uri);
        assertThat(post(uri, session, StdioPeer.call(1, "echo", "{\"text\":\"x\"}")).status()).isEqualTo(200);
        server.close();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Set<Thread> left = nonDaemon();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            left = nonDaemon();
            left.removeAll(before);
        }
        left.removeAll(before);
        assertThat(left.stream().map(Thread::getName).collect(Collectors.toList())).isEmpty();
    }

    private static Set<Thread> nonDaemon() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> !t.isDaemon() && t.isAlive())
                .filter(t -> !t.getName().startsWith("HttpClient")).collect(Collectors.toSet());
    }
}
