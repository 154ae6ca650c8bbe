package dev.calltype.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import dev.calltype.benchmarks.compile.CompileTime;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Entry point of {@code benchmarks.jar}.
 *
 * <pre>
 *   java -jar benchmarks/target/benchmarks.jar quick    every figure in about a minute (one fork, short iterations)
 *   java -jar benchmarks/target/benchmarks.jar full     the published run: forks, GC profiler, hostile inputs
 *   java -jar benchmarks/target/benchmarks.jar ARGS...  JMH's own command line (e.g. StreamingBenchmark -prof gc)
 * </pre>
 *
 * {@code quick} and {@code full} print one {@code name: value unit} line per figure; {@code full} then prints the
 * Markdown table published in the README and writes JMH's JSON results to {@code jmh-results/}.
 */
public final class Main {

    /** The benchmarks behind the five figures that run in steady state. */
    private static final String STEADY =
            "\\.(ExtractionBenchmark|ProseBenchmark|StreamingBenchmark|RepairBenchmark|dispatch\\.DispatchBenchmark"
                    + ")\\.";
    /**
     * Typed answers beside Jackson and Spring AI: whole-second warm-up iterations even in {@code quick}, for all three
     * alike, as a parse runs through more methods than the JIT compiles in half a second on a busy machine.
     */
    private static final String ANSWER = "\\.answer\\.AnswerBenchmark\\.";
    /**
     * Making a 100-tool toolkit's constraints: milliseconds per operation, so it gets whole-second warm-up iterations
     * even in {@code quick} (a few hundred operations, enough for the JIT to compile the grammar writer).
     */
    private static final String GRAMMAR = "\\.GrammarBenchmark\\.";
    private static final String COLD = "\\.dispatch\\.ColdStartBenchmark\\.";
    private static final String ADVERSARIAL = "\\.AdversarialBenchmark\\.";
    private static final String MCP = "\\.mcp\\.McpRoundTripBenchmark\\.";

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("quick")) {
            List<RunResult> results = quick();
            System.exit(report(results, List.of(500), 2, false));
        } else if (args.length == 1 && args[0].equals("full")) {
            List<RunResult> results = full();
            System.exit(report(results, List.of(100, 250, 500), 3, true));
        } else {
            org.openjdk.jmh.Main.main(args);
        }
    }

    private static List<RunResult> quick() throws RunnerException {
        System.err.println("calltype benchmarks: quick run (about 45 s; figures are indicative, see `full`)");
        List<RunResult> all = new ArrayList<>();
        all.addAll(run(base(STEADY, VerboseMode.SILENT)
                .forks(1)
                .warmupIterations(2).warmupTime(TimeValue.milliseconds(500))
                .measurementIterations(2).measurementTime(TimeValue.milliseconds(500))
                .addProfiler(GCProfiler.class)));
        all.addAll(run(base(GRAMMAR, VerboseMode.SILENT)
                .forks(1)
                .warmupIterations(3).warmupTime(TimeValue.seconds(1))
                .measurementIterations(2).measurementTime(TimeValue.seconds(1))));
        all.addAll(run(base(ANSWER, VerboseMode.SILENT)
                .forks(1)
                .warmupIterations(3).warmupTime(TimeValue.seconds(1))
                .measurementIterations(2).measurementTime(TimeValue.seconds(1))));
        all.addAll(run(base(COLD, VerboseMode.SILENT).forks(3)));
        return all;
    }

    private static List<RunResult> full() throws Exception {
        Path dir = Files.createDirectories(Path.of("jmh-results"));
        List<RunResult> all = new ArrayList<>();
        all.addAll(run(base(STEADY, VerboseMode.NORMAL)
                .forks(2)
                .warmupIterations(3).warmupTime(TimeValue.seconds(1))
                .measurementIterations(5).measurementTime(TimeValue.seconds(1))
                .addProfiler(GCProfiler.class)
                .resultFormat(ResultFormatType.JSON).result(dir.resolve("steady.json").toString())));
        all.addAll(run(base(ANSWER, VerboseMode.NORMAL)
                .forks(2)
                .warmupIterations(3).warmupTime(TimeValue.seconds(1))
                .measurementIterations(5).measurementTime(TimeValue.seconds(1))
                .addProfiler(GCProfiler.class)
                .resultFormat(ResultFormatType.JSON).result(dir.resolve("answer.json").toString())));
        all.addAll(run(base(GRAMMAR, VerboseMode.NORMAL)
                .forks(2)
                .warmupIterations(3).warmupTime(TimeValue.seconds(1))
                .measurementIterations(5).measurementTime(TimeValue.seconds(1))
                .resultFormat(ResultFormatType.JSON).result(dir.resolve("grammar.json").toString())));
        // Forks and iterations as the classes declare them (ten single-shot forks; one fork for hostile inputs).
        all.addAll(run(base(COLD, VerboseMode.NORMAL)
                .resultFormat(ResultFormatType.JSON).result(dir.resolve("coldstart.json").toString())));
        all.addAll(run(base(ADVERSARIAL, VerboseMode.NORMAL)
                .resultFormat(ResultFormatType.JSON).result(dir.resolve("adversarial.json").toString())));
        // A child JVM serves the tool over stdio; sampled round trips, median reported.
        all.addAll(run(base(MCP, VerboseMode.NORMAL)
                .resultFormat(ResultFormatType.JSON).result(dir.resolve("mcp.json").toString())));
        return all;
    }

    private static ChainedOptionsBuilder base(String include, VerboseMode verbosity) {
        return new OptionsBuilder().include(include).verbosity(verbosity).shouldFailOnError(true);
    }

    private static Collection<RunResult> run(ChainedOptionsBuilder options) throws RunnerException {
        return new Runner(options.build()).run();
    }

    /** The compile times of each class size, warmed up in this JVM or in a new JVM each (see {@link CompileTime}). */
    private static SortedMap<Integer, CompileTime.Times> compileTime(List<Integer> sizes, int runs, boolean newJvm) {
        System.err.println("calltype benchmarks: compile time of " + sizes + " tools with and without the processor"
                + (newJvm ? ", a new JVM per compilation" : ", warmed up in this JVM"));
        SortedMap<Integer, CompileTime.Times> times = new TreeMap<>();
        for (int n : sizes) {
            times.put(n, newJvm ? CompileTime.fresh(n, runs) : CompileTime.warm(n, runs));
        }
        return times;
    }

    private static int report(List<RunResult> results, List<Integer> compileSizes, int compileRuns, boolean table) {
        Figures figures = Figures.of(results);
        figures.compileTime(compileTime(compileSizes, compileRuns, false), "");
        figures.compileTime(compileTime(compileSizes, compileRuns, true), "_new_jvm");
        System.out.println();
        for (Figures.Figure f : figures.figures()) {
            System.out.println(f.line());
        }
        if (table) {
            System.out.println();
            System.out.println("| figure | value | target | |");
            System.out.println("|---|---|---|---|");
            for (Figures.Figure f : figures.figures()) {
                System.out.println(f.row());
            }
        }
        if (!figures.missing().isEmpty()) {
            System.err.println("calltype benchmarks: not measured: " + String.join(", ", figures.missing()));
            return 1;
        }
        return 0;
    }
}
