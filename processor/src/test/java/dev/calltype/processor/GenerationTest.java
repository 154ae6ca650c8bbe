package dev.calltype.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The shape of the generated code: determinism, constructors, names, deferral, registration. */
class GenerationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JavaFileObject source(String name, String text) {
        return JavaFileObjects.forSourceString("com.example." + name, "package com.example;\n\n"
                + "import dev.calltype.annotations.*;\nimport java.util.*;\n\n" + text);
    }

    private static List<String> generatedSources(Compilation c) {
        List<String> out = new ArrayList<>();
        for (JavaFileObject f : c.generatedSourceFiles()) {
            try {
                out.add(f.toUri() + "\n" + f.getCharContent(true));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    @Test
    void compilingTheSameSourcesTwiceGivesByteIdenticalOutput() {
        Compilation first = Compiled.compile(Sources.inventory());
        Compilation second = Compiled.compile(Sources.inventory());
        assertThat(first).succeeded();
        assertThat(generatedSources(second)).isEqualTo(generatedSources(first));
        Compilation echo1 = Compiled.compile(Sources.echo());
        Compilation echo2 = Compiled.compile(Sources.echo());
        assertThat(generatedSources(echo2)).isEqualTo(generatedSources(echo1));
    }

    @Test
    void generatedSourceCarriesGeneratedWithTheVersionAndWithoutADate() {
        String source = Compiled.of(Sources.inventory()).source("com.example.inventory.InventoryTools");
        String version = System.getProperty("calltype.version");
        assertThat(source).contains("@Generated(\n        value = \"dev.calltype.processor.ToolProcessor\",\n"
                + "        comments = \"Calltype " + version + "; needs calltype-runtime " + version + "\"\n)");
        assertThat(source).contains("public final class InventoryTools implements Toolkit {");
        assertThat(source).doesNotContain("date =");
    }

    @Test
    void allStaticToolClassesGetANoArgumentConstructor() throws Exception {
        Compiled c = Compiled.of(source("MathTools", """
                /** Arithmetic. */
                public final class MathTools {
                    private MathTools() {}

                    /** Adds. @param a first @param b second */
                    @Tool
                    public static long add(long a, long b) { return a + b; }
                }
                """));
        assertThat(c.source("com.example.MathToolsTools")).contains("public MathToolsTools() {");
        Toolkit tk = c.staticToolkit("com.example.MathToolsTools");
        ToolResult r = tk.dispatch(ToolCall.of("add", (ObjectNode) JSON.readTree("{\"a\":2,\"b\":\"40\"}")));
        assertThat(r.content()).isEqualTo("42");
    }

    @Test
    void interfacesAndGenericClassesCanHoldTools() throws Exception {
        Compiled c = Compiled.of(source("Api", """
                public interface Api {
                    /** Echoes. */
                    @Tool
                    String echo(String text);
                }
                """), source("Repo", """
                public class Repo<T> {
                    /** Counts. */
                    @Tool
                    public int count(List<String> items) { return items.size(); }
                }
                """));
        assertThat(c.source("com.example.ApiTools")).contains("public ApiTools(Api target)");
        assertThat(c.source("com.example.RepoTools")).contains("public RepoTools(Repo<?> target)");
        Toolkit repo = c.toolkit("com.example.RepoTools", "com.example.Repo");
        assertThat(repo.dispatch(ToolCall.of("count", (ObjectNode) JSON.readTree("{\"items\":[\"a\",\"b\"]}")))
                .content()).isEqualTo("2");
    }

    @Test
    void genericRecordsWithConcreteArgumentsAreSupported() throws Exception {
        Compiled c = Compiled.of(source("Pages", """
                public class Pages {
                    public record Page<T>(List<T> items, int number) {}
                    public record Row(String id) {}

                    /** Sums. */
                    @Tool
                    public int total(Page<Integer> numbers, Page<Row> rows) {
                        return numbers.items().stream().mapToInt(Integer::intValue).sum() + rows.items().size();
                    }
                }
                """));
        Toolkit tk = c.toolkit("com.example.PagesTools", "com.example.Pages");
        ToolResult r = tk.dispatch(ToolCall.of("total", (ObjectNode) JSON.readTree(
                "{\"numbers\":{\"items\":[1,2],\"number\":1},\"rows\":{\"items\":[{\"id\":\"a\"}],\"number\":1}}")));
        assertThat(r.content()).isEqualTo("4");
        assertThat(tk.tools().get(0).parameters().at("/properties/rows/properties/items/items/properties/id/type")
                .asText()).isEqualTo("string");
    }

    @Test
    void parameterNamesThatClashWithGeneratedNamesStillWork() throws Exception {
        Compiled c = Compiled.of(source("Clash", """
                public class Clash {
                    /** Clashes. */
                    @Tool
                    public String clash(String problems, String args, String before, int n1, String path, int wait) {
                        return problems + args + before + n1 + path + wait;
                    }
                }
                """));
        Toolkit tk = c.toolkit("com.example.ClashTools", "com.example.Clash");
        ToolResult r = tk.dispatch(ToolCall.of("clash", (ObjectNode) JSON.readTree(
                "{\"problems\":\"a\",\"args\":\"b\",\"before\":\"c\",\"n1\":1,\"path\":\"d\",\"wait\":2}")));
        assertThat(r.content()).isEqualTo("abc1d2");
    }

    @Test
    void aToolNamedCallGetsADistinctRecordName() {
        Compiled c = Compiled.of(source("Phone", """
                public class Phone {
                    /** Calls. */
                    @Tool
                    public String call(String number) { return number; }
                }
                """));
        assertThat(c.source("com.example.PhoneTools")).contains("public record Call2(String number) implements Call");
    }

    @Test
    void aToolNamedLazyGetsADistinctRecordNameAndAUserTypeNamedLazyIsQualified() throws Exception {
        Compiled c = Compiled.of(source("Lazy", """
                public enum Lazy { YES, NO }
                """), source("Sloth", """
                public class Sloth {
                    /** Rests. */
                    @Tool
                    public String lazy(Lazy how, @Param(defaultValue = "\\"NO\\"") Lazy again) { return how + "/" + again; }
                }
                """));
        assertThat(c.source("com.example.SlothTools")).contains("public record Lazy2(");
        Toolkit tk = c.toolkit("com.example.SlothTools", "com.example.Sloth");
        assertThat(tk.dispatch(ToolCall.of("lazy", (ObjectNode) JSON.readTree("{\"how\":\"yes\"}"))).content())
                .isEqualTo("YES/NO");
    }

    @Test
    void enumsOfTheSameSimpleNameKeepTheirOwnConstants() throws Exception {
        Compiled c = Compiled.of(source("Units", """
                public class Units {
                    public enum Unit { METER, MILE }
                    public static class Money {
                        public enum Unit { EURO, DOLLAR }
                    }

                    /** Converts. */
                    @Tool
                    public String convert(Unit length, Money.Unit money) { return length + "/" + money; }
                }
                """));
        Toolkit tk = c.toolkit("com.example.UnitsTools", "com.example.Units");
        assertThat(tk.dispatch(ToolCall.of("convert", (ObjectNode) JSON.readTree(
                "{\"length\":\"mile\",\"money\":\"euro\"}"))).content()).isEqualTo("MILE/EURO");
        String wrong = tk.dispatch(ToolCall.of("convert", (ObjectNode) JSON.readTree(
                "{\"length\":\"euro\",\"money\":\"mile\"}"))).content();
        assertThat(wrong).contains("parameter 'length' must be one of \"METER\", \"MILE\", got \"euro\"");
        assertThat(wrong).contains("parameter 'money' must be one of \"EURO\", \"DOLLAR\", got \"mile\"");
    }

    @Test
    void userTypesNamedLikeGeneratedTypesAreQualified() throws Exception {
        Compiled c = Compiled.of(source("Call", """
                public record Call(String number) {}
                """), source("GetWeather", """
                public record GetWeather(String city) {}
                """), source("Desk", """
                public class Desk {
                    /** Dials. */
                    @Tool
                    public String dial(Call call) { return call.number(); }

                    /** Weather. */
                    @Tool
                    public String getWeather(GetWeather request) { return request.city(); }
                }
                """));
        Toolkit tk = c.toolkit("com.example.DeskTools", "com.example.Desk");
        assertThat(tk.dispatch(ToolCall.of("dial", (ObjectNode) JSON.readTree("{\"call\":{\"number\":\"12\"}}")))
                .content()).isEqualTo("12");
        assertThat(tk.dispatch(ToolCall.of("get_weather", (ObjectNode) JSON.readTree("{\"city\":\"Oslo\"}")))
                .content()).isEqualTo("Oslo");
    }

    @Test
    void schemasLongerThanAClassFileConstantAreSplit() {
        String description = "word ".repeat(14000).strip();
        Compiled c = Compiled.of(source("Verbose", "public class Verbose {\n    /** " + description
                + " */\n    @Tool\n    public String a(String b) { return b; }\n}\n"));
        assertThat(c.source("com.example.VerboseTools")).contains("String.join(\"\",");
        Toolkit tk = c.toolkit("com.example.VerboseTools", "com.example.Verbose");
        assertThat(tk.schemaJson(SchemaDialect.OPENAI)).contains(description);
        assertThat(tk.tools().get(0).description()).isEqualTo(description);
    }

    @Test
    void typesMadeByAnotherProcessorAreWaitedFor() throws Exception {
        JavaFileObject tools = source("Later", """
                public class Later {
                    /** Uses a generated record. */
                    @Tool
                    public String use(Made value) { return value.name(); }
                }
                """);
        Compilation c = javac().withProcessors(new MakesARecord(), new ToolProcessor())
                .withOptions("-Acalltype.descriptions=off").compile(Sources.with(tools));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("com.example.LaterTools").isNotNull();
    }

    @Test
    void theProcessorIsRegisteredAndDeclaredIsolating() throws IOException {
        try (InputStream in = ToolProcessor.class.getClassLoader()
                .getResourceAsStream("META-INF/gradle/incremental.annotation.processors")) {
            assertThat(in).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip())
                    .isEqualTo("dev.calltype.processor.ToolProcessor,isolating");
        }
        try (InputStream in = ToolProcessor.class.getClassLoader()
                .getResourceAsStream("META-INF/services/javax.annotation.processing.Processor")) {
            assertThat(in).isNotNull();
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains(ToolProcessor.class.getName());
        }
    }

    /** Generates {@code com.example.Made} in its first round, as another processor would. */
    private static final class MakesARecord extends AbstractProcessor {
        private boolean done;

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (!done) {
                done = true;
                try (Writer w = processingEnv.getFiler().createSourceFile("com.example.Made").openWriter()) {
                    w.write("package com.example;\npublic record Made(String name) {}\n");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return false;
        }
    }
}
