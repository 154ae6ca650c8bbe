package dev.calltype.benchmarks.compile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
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
 * (300-character descriptions, four parameters each), compiled through {@code javax.tools} with the processor
 * (which also compiles the toolkit it generates) and without it ({@code -proc:none}), measured two ways:
 * <ul>
 *   <li>{@link #warm}: in this JVM, javac warmed up (each side compiled {@value #WARM_UP} times first), as in a
 *       build daemon that stays up (Gradle's compiler daemon, an IDE). Each compilation is timed as the CPU time
 *       of the compiling thread (javac compiles on the calling thread), which other load on a shared machine
 *       disturbs far less than wall time; the fastest of {@code runs} counts. Without JVM start-up and JIT
 *       warm-up in either side, it is the strictest measure of what the generated code costs javac.</li>
 *   <li>{@link #fresh}: each compilation in a new JVM, as one {@code javac} command or a one-module Maven
 *       build runs it: the whole process's CPU time (all threads: javac, JIT compilers, GC), JVM start-up
 *       included, fastest of {@code runs}.</li>
 * </ul>
 * Not JMH: one compilation of 500 tools takes up to seconds, and what matters is how the ratio grows with
 * {@code n}. Both sides of a ratio include what every compilation pays whatever its size (javac's start, the
 * class path opened); {@link Times#perToolRatio} takes it out by comparing two sizes.
 */
public final class CompileTime {

    private CompileTime() {
    }

    /** How many times each side is compiled, unmeasured, before {@link #warm} times it: javac's JIT warm-up. */
    static final int WARM_UP = 8;

    /**
     * The fastest compilation with the processor and without it, in nanoseconds of CPU time.
     *
     * @param with with the processor, which also compiles the toolkit it generates
     * @param without the same class, {@code -proc:none}
     */
    public record Times(long with, long without) {

        /** The time with the processor over the time without. */
        public double ratio() {
            return (double) with / without;
        }

        /**
         * What one more tool costs with the processor over what it costs without: the growth in time from
         * {@code smaller} to this larger class, with over without. The ratio of every size tends to it as the
         * class grows.
         */
        public double perToolRatio(Times smaller) {
            return (double) (with - smaller.with) / (without - smaller.without);
        }
    }

    /** In this JVM, javac warmed up: the fastest of {@code runs} compilations of each side. */
    public static Times warm(int tools, int runs) {
        return measure(tools, WARM_UP, runs, CompileTime::compile);
    }

    /** One new JVM per compilation: the fastest process CPU time of {@code runs} compilations of each side. */
    public static Times fresh(int tools, int runs) {
        return measure(tools, 1, runs, CompileTime::compileInNewJvm);
    }

    /** How one compilation is timed: its CPU time in nanoseconds. */
    private interface Compilation {
        long time(Path source, Path dir, boolean processor) throws IOException;
    }

    private static Times measure(int tools, int warmUp, int runs, Compilation compilation) {
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
            for (int i = 0; i < warmUp; i++) {
                compilation.time(source, dir, true);
                compilation.time(source, dir, false);
            }
            long with = Long.MAX_VALUE;
            long without = Long.MAX_VALUE;
            for (int i = 0; i < runs; i++) {
                with = Math.min(with, compilation.time(source, dir, true));
                without = Math.min(without, compilation.time(source, dir, false));
            }
            return new Times(with, without);
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

    /** Compiles the source into a fresh output directory; the compiling thread's CPU time in nanoseconds. */
    private static long compile(Path source, Path dir, boolean processor) throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        javac(source, dir, processor);
        return threads.getCurrentThreadCpuTime() - start;
    }

    /**
     * Compiles the source in a new JVM (this class's {@link #main} with {@code --once}); that JVM's whole CPU
     * time in nanoseconds, as it reports it when the compilation is done.
     */
    private static long compileInNewJvm(Path source, Path dir, boolean processor) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                CompileTime.class.getName(), ONCE, processor ? "with" : "without", source.toString(), dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        try {
            if (p.waitFor() != 0) {
                throw new IllegalStateException("the compiling JVM failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while compiling", e);
        }
        return Long.parseLong(out.substring(out.lastIndexOf('\n') + 1));
    }

    /** Runs javac on the source, into a fresh output directory under {@code dir}. */
    private static void javac(Path source, Path dir, boolean processor) throws IOException {
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
            boolean ok = javac.getTask(Writer.nullWriter(), files, diagnostics, options, null,
                    files.getJavaFileObjects(source)).call();
            if (!ok) {
                throw new IllegalStateException("the generated tool class does not compile: "
                        + diagnostics.getDiagnostics());
            }
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

    /** The first argument of {@link #main} in the JVM that {@link #compileInNewJvm} starts. */
    private static final String ONCE = "--once";

    /**
     * {@code java -cp benchmarks.jar dev.calltype.benchmarks.compile.CompileTime [tools...]}: both ratios for each
     * size (100, 250 and 500 by default). With {@code --once with|without SOURCE DIR}: compiles once and prints
     * this JVM's CPU time in nanoseconds.
     */
    public static void main(String[] args) throws IOException {
        if (args.length == 4 && args[0].equals(ONCE)) {
            javac(Path.of(args[2]), Path.of(args[3]), args[1].equals("with"));
            System.out.println(((com.sun.management.OperatingSystemMXBean) ManagementFactory
                    .getOperatingSystemMXBean()).getProcessCpuTime());
            return;
        }
        Times first = null;
        for (String a : args.length == 0 ? new String[] {"100", "250", "500"} : args) {
            int n = Integer.parseInt(a);
            Times warm = warm(n, 3);
            Times fresh = fresh(n, 2);
            System.out.printf(Locale.ROOT, "compile_%d_tools_vs_plain: %.2f (%.0f / %.0f ms)%n",
                    n, warm.ratio(), warm.with() / 1e6, warm.without() / 1e6);
            System.out.printf(Locale.ROOT, "compile_%d_tools_vs_plain_new_jvm: %.2f (%.0f / %.0f ms)%n",
                    n, fresh.ratio(), fresh.with() / 1e6, fresh.without() / 1e6);
            if (first == null) {
                first = warm;
            } else {
                System.out.printf(Locale.ROOT, "compile_per_tool_vs_plain (warm, up to %d): %.2f%n",
                        n, warm.perToolRatio(first));
            }
        }
    }
}
