package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.Toolkit;
import org.junit.jupiter.api.Test;

/**
 * What a generated toolkit tells a model about its tools: the tools of superclasses and default methods, the value
 * an optional primitive takes when left out, the formats each schema dialect accepts, and what each parameter means
 * and how to write it in the format instructions.
 */
class ToolDescriptionsTest {

    @Test
    void toolsInheritedFromASuperclassAndDefaultMethodsAreIncluded() throws Exception {
        Compiled c = Compiled.of(Sources.with(Sources.example("Base", """
                public class Base {
                    /** Says hello. */
                    @Tool
                    public String hello(String name) { return "hello " + name; }
                }
                """), Sources.example("Greeting", """
                public interface Greeting {
                    /** Says bye. */
                    @Tool
                    default String bye(String name) { return "bye " + name; }
                }
                """), Sources.example("Greeter", """
                public class Greeter extends Base implements Greeting {
                    /** Waves. */
                    @Tool
                    public String wave(String name) { return "wave " + name; }
                }
                """)));
        Toolkit toolkit = c.toolkit("com.example.GreeterTools", "com.example.Greeter");
        assertThat(toolkit.tools()).extracting(t -> t.name()).containsExactly("wave", "hello", "bye");
        assertThat(toolkit.dispatch(Compiled.toolCall("bye", "{\"name\": \"Ann\"}")).content()).isEqualTo("bye Ann");
        assertThat(toolkit.dispatch(Compiled.toolCall("hello", "{\"name\": \"Ann\"}")).content()).isEqualTo("hello Ann");
    }


    @Test
    void anOptionalPrimitiveShowsTheValueItTakesWhenLeftOut() throws Exception {
        Compiled c = Compiled.of(Sources.with(Sources.example("Pager", """
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
        assertThat(toolkit.dispatch(Compiled.toolCall("page", "{}")).content()).isEqualTo("0 false");
    }


    @Test
    void geminiKeepsOnlyTheFormatsItAccepts() {
        Compiled c = Compiled.of(Sources.with(Sources.example("Calendar", """
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
        Compiled c = Compiled.of(Sources.with(Sources.example("Days", """
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
}
