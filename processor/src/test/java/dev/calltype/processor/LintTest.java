package dev.calltype.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/**
 * Builds that treat warnings as errors: the processor claims its own annotations (and the {@code @Generated} of
 * the code it writes), and the code it generates compiles without a warning under {@code -Xlint:all}.
 */
class LintTest {

    @Test
    void aToolkitAndAnAnswerTypeCompileWithEveryLintAsAnError() {
        Compilation c = javac().withProcessors(new ToolProcessor()).withOptions("-Xlint:all", "-Werror")
                .compile(Sources.resource("com.example.weather.WeatherService"),
                        Sources.resource("com.example.answers.Invoice"),
                        Sources.resource("com.example.answers.Payment"),
                        Sources.resource("com.example.answers.Sentiment"));

        List<String> warnings = c.diagnostics().stream()
                .filter(d -> d.getKind() != Diagnostic.Kind.NOTE)
                .map(d -> d.getKind() + ": " + d.getMessage(null)).toList();
        assertThat(warnings).isEmpty();
        assertThat(c.status()).isEqualTo(Compilation.Status.SUCCESS);
    }
}
