package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.testsupport.Npm;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java examples in "Serving tools over MCP" and "Using MCP servers' tools", run as written there (the
 * test checks that the README holds the same lines). Only the memory server's command differs: the test starts the
 * copy it installed from npm instead of asking npx to fetch one.
 */
@Timeout(300)
class DocsMcpExamplesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void servingAndUsingExamplesRunAsWritten(@TempDir Path dir) throws Exception {
        Npm.Installed servers = ReferenceServers.install();
        String memoryServer = servers.file("@modelcontextprotocol/server-memory", "dist/index.js").toString();
        Path memoryFile = dir.resolve("memory.jsonl");
        ScriptedModel model = model();
        String answer = run(model, memoryServer, memoryFile);

        assertThat(answer).isEqualTo("Noted.");
        assertThat(Files.readString(memoryFile, StandardCharsets.UTF_8)).contains("likes tea");
        String lastToolMessage = model.seen.get(1).get(model.seen.get(1).size() - 1).content();
        assertThat(lastToolMessage).isEqualTo("4");

        String readme = Files.readString(Path.of("..", "docs", "mcp.md"), StandardCharsets.UTF_8);
        assertThat(readme)
                .contains("McpToolServer server = McpToolServer.builder(toolkit).name(\"weather\").bearerToken(secret).http(port);")
                .contains("URI endpoint = server.uri().orElseThrow();")
                .contains("try (McpToolkit memory = McpToolkit.stdio(\"npx\", \"-y\", \"@modelcontextprotocol/server-memory@"
                        + ReferenceServers.VERSION + "\")")
                .contains("        .env(\"MEMORY_FILE_PATH\", memoryFile.toString())\n"
                        + "        .timeout(Duration.ofSeconds(30))\n"
                        + "        .connect();\n"
                        + "     McpToolkit remote = McpToolkit.http(endpoint).bearerToken(secret).connect()) {\n"
                        + "    ToolLoop loop = ToolLoop.builder(model, Toolkits.combine(memory, remote)).build();\n"
                        + "    String answer = loop.run(\"Remember that Ada likes tea\").answer();\n");
    }

    /** The model's script: a call to the memory server and one to the served toolkit, then the answer. */
    static ScriptedModel model() throws Exception {
        return new ScriptedModel(
                ModelReply.calls(ToolCall.of("create_entities", (com.fasterxml.jackson.databind.node.ObjectNode)
                        JSON.readTree("{\"entities\":[{\"name\":\"Ada\",\"entityType\":\"person\","
                                + "\"observations\":[\"likes tea\"]}]}")).withId("1"),
                        ToolCall.of("add", JSON.createObjectNode().put("a", 2).put("b", 2)).withId("2")),
                ModelReply.text("Noted."));
    }

    /** The two examples, as the docs write them (only the memory server's command differs). */
    static String run(ScriptedModel model, String memoryServer, Path memoryFile) throws Exception {
        Toolkit toolkit = SampleToolkit.create();
        String secret = "s3cret";
        int port = 0;

        McpToolServer server = McpToolServer.builder(toolkit).name("weather").bearerToken(secret).http(port);
        URI endpoint = server.uri().orElseThrow();
        String answer;
        try (McpToolkit memory = McpToolkit.stdio(Npm.node(), memoryServer)
                .env("MEMORY_FILE_PATH", memoryFile.toString())
                .timeout(Duration.ofSeconds(30))
                .connect();
             McpToolkit remote = McpToolkit.http(endpoint).bearerToken(secret).connect()) {
            ToolLoop loop = ToolLoop.builder(model, Toolkits.combine(memory, remote)).build();
            answer = loop.run("Remember that Ada likes tea").answer();
        } finally {
            server.close();
        }
        return answer;
    }

    /** The examples as one program: {@code MEMORY_SERVER_JS MEMORY_FILE}; prints the answer, then returns. */
    public static void main(String[] args) throws Exception {
        System.out.println(run(model(), args[0], Path.of(args[1])));
    }

    @Test
    void theExamplesRunAsOneProgramExit(@TempDir Path dir) throws Exception {
        String memoryServer = ReferenceServers.install()
                .file("@modelcontextprotocol/server-memory", "dist/index.js").toString();
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process program = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
                DocsMcpExamplesTest.class.getName(), memoryServer, dir.resolve("memory.jsonl").toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        boolean exited = program.waitFor(90, java.util.concurrent.TimeUnit.SECONDS);
        if (!exited) {
            program.destroyForcibly();
        }
        assertThat(exited).as("the program ends when main returns (no thread keeps the JVM)").isTrue();
        assertThat(program.exitValue()).isZero();
        assertThat(new String(program.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).contains("Noted.");
    }
}
