package dev.calltype.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.ToolCallExtractor;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Figure 1: extraction of the whole {@link MixedCorpus} ({@code calltype}) beside Jackson's strict
 * {@code ObjectMapper.readTree} of just the JSON payloads of the same calls ({@code jackson}) — the parse any
 * extractor has to pay for at least. One operation is one pass over the corpus; {@link Figures} turns the times
 * into MB/s and the ratio {@code extract_vs_jackson} (payload bytes per second through Calltype, which also reads
 * the prose and the markup, over payload bytes per second through Jackson).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ExtractionBenchmark {

    private List<String> responses;
    private List<String> payloads;
    private ToolCallExtractor extractor;
    private ObjectMapper jackson;

    @Setup
    public void setUp() {
        List<MixedCorpus.Case> cases = MixedCorpus.cases();
        extractor = MixedCorpus.extractor();
        MixedCorpus.verify(extractor, cases);
        responses = cases.stream().map(MixedCorpus.Case::response).toList();
        payloads = cases.stream().flatMap(c -> c.payloads().stream()).toList();
        jackson = new ObjectMapper();
    }

    @Benchmark
    public void calltype(Blackhole bh) {
        for (String r : responses) {
            bh.consume(extractor.extract(r));
        }
    }

    @Benchmark
    public void jackson(Blackhole bh) throws JsonProcessingException {
        for (String p : payloads) {
            bh.consume(jackson.readTree(p));
        }
    }
}
