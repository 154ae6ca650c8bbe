package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.ToolCall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The HTTP server shared fairly: a client that declares a large body and trickles it, one that opens hundreds of
 * slow connections, and one that opens sessions without end take nothing the other clients need; idle sessions
 * end; and a tool that needs approval runs over MCP only when the server's approver said yes to that very call.
 * The greedy client speaks from 127.0.0.2, another loopback address, so that the server sees two clients.
 */
@Timeout(120)
class McpServerFairnessTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    private static final String OTHER_CLIENT = "127.0.0.2";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    record Answer(int status, JsonNode body, String session) {
    }

    private Answer post(URI uri, String session, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(body))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream");
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Answer(r.statusCode(), r.body().isEmpty() ? null : JSON.readTree(r.body()),
                r.headers().firstValue("Mcp-Session-Id").orElse(null));
    }

    private String session(URI uri) throws Exception {
        Answer init = post(uri, null, INIT);
        assertThat(init.status()).as(String.valueOf(init.body())).isEqualTo(200);
        assertThat(post(uri, init.session(), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .status()).isEqualTo(202);
        return init.session();
    }

    /** A connection from {@link #OTHER_CLIENT} that has sent a request's head and {@code sent} of its body. */
    private static Socket trickle(URI uri, long declared, String sent) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(OTHER_CLIENT, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", uri.getPort()), 5_000);
        OutputStream out = socket.getOutputStream();
        out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort() + "\r\nContent-Type: application/json\r\n"
                + "Accept: application/json\r\nContent-Length: " + declared + "\r\n\r\n" + sent)
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    /** A whole POST from {@link #OTHER_CLIENT}: the status and the session id it carried. */
    private static String[] postFromOther(URI uri, String session, String body) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(OTHER_CLIENT, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", uri.getPort()), 5_000);
        try (socket) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort() + "\r\nContent-Type: "
                    + "application/json\r\nAccept: application/json\r\nConnection: close\r\n"
                    + (session == null ? "" : "Mcp-Session-Id: " + session + "\r\n")
                    + "Content-Length: " + bytes.length + "\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(bytes);
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String id = null;
            for (String line : response.substring(0, response.indexOf("\r\n\r\n")).split("\r\n")) {
                if (line.regionMatches(true, 0, "Mcp-Session-Id:", 0, 15)) {
                    id = line.substring(15).strip();
                }
            }
            return new String[] {response.substring(9, 12), id};
        }
    }

    @Test
    void aBodyDeclaredLargeAndTrickledHoldsOnlyTheBytesItSent() throws Exception {
        try (McpToolServer server = McpToolServer.builder(SampleToolkit.create()).maxBytesInFlight(1 << 20)
                .http(0)) {
            URI uri = server.uri().orElseThrow();
            String session = session(uri);
            // declares the whole budget and sends one byte: a server that reserves the declared length is full now
            try (Socket slow = trickle(uri, (1 << 20) - 64, "{")) {
                Thread.sleep(300);
                Answer call = post(uri, session, StdioPeer.call(1, "add", "{\"a\":2,\"b\":3}"));
                assertThat(call.status()).as(String.valueOf(call.body())).isEqualTo(200);
                assertThat(call.body().path("result").path("content").get(0).path("text").asText()).isEqualTo("5");
            }
        }
    }

    @Test
    void hundredsOfSlowConnectionsFromOneClientLeaveThreadsForTheOthers() throws Exception {
        try (McpToolServer server = McpToolServer.builder(SampleToolkit.create()).http(0)) {
            URI uri = server.uri().orElseThrow();
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 220; i++) {
                    slow.add(trickle(uri, 100, "{"));
                }
                Thread.sleep(500);
                long start = System.nanoTime();
                String session = session(uri);
                Answer call = post(uri, session, StdioPeer.call(1, "add", "{\"a\":1,\"b\":1}"));
                assertThat(call.status()).isEqualTo(200);
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
                // past its bound the greedy client is told so, as a JSON-RPC error, before its body is read
                String answer = readAnswer(slow.get(slow.size() - 1));
                assertThat(answer).startsWith("HTTP/1.1 503").contains("-32000").contains("this client has 64 requests open");
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }

    private static String readAnswer(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        InputStream in = socket.getInputStream();
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void aClientOpeningSessionsWithoutEndCrowdsOutOnlyItself() throws Exception {
        try (McpToolServer server = McpToolServer.builder(SampleToolkit.create()).maxSessions(20)
                .sessionsPerClient(5).http(0)) {
            URI uri = server.uri().orElseThrow();
            List<String> greedy = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                String[] answer = postFromOther(uri, null, INIT);
                assertThat(answer[0]).isEqualTo("200");
                greedy.add(answer[1]);
            }
            // another client still gets its session and its answers
            String session = session(uri);
            assertThat(post(uri, session, StdioPeer.call(1, "add", "{\"a\":1,\"b\":2}")).status()).isEqualTo(200);
            // the greedy client kept its five latest sessions; the first ones gave way
            assertThat(postFromOther(uri, greedy.get(0), StdioPeer.call(1, "add", "{\"a\":1,\"b\":2}"))[0])
                    .isEqualTo("404");
            assertThat(postFromOther(uri, greedy.get(29), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")[0])
                    .isEqualTo("202");
        }
    }

    @Test
    void aSessionIdleLongerThanTheIdleTimeEnds() throws Exception {
        try (McpToolServer server = McpToolServer.builder(SampleToolkit.create())
                .sessionIdleTimeout(Duration.ofMillis(300)).http(0)) {
            URI uri = server.uri().orElseThrow();
            String session = session(uri);
            assertThat(post(uri, session, StdioPeer.call(1, "add", "{\"a\":1,\"b\":2}")).status()).isEqualTo(200);
            Thread.sleep(1_000);
            Answer late = post(uri, session, StdioPeer.call(2, "add", "{\"a\":1,\"b\":2}"));
            assertThat(late.status()).isEqualTo(404);
            assertThat(late.body().path("error").path("message").asText()).contains("session not found");
        }
    }

    @Test
    void aToolThatNeedsApprovalRunsOnlyWhenTheApproverSaidYesToThatCall() throws Exception {
        List<ToolCall> asked = new CopyOnWriteArrayList<>();
        try (McpToolServer none = McpToolServer.builder(SampleToolkit.create()).http(0);
                McpToolServer yes = McpToolServer.builder(SampleToolkit.create())
                        .approver((call, tool) -> asked.add(call) && call.arguments().path("id").asText().equals("r1"))
                        .http(0)) {
            URI refusing = none.uri().orElseThrow();
            JsonNode declined = post(refusing, session(refusing), StdioPeer.call(1, "wipe", "{\"id\":\"r1\"}"))
                    .body().path("result");
            assertThat(declined.path("isError").asBoolean()).isTrue();
            assertThat(declined.path("content").get(0).path("text").asText())
                    .contains("declined to run wipe").contains("approval");
            // a tool that needs no approval runs without asking
            assertThat(post(refusing, session(refusing), StdioPeer.call(2, "peek", "{\"id\":\"r1\"}")).body()
                    .path("result").path("isError").asBoolean()).isFalse();

            URI approving = yes.uri().orElseThrow();
            String session = session(approving);
            JsonNode ran = post(approving, session, StdioPeer.call(3, "wipe", "{\"id\":\"r1\"}")).body().path("result");
            assertThat(ran.path("content").get(0).path("text").asText()).isEqualTo("wiped r1");
            JsonNode refused = post(approving, session, StdioPeer.call(4, "wipe", "{\"id\":\"r2\"}")).body()
                    .path("result");
            assertThat(refused.path("isError").asBoolean()).isTrue();
            assertThat(refused.path("content").get(0).path("text").asText()).contains("declined to run wipe");
            assertThat(asked).extracting(ToolCall::name).containsExactly("wipe", "wipe");
            assertThat(asked).extracting(c -> c.arguments().path("id").asText()).containsExactly("r1", "r2");
            assertThat(post(approving, session, StdioPeer.call(5, "peek", "{\"id\":\"r1\"}")).status()).isEqualTo(200);
            assertThat(asked).hasSize(2);
        }
    }

    /** Someone asked at the console, in the docs' example: here one who says yes to everything and keeps the question. */
    static final class Person {
        final List<String> asked = new CopyOnWriteArrayList<>();

        boolean confirms(String question) {
            asked.add(question);
            return true;
        }
    }

    @Test
    void theDocsApproverExampleAsksThePersonBeforeAConfirmToolRuns() throws Exception {
        dev.calltype.runtime.Toolkit toolkit = SampleToolkit.create();
        Person person = new Person();
        // README: mcp-approver
        McpToolServer server = McpToolServer.builder(toolkit)
                .approver((call, tool) -> person.confirms("Run " + tool.name() + " " + call.arguments() + "?"))
                .http(0);
        // README end
        try (server) {
            URI uri = server.uri().orElseThrow();
            JsonNode ran = post(uri, session(uri), StdioPeer.call(1, "wipe", "{\"id\":\"r7\"}")).body().path("result");
            assertThat(ran.path("content").get(0).path("text").asText()).isEqualTo("wiped r7");
            assertThat(person.asked).containsExactly("Run wipe {\"id\":\"r7\"}?");
        }
    }
}
