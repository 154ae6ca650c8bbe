package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The server over stdio spoken to line by line, and the client over stdio against a child process. */
class McpStdioTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @Timeout(60)
    void stdioServerSpeaksJsonRpcLinesAndLeaksNoClassNames() throws Exception {
        PipedOutputStream toServer = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        PipedOutputStream serverOut = new PipedOutputStream();
        BufferedReader fromServer = new BufferedReader(new InputStreamReader(new PipedInputStream(serverOut, 1 << 16),
                StandardCharsets.UTF_8));
        McpToolServer server = McpToolServer.builder(SampleToolkit.create()).stdio(serverIn, serverOut);
        try {
            send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"lines\",\"version\":\"1\"}}}");
            assertThat(JSON.readTree(fromServer.readLine()).path("result").path("serverInfo").path("name").asText())
                    .isEqualTo("calltype");
            send(toServer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

            send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            JsonNode list = JSON.readTree(fromServer.readLine());
            assertThat(list.path("result").path("tools").size()).isEqualTo(8);
            assertThat(list.path("result").path("nextCursor").isMissingNode() || list.path("result").path("nextCursor").isNull())
                    .isTrue();

            send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"add\","
                    + "\"arguments\":{\"a\":\"40\",\"b\":2}}}");
            JsonNode call = JSON.readTree(fromServer.readLine());
            assertThat(call.path("result").path("content").get(0).path("text").asText()).isEqualTo("42");
            assertThat(call.path("result").path("isError").asBoolean()).isFalse();

            send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"add\","
                    + "\"arguments\":\"a=1, b=2\"}}");
            String bad = fromServer.readLine();
            assertThat(JSON.readTree(bad).path("id").asInt()).isEqualTo(4);
            assertThat(JSON.readTree(bad).path("error").path("message").asText())
                    .isEqualTo("invalid params: the value of \"arguments\" does not have the type the method takes (an object)");
            assertThat(bad).doesNotContain("java.").doesNotContain("dev.calltype").doesNotContain("\tat ");
        } finally {
            toServer.close();
            server.awaitClosed();
            server.close();
        }
    }

    @Test
    @Timeout(120)
    void clientOverStdioCallsToolsAndSurvivesADyingServer() {
        try (McpToolkit remote = childServer(Duration.ofSeconds(20))) {
            assertThat(remote.tools()).extracting(ToolSpec::name).contains("add", "die", "stall");
            ToolResult sum = remote.dispatch(ToolCall.of("add", JSON.createObjectNode().put("a", 1).put("b", "2")));
            assertThat(sum.content()).isEqualTo("3");

            ToolResult died = remote.dispatch(ToolCall.of("die"));
            assertThat(died.isError()).isTrue();
            assertThat(died.content()).isEqualTo("Tool die failed: the MCP server has exited");
            ToolResult after = remote.dispatch(ToolCall.of("add", JSON.createObjectNode().put("a", 1).put("b", 2)));
            assertThat(after.content()).isEqualTo("Tool add failed: the MCP server has exited");
        }
    }

    @Test
    @Timeout(120)
    void aStalledStdioServerGivesAFailureAndCloseStopsTheChild() {
        Set<Long> before = children();
        McpToolkit remote = childServer(Duration.ofSeconds(8));
        Set<Long> started = children();
        started.removeAll(before);
        assertThat(started).hasSize(1);

        ToolResult stalled = remote.dispatch(ToolCall.of("stall"));
        assertThat(stalled.content()).isEqualTo("Tool stall failed: the MCP server did not answer tools/call within 8 s");

        remote.close();
        long pid = started.iterator().next();
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).join());
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    @Timeout(120)
    void theToolsAreListedAgainWhenTheServerSaysTheyChanged() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        try (McpToolkit remote = McpToolkit.stdio(List.of(java, "-cp", System.getProperty("java.class.path"),
                GrowingStdioServer.class.getName())).timeout(Duration.ofSeconds(20)).connect()) {
            assertThat(remote.tools()).extracting(ToolSpec::name).containsExactly("grow");
            ToolCallExtractor first = remote.extractor();
            assertThat(remote.extractor()).isSameAs(first);
            assertThat(remote.dispatch(ToolCall.of("grow")).content()).isEqualTo("grown");
            Toolkit combined = Toolkits.combine(remote);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (remote.tools().size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(remote.tools()).extracting(ToolSpec::name).containsExactlyInAnyOrder("grow", "sprout");
            assertThat(remote.dispatch(ToolCall.of("sprout")).content()).isEqualTo("leaf");
            assertThat(remote.extractor()).isNotSameAs(first);
            assertThat(remote.extractor().extract("sprout()").calls()).extracting(ToolCall::name).containsExactly("sprout");
            assertThat(combined.tools()).extracting(ToolSpec::name).containsExactlyInAnyOrder("grow", "sprout");
            assertThat(combined.dispatch(ToolCall.of("sprout")).content()).isEqualTo("leaf");
            assertThat(combined.schemaJson(SchemaDialect.MCP)).contains("\"sprout\"");
        }
    }

    private static McpToolkit childServer(Duration timeout) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return McpToolkit.stdio(List.of(java, "-cp", System.getProperty("java.class.path"),
                        SampleStdioServer.class.getName()))
                .timeout(timeout)
                .connect();
    }

    private static Set<Long> children() {
        return ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    private static void send(OutputStream out, String line) throws Exception {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
