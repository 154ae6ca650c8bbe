package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.testsupport.Npm;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calltype's client against MCP servers nobody here wrote, installed from npm: their tools listed and called from a
 * {@link ToolLoop} driven by a scripted model whose calls are written sloppily (trailing commas, numbers as strings,
 * single quotes), repaired before they are sent.
 */
@Timeout(300)
class McpServersInteropTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Npm.Installed servers;

    @BeforeAll
    static void install() {
        servers = ReferenceServers.install();
    }

    /** Results in call order, as the loop ran them. */
    static final class Results implements ToolLoop.Listener {
        final List<ToolResult> results = new ArrayList<>();

        @Override
        public void onResult(int round, ToolCall call, ToolResult result) {
            results.add(result);
        }
    }

    private static McpToolkit connect(Path bin, String... args) {
        List<String> line = new ArrayList<>(List.of(Npm.node(), bin.toString()));
        line.addAll(List.of(args));
        return McpToolkit.stdio(line).timeout(Duration.ofSeconds(60)).connect();
    }

    @Test
    void everythingServersToolsRunFromAToolLoopWithSloppyArgumentsRepaired() {
        Path bin = servers.file("@modelcontextprotocol/server-everything", "dist/index.js");
        try (McpToolkit everything = connect(bin, "stdio")) {
            assertThat(everything.tools()).extracting(ToolSpec::name)
                    .contains("echo", "get-sum", "get-structured-content");
            ScriptedModel model = new ScriptedModel(
                    ModelReply.text("""
                            Let me use the tools.
                            <tool_call>{"name": "get-sum", "arguments": {"a": "2", "b": 3,}}</tool_call>
                            <tool_call>{'name': 'echo', 'arguments': {'message': 'hello, MCP'}}</tool_call>
                            <tool_call>{"name": "get-structured-content", "arguments": {"location": "Chicago"}}</tool_call>
                            """),
                    ModelReply.text("2 + 3 = 5, and Chicago's weather is in."));
            Results results = new Results();
            ToolLoop.Outcome outcome = ToolLoop.builder(model, everything).mode(ToolLoop.Mode.PROMPT)
                    .format(PromptFormat.XML_TAGS).listener(results).build().run("Add 2 and 3, echo, weather");

            assertThat(outcome.completed()).isTrue();
            assertThat(results.results).extracting(ToolResult::isError).containsExactly(false, false, false);
            assertThat(results.results.get(0).content()).isEqualTo("The sum of 2 and 3 is 5.");
            assertThat(results.results.get(1).content()).isEqualTo("Echo: hello, MCP");
            assertThat(results.results.get(2).value().has("temperature")).isTrue();
            String sentBack = model.seen.get(1).get(model.seen.get(1).size() - 1).content();
            assertThat(sentBack).contains("[get-sum] The sum of 2 and 3 is 5.");
        }
    }

    @Test
    void memoryServerKeepsWhatTheModelStoredAndFindsItAgain(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("memory.jsonl");
        Path bin = servers.file("@modelcontextprotocol/server-memory", "dist/index.js");
        try (McpToolkit memory = McpToolkit.stdio(List.of(Npm.node(), bin.toString()))
                .env("MEMORY_FILE_PATH", file.toString()).timeout(Duration.ofSeconds(60)).connect()) {
            assertThat(memory.tools()).extracting(ToolSpec::name).contains("create_entities", "search_nodes");
            ScriptedModel model = new ScriptedModel(
                    ModelReply.calls(ToolCall.of("create_entities", (com.fasterxml.jackson.databind.node.ObjectNode)
                            JSON.readTree("{\"entities\":[{\"name\":\"Ada\",\"entityType\":\"person\","
                                    + "\"observations\":\"likes tea\"}]}")).withId("c1")),
                    ModelReply.calls(ToolCall.of("search_nodes",
                            JSON.createObjectNode().put("query", "Ada")).withId("c2")),
                    ModelReply.text("Ada likes tea."));
            Results results = new Results();
            ToolLoop.Outcome outcome = ToolLoop.builder(model, memory).listener(results).build()
                    .run("Remember that Ada likes tea, then look her up");

            assertThat(outcome.completed()).isTrue();
            assertThat(results.results).extracting(ToolResult::isError).containsExactly(false, false);
            // "observations" was a lone string; the schema asks for an array, and it was sent as one
            assertThat(Files.readString(file, StandardCharsets.UTF_8)).contains("\"Ada\"").contains("[\"likes tea\"]");
            assertThat(results.results.get(1).content()).contains("likes tea");
        }
    }

    @Test
    void filesystemServerWritesListsAndReadsInsideItsAllowedDirectory(@TempDir Path dir) throws Exception {
        Path real = dir.toRealPath();
        Path bin = servers.file("@modelcontextprotocol/server-filesystem", "dist/index.js");
        try (McpToolkit files = connect(bin, real.toString())) {
            assertThat(files.tools()).extracting(ToolSpec::name).contains("write_file", "read_text_file", "list_directory");
            String note = real.resolve("note.txt").toString();
            ScriptedModel model = new ScriptedModel(
                    ModelReply.text("write_file(path=\"" + note + "\", content=\"first line\")"),
                    ModelReply.text("list_directory(\"" + real + "\")\nread_text_file(path=\"" + note + "\", head=\"1\")"),
                    ModelReply.text("The note says: first line"));
            Results results = new Results();
            List<String> approved = new ArrayList<>();
            ToolLoop.Outcome outcome = ToolLoop.builder(model, files).mode(ToolLoop.Mode.PROMPT)
                    .format(PromptFormat.PYTHONIC).listener(results).approver((call, tool) -> approved.add(tool.name()))
                    .build().run("Write a note and read it back");

            assertThat(outcome.completed()).isTrue();
            // write_file is not marked read-only, so it needs approval; the reading tools are marked read-only
            assertThat(approved).containsExactly("write_file");
            assertThat(results.results).extracting(ToolResult::isError).containsExactly(false, false, false);
            assertThat(Files.readString(real.resolve("note.txt"))).isEqualTo("first line");
            assertThat(results.results.get(1).content()).contains("[FILE] note.txt");
            assertThat(results.results.get(2).content()).contains("first line");

            ToolResult outside = files.dispatch(ToolCall.of("read_text_file",
                    JSON.createObjectNode().put("path", "/etc/hostname")));
            assertThat(outside.isError()).isTrue();
            assertThat(outside.content()).startsWith("Tool read_text_file failed: ").contains("ccess denied");
        }
    }

    @Test
    void theEverythingServerSeesNoSecretOfThisProcessUnlessNamed() {
        Path bin = servers.file("@modelcontextprotocol/server-everything", "dist/index.js");
        assertThat(System.getenv("CALLTYPE_TEST_API_KEY")).as("set by the build for this test").isNotBlank();
        try (McpToolkit everything = connect(bin, "stdio")) {
            String env = everything.dispatch(ToolCall.of("get-env")).content();
            assertThat(env).contains("\"PATH\"").doesNotContain("CALLTYPE_TEST_API_KEY")
                    .doesNotContain("sk-test-not-for-mcp-servers");
        }
        try (McpToolkit named = McpToolkit.stdio(List.of(Npm.node(), bin.toString(), "stdio"))
                .inheritEnv("CALLTYPE_TEST_API_KEY").timeout(Duration.ofSeconds(60)).connect()) {
            assertThat(named.dispatch(ToolCall.of("get-env")).content()).contains("sk-test-not-for-mcp-servers");
        }
    }

    @Test
    void aToolThatNeedsTaskSupportIsNotListed() {
        Path bin = servers.file("@modelcontextprotocol/server-everything", "dist/index.js");
        try (McpToolkit everything = connect(bin, "stdio")) {
            everything.refresh(); // after the tools it registers once initialized
            assertThat(everything.tools()).extracting(ToolSpec::name).contains("echo", "trigger-long-running-operation")
                    .doesNotContain("simulate-research-query");
        }
    }

    @Test
    void progressNotificationsExtendALongCallsWait() {
        Path bin = servers.file("@modelcontextprotocol/server-everything", "dist/index.js");
        List<String> line = List.of(Npm.node(), bin.toString(), "stdio");
        try (McpToolkit everything = McpToolkit.stdio(line).timeout(Duration.ofSeconds(3)).connect()) {
            ToolResult result = everything.dispatch(ToolCall.of("trigger-long-running-operation",
                    JSON.createObjectNode().put("duration", 6).put("steps", 6)));
            assertThat(result.isError()).as(result.content()).isFalse();
            assertThat(result.content()).contains("Long running operation completed");
        }
    }

    @Test
    void aCallTheSchemaRejectsNeverReachesTheServer() {
        Path bin = servers.file("@modelcontextprotocol/server-everything", "dist/index.js");
        try (McpToolkit everything = connect(bin, "stdio")) {
            ToolResult result = everything.dispatch(ToolCall.of("get-sum", JSON.createObjectNode().put("a", "two")));
            assertThat(result.isError()).isTrue();
            assertThat(result.content()).startsWith("Invalid arguments for get-sum:").contains("Signature: get-sum(");
        }
    }
}
