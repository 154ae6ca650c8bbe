package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.example.tools.Notes;
import dev.calltype.example.tools.NotesTools;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example tools as a model reaches them: through the generated, combined toolkit. */
class ExampleToolsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Toolkit toolkit() {
        return ExampleTools.toolkit(new Notes(dir),
                Clock.fixed(Instant.parse("2025-03-14T08:30:00Z"), ZoneId.of("Europe/Paris")));
    }

    private ToolResult call(String name, String arguments) throws Exception {
        return toolkit().dispatch(ToolCall.of(name, (ObjectNode) JSON.readTree(arguments)));
    }

    @Test
    void theToolsAreTheAnnotatedMethodsInOrder() {
        assertThat(toolkit().tools()).extracting(ToolSpec::name).containsExactly("create_note", "list_notes",
                "search_notes", "read_note", "delete_note", "calculate", "convert_units", "current_time", "convert_time");
        assertThat(toolkit().tools()).filteredOn(ToolSpec::confirm).extracting(ToolSpec::name).containsExactly("delete_note");
        assertThat(toolkit().tools()).filteredOn(ToolSpec::readOnly).extracting(ToolSpec::name).containsExactly(
                "list_notes", "search_notes", "read_note", "calculate", "convert_units", "current_time", "convert_time");
        assertThat(toolkit().tools().get(2).parameterOrder()).containsExactly("text", "tag", "limit");
    }

    @Test
    void aRecordParameterAnEnumAndADefaultArriveTyped() throws Exception {
        ToolResult r = call("convert_units", "{\"quantity\": {\"value\": \"26.2\", \"unit\": \"mile\"}, \"to\": \"kilometer\"}");
        assertThat(r.isError()).as(r.content()).isFalse();
        assertThat(r.value().path("to").path("value").asDouble()).isEqualTo(42.1648);
        assertThat(r.value().path("text").asText()).isEqualTo("26.2 mile = 42.1648 kilometer");
    }

    @Test
    void aWrongArgumentTypeIsAFailureThatNamesThePath() throws Exception {
        ToolResult r = call("convert_units", "{\"quantity\": {\"value\": \"five\", \"unit\": \"KILOGRAM\"}, \"to\": \"POUND\"}");
        assertThat(r.isError()).isTrue();
        assertThat(r.content()).contains("quantity.value").contains("five");
    }

    @Test
    void aListWithADefaultAndAToolParamsRecordWithAnOptional() throws Exception {
        assertThat(call("create_note", "{\"title\": \"Bread\", \"body\": \"flour water salt\"}").isError()).isFalse();
        assertThat(call("create_note", "{\"title\": \"Cake\", \"body\": \"flour sugar eggs\", \"tags\": \"baking\"}").isError())
                .isFalse();
        ToolResult all = call("search_notes", "{\"text\": \"flour\"}");
        assertThat(all.value().findValuesAsText("title")).containsExactly("Bread", "Cake");
        ToolResult tagged = call("search_notes", "{\"text\": \"flour\", \"tag\": \"baking\", \"limit\": 1}");
        assertThat(tagged.value().findValuesAsText("title")).containsExactly("Cake");
    }

    @Test
    void anExceptionFromAToolIsAFailureWithItsMessage() throws Exception {
        ToolResult r = call("calculate", "{\"expression\": \"1/0\"}");
        assertThat(r.isError()).isTrue();
        assertThat(r.content()).contains("division by zero").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void anOptionalLeftOutUsesTheUsersZone() throws Exception {
        assertThat(call("current_time", "{}").value().path("zone").asText()).isEqualTo("Europe/Paris");
        assertThat(call("convert_time", "{\"time\": \"2025-03-14T09:30\", \"from_zone\": \"New York\", \"to_zone\": \"Tokyo\"}")
                .value().path("to").path("localTime").asText()).isEqualTo("2025-03-14T22:30:00");
    }

    @Test
    void theCalculationResultIsAPlainNumber() throws Exception {
        assertThat(call("calculate", "{\"expression\": \"(17.5 * 4) + 2^10 / 8\"}").content())
                .isEqualTo("{\"expression\":\"(17.5 * 4) + 2^10 / 8\",\"result\":198}");
    }

    @Test
    void aGeneratedToolkitsHandleDeclinesAConfirmToolWithoutAnApproverAndAsksWithOne() throws Exception {
        Notes notes = new Notes(dir);
        NotesTools tools = new NotesTools(notes);
        notes.createNote("plans", "x", java.util.List.of(), false);
        String output = "<tool_call>{\"name\": \"functions.deleteNote\", \"arguments\": {\"title\": \"plans\"}}"
                + "</tool_call>";

        assertThat(tools.handle(output)).singleElement().satisfies(r -> {
            assertThat(r.isError()).isTrue();
            assertThat(r.content()).startsWith("the user declined to run delete_note").contains("approval");
        });
        assertThat(ExampleTools.toolkit(notes, Clock.systemUTC()).handle(output)).singleElement()
                .satisfies(r -> assertThat(r.content()).startsWith("the user declined to run delete_note"));
        assertThat(notes.listNotes(java.util.Optional.empty())).hasSize(1);

        java.util.List<String> asked = new java.util.ArrayList<>();
        assertThat(tools.handle(output, (call, tool) -> asked.add(tool.name() + " " + call.arguments())))
                .singleElement().satisfies(r -> assertThat(r.isError()).isFalse());
        assertThat(asked).containsExactly("delete_note {\"title\":\"plans\"}");
        assertThat(notes.listNotes(java.util.Optional.empty())).isEmpty();
    }
}
