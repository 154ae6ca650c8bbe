package dev.calltype.benchmarks;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolCallExtractor;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Figure 2: 1 MB of call-free prose through the extractor ({@code calltype}: every format on, the tools known)
 * beside a plain {@link String#indexOf(int)} scan for every character that can start a call in the engine's
 * default set-up ({@code indexOf}: the first characters of its markers, {@code < [ T A f}, and the braces,
 * brackets and backticks of JSON and fences), close to the memory bandwidth limit.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ProseBenchmark {

    /** The size of the prose, in characters (all but a few are ASCII). */
    public static final int SIZE = 1_000_000;

    static final char[] CALL_STARTS = {'<', '[', '{', '`', 'T', 'A', 'f'};

    private String prose;
    private ToolCallExtractor extractor;

    @Setup
    public void setUp() {
        prose = Texts.prose(SIZE);
        extractor = MixedCorpus.extractor();
        Extraction x = extractor.extract(prose);
        if (!x.calls().isEmpty() || !x.errors().isEmpty() || !x.text().equals(prose)) {
            throw new IllegalStateException("the prose is not call-free: " + x.calls() + " " + x.errors());
        }
    }

    @Benchmark
    public Extraction calltype() {
        return extractor.extract(prose);
    }

    @Benchmark
    public int indexOf() {
        int found = 0;
        for (char c : CALL_STARTS) {
            for (int i = prose.indexOf(c); i >= 0; i = prose.indexOf(c, i + 1)) {
                found++;
            }
        }
        return found;
    }
}
