package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.testing.compile.JavaFileObjects;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolArgumentException;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** What a new user ran into first (issue 11, a–j), each kept working by a test on generated code. */
class FirstUseFindingsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JavaFileObject source(String name, String text) {
        return JavaFileObjects.forSourceString("com.example." + name, "package com.example;\n\n"
                + "import dev.calltype.annotations.*;\n" + "import java.util.*;\n\n" + text);
    }

    private static ToolCall call(String tool, String arguments) throws Exception {
        return ToolCall.of(tool, (ObjectNode) JSON.readTree(arguments)).withId("call-1");
    }

    private static final Compiled CONTACTS = Compiled.of(Sources.with(source("Contacts", """
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
        ToolResult r = contacts().dispatch(call("add", "{\"contact\": {\"name\": \"Ann\", \"email\": \"ann\"}}"));
        assertThat(r.isError()).isTrue();
        assertThat(r.content()).contains("parameter 'contact' was rejected: email must contain @");
        ToolResult params = contacts().dispatch(call("invite", "{\"email\": \" \"}"));
        assertThat(params.isError()).isTrue();
        assertThat(params.content()).contains("the arguments were rejected: email must not be blank");
        ToolResult ok = contacts().dispatch(call("add", "{\"contact\": {\"name\": \"Ann\", \"email\": \"a@b\"}}"));
        assertThat(ok.content()).isEqualTo("added Ann");
    }

    @Test
    void handleParseAndParseAllNeverThrowWhatARecordThrows() throws Exception {
        Toolkit toolkit = contacts();
        List<ToolResult> results = toolkit.handle(
                "<tool_call>{\"name\": \"add\", \"arguments\": {\"contact\": {\"name\": \"A\", \"email\": \"x\"}}}"
                        + "</tool_call>");
        assertThat(results).singleElement().satisfies(r -> assertThat(r.isError()).isTrue());
        ToolCall bad = call("add", "{\"contact\": {\"name\": \"A\", \"email\": \"x\"}}");
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
    void toolsInheritedFromASuperclassAndDefaultMethodsAreIncluded() throws Exception {
        Compiled c = Compiled.of(Sources.with(source("Base", """
                public class Base {
                    /** Says hello. */
                    @Tool
                    public String hello(String name) { return "hello " + name; }
                }
                """), source("Greeting", """
                public interface Greeting {
                    /** Says bye. */
                    @Tool
                    default String bye(String name) { return "bye " + name; }
                }
                """), source("Greeter", """
                public class Greeter extends Base implements Greeting {
                    /** Waves. */
                    @Tool
                    public String wave(String name) { return "wave " + name; }
                }
                """)));
        Toolkit toolkit = c.toolkit("com.example.GreeterTools", "com.example.Greeter");
        assertThat(toolkit.tools()).extracting(t -> t.name()).containsExactly("wave", "hello", "bye");
        assertThat(toolkit.dispatch(call("bye", "{\"name\": \"Ann\"}")).content()).isEqualTo("bye Ann");
        assertThat(toolkit.dispatch(call("hello", "{\"name\": \"Ann\"}")).content()).isEqualTo("hello Ann");
    }

    @Test
    void anOptionalPrimitiveShowsTheValueItTakesWhenLeftOut() throws Exception {
        Compiled c = Compiled.of(Sources.with(source("Pager", """
                public class Pager {
                    /** Lists a page. */
                    @Tool
                    public String page(@Param(required = false) int n, @Param(required = false) boolean all) {
                        return n + " " + all;
                    }
                }
                """)));
        Toolkit toolkit = c.toolkit("com.example.PagerTools", "com.example.Pager");
        assertThat(toolkit.tools().get(0).parameters().toString())
                .contains("\"n\":{\"type\":\"integer\",\"default\":0}")
                .contains("\"all\":{\"type\":\"boolean\",\"default\":false}");
        assertThat(toolkit.dispatch(call("page", "{}")).content()).isEqualTo("0 false");
    }

    @Test
    void geminiKeepsOnlyTheFormatsItAccepts() {
        Compiled c = Compiled.of(Sources.with(source("Calendar", """
                import java.time.*;

                public class Calendar {
                    /** Counts working days. */
                    @Tool
                    public int workingDays(@Param(description = "the first day") LocalDate from, LocalDate to,
                                           UUID calendar, Instant asOf) { return 0; }
                }
                """)));
        Toolkit toolkit = c.toolkit("com.example.CalendarTools", "com.example.Calendar");
        String gemini = toolkit.schemaJson(SchemaDialect.GEMINI);
        assertThat(gemini).doesNotContain("\"format\":\"date\"").doesNotContain("\"format\":\"uuid\"")
                .contains("\"format\":\"date-time\"");
        assertThat(toolkit.schemaJson(SchemaDialect.OPENAI)).contains("\"format\":\"date\"")
                .contains("\"format\":\"uuid\"");
    }

    @Test
    void instructionsTellTheModelWhatEachParameterMeansAndHowToWriteIt() {
        Compiled c = Compiled.of(Sources.with(source("Days", """
                import java.time.*;

                public class Days {
                    /** Counts working days. */
                    @Tool
                    public int workingDays(@Param(description = "the first day") LocalDate from, LocalDate to) {
                        return 0;
                    }
                }
                """)));
        Toolkit toolkit = c.toolkit("com.example.DaysTools", "com.example.Days");
        assertThat(toolkit.formatInstructions(PromptFormat.PYTHONIC)).contains(
                "- working_days(from: string, to: string) \u2014 Counts working days.\n"
                        + "    from: the first day (format: date)\n"
                        + "    to: format date\n");
    }

    @Test
    void anObjectSentForAListIsReportedAsWhatItIs() throws Exception {
        ToolResult r = contacts().dispatch(call("tag", "{\"labels\": {\"a\": \"b\"}}"));
        assertThat(r.content()).contains("parameter 'labels' must be an array, got an object")
                .doesNotContain("labels[0]");
        assertThat(contacts().dispatch(call("tag", "{\"labels\": \"urgent\"}")).content()).isEqualTo("urgent");
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
        assertThat(generated.dispatch(call("ad", "{}")).content()).isEqualTo(expected);
        assertThat(dynamic.dispatch(call("ad", "{}")).content()).isEqualTo(expected);
        assertThat(combined.dispatch(call("ad", "{}")).content()).isEqualTo(expected);
        assertThat(generated.extractor().extract("<tool_call>{\"name\": \"ad\", \"arguments\": {}}</tool_call>")
                .errors()).singleElement().satisfies(e -> assertThat(e.message()).isEqualTo(expected));
        String invalid = "Invalid arguments for tag:\n- parameter 'labels' is required\nSignature: tag(labels: string[])"
                + "\nFix the arguments and call tag again.";
        assertThat(generated.dispatch(call("tag", "{}")).content()).isEqualTo(invalid);
        assertThat(dynamic.dispatch(call("tag", "{}")).content()).isEqualTo(invalid);
    }
}
