package dev.calltype.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.calltype.processor.diagnostic.Problem;
import dev.calltype.processor.model.Declarations;
import dev.calltype.processor.model.ModelBuilder;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every compile-time message: its count, its text (built from the same {@link Diagnostic}
 * constant), its file and its line; and that nothing is generated for a class with errors.
 */
class DiagnosticsTest {

    private static JavaFileObject source(String name, String text) {
        return JavaFileObjects.forSourceString("com.example." + name, "package com.example;\n\n"
                + "import dev.calltype.annotations.*;\n"
                + "import java.util.*;\n\n" + text);
    }

    private RecordingProcessor processor;

    private Compilation compile(JavaFileObject... sources) {
        processor = new RecordingProcessor();
        return javac().withProcessors(processor).withOptions("-Acalltype.descriptions=off")
                .compile(Sources.with(sources));
    }

    private void nothingGenerated(Compilation c, String toolkit) {
        org.assertj.core.api.Assertions.assertThat(processor.created).doesNotContain("com.example." + toolkit);
    }

    @Test
    void toolMethodMustBePublic() {
        JavaFileObject s = source("Clock", """
                public class Clock {
                    /** The time. */
                    @Tool
                    String now() { return "noon"; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.TOOL_NOT_PUBLIC.format("now")).inFile(s)
                .onLineContaining("String now()");
    }

    @Test
    void toolMethodMustNotBeGeneric() {
        JavaFileObject s = source("Picker", """
                public class Picker {
                    /** Picks. */
                    @Tool
                    public <T> String pick(String a) { return a; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.TOOL_GENERIC.format("pick")).inFile(s)
                .onLineContaining("<T> String pick");
    }

    @Test
    void enclosingClassMustNotBePrivate() {
        JavaFileObject s = source("Outer", """
                public class Outer {
                    private static class Hidden {
                        /** A. */
                        @Tool
                        public String a() { return "a"; }
                    }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.ENCLOSING_CLASS_PRIVATE.format("Hidden", "Outer_HiddenTools"))
                .inFile(s).onLineContaining("private static class Hidden");
        nothingGenerated(c, "Outer_HiddenTools");
    }

    @Test
    void enclosingClassMustNotBeInner() {
        JavaFileObject s = source("Host", """
                public class Host {
                    public class Inner {
                        /** A. */
                        @Tool
                        public String a() { return "a"; }
                    }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.ENCLOSING_CLASS_INNER.format("Inner")).inFile(s)
                .onLineContaining("public class Inner");
    }

    @Test
    void staticNestedClassesGetAnUnderscoredToolkitName() {
        JavaFileObject s = source("Host", """
                public class Host {
                    public static class Inner {
                        /** A. */
                        @Tool
                        public String a() { return "a"; }
                    }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("com.example.Host_InnerTools").contentsAsUtf8String()
                .contains("public Host_InnerTools(Host.Inner target)");
    }

    @Test
    void unsupportedParameterTypeSaysWhichAndListsSupported() {
        JavaFileObject s = source("Calendar", """
                public class Calendar {
                    /** Books. */
                    @Tool
                    public String book(String who, java.util.Date when) { return who; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.UNSUPPORTED_TYPE.format("when", "book", "Date",
                "Date is a class that is not a record (use a record)", ModelBuilder.SUPPORTED)).inFile(s)
                .onLineContaining("java.util.Date when");
        nothingGenerated(c, "CalendarTools");
    }

    @Test
    void unsupportedTypeInsideARecordNamesTheComponent() {
        JavaFileObject s = source("Scores", """
                public class Scores {
                    public record Table(String name, Map<Integer, String> rows) {}

                    /** Saves. */
                    @Tool
                    public void save(Table table) {}
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.UNSUPPORTED_TYPE.format("table", "save", "Table",
                "in record Table, component 'rows': Map keys must be String (JSON object keys are strings), not Integer",
                ModelBuilder.SUPPORTED)).inFile(s).onLineContaining("void save(Table table)");
    }

    /** What kapt hands the processor for a Kotlin data class: a plain final class that keeps {@code @Metadata}. */
    private static final JavaFileObject KOTLIN_METADATA = JavaFileObjects.forSourceString("kotlin.Metadata", """
            package kotlin;

            @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
            public @interface Metadata {
                int k() default 1;
            }
            """);

    @Test
    void aKotlinDataClassAsAParameterObjectIsToldTheShapeThatWorks() {
        JavaFileObject s = source("Booking", """
                public class Booking {
                    @kotlin.Metadata(k = 1)
                    public static final class Stay {
                        private final String hotel;
                        public Stay(String hotel) { this.hotel = hotel; }
                        public String getHotel() { return hotel; }
                    }

                    /** Books. */
                    @Tool
                    public void book(Stay stay) {}
                }
                """);
        Compilation c = compile(KOTLIN_METADATA, s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.UNSUPPORTED_TYPE.format("stay", "book", "Stay",
                "Stay is " + Declarations.KOTLIN_CLASS, ModelBuilder.SUPPORTED))
                .inFile(s).onLineContaining("void book(Stay stay)");
    }

    @Test
    void aKotlinDataClassAsAnAnswerIsToldTheShapeThatWorks() {
        JavaFileObject s = source("Verdict", """
                @Answer
                @kotlin.Metadata(k = 1)
                public final class Verdict {
                    private final boolean guilty;
                    public Verdict(boolean guilty) { this.guilty = guilty; }
                    public boolean getGuilty() { return guilty; }
                }
                """);
        Compilation c = compile(KOTLIN_METADATA, s);
        assertThat(c).hadErrorContaining(Problem.ANSWER_TARGET.format("Verdict", Declarations.KOTLIN_CLASS))
                .inFile(s).onLineContaining("@Answer");
    }

    @Test
    void everyUnsupportedParameterIsReported() {
        JavaFileObject s = source("Many", """
                public class Many {
                    /** One. */
                    @Tool
                    public void one(Object a) {}

                    /** Two. */
                    @Tool
                    public void two(List raw, Optional<Optional<String>> twice) {}
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(3);
        assertThat(c).hadErrorContaining("[UnsupportedType] parameter 'a' of tool one has type Object").inFile(s)
                .onLineContaining("void one(Object a)");
        assertThat(c).hadErrorContaining("raw List has no element type").inFile(s).onLineContaining("void two(");
        assertThat(c).hadErrorContaining("Optional is supported only directly on a parameter").inFile(s)
                .onLineContaining("void two(");
    }

    @Test
    void duplicateToolNamesAreRejected() {
        JavaFileObject s = source("Twice", """
                public class Twice {
                    /** A. */
                    @Tool
                    public String getTime() { return "a"; }

                    /** B. */
                    @Tool(name = "get_time")
                    public String clock() { return "b"; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.TOOL_DUPLICATE_NAME.format("get_time", "getTime(0 parameters)"))
                .inFile(s).onLineContaining("@Tool(name = \"get_time\")");
    }

    @Test
    void toolNamesProvidersRejectAreErrors() {
        JavaFileObject s = source("Bad", """
                public class Bad {
                    /** A. */
                    @Tool(
                        name = "get weather")
                    public String a() { return "a"; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.TOOL_INVALID_NAME.format("get weather",
                "; for example @Tool(name = \"get_weather\")")).inFile(s).onLineContaining("name = \"get weather\"");
    }

    @Test
    void tooLongToolNamesAreErrors() {
        String name = "x".repeat(65);
        JavaFileObject s = source("Long", "public class Long {\n    /** A. */\n    @Tool(name = \"" + name
                + "\")\n    public String a() { return \"a\"; }\n}\n");
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.TOOL_INVALID_NAME.format(name, "")).inFile(s)
                .onLineContaining(name);
    }

    @Test
    void duplicateParameterNamesAreRejected() {
        JavaFileObject s = source("Dup", """
                public class Dup {
                    /** A. */
                    @Tool
                    public String a(@Param(name = "x") String first,
                                    String x) { return x; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.PARAM_DUPLICATE_NAME.format("x", "a")).inFile(s)
                .onLineContaining("String x)");
    }

    @Test
    void toolParamsOnlyAppliesToRecords() {
        JavaFileObject s = source("NotARecord", """
                @ToolParams
                public class NotARecord {
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.TOOL_PARAMS_NOT_RECORD.format("NotARecord")).inFile(s)
                .onLineContaining("@ToolParams");
    }

    @Test
    void toolParamsRecordMustBeTheOnlyParameter() {
        JavaFileObject s = source("Search", """
                public class Search {
                    @ToolParams
                    public record Query(String text) {}

                    /** Finds. */
                    @Tool
                    public String find(Query query,
                                       int page) { return ""; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.TOOL_PARAMS_NOT_ALONE.format("query", "find")).inFile(s)
                .onLineContaining("find(Query query,");
    }

    @Test
    void defaultValueMustBeJson() {
        JavaFileObject s = source("Units", """
                public class Units {
                    /** A. */
                    @Tool
                    public String a(@Param(defaultValue = "celsius") String unit) { return unit; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.DEFAULT_INVALID.format("\"celsius\"", "unit", "String",
                "it is not valid JSON (unexpected character 'c' at offset 0); write a string in quotes: defaultValue ="
                        + " \"\\\"celsius\\\"\"")).inFile(s).onLineContaining("defaultValue = \"celsius\"");
    }

    @Test
    void aNumberDefaultThatIsNotJsonIsToldToBeANumberNotAString() {
        JavaFileObject s = source("Counts", """
                public class Counts {
                    /** A. */
                    @Tool
                    public String a(@Param(defaultValue = "ten") int n) { return ""; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.DEFAULT_INVALID.format("\"ten\"", "n", "int",
                "it is not valid JSON (unexpected text at offset 0); write a number: defaultValue = \"10\""))
                .inFile(s).onLineContaining("defaultValue = \"ten\"");
    }

    @Test
    void anOptionalPrimitiveIsAWarningNamingTheValueItTakes() {
        JavaFileObject s = source("Pages", """
                public class Pages {
                    /** A. */
                    @Tool
                    public String a(@Param(required = false) int page) { return ""; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertThat(c).hadWarningContaining(Problem.OPTIONAL_PRIMITIVE.format("page", "int", "0", "Integer"))
                .inFile(s).onLineContaining("int page");
    }

    @Test
    void aReturnTypeWithoutAGeneratedWriterIsAWarning() {
        JavaFileObject s = source("Streams", """
                public class Streams {
                    /** A. */
                    @Tool
                    public Object a(String name) { return name; }

                    /** B. */
                    @Tool
                    @SuppressWarnings("calltype")
                    public Object b(String name) { return name; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertThat(c).hadWarningContaining(Problem.RETURN_BY_REFLECTION.format("a", "Object")).inFile(s)
                .onLineContaining("public Object a(");
    }

    @Test
    void defaultValueMustFitTheType() {
        JavaFileObject s = source("Typed", """
                public class Typed {
                    public enum Unit { C, F }

                    /** A. */
                    @Tool
                    public String a(@Param(defaultValue = "\\"ten\\"") int n,
                                    @Param(defaultValue = "\\"K\\"") Unit unit,
                                    @Param(defaultValue = "[1, 2.5]") List<Integer> list,
                                    @Param(defaultValue = "3000000000") int big) { return ""; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(4);
        assertThat(c).hadErrorContaining(Problem.DEFAULT_INVALID.format("\"\\\"ten\\\"\"", "n", "int",
                "expected an integer")).inFile(s).onLineContaining("int n,");
        assertThat(c).hadErrorContaining(Problem.DEFAULT_INVALID.format("\"\\\"K\\\"\"", "unit", "Unit",
                "expected one of \"C\", \"F\"")).inFile(s).onLineContaining("Unit unit,");
        assertThat(c).hadErrorContaining(Problem.DEFAULT_INVALID.format("\"[1, 2.5]\"", "list", "List<Integer>",
                "expected an integer, not 2.5 at '[1]'")).inFile(s).onLineContaining("List<Integer> list");
        assertThat(c).hadErrorContaining("3000000000 is out of range [-2147483648, 2147483647]").inFile(s)
                .onLineContaining("int big");
    }

    @Test
    void invalidConstraintsAreErrors() {
        JavaFileObject s = source("Codes", """
                import jakarta.validation.constraints.Pattern;

                public class Codes {
                    /** A. */
                    @Tool
                    public String a(@Pattern(regexp = "[a-") String code) { return code; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[ConstraintInvalid] @Pattern on 'code' is invalid: the regular expression"
                + " does not compile").inFile(s).onLineContaining("regexp = \"[a-\"");
    }

    @Test
    void boundsThatLeaveNoValueAreErrors() {
        JavaFileObject s = source("Bounds", """
                import jakarta.validation.constraints.Max;
                import jakarta.validation.constraints.Min;

                public class Bounds {
                    /** A. */
                    @Tool
                    public String a(@Min(10) @Max(5) int upsideDown,
                                    @Min(200) byte tooHigh,
                                    @Max(-40000) short tooLow) { return ""; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(3);
        assertThat(c).hadErrorContaining("[ConstraintInvalid] @Max on 'upsideDown' is invalid: the maximum 5 is below"
                + " the minimum 10").inFile(s).onLineContaining("int upsideDown");
        assertThat(c).hadErrorContaining("[ConstraintInvalid] @Min on 'tooHigh' is invalid: a byte is at most 127; use"
                + " a wider type").inFile(s).onLineContaining("byte tooHigh");
        assertThat(c).hadErrorContaining("[ConstraintInvalid] @Max on 'tooLow' is invalid: a short is at least -32768")
                .inFile(s).onLineContaining("short tooLow");
    }

    @Test
    void constraintsThatDoNotApplyAreWarnings() {
        JavaFileObject s = source("Odd", """
                import jakarta.validation.constraints.Min;

                public class Odd {
                    /** A. */
                    @Tool
                    public String a(@Min(1) String text) { return text; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertThat(c).hadWarningContaining(Problem.CONSTRAINT_IGNORED.format("Min", "text", "String")).inFile(s)
                .onLineContaining("@Min(1) String text");
    }

    @Test
    void missingDescriptionsAreWarnings() {
        JavaFileObject s = source("Quiet", """
                public class Quiet {
                    @Tool
                    public String ping(String host) { return host; }
                }
                """);
        Compilation c = javac().withProcessors(new ToolProcessor()).compile(Sources.with(s));
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(2);
        assertThat(c).hadWarningContaining(Problem.DESCRIPTION_MISSING.format("tool ping")).inFile(s)
                .onLineContaining("public String ping");
        assertThat(c).hadWarningContaining(Problem.DESCRIPTION_MISSING.format("parameter 'host' of tool ping"))
                .inFile(s).onLineContaining("String host)");
    }

    @Test
    void missingDescriptionWarningsAreSuppressible() {
        JavaFileObject byAnnotation = source("Quiet", """
                @SuppressWarnings("calltype")
                public class Quiet {
                    @Tool
                    public String ping(String host) { return host; }
                }
                """);
        assertThat(javac().withProcessors(new ToolProcessor()).compile(Sources.with(byAnnotation)))
                .succeededWithoutWarnings();
        JavaFileObject plain = source("Quiet", """
                public class Quiet {
                    @Tool
                    public String ping(String host) { return host; }
                }
                """);
        assertThat(javac().withProcessors(new ToolProcessor()).withOptions("-Acalltype.descriptions=off")
                .compile(Sources.with(plain))).succeededWithoutWarnings();
    }

    @Test
    void javadocAndParamDescriptionsSatisfyTheWarning() {
        JavaFileObject s = source("Described", """
                public class Described {
                    /**
                     * Pings a host.
                     *
                     * @param host the host name
                     */
                    @Tool
                    public String ping(String host, @Param(description = "how often") int times) { return host; }
                }
                """);
        assertThat(javac().withProcessors(new ToolProcessor()).compile(Sources.with(s))).succeededWithoutWarnings();
    }

    @Test
    void everyProblemInAClassIsReportedAtOnce() {
        JavaFileObject s = source("Broken", """
                public class Broken {
                    /** A. */
                    @Tool
                    String a() { return ""; }

                    /** B. */
                    @Tool(name = "b c")
                    public String b() { return ""; }

                    /** C. */
                    @Tool
                    public String c(Thread t) { return ""; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(3);
        nothingGenerated(c, "BrokenTools");
    }

    @Test
    void aTypeAlreadyNamedLikeTheToolkitIsAnError() {
        JavaFileObject s = source("Radio", """
                public class Radio {
                    /** Tunes. */
                    @Tool
                    public String tune(int channel) { return "ok"; }
                }
                """);
        JavaFileObject taken = source("RadioTools", """
                public class RadioTools {
                }
                """);
        Compilation c = compile(s, taken);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.TOOLKIT_NAME_TAKEN.format("com.example.Radio",
                "com.example.RadioTools")).inFile(s).onLineContaining("public class Radio");
        nothingGenerated(c, "RadioTools");
    }

    @Test
    void aStaleGeneratedToolkitCompiledAsASourceIsToldToClean() {
        JavaFileObject s = source("Radio", """
                public class Radio {
                    /** Tunes. */
                    @Tool
                    public String tune(int channel) { return "ok"; }
                }
                """);
        JavaFileObject stale = source("RadioTools", """
                @javax.annotation.processing.Generated(value = "dev.calltype.processor.ToolProcessor",
                        comments = "Calltype 0.0.9")
                public final class RadioTools {
                }
                """);
        Compilation c = compile(s, stale);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.STALE_GENERATED_SOURCE.format("com.example.Radio",
                "com.example.RadioTools")).inFile(s).onLineContaining("public class Radio");
    }

    @Test
    void typesNeverResolvedAreReportedWhenProcessingIsOver() {
        JavaFileObject s = source("Waiting", """
                public class Waiting {
                    /** A. */
                    @Tool
                    public String a(NotYetGenerated value) { return ""; }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining(Problem.TYPE_UNRESOLVED.format("NotYetGenerated", "com.example.Waiting"))
                .inFile(s).onLineContaining("public class Waiting");
    }

    // ---------------------------------------------------------------- @Answer

    @Test
    void answerOnAClassIsAnError() {
        JavaFileObject s = source("Verdict", """
                @Answer
                public class Verdict {
                    public String text;
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.ANSWER_TARGET.format("Verdict", "a class (use a record)")).inFile(s)
                .onLineContaining("@Answer");
        nothingGenerated(c, "VerdictAnswer");
    }

    @Test
    void answerOnAnInterfaceThatIsNotSealedIsAnError() {
        JavaFileObject s = source("Shape", """
                @Answer
                public interface Shape {
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.ANSWER_TARGET.format("Shape", "an interface that is not sealed"))
                .inFile(s).onLineContaining("@Answer");
    }

    @Test
    void answerWithAnUnsupportedComponentHasTheToolsError() {
        JavaFileObject s = source("Report", """
                @Answer
                public record Report(String title, Object payload) {
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[UnsupportedType] @Answer type Report cannot be read from JSON: in record"
                + " Report, component 'payload': Object is a class that is not a record (use a record). Supported: "
                + ModelBuilder.SUPPORTED).inFile(s).onLineContaining("@Answer");
        nothingGenerated(c, "ReportAnswer");
    }

    @Test
    void answerWithAMapOfNonStringKeysIsAnError() {
        JavaFileObject s = source("Scores", """
                @Answer
                public record Scores(Map<Integer, String> byRank) {
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("Map keys must be String").inFile(s).onLineContaining("@Answer");
    }

    @Test
    void privateAnswerTypeIsAnError() {
        JavaFileObject s = source("Holder", """
                public class Holder {
                    @Answer
                    private record Secret(String text) {
                    }
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.ANSWER_NOT_ACCESSIBLE.format("Secret", "Holder_SecretAnswer"))
                .inFile(s).onLineContaining("@Answer");
    }

    @Test
    void answerNameMustSuitProviders() {
        JavaFileObject s = source("Summary", """
                @Answer(name = "the summary")
                public record Summary(String text) {
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(Problem.ANSWER_INVALID_NAME.format("the summary")).inFile(s)
                .onLineContaining("@Answer(name");
    }

    @Test
    void answerDefaultMustFitItsType() {
        JavaFileObject s = source("Rating", """
                @Answer
                public record Rating(@Param(defaultValue = "\\"five\\"") int stars) {
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        // javac reports a record component's annotation value without its file, as for tool parameter records
        assertThat(c).hadErrorContaining("[DefaultInvalid] defaultValue \"\\\"five\\\"\" of parameter 'Rating.stars'");
    }

    @Test
    void genericAnswerRecordIsAnError() {
        JavaFileObject s = source("Page", """
                @Answer
                public record Page<T>(List<T> items) {
                }
                """);
        Compilation c = compile(s);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[UnsupportedType] @Answer type Page cannot be read from JSON").inFile(s)
                .onLineContaining("@Answer");
    }
}
