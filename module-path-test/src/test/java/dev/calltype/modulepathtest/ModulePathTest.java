package dev.calltype.modulepathtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The program in this module's main sources, with the toolkit the processor generated for it, runs as a named module
 * on the module path, beside the runtime and annotations modules: a separate {@code java --module-path ... --module}
 * process, as a user's application would start. (The compile step already ran javac on the module path: generated
 * code that named a package the runtime does not export would not have compiled.)
 */
class ModulePathTest {

    private static final Path PROGRAM = Path.of(System.getProperty("calltype.programClasses"));
    private static final Path GENERATED = Path.of(System.getProperty("calltype.generatedSources"));

    private static List<Path> modulePath() throws IOException {
        List<Path> path = new ArrayList<>();
        path.add(PROGRAM);
        String dependencies = Files.readString(Path.of(System.getProperty("calltype.modulePathFile"))).trim();
        for (String entry : dependencies.split(java.io.File.pathSeparator)) {
            path.add(Path.of(entry));
        }
        return path;
    }

    @Test
    void theProgramRunsAsANamedModuleBesideTheRuntimeModule() throws Exception {
        String modulePath = modulePath().stream().map(Path::toString)
                .collect(Collectors.joining(java.io.File.pathSeparator));
        Process process = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", modulePath,
                "--module", "dev.calltype.modulepathtest/dev.calltype.modulepathtest.Main")
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output.lines()).as(output).containsExactly(
                "program module: dev.calltype.modulepathtest",
                "runtime module: dev.calltype.runtime",
                "schemas naming add_stock: " + SchemaDialect.values().length + " of " + SchemaDialect.values().length,
                "instructions naming report: " + PromptFormat.values().length + " of " + PromptFormat.values().length,
                "result: {\"sku\":\"A1\",\"pieces\":24}",
                "result: [{\"sku\":\"A1\",\"pieces\":24}]",
                "error: Invalid arguments for report:",
                "typed: AddStock[item=Item[sku=B7, quantity=1, unit=PIECE]]");
    }

    /** Every runtime package the generated sources name is one the runtime module exports to everyone. */
    @Test
    void generatedCodeNamesOnlyExportedRuntimePackages() throws IOException {
        ModuleDescriptor runtime = ModuleFinder.of(modulePath().toArray(Path[]::new)).find("dev.calltype.runtime")
                .orElseThrow().descriptor();
        Set<String> exported = runtime.exports().stream().filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source).collect(Collectors.toCollection(TreeSet::new));
        assertThat(exported).contains("dev.calltype.runtime", "dev.calltype.runtime.support")
                .noneMatch(p -> p.contains(".internal"));

        Pattern runtimeType = Pattern.compile("\\bdev\\.calltype\\.runtime((?:\\.[a-z_][a-z0-9_]*)*)\\.[A-Z]");
        Set<String> named = new TreeSet<>();
        List<Path> sources;
        try (Stream<Path> files = Files.walk(GENERATED)) {
            sources = files.filter(f -> f.toString().endsWith(".java")).toList();
        }
        assertThat(sources).as("generated sources in " + GENERATED).isNotEmpty();
        for (Path source : sources) {
            Matcher m = runtimeType.matcher(Files.readString(source));
            while (m.find()) {
                named.add("dev.calltype.runtime" + m.group(1));
            }
        }
        assertThat(named).contains("dev.calltype.runtime");
        assertThat(exported).containsAll(named);
    }
}
