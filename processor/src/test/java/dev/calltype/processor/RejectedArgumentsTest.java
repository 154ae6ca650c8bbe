package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.calltype.runtime.ToolArgumentException;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Arguments a generated toolkit cannot use: a record that refuses its values, an object sent for a list, an
 * unknown tool. {@code dispatch} and {@code handle} answer with a failure result worded as every toolkit words it;
 * {@code parse} and {@code parseAll} throw a {@code ToolArgumentException} naming every failed tool and problem.
 */
class RejectedArgumentsTest {

    private static final Compiled CONTACTS = Compiled.of(Sources.with(Sources.example("Contacts", """
            public class Contacts {
                /** A contact. */
                public record Contact(String name, String email) {
                    public Contact {
                        if (!email.contains("@")) {
                            throw new IllegalArgumentException("email must contain @");
                        }
                    }
                }

                /** Who to invite. */
                @ToolParams
                public record Invite(String email) {
                    public Invite {
                        if (email.isBlank()) {
                            throw new IllegalArgumentException("email must not be blank");
                        }
                    }
                }

                /** Adds a contact. */
                @Tool
                public String add(Contact contact) { return "added " + contact.name(); }

                /** Invites someone. */
                @Tool
                public String invite(Invite invite) { return "invited " + invite.email(); }

                /** Tags. */
                @Tool
                public String tag(List<String> labels) { return String.join(",", labels); }
            }
            """)));

    private static Toolkit contacts() {
        return CONTACTS.toolkit("com.example.ContactsTools", "com.example.Contacts");
    }


    @Test
    void aRecordThatRefusesItsValuesIsAFailureResultNotAnException() throws Exception {
        ToolResult r = contacts().dispatch(Compiled.toolCall("add", "{\"contact\": {\"name\": \"Ann\", \"email\": \"ann\"}}"));
        assertThat(r.isError()).isTrue();
        assertThat(r.content()).contains("parameter 'contact' was rejected: email must contain @");
        ToolResult params = contacts().dispatch(Compiled.toolCall("invite", "{\"email\": \" \"}"));
        assertThat(params.isError()).isTrue();
        assertThat(params.content()).contains("the arguments were rejected: email must not be blank");
        ToolResult ok = contacts().dispatch(Compiled.toolCall("add", "{\"contact\": {\"name\": \"Ann\", \"email\": \"a@b\"}}"));
        assertThat(ok.content()).isEqualTo("added Ann");
    }


    @Test
    void handleParseAndParseAllNeverThrowWhatARecordThrows() throws Exception {
        Toolkit toolkit = contacts();
        List<ToolResult> results = toolkit.handle(
                "<tool_call>{\"name\": \"add\", \"arguments\": {\"contact\": {\"name\": \"A\", \"email\": \"x\"}}}"
                        + "</tool_call>");
        assertThat(results).singleElement().satisfies(r -> assertThat(r.isError()).isTrue());
        ToolCall bad = Compiled.toolCall("add", "{\"contact\": {\"name\": \"A\", \"email\": \"x\"}}");
        assertThatThrownBy(() -> Compiled.call(toolkit, "parse", bad))
                .isInstanceOfSatisfying(ToolArgumentException.class, e -> {
                    assertThat(e.toolName()).isEqualTo("add");
                    assertThat(e.problems()).containsExactly("parameter 'contact' was rejected: email must contain @");
                });
        assertThatThrownBy(() -> Compiled.call(toolkit, "parseAll",
                "<tool_call>{\"name\": \"invite\", \"arguments\": {\"email\": \"\"}}</tool_call>"))
                .isInstanceOf(ToolArgumentException.class);
    }


    @Test
    void anObjectSentForAListIsReportedAsWhatItIs() throws Exception {
        ToolResult r = contacts().dispatch(Compiled.toolCall("tag", "{\"labels\": {\"a\": \"b\"}}"));
        assertThat(r.content()).contains("parameter 'labels' must be an array, got an object")
                .doesNotContain("labels[0]");
        assertThat(contacts().dispatch(Compiled.toolCall("tag", "{\"labels\": \"urgent\"}")).content()).isEqualTo("urgent");
    }


    @Test
    void parseAllNamesEveryFailedToolAndWritesEachProblemOnce() {
        assertThatThrownBy(() -> Compiled.call(contacts(), "parseAll", """
                <tool_call>{"name": "add", "arguments": {"contact": {"name": "A", "email": "x"}}}</tool_call>
                <tool_call>{"name": "tag", "arguments": {"labels": {"a": 1}}}</tool_call>"""))
                .isInstanceOfSatisfying(ToolArgumentException.class, e -> {
                    assertThat(e.toolNames()).containsExactly("add", "tag");
                    assertThat(e.toolName()).isEqualTo("add");
                    assertThat(e.getMessage()).startsWith("invalid calls to add, tag: add: parameter 'contact'")
                            .doesNotContain(".;");
                });
    }


    @Test
    void everyToolkitWordsAnUnknownToolAndInvalidArgumentsTheSameWay() throws Exception {
        Toolkit generated = contacts();
        Toolkit dynamic = dev.calltype.runtime.Toolkits.of(generated.tools(), (name, arguments) -> null);
        Toolkit combined = dev.calltype.runtime.Toolkits.combine(generated);
        String expected = "There is no tool named \"ad\". Did you mean \"add\"? Available tools: add, invite, tag.";
        assertThat(generated.dispatch(Compiled.toolCall("ad", "{}")).content()).isEqualTo(expected);
        assertThat(dynamic.dispatch(Compiled.toolCall("ad", "{}")).content()).isEqualTo(expected);
        assertThat(combined.dispatch(Compiled.toolCall("ad", "{}")).content()).isEqualTo(expected);
        assertThat(generated.extractor().extract("<tool_call>{\"name\": \"ad\", \"arguments\": {}}</tool_call>")
                .errors()).singleElement().satisfies(e -> assertThat(e.message()).isEqualTo(expected));
        String invalid = "Invalid arguments for tag:\n- parameter 'labels' is required\nSignature: tag(labels: string[])"
                + "\nFix the arguments and call tag again.";
        assertThat(generated.dispatch(Compiled.toolCall("tag", "{}")).content()).isEqualTo(invalid);
        assertThat(dynamic.dispatch(Compiled.toolCall("tag", "{}")).content()).isEqualTo(invalid);
    }
}
