package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.testsupport.Npm;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chat --mcp "…server-memory…"} against a loopback OpenAI-compatible stub: the model's native call to a
 * memory tool (with sloppy arguments) runs end to end on the real server from npm.
 */
@Timeout(300)
class ChatMcpTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-01T12:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path notes;

    @TempDir
    Path memoryDir;

    private StubChatServer server;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws Exception {
        server = StubChatServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static String memoryServer() {
        Npm.Installed installed = Npm.install(Path.of("target", "npm", "memory").toAbsolutePath(),
                "@modelcontextprotocol/server-memory@2026.8.31");
        return installed.file("@modelcontextprotocol/server-memory", "dist/index.js").toString();
    }

    private int chat(String... args) {
        List<String> all = new ArrayList<>(List.of("chat", "--base-url", server.baseUrl().toString(), "--model", "m",
                "--notes", notes.toString()));
        all.addAll(List.of(args));
        return Main.run(all.toArray(new String[0]), new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new Environment(Map.of(), false, CLOCK));
    }

    @Test
    void aModelsCallToAMemoryToolRunsOnTheMcpServer() throws Exception {
        Path memoryFile = memoryDir.resolve("memory.jsonl");
        String command = "env MEMORY_FILE_PATH=" + memoryFile + " " + Npm.node() + " " + memoryServer();
        server.thenRecorded("native-memory-call.sse").thenRecorded("native-memory-answer.sse");

        int status = chat("--mcp", command, "--prompt", "Remember that Ada likes tea");
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();

        // the server's tools were offered beside the built-in ones
        JsonNode tools = server.requests().get(0).body().path("tools");
        List<String> names = new ArrayList<>();
        tools.forEach(t -> names.add(t.path("function").path("name").asText()));
        assertThat(names).contains("create_note", "calculate", "create_entities", "search_nodes");
        // the call ran on the server: "observations" was a lone string, sent as the array the schema asks for
        assertThat(Files.readString(memoryFile, StandardCharsets.UTF_8)).contains("\"observations\":[\"likes tea\"]");
        JsonNode second = server.requests().get(1).body().path("messages");
        JsonNode toolMessage = second.get(second.size() - 1);
        assertThat(toolMessage.path("role").asText()).isEqualTo("tool");
        assertThat(toolMessage.path("content").asText().replaceAll("\\s", "")).contains("\"observations\":[\"likestea\"]");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("I will remember that Ada likes tea.");
    }

    @Test
    void mcpEnvSetsAVariableForTheServer() throws Exception {
        Path memoryFile = memoryDir.resolve("set-by-option.jsonl");
        server.thenRecorded("native-memory-call.sse").thenRecorded("native-memory-answer.sse");

        int status = chat("--mcp", Npm.node() + " " + memoryServer(), "--mcp-env", "MEMORY_FILE_PATH=" + memoryFile,
                "--prompt", "Remember that Ada likes tea");
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(Files.readString(memoryFile, StandardCharsets.UTF_8)).contains("likes tea");
    }

    @Test
    void mcpEnvWithoutANameIsAUsageError() {
        int status = chat("--mcp", "true", "--mcp-env", "=x", "--prompt", "hi");
        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("calltype chat: option --mcp-env needs a variable name (NAME or NAME=VALUE)");
    }

    @Test
    void aToolNameClashNamesBothSources() {
        String command = Npm.node() + " " + memoryServer();
        int status = chat("--mcp", command, "--mcp", command, "--prompt", "hi");
        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip()).startsWith("calltype chat: the tool name \"create_entities\" is provided by both the MCP server \"" + command + "\" and the MCP server \"" + command + "\"")
                .doesNotContain("\n");
    }

    @Test
    void anEmptyServerCommandIsAUsageError() {
        int status = chat("--mcp", "  ", "--prompt", "hi");
        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith("calltype chat: option --mcp is empty; give the server's command line");
    }

    @Test
    void aServerThatCannotStartIsOneLineAndExitOne() {
        int status = chat("--mcp", "/nonexistent/mcp-server --flag", "--prompt", "hi");
        assertThat(status).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("calltype chat: cannot use the MCP server /nonexistent/mcp-server --flag: the command"
                        + " /nonexistent/mcp-server is not found or not executable" + System.lineSeparator())
                .doesNotContain("\tat ");
        assertThat(err.toString(StandardCharsets.UTF_8).strip().lines().count()).isEqualTo(1);
    }

    @Test
    void aLookAlikeToolNameIsAWarningUnderTheBannerAndEscapeSequencesStayVisible() {
        String command = "'" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -cp '"
                + System.getProperty("java.class.path") + "' " + LookAlikeMcpServer.class.getName();

        int status = chat("--mcp", command);

        String shown = out.toString(StandardCharsets.UTF_8);
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(shown).doesNotContain("\u001b", "\u0007")
                .contains("delete_note, ", "delete.note, evil\\u001b]0;pwned\\u0007 ")
                .containsPattern("warning: tool name \"delete.note\" of toolkit #2 \\(MCP server [^\n]*\\) looks like"
                        + " \"delete_note\" of toolkit #1 \\(CombinedToolkit\\): a call runs the tool whose name it"
                        + " writes exactly, and a call that spells it any other way is refused as ambiguous\n");
    }
}
