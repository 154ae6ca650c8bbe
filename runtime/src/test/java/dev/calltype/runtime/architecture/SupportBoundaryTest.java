package dev.calltype.runtime.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code dev.calltype.runtime.support} is for generated code only: no hand-written main source file of any module
 * outside that package names it (the runtime's {@code module-info} exports it, which is the one line allowed).
 */
class SupportBoundaryTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path SUPPORT = Path.of("runtime", "src", "main", "java", "dev", "calltype", "runtime",
            "support");
    /** A use of the package in code: an import, a static import or a qualified name. */
    private static final Pattern USE = Pattern.compile("\\bdev\\.calltype\\.runtime\\.support\\b");

    @Test
    void noHandWrittenMainSourceOutsideSupportNamesSupport() {
        List<String> found = new ArrayList<>();
        List<Path> sources = mainSources();
        for (Path file : sources) {
            if (file.startsWith(ROOT.resolve(SUPPORT)) || file.getFileName().toString().equals("module-info.java")) {
                continue;
            }
            List<String> lines = read(file);
            for (int i = 0; i < lines.size(); i++) {
                String code = code(lines.get(i));
                if (USE.matcher(code).find()) {
                    found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertThat(sources).as("main sources found under " + ROOT).hasSizeGreaterThan(200);
        assertThat(found).as("hand-written main sources that use dev.calltype.runtime.support").isEmpty();
    }

    @Test
    void theRuntimeModuleMentionsSupportOnlyToExportIt() {
        List<String> uses = new ArrayList<>();
        for (String line : read(ROOT.resolve("runtime/src/main/java/module-info.java"))) {
            String code = code(line);
            if (USE.matcher(code).find()) {
                uses.add(code.strip());
            }
        }
        assertThat(uses).containsExactly("exports dev.calltype.runtime.support;");
    }

    @Test
    void aSourceThatImportsSupportIsFound() {
        assertThat(USE.matcher(code("import dev.calltype.runtime.support.ToolkitSupport;")).find()).isTrue();
        assertThat(USE.matcher(code("import static dev.calltype.runtime.support.Coercion.toInt;")).find()).isTrue();
        assertThat(USE.matcher(code("x = dev.calltype.runtime.support.Coercion.toInt(n, p, l);")).find()).isTrue();
        assertThat(USE.matcher(code(" * {@link dev.calltype.runtime.support.Coercion}")).find()).isFalse();
        assertThat(USE.matcher(code("a(); // dev.calltype.runtime.support")).find()).isFalse();
    }

    /** Every {@code src/main/java} file of every module (those of the generated-code fixtures are not main). */
    private static List<Path> mainSources() {
        try (Stream<Path> modules = Files.list(ROOT)) {
            List<Path> out = new ArrayList<>();
            for (Path module : modules.sorted().toList()) {
                Path main = module.resolve("src/main/java");
                if (!Files.isDirectory(main)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(main)) {
                    files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(out::add);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A line without its comment: nothing of a Javadoc or block comment line, nothing after {@code //}. */
    private static String code(String line) {
        String s = line.strip();
        if (s.startsWith("*") || s.startsWith("/*") || s.startsWith("//")) {
            return "";
        }
        int comment = s.indexOf("//");
        return comment < 0 ? s : s.substring(0, comment);
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
