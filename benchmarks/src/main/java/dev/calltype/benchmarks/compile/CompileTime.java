package dev.calltype.benchmarks.compile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * What the annotation processor adds to a build: one generated class of {@code n} {@code @Tool} methods
 * (300-character descriptions, four parameters each), compiled in this JVM through {@code javax.tools}
 * with the processor (which also compiles the toolkit it generates) and without it ({@code -proc:none}).
 * Each side is compiled once to warm the compiler up, then {@code runs} times; the figure is the ratio of
 * the fastest runs, which is the least disturbed by other load on the machine. Not JMH: one compilation
 * of 500 tools takes seconds, and what matters is how the ratio grows with {@code n}.
 */
public final class CompileTime {

    private CompileTime() {
    }

    /** The ratio of the time with the processor to the time without it, for {@code tools} tools. */
    public static double ratio(int tools, int runs) {
        Path dir;
        try {
            dir = Files.createTempDirectory("calltype-compile-time");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Path source = dir.resolve("src/bench/Tools" + tools + ".java");
            Files.createDirectories(source.getParent());
            Files.writeString(source, source(tools));
            long with = Long.MAX_VALUE;
            long without = Long.MAX_VALUE;
            compile(source, dir, true);
            compile(source, dir, false);
            for (int i = 0; i < runs; i++) {
                with = Math.min(with, compile(source, dir, true));
                without = Math.min(without, compile(source, dir, false));
            }
            return (double) with / without;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    /** A class of {@code n} tools, each with a 300-character description and four parameters. */
    static String source(int n) {
        StringBuilder out = new StringBuilder("package bench;\n\n"
                + "import dev.calltype.annotations.Param;\nimport dev.calltype.annotations.Tool;\n\n"
                + "public class Tools" + n + " {\n");
        for (int i = 0; i < n; i++) {
            String description = description(i);
            out.append("    @Tool(description = \"").append(description).append("\")\n")
                    .append("    public String tool").append(i).append("(\n")
                    .append("            @Param(description = \"the name of the thing ").append(i).append("\") String name,\n")
                    .append("            @Param(description = \"how many\") int count,\n")
                    .append("            @Param(description = \"whether to hurry\") boolean urgent,\n")
                    .append("            @Param(description = \"the weight in kilograms\") double weight) {\n")
                    .append("        return name + count + urgent + weight;\n    }\n\n");
        }
        return out.append("}\n").toString();
    }

    private static String description(int i) {
        StringBuilder d = new StringBuilder("Tool number ").append(i).append(" looks up the stock of an item");
        String filler = " in the warehouse and reports how many units are on the shelves, reserved, or on order";
        while (d.length() < 300) {
            d.append(filler);
        }
        d.setLength(299);
        return d.append('.').toString();
    }

    /** Compiles the source into a fresh output directory; the wall time in nanoseconds. */
    private static long compile(Path source, Path dir, boolean processor) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler: run on a JDK");
        }
        Path out = dir.resolve(processor ? "with" : "without");
        delete(out);
        Files.createDirectories(out);
        String classPath = System.getProperty("java.class.path");
        List<String> options = new ArrayList<>(List.of("-d", out.toString(), "-classpath", classPath,
                "-implicit:class", "-Xlint:none", "--release", "17"));
        if (processor) {
            options.addAll(List.of("-processorpath", classPath, "-processor", "dev.calltype.processor.ToolProcessor",
                    "-s", out.toString()));
        } else {
            options.add("-proc:none");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            long start = System.nanoTime();
            boolean ok = javac.getTask(Writer.nullWriter(), files, diagnostics, options, null,
                    files.getJavaFileObjects(source)).call();
            long time = System.nanoTime() - start;
            if (!ok) {
                throw new IllegalStateException("the generated tool class does not compile: "
                        + diagnostics.getDiagnostics());
            }
            return time;
        }
    }

    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code java -cp benchmarks.jar dev.calltype.benchmarks.compile.CompileTime [tools...]}. */
    public static void main(String[] args) {
        for (String a : args.length == 0 ? new String[] {"100", "250", "500"} : args) {
            int n = Integer.parseInt(a);
            System.out.printf(Locale.ROOT, "compile_%d_tools_vs_plain: %.2f%n", n, ratio(n, 2));
        }
    }
}
