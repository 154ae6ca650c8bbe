package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Calltype's server and Calltype's client against each other over streamable HTTP, and the server's HTTP guards. */
class McpRoundTripTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private McpToolServer server;

    @BeforeEach
    void start() throws Exception {
        server = McpToolServer.builder(SampleToolkit.create()).name("sample").bearerToken("s3cret").http(0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private URI uri() {
        return server.uri().orElseThrow();
    }

    @Test
    void serverListensOnLoopbackAtSlashMcp() {
        assertThat(uri().getHost()).isEqualTo("127.0.0.1");
        assertThat(uri().getPath()).isEqualTo("/mcp");
    }

    @Test
    void clientListsAndCallsTheServersToolsWithLenientArguments() {
        try (McpToolkit remote = McpToolkit.http(uri()).bearerToken("s3cret").timeout(Duration.ofSeconds(10)).connect()) {
            assertThat(remote.tools()).extracting(ToolSpec::name).containsExactly("add", "describe", "explode", "nap", "wipe", "peek", "stat", "ids");
            assertThat(remote.tools()).filteredOn(ToolSpec::readOnly).extracting(ToolSpec::name).containsExactly("peek");
            assertThat(remote.tools()).filteredOn(t -> t.outputSchema().isPresent()).extracting(ToolSpec::name)
                    .containsExactly("stat");
            assertThat(remote.tools().get(6).outputSchema().orElseThrow().path("required").toString())
                    .isEqualTo("[\"id\",\"size\"]");
            assertThat(remote.tools().get(0).parameters().path("properties").path("a").path("type").asText())
                    .isEqualTo("integer");

            ObjectNode sloppy = JSON.createObjectNode().put("a", "2").put("b", 3.0);
            ToolResult sum = remote.dispatch(ToolCall.of("add", sloppy));
            assertThat(sum.isError()).isFalse();
            assertThat(sum.content()).isEqualTo("5");

            ToolResult described = remote.dispatch(ToolCall.of("describe", JSON.createObjectNode().put("n", 4)));
            assertThat(described.value().path("even").asBoolean()).isTrue();
        }
    }

    @Test
    void argumentProblemsAreRefusedByTheServerWithTheCorrectionText() throws Exception {
        try (McpSyncClient client = rawClient("s3cret")) {
            McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("add", Map.of("a", "two")));
            assertThat(result.isError()).isTrue();
            String text = ((McpSchema.TextContent) result.content().get(0)).text();
            String local = SampleToolkit.create().dispatch(ToolCall.of("add", JSON.createObjectNode().put("a", "two"))).content();
            assertThat(text).isEqualTo(local).contains("Signature: add(");
        }
    }

    /** A toolkit with no tools whose {@code dispatch} breaks {@link Toolkit}'s promise. */
    private abstract static class BrokenToolkit implements Toolkit {
        @Override
        public List<ToolSpec> tools() {
            return List.of();
        }

        @Override
        public String schemaJson(SchemaDialect dialect) {
            return "[]";
        }

        @Override
        public String formatInstructions(PromptFormat format) {
            return "";
        }
    }

    @Test
    void aToolkitThatBreaksItsPromiseIsAnErrorResultNotAFailedRequest() {
        Toolkit returnsNull = new BrokenToolkit() {
            @Override
            public ToolResult dispatch(ToolCall call) {
                return null;
            }
        };
        Toolkit throwing = new BrokenToolkit() {
            @Override
            public ToolResult dispatch(ToolCall call) {
                throw new IllegalStateException("internal detail");
            }
        };
        for (Toolkit broken : List.of(returnsNull, throwing)) {
            McpSchema.CallToolResult result = McpToolServer.call(broken, null,
                    new McpSchema.CallToolRequest("lookup", Map.of()), false);
            assertThat(result.isError()).isTrue();
            assertThat(((McpSchema.TextContent) result.content().get(0)).text()).isEqualTo("Tool lookup failed.");
        }
    }

    @Test
    void aToolsExceptionReachesTheClientAsItsMessageOnly() {
        try (McpSyncClient client = rawClient("s3cret")) {
            McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("explode", Map.of()));
            assertThat(result.isError()).isTrue();
            String text = ((McpSchema.TextContent) result.content().get(0)).text();
            assertThat(text).isEqualTo("Tool explode failed: the reactor is out of coolant")
                    .doesNotContain("IllegalStateException").doesNotContain("at dev.");
        }
    }

    @Test
    void listingCarriesAnnotationsAndObjectResultsCarryStructuredContent() {
        try (McpSyncClient client = rawClient("s3cret")) {
            List<McpSchema.Tool> tools = client.listTools().tools();
            McpSchema.Tool wipe = tools.stream().filter(t -> t.name().equals("wipe")).findFirst().orElseThrow();
            assertThat(wipe.annotations().destructiveHint()).isTrue();
            assertThat(wipe.annotations().readOnlyHint()).isFalse();
            // a tool that writes without needing approval says so, or MCP's defaults would make it destructive
            assertThat(tools.get(0).annotations().destructiveHint()).isFalse();
            assertThat(tools.get(0).annotations().readOnlyHint()).isFalse();
            McpSchema.Tool peek = tools.stream().filter(t -> t.name().equals("peek")).findFirst().orElseThrow();
            assertThat(peek.annotations().readOnlyHint()).isTrue();
            assertThat(peek.annotations().destructiveHint()).isNull();
            assertThat(tools.get(0).inputSchema()).containsEntry("type", "object");

            McpSchema.CallToolResult described = client.callTool(new McpSchema.CallToolRequest("describe", Map.of("n", 3)));
            assertThat(described.structuredContent()).isEqualTo(Map.of("value", 3.0, "even", false));
            McpSchema.CallToolResult sum = client.callTool(new McpSchema.CallToolRequest("add", Map.of("a", 1, "b", 2)));
            assertThat(sum.structuredContent()).isNull();
        }
    }

    @Test
    void aToolWithAnObjectResultSchemaIsListedWithItsOutputSchemaAndItsResultsMatchIt() {
        try (McpSyncClient client = rawClient("s3cret")) {
            Map<String, McpSchema.Tool> tools = new java.util.HashMap<>();
            client.listTools().tools().forEach(t -> tools.put(t.name(), t));
            assertThat(tools.get("stat").outputSchema())
                    .containsEntry("type", "object")
                    .containsEntry("required", List.of("id", "size"));
            assertThat(tools.get("ids").outputSchema()).as("MCP output schemas describe objects only").isNull();
            assertThat(tools.get("add").outputSchema()).isNull();

            // the client checks structuredContent against the outputSchema it was given
            McpSchema.CallToolResult stat = client.callTool(new McpSchema.CallToolRequest("stat", Map.of("id", "x")));
            assertThat(stat.isError()).isFalse();
            assertThat(stat.structuredContent()).isEqualTo(Map.of("id", "x", "size", 42));

            McpSchema.CallToolResult none = client.callTool(new McpSchema.CallToolRequest("stat", Map.of("id", "none")));
            assertThat(none.isError()).isTrue();
            assertThat(((McpSchema.TextContent) none.content().get(0)).text())
                    .isEqualTo("stat returned no result object, which its output schema requires");

            McpSchema.CallToolResult bad = client.callTool(new McpSchema.CallToolRequest("stat", Map.of("id", "bad")));
            assertThat(bad.isError()).as("a result that breaks the schema is not passed off as valid").isTrue();
            assertThat(((McpSchema.TextContent) bad.content().get(0)).text()).contains("size");

            McpSchema.CallToolResult ids = client.callTool(new McpSchema.CallToolRequest("ids", Map.of()));
            assertThat(ids.isError()).isFalse();
            assertThat(ids.structuredContent()).isNull();
            assertThat(((McpSchema.TextContent) ids.content().get(0)).text()).isEqualTo("[\"a\",\"b\"]");
        }
    }

    @Test
    void requestsWithoutTheBearerTokenAreRefused() throws Exception {
        HttpResponse<String> response = post(null, null);
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertThat(post("Bearer wrong", null).statusCode()).isEqualTo(401);
        assertThat(post("Bearer s3cret", null).statusCode()).isEqualTo(200);
    }

    @Test
    void foreignOriginsAreRefusedAsTheSpecificationAsks() throws Exception {
        assertThat(post("Bearer s3cret", "https://evil.example").statusCode()).isEqualTo(403);
        assertThat(post("Bearer s3cret", "http://localhost:6274").statusCode()).isEqualTo(200);
    }

    @Test
    void aStalledToolGivesAFailureWithinTheClientsTimeout() {
        try (McpToolkit remote = McpToolkit.http(uri()).bearerToken("s3cret").timeout(Duration.ofMillis(700)).connect()) {
            ToolResult result = remote.dispatch(ToolCall.of("nap", JSON.createObjectNode().put("ms", 5_000)));
            assertThat(result.isError()).isTrue();
            assertThat(result.content()).isEqualTo("Tool nap failed: the MCP server did not answer tools/call within 700 ms");
        }
    }

    @Test
    void aServerThatIsGoneGivesFailureResults() {
        McpToolkit remote = McpToolkit.http(uri()).bearerToken("s3cret").timeout(Duration.ofSeconds(2)).connect();
        server.close();
        ToolResult result = remote.dispatch(ToolCall.of("add", JSON.createObjectNode().put("a", 1).put("b", 2)));
        assertThat(result.isError()).isTrue();
        assertThat(result.content()).startsWith("Tool add failed: the MCP server");
        remote.close();
    }

    @Test
    void connectingWithoutTheTokenFailsWithAMessageNamingTheServer() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> McpToolkit.http(uri()).timeout(Duration.ofSeconds(5)).connect())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("cannot use the MCP server " + uri());
    }

    private McpSyncClient rawClient(String token) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
                .builder("http://127.0.0.1:" + uri().getPort())
                .endpoint("/mcp")
                .httpRequestCustomizer((b, m, u, body, ctx) -> b.header("Authorization", "Bearer " + token))
                .build();
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(10))
                .jsonSchemaValidator(new OutputSchemaValidator()).build();
        client.initialize();
        return client;
    }

    private HttpResponse<String> post(String authorization, String origin) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
                        "capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"""));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (origin != null) {
            request.header("Origin", origin);
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
