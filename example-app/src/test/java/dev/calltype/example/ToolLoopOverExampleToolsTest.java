package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.example.tools.Notes;
import dev.calltype.example.tools.NotesTools;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import dev.calltype.runtime.agent.ToolLoop;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link ToolLoop} over the generated toolkits of the example app: confirmation and call order. */
class ToolLoopOverExampleToolsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static ToolCall call(String id, String name, String arguments) throws Exception {
        return ToolCall.of(name, (ObjectNode) JSON.readTree(arguments)).withId(id);
    }

    private static ToolLoop.Builder loop(Toolkit toolkit, ModelReply... replies) {
        Iterator<ModelReply> script = List.of(replies).iterator();
        return ToolLoop.builder(ModelClient.of((messages, tools) -> script.hasNext() ? script.next()
                : ModelReply.text("done")), toolkit);
    }

    @ParameterizedTest(name = "{0} {1} combined={2}")
    @CsvSource({
            "deleteNote, NATIVE, false", "DELETE_NOTE, NATIVE, false", "Delete-Note, NATIVE, false",
            "delete.note, NATIVE, false", "DeleteNote, NATIVE, false", "delete_note, NATIVE, false",
            "deleteNote, NATIVE, true", "DELETE_NOTE, NATIVE, true", "Delete-Note, NATIVE, true",
            "delete.note, NATIVE, true", "DeleteNote, NATIVE, true", "delete_note, NATIVE, true",
            "deleteNote, PROMPT, false", "DELETE_NOTE, PROMPT, false", "Delete-Note, PROMPT, false",
            "delete.note, PROMPT, false", "DeleteNote, PROMPT, false", "delete_note, PROMPT, false",
            "deleteNote, PROMPT, true", "DELETE_NOTE, PROMPT, true", "Delete-Note, PROMPT, true",
            "delete.note, PROMPT, true", "DeleteNote, PROMPT, true", "delete_note, PROMPT, true",
    })
    void deleteNoteWithoutAnApproverIsDeclinedHoweverItsNameIsSpelled(String spelling, ToolLoop.Mode mode,
                                                                      boolean combined) throws Exception {
        Notes notes = new Notes(dir);
        notes.createNote("Plan", "keep me", List.of(), false);
        Toolkit toolkit = combined ? ExampleTools.toolkit(notes, Clock.systemUTC()) : new NotesTools(notes);
        ModelReply reply = mode == ToolLoop.Mode.NATIVE
                ? ModelReply.calls(call("c1", spelling, "{\"title\": \"Plan\"}"))
                : ModelReply.text("<tool_call>{\"name\": \"" + spelling + "\", \"arguments\": {\"title\": \"Plan\"}}</tool_call>");

        ToolLoop.Outcome outcome = loop(toolkit, reply).mode(mode).build().run("delete the plan");

        assertThat(notes.readNote("Plan").body()).isEqualTo("keep me");
        assertThat(outcome.transcript().get(outcome.transcript().size() - 2).content())
                .contains("the user declined to run delete_note");
    }

    @Test
    void callsOfOneReplyRunInTheOrderTheModelWroteThem() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int run = 0; run < 40; run++) {
                Notes notes = new Notes(dir.resolve("run" + run));
                ToolLoop.Outcome outcome = loop(ExampleTools.toolkit(notes, Clock.systemUTC()), ModelReply.calls(
                        call("a", "create_note", "{\"title\": \"A\", \"body\": \"v1\", \"overwrite\": true}"),
                        call("b", "create_note", "{\"title\": \"A\", \"body\": \"v2\", \"overwrite\": true}"),
                        call("c", "create_note", "{\"title\": \"B\", \"body\": \"b\"}"),
                        call("d", "read_note", "{\"title\": \"B\"}"))).executor(pool).build().run("go");

                assertThat(notes.readNote("A").body()).as("run %d", run).isEqualTo("v2");
                assertThat(outcome.transcript().get(5).content()).as("run %d", run).contains("\"body\":\"b\"");
                assertThat(outcome.transcript().subList(2, 6)).extracting(ChatMessage::toolCallId)
                        .containsExactly("a", "b", "c", "d");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void dispatchOfNullThrowsNullPointerExceptionForGeneratedAndCombinedToolkits() {
        Notes notes = new Notes(dir);
        for (Toolkit t : List.of(new NotesTools(notes), ExampleTools.toolkit(notes, Clock.systemUTC()))) {
            assertThatThrownBy(() -> t.dispatch(null)).isInstanceOf(NullPointerException.class);
        }
    }
}
