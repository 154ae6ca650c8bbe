package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.example.tools.Notes;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.Toolkit;
import dev.calltype.testsupport.Npm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP Inspector's headless CLI (installed from npm) as a client of {@code calltype.jar mcp-server}, over stdio
 * and over streamable HTTP.
 */
@Timeout(300)
class McpServerInspectorTest {

    static final String INSPECTOR = "@modelcontextprotocol/inspector@0.15.0";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path inspector;

    @TempDir
    Path notes;

    @TempDir
    Path scratch;

    private Process httpServer;

    @BeforeAll
    static void install() {
        Npm.Installed installed = Npm.install(Path.of("target", "npm", "inspector").toAbsolutePath(), INSPECTOR);
        inspector = installed.file("@modelcontextprotocol/inspector", "cli/build/index.js");
    }

    @AfterEach
    void stopHttpServer() throws Exception {
        if (httpServer != null) {
            httpServer.destroy();
            if (!httpServer.waitFor(20, TimeUnit.SECONDS)) {
                httpServer.destroyForcibly();
            }
        }
    }

    /** The example app's server command, run from the test class path as {@code calltype.jar} runs it. */
    private List<String> serverCommand(String... extra) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "mcp-server", "--notes",
                notes.toString()));
        command.addAll(List.of(extra));
        return command;
    }

    private JsonNode inspect(List<String> target, String... request) throws Exception {
        List<String> command = new ArrayList<>(List.of(Npm.node(), inspector.toString()));
        command.addAll(target);
        command.addAll(List.of(request));
        Path output = Files.createTempFile(scratch, "inspector-", ".out");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the Inspector did not finish: " + Files.readString(output));
        }
        String text = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("Inspector exit status; output:\n" + text).isZero();
        return JSON.readTree(text.substring(text.indexOf('{')));
    }

    private Toolkit exampleTools() {
        return ExampleTools.toolkit(new Notes(notes), Clock.systemUTC());
    }

    private void listsEveryExampleToolWithItsSchema(List<String> target) throws Exception {
        JsonNode listed = inspect(target, "--method", "tools/list").path("tools");
        JsonNode expected = JSON.readTree(exampleTools().schemaJson(SchemaDialect.MCP)).path("tools");
        assertThat(listed.size()).isEqualTo(expected.size()).isGreaterThanOrEqualTo(7);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(listed.get(i).path("name")).isEqualTo(expected.get(i).path("name"));
            assertThat(listed.get(i).path("inputSchema")).isEqualTo(expected.get(i).path("inputSchema"));
        }
        JsonNode delete = null;
        for (JsonNode tool : listed) {
            if (tool.path("name").asText().equals("delete_note")) {
                delete = tool;
            }
        }
        assertThat(delete).isNotNull();
        assertThat(delete.path("annotations").path("destructiveHint").asBoolean()).isTrue();
        JsonNode calculate = null;
        for (JsonNode tool : listed) {
            if (tool.path("name").asText().equals("calculate")) {
                calculate = tool;
            }
        }
        assertThat(calculate).isNotNull();
        assertThat(calculate.path("outputSchema").path("type").asText()).isEqualTo("object");
        assertThat(calculate.path("outputSchema").path("properties").has("result")).isTrue();
    }

    private void calculatesAndCorrects(List<String> target) throws Exception {
        JsonNode result = inspect(target, "--method", "tools/call", "--tool-name", "calculate",
                "--tool-arg", "expression=2 * (3 + 4)");
        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(result.path("structuredContent").path("result").asInt()).isEqualTo(14);
        assertThat(JSON.readTree(result.path("content").get(0).path("text").asText()).path("result").asInt())
                .isEqualTo(14);

        JsonNode bad = inspect(target, "--method", "tools/call", "--tool-name", "convert_units",
                "--tool-arg", "quantity=12", "--tool-arg", "to=parsec");
        assertThat(bad.path("isError").asBoolean()).isTrue();
        String expected = exampleTools().dispatch(ToolCall.of("convert_units",
                JSON.createObjectNode().put("quantity", 12).put("to", "parsec"))).content();
        assertThat(bad.path("content").get(0).path("text").asText()).isEqualTo(expected).contains("parsec");
    }

    @Test
    void inspectorOverStdioListsEveryToolAndCallsCalculate() throws Exception {
        listsEveryExampleToolWithItsSchema(serverCommand());
        calculatesAndCorrects(serverCommand());
    }

    @Test
    void inspectorOverHttpListsEveryToolAndCallsCalculate() throws Exception {
        httpServer = new ProcessBuilder(serverCommand("--http", "0")).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader stdout = new BufferedReader(new InputStreamReader(httpServer.getInputStream(),
                StandardCharsets.UTF_8));
        String banner = stdout.readLine();
        assertThat(banner).as("the server's first line").startsWith("serving ").contains("http://127.0.0.1:");
        String url = banner.substring(banner.indexOf("http://"), banner.indexOf(" (notes in"));
        assertThat(url).endsWith("/mcp");
        List<String> target = List.of(url, "--transport", "http");
        listsEveryExampleToolWithItsSchema(target);
        calculatesAndCorrects(target);
    }

    @Test
    void readmeConfigurationAndInspectorCommandsWorkAsWritten() throws Exception {
        String readme = Files.readString(Path.of("..", "docs", "mcp.md"), StandardCharsets.UTF_8);
        String section = readme.substring(readme.indexOf("## Serving tools over MCP"),
                readme.indexOf("## Using MCP servers' tools"));

        String config = section.substring(section.indexOf("```json\n") + 8);
        config = config.substring(0, config.indexOf("```"));
        JsonNode server = JSON.readTree(config).path("mcpServers").path("calltype");
        assertThat(server.path("command").asText()).isEqualTo("java");
        List<String> args = new ArrayList<>();
        server.path("args").forEach(a -> args.add(a.asText()));
        assertThat(args.subList(0, 2)).containsExactly("-jar", "/path/to/calltype/example-app/target/calltype.jar");
        List<String> claude = new ArrayList<>(serverCommand().subList(0, 4));
        args.subList(2, args.size()).forEach(a -> claude.add(a.equals("/path/to/notes") ? notes.toString() : a));
        listsEveryExampleToolWithItsSchema(claude);

        httpServer = new ProcessBuilder(serverCommand("--http", "0")).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String banner = new BufferedReader(new InputStreamReader(httpServer.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        String url = banner.substring(banner.indexOf("http://"), banner.indexOf(" (notes in"));

        String prefix = "npx -y " + INSPECTOR + " --cli ";
        String jar = "java -jar example-app/target/calltype.jar ";
        int ran = 0;
        for (String line : section.lines().toList()) {
            if (!line.startsWith(prefix)) {
                continue;
            }
            String rest = line.substring(prefix.length()).replace("http://127.0.0.1:8080/mcp", url);
            List<String> target = new ArrayList<>();
            if (rest.startsWith(jar)) {
                target.addAll(serverCommand().subList(0, 4));
                rest = rest.substring(jar.length());
            }
            target.addAll(McpServers.words(rest));
            JsonNode answer = inspect(target);
            assertThat(answer.has("tools") || answer.path("isError").isBoolean()).as(line).isTrue();
            assertThat(answer.path("isError").asBoolean(false)).as(line).isFalse();
            ran++;
        }
        assertThat(ran).isEqualTo(3);
    }

    @Test
    void stdioModeWritesNothingButProtocolToStdout() throws IOException, InterruptedException {
        Process server = new ProcessBuilder(serverCommand()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            server.getOutputStream().write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\","
                    + "\"version\":\"1\"}}}\n").getBytes(StandardCharsets.UTF_8));
            server.getOutputStream().flush();
            BufferedReader stdout = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8));
            String first = stdout.readLine();
            assertThat(JSON.readTree(first).path("result").path("serverInfo").path("name").asText())
                    .isEqualTo("calltype-example");
            server.getOutputStream().close();
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("the server ends when its input ends").isTrue();
            assertThat(stdout.readLine()).as("nothing but the one response on stdout").isNull();
            assertThat(server.exitValue()).isZero();
        } finally {
            server.destroyForcibly();
        }
    }
}
