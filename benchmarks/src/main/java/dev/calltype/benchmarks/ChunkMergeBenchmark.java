package dev.calltype.benchmarks;

import dev.calltype.runtime.agent.NativeTools;
import dev.calltype.runtime.agent.ToolCallChunks;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Streamed native call chunks merged by {@link ToolCallChunks} (the one merge rule of {@code ToolLoop}'s clients,
 * {@code calltype-openai} and the LangChain4j and Spring AI decorators), in the shapes that used to be quadratic: a
 * new index on every chunk, no index with a new id on every chunk, and one long call without an index whose
 * arguments arrive two characters at a time. The time per chunk stays flat from 10,000 to 100,000 chunks when the
 * merge is linear. Not part of {@code quick}; run with {@code java -jar benchmarks.jar ChunkMergeBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ChunkMergeBenchmark {

    @Param({"new_index", "new_id_no_index", "one_long_call"})
    public String shape;

    @Param({"10000", "100000"})
    public int chunks;

    @Benchmark
    public List<NativeTools.Call> merge() {
        ToolCallChunks merged = new ToolCallChunks();
        for (int i = 0; i < chunks; i++) {
            switch (shape) {
                case "new_index" -> merged.add(i, "c" + i, "get_weather", "{\"city\": \"Oslo\"}");
                case "new_id_no_index" -> merged.add(null, "c" + i, "get_weather", "{\"city\": \"Oslo\"}");
                case "one_long_call" -> merged.add(null, null, "write_file", i == 0 ? "{\"text\": \"" : "ab");
                default -> throw new IllegalArgumentException("shape " + shape);
            }
        }
        return merged.calls();
    }
}
