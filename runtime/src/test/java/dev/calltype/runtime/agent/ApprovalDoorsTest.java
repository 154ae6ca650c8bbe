package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.Approver;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The one approval rule on every door that takes a call from a model: {@code Toolkit.handle}, the adapters' native
 * door ({@link Approvals#dispatch}) and {@code ToolLoop}; names read once, by the rule that dispatches.
 */
class ApprovalDoorsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<String> ran = new ArrayList<>();
    private final List<String> asked = new ArrayList<>();

    private Toolkit notes() {
        try {
            ObjectNode schema = (ObjectNode) JSON.readTree("{\"type\":\"object\",\"properties\":{\"title\":"
                    + "{\"type\":\"string\"}},\"required\":[\"title\"]}");
            return Toolkits.of(List.of(
                    new ToolSpec("read_note", "Reads a note.", schema, List.of("title"), false, true),
                    new ToolSpec("delete_note", "Deletes a note.", schema, List.of("title"), true, false)),
                    (name, args) -> {
                        ran.add(name + " " + args.path("title").asText());
                        return TextNode.valueOf("done");
                    });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Approver approver(boolean yes) {
        return (call, tool) -> {
            asked.add(tool.name() + " as " + call.name() + " " + call.arguments());
            return yes;
        };
    }

    @Test
    void handleWithoutAnApproverRefusesAConfirmToolAndSaysWhy() {
        List<ToolResult> results = notes().handle(
                "<tool_call>{\"name\": \"delete_note\", \"arguments\": {\"title\": \"plans\"}}</tool_call>"
                + "<tool_call>{\"name\": \"read_note\", \"arguments\": {\"title\": \"plans\"}}</tool_call>");

        assertThat(ran).containsExactly("read_note plans");
        assertThat(results).hasSize(2);
        assertThat(results.get(0).isError()).isTrue();
        assertThat(results.get(0).content()).startsWith(Approvals.DECLINED + "delete_note")
                .contains("needs the user's approval");
        assertThat(results.get(1).isError()).isFalse();
    }

    @Test
    void handleAsksTheApproverAboutTheToolThatRunsWhateverTheSpelling() {
        Toolkit notes = notes();
        List<ToolResult> yes = notes.handle("deleteNote(title=\"plans\")", approver(true));
        List<ToolResult> no = notes.handle("DELETE-NOTE(title=\"old\")", approver(false));

        assertThat(asked).containsExactly("delete_note as delete_note {\"title\":\"plans\"}",
                "delete_note as delete_note {\"title\":\"old\"}");
        assertThat(ran).containsExactly("delete_note plans");
        assertThat(yes).singleElement().satisfies(r -> assertThat(r.isError()).isFalse());
        assertThat(no).singleElement().satisfies(r -> assertThat(r.content())
                .startsWith(Approvals.DECLINED + "delete_note"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"functions.delete_note", "tools.delete_note", "a.b.c.delete_note", "functions.deleteNote",
            "x.DELETE-NOTE", "deleteNote", "Delete Note"})
    void aPrefixedOrRespeltNameNeedsTheApprovalItsToolNeedsAtTheNativeDoor(String name) {
        Toolkit notes = notes();

        ToolResult declined = Approvals.dispatch(notes, null, name, "{\"title\": \"plans\"}", "c1");
        assertThat(declined.isError()).isTrue();
        assertThat(declined.content()).startsWith(Approvals.DECLINED + "delete_note");
        assertThat(ran).isEmpty();

        ToolResult approved = Approvals.dispatch(notes, approver(true), name, "{\"title\": \"plans\"}", "c2");
        assertThat(approved.isError()).isFalse();
        assertThat(asked).containsExactly("delete_note as delete_note {\"title\":\"plans\"}");
        assertThat(ran).containsExactly("delete_note plans");
    }

    @ParameterizedTest
    @ValueSource(strings = {"functions.delete_note", "tools.delete_note", "a.b.c.delete_note", "functions.deleteNote",
            "x.DELETE-NOTE", "deleteNote", "delete.note", "functions.read_note", "readNote", "note", "functions.",
            "functions.notes", "delete_note.x"})
    void theToolkitAndTheExtractorReadEveryNameByOneRule(String name) {
        Toolkit notes = notes();
        Extraction read = notes.extractor().readNativeCall(name, "{\"title\": \"a\"}", null);
        String byExtractor = read.hasCalls() ? read.calls().get(0).name() : null;
        String byToolkit = notes.resolve(name).map(ToolSpec::name).orElse(null);

        assertThat(byToolkit).isEqualTo(byExtractor);
    }

    @Test
    void aNameThatMeansNoToolIsAnsweredAndNeverRun() {
        ToolResult r = Approvals.dispatch(notes(), approver(true), "functions.shred_note", "{\"title\": \"a\"}", "c1");

        assertThat(r.isError()).isTrue();
        assertThat(r.content()).contains("There is no tool named \"functions.shred_note\"");
        assertThat(asked).isEmpty();
        assertThat(ran).isEmpty();
    }

    @Test
    void aNameNotOfferedIsAnsweredWithTheToolItMeansAndNothingRuns() {
        ToolResult r = Approvals.notOffered(notes(), "functions.delete_note", "c1");

        assertThat(r.isError()).isTrue();
        assertThat(r.content()).contains("There is no tool named \"functions.delete_note\"")
                .contains("Did you mean \"delete_note\"?");
        assertThat(ran).isEmpty();
    }

    @Test
    void dispatchIsTheProgramsDecisionAndAsksNoOne() {
        ToolResult r = notes().dispatch(dev.calltype.runtime.ToolCall.of("delete_note",
                JSON.createObjectNode().put("title", "mine")));

        assertThat(r.isError()).isFalse();
        assertThat(ran).containsExactly("delete_note mine");
    }
}
