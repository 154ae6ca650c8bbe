package dev.calltype.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Eclipse compiler (Eclipse IDE, VS Code's Java extension) runs the processor as javac does: the same
 * generated sources byte for byte, and no warning in them with ecj's default settings (the IDE's).
 */
class EcjTest {

    static List<Object[]> examples() {
        List<JavaFileObject> answers = new ArrayList<>(Sources.annotations());
        for (String c : List.of("Invoice", "Outline", "Payment", "Recipe", "Sentiment", "Shipment", "Survey")) {
            answers.add(Sources.resource("com.example.answers." + c));
        }
        return List.of(
                new Object[] {"weather", List.of(Sources.resource("com.example.weather.WeatherService"))},
                new Object[] {"inventory", List.of(Sources.inventory())},
                new Object[] {"echo", List.of(Sources.echo())},
                new Object[] {"answers", answers});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void generatesTheSameSourcesAsJavacWithoutWarnings(String name, List<JavaFileObject> sources) {
        Compilation withJavac = javac().withProcessors(new ToolProcessor())
                .withOptions("-Acalltype.descriptions=off").compile(sources);
        Compilation withEcj = ecj().withProcessors(new ToolProcessor())
                .withOptions("-17", "-Acalltype.descriptions=off").compile(sources);

        assertWithMessage("javac: %s", withJavac.diagnostics()).that(withJavac.status())
                .isEqualTo(Compilation.Status.SUCCESS);
        assertWithMessage("ecj: %s", withEcj.diagnostics()).that(withEcj.status())
                .isEqualTo(Compilation.Status.SUCCESS);
        assertThat(generatedSources(withEcj)).isEqualTo(generatedSources(withJavac));
        assertThat(warningsInGeneratedCode(withEcj)).isEmpty();
    }

    private static Compiler ecj() {
        return Compiler.compiler(new EclipseCompiler());
    }

    private static Map<String, String> generatedSources(Compilation c) {
        Map<String, String> out = new TreeMap<>();
        for (JavaFileObject f : c.generatedSourceFiles()) {
            String path = f.toUri().getPath();
            try {
                out.put(path.substring(path.indexOf("/com/") + 1), f.getCharContent(true).toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** The warnings ecj gives with its default settings (the IDE's) in generated files, which it names no source. */
    private static List<String> warningsInGeneratedCode(Compilation c) {
        List<String> out = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : c.warnings()) {
            if (d.getSource() == null || d.getSource().getName().matches(".*(Tools|Answer)\\.java")) {
                out.add(d.getLineNumber() + ": " + d.getMessage(null));
            }
        }
        return out;
    }
}
