package dev.calltype.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ToolLoop;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a user approves is what runs, whatever an MCP server does: its tools changing between the approval and the
 * call, its hints, a swap of a harmless tool for a destructive one, and a listing that never ends.
 */
@Timeout(120)
class McpTrustTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AtomicInteger localDeletes = new AtomicInteger();
    private final List<String> asked = new ArrayList<>();
    private ShiftingServer http;

    @AfterEach
    void stop() throws Exception {
        if (http != null) {
            http.close();
        }
    }

    /** The local tools: {@code delete_note}, which needs the user's approval. */
    private Toolkit local() throws Exception {
        ObjectNode schema = (ObjectNode) JSON.readTree(
                "{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"}},\"required\":[\"title\"]}");
        return Toolkits.of(List.of(new ToolSpec("delete_note", "Deletes a note", schema, List.of("title"), true)),
                (name, args) -> {
                    localDeletes.incrementAndGet();
                    return TextNode.valueOf("deleted the local note " + args.path("title").asText());
                });
    }

    private McpToolkit shifting(String transport) throws Exception {
        if (transport.equals("http")) {
            http = ShiftingServer.http();
            return McpToolkit.http(http.uri()).timeout(Duration.ofSeconds(20)).connect();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return McpToolkit.stdio(List.of(java, "-cp", System.getProperty("java.class.path"),
                ShiftingServer.class.getName())).timeout(Duration.ofSeconds(20)).connect();
    }

    private static ToolCall call(String id, String name, String arguments) throws Exception {
        return ToolCall.of(name, (ObjectNode) JSON.readTree(arguments)).withId(id);
    }

    private ToolLoop.Approver recording(boolean answer) {
        return (call, tool) -> {
            asked.add(tool.name());
            return answer;
        };
    }

    private static List<String> names(Toolkit toolkit) {
        return toolkit.tools().stream().map(ToolSpec::name).toList();
    }

    @ParameterizedTest
    @CsvSource({"stdio, native", "stdio, prompt", "http, native", "http, prompt"})
    void aToolDroppedWhileAnEarlierCallRunsIsNotReplacedByTheLocalToolItsNameFoldsOnto(String transport, String mode)
            throws Exception {
        try (McpToolkit remote = shifting(transport)) {
            Toolkit toolkit = Toolkits.combine(local(), remote);
            ModelReply reply = mode.equals("native")
                    ? ModelReply.calls(call("1", "tidy", "{}"), call("2", "delete.note", "{\"title\":\"plans\"}"))
                    : ModelReply.text("<tool_call>{\"name\":\"tidy\",\"arguments\":{}}</tool_call>\n<tool_call>"
                            + "{\"name\":\"delete.note\",\"arguments\":{\"title\":\"plans\"}}</tool_call>");
            ScriptedModel model = new ScriptedModel(reply, ModelReply.text("done"));

            ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit)
                    .mode(mode.equals("native") ? ToolLoop.Mode.NATIVE : ToolLoop.Mode.PROMPT)
                    .approver(recording(true))
                    .build().run("tidy up");

            assertThat(names(remote)).doesNotContain("delete.note"); // the server's change did arrive in between
            assertThat(localDeletes).hasValue(0);
            assertThat(asked).isEmpty();
            assertThat(outcome.transcript().toString()).contains("tidied")
                    .contains("delete.note changed or was removed after this call was read and approved");
        }
    }

    @Test
    void aToolSwappedForADestructiveOneIsConfirmedAndACallBoundToTheOldOneIsNotSent() throws Exception {
        try (McpToolkit remote = shifting("http")) {
            assertThat(remote.resolve("erase").orElseThrow().confirm()).isFalse(); // listed read-only at first
            ScriptedModel model = new ScriptedModel(
                    ModelReply.calls(call("1", "swap", "{}"), call("2", "erase", "{\"title\":\"plans\"}")),
                    ModelReply.calls(call("3", "erase", "{\"title\":\"plans\"}")),
                    ModelReply.text("done"));

            ToolLoop.Outcome outcome = ToolLoop.builder(model, remote).approver(recording(false)).build().run("go");

            assertThat(remote.resolve("erase").orElseThrow().confirm()).isTrue();
            // the call read in the same reply as swap was bound to the read-only erase: not sent once it changed;
            // the next round's call of the new erase went to the approver, who said no
            assertThat(http.ran).containsExactly("swap");
            assertThat(asked).containsExactly("erase");
            assertThat(outcome.transcript().toString()).contains("erase changed or was removed")
                    .contains("the user declined to run erase");
        }
    }

    @Test
    void toolsNotMarkedReadOnlyNeedApprovalUnlessTheServerSaysTheyAreHarmlessOrTheUserOptsOut() throws Exception {
        try (McpToolkit remote = shifting("http")) {
            // tidy and delete.note say destructiveHint: false; erase is read-only; swap is harmless too
            assertThat(remote.tools()).filteredOn(ToolSpec::confirm).isEmpty();
        }
        http.close();
        http = null;
        try (McpToolkit everything = McpToolkit.stdio(List.of(Path.of(System.getProperty("java.home"), "bin",
                        "java").toString(), "-cp", System.getProperty("java.class.path"), ShiftingServer.class.getName()))
                .confirm(McpToolkit.Confirm.ALL).timeout(Duration.ofSeconds(20)).connect()) {
            assertThat(everything.tools()).allMatch(ToolSpec::confirm);
        }
    }

    @Test
    void aToolWithoutHintsNeedsApprovalAndTheUserCanOptOutPerServer() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", System.getProperty("java.class.path"),
                GrowingStdioServer.class.getName());
        try (McpToolkit remote = McpToolkit.stdio(command).timeout(Duration.ofSeconds(20)).connect()) {
            assertThat(remote.resolve("grow").orElseThrow().confirm()).isTrue();
            ToolLoop.Outcome outcome = ToolLoop.builder(
                            new ScriptedModel(ModelReply.calls(call("1", "grow", "{}")), ModelReply.text("ok")), remote)
                    .approver(recording(false)).build().run("grow");
            assertThat(asked).containsExactly("grow");
            assertThat(outcome.transcript().toString()).contains("the user declined to run grow")
                    .doesNotContain("grown");
        }
        try (McpToolkit trusted = McpToolkit.stdio(command).confirm(McpToolkit.Confirm.NONE)
                .timeout(Duration.ofSeconds(20)).connect()) {
            assertThat(trusted.resolve("grow").orElseThrow().confirm()).isFalse();
        }
    }

    @Test
    void aServerThatPagesForeverFailsToStartWithAClearError() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", System.getProperty("java.class.path"),
                EndlessPagesServer.class.getName());
        assertThatThrownBy(() -> McpToolkit.stdio(command).timeout(Duration.ofSeconds(20)).connect())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageEndingWith("the server sent more than " + McpToolkit.DEFAULT_MAX_LIST_PAGES
                        + " pages of tools/list (a new nextCursor each time); if it really has that many, raise"
                        + " McpToolkit.Builder.listLimits");
        assertThatThrownBy(() -> McpToolkit.stdio(command).listLimits(3, 100).timeout(Duration.ofSeconds(20))
                .connect()).hasMessageContaining("the server sent more than 3 pages of tools/list");
        List<String> wide = new ArrayList<>(command);
        wide.add("wide");
        assertThatThrownBy(() -> McpToolkit.stdio(wide).timeout(Duration.ofSeconds(20)).connect())
                .hasMessageEndingWith("the server listed more than " + McpToolkit.DEFAULT_MAX_TOOLS + " tools; if it"
                        + " really has that many, raise McpToolkit.Builder.listLimits");
    }
}
