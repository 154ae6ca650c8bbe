package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.testsupport.Npm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Both MCP eras against real peers from npm: the TypeScript SDK v2 client ({@code @modelcontextprotocol/client},
 * which speaks 2026-07-28 and 2025-11-25) and the MCP Inspector's command line against Calltype's server, and Calltype's client against the TypeScript
 * SDK v2 server speaking only 2026-07-28 and the reference server speaking only 2025-11-25, over stdio and HTTP.
 */
@Timeout(300)
class McpEraInteropTest {

    static final String V2 = "2.4.0";
    /** The MCP Inspector's current release, whose command line negotiates either era ({@code --protocol-era}). */
    static final String INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Npm.Installed v2;

    @BeforeAll
    static void install() throws Exception {
        v2 = Npm.install(Path.of("target", "npm", "v2").toAbsolutePath(), "@modelcontextprotocol/client@" + V2,
                "@modelcontextprotocol/server@" + V2);
        for (String script : List.of("v2-client.mjs", "v2-server.mjs")) {
            try (InputStream in = McpEraInteropTest.class.getResourceAsStream("/interop/" + script)) {
                Files.copy(in, v2.dir().resolve(script), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static List<String> calltypeServer(String mode) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-cp", System.getProperty("java.class.path"),
                mode.equals("stdio") ? SampleStdioServer.class.getName() : SoakServer.class.getName(), mode);
    }

    /** The v2 client's view of a server, one JSON line: protocolVersion, tools, isError, text (or error). */
    private static JsonNode v2Client(String era, String mode, String target, String tool, String arguments)
            throws Exception {
        Process client = new ProcessBuilder(Npm.node(), v2.dir().resolve("v2-client.mjs").toString(), era, mode,
                target, tool, arguments).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(client.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return JSON.readTree(out.substring(out.lastIndexOf('\n') + 1));
    }

    @ParameterizedTest(name = "TypeScript v2 client, {0}, stdio")
    @CsvSource({"modern, 2026-07-28", "auto, 2026-07-28", "legacy, 2025-11-25"})
    void theTypeScriptClientCallsCalltypesStdioServerInEitherEra(String era, String version) throws Exception {
        List<String> command = calltypeServer("stdio");
        String target = JSON.createObjectNode().put("command", command.get(0))
                .set("args", JSON.valueToTree(command.subList(1, command.size()))).toString();
        JsonNode seen = v2Client(era, "stdio", target, "add", "{\"a\":2,\"b\":3}");
        assertThat(seen.path("error").isMissingNode()).as(seen.toString()).isTrue();
        assertThat(seen.path("protocolVersion").asText()).isEqualTo(version);
        assertThat(seen.path("tools").toString()).contains("\"add\"", "\"wipe\"");
        assertThat(seen.path("isError").asBoolean()).isFalse();
        assertThat(seen.path("text").asText()).isEqualTo("5");
    }

    @ParameterizedTest(name = "TypeScript v2 client, {0}, HTTP")
    @CsvSource({"modern, 2026-07-28", "auto, 2026-07-28", "legacy, 2025-11-25"})
    void theTypeScriptClientCallsCalltypesHttpServerInEitherEra(String era, String version) throws Exception {
        Process server = new ProcessBuilder(calltypeServer("http")).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            String uri = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            JsonNode seen = v2Client(era, "http", uri, "echo", "{\"text\":\"hi\"}");
            assertThat(seen.path("error").isMissingNode()).as(seen.toString()).isTrue();
            assertThat(seen.path("protocolVersion").asText()).isEqualTo(version);
            assertThat(seen.path("tools").toString()).contains("\"echo\"");
            assertThat(seen.path("text").asText()).isEqualTo("hi");
        } finally {
            server.getOutputStream().close();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /** The Inspector's command line against a server: its answer to one {@code tools/call}, as JSON. */
    private static JsonNode inspector(String era, List<String> target, String tool, String... arguments)
            throws Exception {
        Npm.Installed installed = Npm.install(Path.of("target", "npm", "inspector2").toAbsolutePath(), INSPECTOR);
        List<String> command = new java.util.ArrayList<>(List.of(Npm.node(), installed.file(
                "@modelcontextprotocol/inspector", "clients/launcher/build/index.js").toString(), "--cli",
                "--protocol-era", era));
        command.addAll(target);
        command.addAll(List.of("--method", "tools/call", "--tool-name", tool));
        for (String argument : arguments) {
            command.addAll(List.of("--tool-arg", argument));
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("MCP_INSPECTOR_SECRET_STORE", "memory");
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return JSON.readTree(out.substring(out.indexOf('{')));
    }

    @ParameterizedTest(name = "MCP Inspector CLI, {0}, stdio and HTTP")
    @CsvSource({"modern", "legacy"})
    void theInspectorCallsCalltypesServerInEitherEraOverStdioAndHttp(String era) throws Exception {
        JsonNode overStdio = inspector(era, calltypeServer("stdio"), "add", "a=2", "b=3");
        assertThat(overStdio.path("isError").asBoolean()).as(overStdio.toString()).isFalse();
        assertThat(overStdio.path("content").get(0).path("text").asText()).isEqualTo("5");
        Process server = new ProcessBuilder(calltypeServer("http")).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            String uri = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            JsonNode overHttp = inspector(era, List.of("--transport", "http", "--server-url", uri), "echo", "text=hi");
            assertThat(overHttp.path("content").get(0).path("text").asText()).as(overHttp.toString()).isEqualTo("hi");
        } finally {
            server.getOutputStream().close();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    @Test
    void mcpToolkitListsAndCallsATypeScriptServerThatSpeaksOnly2026OverStdio() {
        try (McpToolkit modern = McpToolkit.stdio(Npm.node(), v2.dir().resolve("v2-server.mjs").toString(), "stdio")
                .timeout(Duration.ofSeconds(60)).connect()) {
            assertModernToolsWork(modern);
        }
    }

    @Test
    void mcpToolkitListsAndCallsATypeScriptServerThatSpeaksOnly2026OverHttp() throws Exception {
        Process server = new ProcessBuilder(Npm.node(), v2.dir().resolve("v2-server.mjs").toString(), "http")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            String uri = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            try (McpToolkit modern = McpToolkit.http(URI.create(uri)).timeout(Duration.ofSeconds(60)).connect()) {
                assertModernToolsWork(modern);
            }
        } finally {
            server.getOutputStream().close();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private static void assertModernToolsWork(McpToolkit modern) {
        assertThat(modern.protocolVersion()).isEqualTo("2026-07-28");
        assertThat(modern.tools()).extracting(ToolSpec::name).containsExactly("add", "shout");
        // the read-only tool needs no approval, the other does (MCP's defaults: destructive unless marked)
        assertThat(modern.resolve("shout").orElseThrow().confirm()).isFalse();
        assertThat(modern.resolve("add").orElseThrow().confirm()).isTrue();
        ToolResult sum = modern.dispatch(ToolCall.of("add", JSON.createObjectNode().put("a", "2").put("b", 3)));
        assertThat(sum.isError()).as(sum.content()).isFalse();
        assertThat(sum.content()).isEqualTo("5");
        ToolResult shout = modern.dispatch(ToolCall.of("shout", JSON.createObjectNode().put("text", "hi")));
        assertThat(shout.content()).isEqualTo("HI");
    }

    @Test
    void mcpToolkitFallsBackToInitializeForAServerThatSpeaksOnly2025() {
        Path bin = ReferenceServers.install().file("@modelcontextprotocol/server-everything", "dist/index.js");
        try (McpToolkit legacy = McpToolkit.stdio(Npm.node(), bin.toString(), "stdio")
                .timeout(Duration.ofSeconds(60)).connect()) {
            assertThat(legacy.protocolVersion()).isEqualTo("2025-11-25");
            assertThat(legacy.dispatch(ToolCall.of("echo", JSON.createObjectNode().put("message", "hello")))
                    .content()).isEqualTo("Echo: hello");
        }
    }

    @Test
    void mcpToolkitSpeaksTheStatelessRevisionWithCalltypesOwnServer() throws Exception {
        try (McpToolServer server = McpToolServer.builder(SampleToolkit.create()).http(0);
                McpToolkit client = McpToolkit.http(server.uri().orElseThrow()).timeout(Duration.ofSeconds(30))
                        .connect()) {
            assertThat(client.protocolVersion()).isEqualTo("2026-07-28");
            assertThat(client.dispatch(ToolCall.of("add", JSON.createObjectNode().put("a", 4).put("b", 5))).content())
                    .isEqualTo("9");
            // the served confirm tool is listed destructive, so the client asks before it too
            assertThat(client.resolve("wipe").orElseThrow().confirm()).isTrue();
        }
    }
}
