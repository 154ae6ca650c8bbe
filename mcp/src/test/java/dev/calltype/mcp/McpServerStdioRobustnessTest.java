package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The stdio server against what real clients and stray writers send: bad lines, cancellations, hung tools. */
@Timeout(60)
class McpServerStdioRobustnessTest {

    @Test
    void badLinesGetJsonRpcErrorsAndTheSessionGoesOnUntilTheInputEnds() throws Exception {
        StubbornToolkit tools = new StubbornToolkit();
        try (StdioPeer peer = new StdioPeer()) {
            McpToolServer server = McpToolServer.builder(tools.toolkit).stdio(peer.serverIn, peer.serverOut);
            assertThat(peer.initialize().path("result").path("serverInfo").path("name").asText()).isEqualTo("calltype");

            peer.send("");
            assertError(peer.read(), -32700, "empty message");
            peer.send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
            assertError(peer.read(), -32600, "batches are not supported");
            peer.send("Starting server on port 8080...");
            assertError(peer.read(), -32700, "parse error");
            peer.send("{\"hello\":\"world\"}");
            assertError(peer.read(), -32600, "\"jsonrpc\" must be \"2.0\"");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":7}");
            JsonNode noMethod = peer.read();
            assertError(noMethod, -32600, "neither a request");
            assertThat(noMethod.path("id").asInt()).isEqualTo(7);
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":\"echo\"}");
            JsonNode stringParams = peer.read();
            assertError(stringParams, -32602, "\"params\" must be an object");
            assertThat(stringParams.path("id").asInt()).isEqualTo(8);
            peer.send(StdioPeer.call(9, "echo", "[\"hi\"]"));
            assertError(peer.read(), -32602, "\"arguments\"");
            peer.send(StdioPeer.call(10, "no_such_tool", "{}"));
            assertError(peer.read(), -32602, "Unknown tool: no_such_tool");

            peer.send(StdioPeer.call(11, "echo", "{\"text\":\"still here\"}"));
            JsonNode echo = peer.read();
            assertThat(echo.path("id").asInt()).isEqualTo(11);
            assertThat(echo.path("result").path("content").get(0).path("text").asText()).isEqualTo("still here");

            peer.close();
            assertThat(server.awaitClosed(Duration.ofSeconds(10))).isTrue();
            server.close();
        }
    }

    @Test
    void requestsBeforeInitializeAreRefusedNotLeftWaiting() throws Exception {
        try (StdioPeer peer = new StdioPeer()) {
            McpToolServer server = McpToolServer.builder(new StubbornToolkit().toolkit).stdio(peer.serverIn,
                    peer.serverOut);
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
            assertError(peer.read(), -32600, "before the session is initialized");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            assertThat(peer.read().path("id").asInt()).isEqualTo(2);
            server.close();
        }
    }

    @Test
    void cancellationInterruptsTheToolAndItsAnswerIsNeverSent() throws Exception {
        StubbornToolkit tools = new StubbornToolkit();
        try (StdioPeer peer = new StdioPeer()) {
            McpToolServer server = McpToolServer.builder(tools.toolkit).stdio(peer.serverIn, peer.serverOut);
            peer.initialize();
            peer.send(StdioPeer.call("\"w1\"", "wait", "{}"));
            assertThat(tools.waiting.await(10, TimeUnit.SECONDS)).isTrue();
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"w1\","
                    + "\"reason\":\"the user pressed stop\"}}");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (tools.interrupted.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(tools.interrupted.get()).isEqualTo(1);
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            JsonNode next = peer.read();
            assertThat(next.path("id").asInt()).as("the cancelled call's answer is not sent").isEqualTo(2);
            server.close();
        }
    }

    @Test
    void aCallPastTheRequestTimeoutIsAnsweredWithAFailureAndTheSessionGoesOn() throws Exception {
        StubbornToolkit tools = new StubbornToolkit();
        try (StdioPeer peer = new StdioPeer()) {
            McpToolServer server = McpToolServer.builder(tools.toolkit).requestTimeout(Duration.ofSeconds(1))
                    .stdio(peer.serverIn, peer.serverOut);
            peer.initialize();
            peer.send(StdioPeer.call(1, "hang", "{}"));
            peer.send(StdioPeer.call(2, "echo", "{\"text\":\"meanwhile\"}"));
            JsonNode first = peer.read();
            assertThat(first.path("id").asInt()).isEqualTo(2);
            JsonNode hung = peer.read();
            assertThat(hung.path("id").asInt()).isEqualTo(1);
            assertThat(hung.path("result").path("isError").asBoolean()).isTrue();
            assertThat(hung.path("result").path("content").get(0).path("text").asText())
                    .isEqualTo("Tool hang failed: it did not finish within 1 s (the server's request timeout) and "
                            + "was interrupted");
            tools.release.countDown();
            server.close();
        }
    }

    @Test
    void aResultLargerThanAMessageMayBeIsAFailureResultAndALongLineAnError() throws Exception {
        StubbornToolkit tools = new StubbornToolkit();
        try (StdioPeer peer = new StdioPeer()) {
            McpToolServer server = McpToolServer.builder(tools.toolkit).maxMessageBytes(4096)
                    .stdio(peer.serverIn, peer.serverOut);
            peer.initialize();
            peer.send(StdioPeer.call(1, "big", "{\"chars\":10000}"));
            JsonNode big = peer.read();
            assertThat(big.path("result").path("isError").asBoolean()).isTrue();
            assertThat(big.path("result").path("content").get(0).path("text").asText())
                    .startsWith("Tool big failed: its result is larger than the 4096 bytes one message may hold");
            peer.send(StdioPeer.call(2, "echo", "{\"text\":\"" + "y".repeat(5000) + "\"}"));
            assertError(peer.read(), -32600, "longer than 4096 bytes");
            peer.send(StdioPeer.call(3, "big", "{\"chars\":10}"));
            assertThat(peer.read().path("result").path("content").get(0).path("text").asText()).isEqualTo("x".repeat(10));
            server.close();
        }
    }

    @Test
    void requestsPastTheInFlightBudgetAreRefusedAtOnce() throws Exception {
        StubbornToolkit tools = new StubbornToolkit();
        try (StdioPeer peer = new StdioPeer()) {
            McpToolServer server = McpToolServer.builder(tools.toolkit).maxBytesInFlight(64 * 1024)
                    .stdio(peer.serverIn, peer.serverOut);
            peer.initialize();
            String blob = "z".repeat(40 * 1024);
            peer.send(StdioPeer.call(1, "hold", "{\"blob\":\"" + blob + "\"}"));
            peer.send(StdioPeer.call(2, "hold", "{\"blob\":\"" + blob + "\"}"));
            JsonNode refused = peer.read();
            assertThat(refused.path("id").asInt()).isEqualTo(2);
            assertError(refused, -32000, "server busy");
            tools.release.countDown();
            JsonNode held = peer.read();
            assertThat(held.path("id").asInt()).isEqualTo(1);
            assertThat(held.path("result").path("content").get(0).path("text").asText()).isEqualTo("40960");
            peer.send(StdioPeer.call(3, "hold", "{\"blob\":\"" + blob + "\"}"));
            assertThat(peer.read().path("id").asInt()).as("the budget was given back").isEqualTo(3);
            server.close();
        }
    }

    static void assertError(JsonNode answer, int code, String text) {
        assertThat(answer.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(answer.has("id")).as("an error always carries an id, null when unknown: %s", answer).isTrue();
        assertThat(answer.path("error").path("code").asInt()).as(answer.toString()).isEqualTo(code);
        assertThat(answer.path("error").path("message").asText()).contains(text)
                .doesNotContain("java.").doesNotContain("Exception");
    }
}
