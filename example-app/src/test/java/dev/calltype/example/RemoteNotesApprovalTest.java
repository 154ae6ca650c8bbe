package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.example.tools.Notes;
import dev.calltype.mcp.McpToolkit;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ToolLoop;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calltype's own {@code delete_note} ({@code @Tool(confirm = true)}) served by {@code calltype.jar mcp-server} and
 * used through {@link McpToolkit} still needs the user's approval: {@code confirm} survives the trip as
 * {@code destructiveHint}.
 */
@Timeout(120)
class RemoteNotesApprovalTest {

    @TempDir
    Path notes;

    private List<String> server() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "mcp-server", "--notes", notes.toString());
    }

    @Test
    void aDeleteNoteCallOverMcpGoesToTheApproverAndANoKeepsTheNote() throws Exception {
        new Notes(notes).createNote("Plans", "keep these", List.of(), false);
        List<String> asked = new ArrayList<>();
        List<ModelReply> script = new ArrayList<>(List.of(
                ModelReply.calls(ToolCall.of("delete_note", JsonNodeFactory.instance.objectNode().put("title", "Plans"))
                        .withId("1")),
                ModelReply.text("I did not delete it.")));
        ModelClient model = ModelClient.of((messages, tools) -> script.remove(0));

        try (McpToolkit remote = McpToolkit.stdio(server()).timeout(Duration.ofSeconds(30)).connect()) {
            assertThat(remote.resolve("delete_note").orElseThrow().confirm()).isTrue();
            assertThat(remote.resolve("create_note").orElseThrow().confirm()).isFalse();
            assertThat(remote.resolve("read_note").orElseThrow().confirm()).isFalse();

            ToolLoop.Outcome outcome = ToolLoop.builder(model, remote).approver((call, tool) -> {
                asked.add(tool.name() + " " + call.arguments());
                return false;
            }).build().run("delete my plans");

            assertThat(asked).containsExactly("delete_note {\"title\":\"Plans\"}");
            assertThat(outcome.transcript().toString()).contains("the user declined to run delete_note");
        }
        assertThat(new Notes(notes).listNotes(Optional.empty())).extracting(Notes.NoteSummary::title)
                .containsExactly("Plans");
        assertThat(Files.exists(notes.resolve("plans.md"))).isTrue();
    }

    @Test
    void theServerRunsDeleteNoteOnlyWhenStartedWithYesForNobodyCanBeAskedThere() throws Exception {
        new Notes(notes).createNote("Plans", "keep these", List.of(), false);
        ToolCall delete = ToolCall.of("delete_note", JsonNodeFactory.instance.objectNode().put("title", "Plans"));
        try (McpToolkit remote = McpToolkit.stdio(server()).timeout(Duration.ofSeconds(30)).connect()) {
            // the client's own approval aside (dispatch is the program's decision), the server declines
            String declined = remote.dispatch(delete).content();
            assertThat(declined).contains("the user declined to run delete_note").contains("approval");
        }
        assertThat(Files.exists(notes.resolve("plans.md"))).isTrue();
        List<String> yes = new ArrayList<>(server());
        yes.add("--yes");
        try (McpToolkit remote = McpToolkit.stdio(yes).timeout(Duration.ofSeconds(30)).connect()) {
            assertThat(remote.dispatch(delete).isError()).isFalse();
        }
        assertThat(Files.exists(notes.resolve("plans.md"))).isFalse();
    }
}
