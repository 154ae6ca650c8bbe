package dev.calltype.benchmarks;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
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
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Hostile model output through batch extraction and streaming (4,096-character deltas) with the default limits, at 100 KB, 1 MB, 4 MB and 10 MB:
 * {@link Figures} reports nanoseconds per character, which stays flat across the sizes when the work is linear
 * (a quadratic path would grow a hundredfold from 100 KB to 10 MB), and the time of 4 MB against 1 MB (at most 5×
 * when linear; a quadratic path takes 16×). Not part of {@code quick}; one input alone:
 * {@code java -jar benchmarks.jar AdversarialBenchmark -p input=lfm2_unclosed_calls -p size=1m,4m}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class AdversarialBenchmark {

    @Param({"open_brackets", "open_braces", "unterminated_string", "unclosed_tags", "f_paren", "unclosed_think",
        "long_number", "nul_and_surrogates", "command_r_fence_lines", "lfm2_unclosed_calls",
        "llama4_unclosed_calls"})
    public String input;

    @Param({"100k", "1m", "4m", "10m"})
    public String size;

    private static final int DELTA = 4096;

    private String text;
    private ToolCallExtractor extractor;

    @Setup
    public void setUp() {
        text = text(input, Texts.size(size));
        extractor = MixedCorpus.extractor();
    }

    @Benchmark
    public Extraction extract() {
        return extractor.extract(text);
    }

    /** The same text streamed in 4,096-character deltas. */
    @Benchmark
    public List<ToolCall> stream() {
        StreamingExtractor s = extractor.streaming();
        for (int i = 0; i < text.length(); i += DELTA) {
            s.feed(text.subSequence(i, Math.min(text.length(), i + DELTA)));
        }
        s.finish();
        return s.calls();
    }

    static String text(String input, int n) {
        return switch (input) {
            case "open_brackets" -> "[".repeat(n);
            case "open_braces" -> "{".repeat(n);
            case "unterminated_string" -> fill("<tool_call>{\"name\": \"write_file\", \"arguments\": {\"content\": \"", "a", n);
            case "unclosed_tags" -> fill("", "<tool_call>", n);
            case "f_paren" -> fill("", "f(", n);
            case "unclosed_think" -> fill("<think>", "I should call a tool. ", n);
            case "long_number" -> fill("TOOL_CALL {\"name\": \"search_docs\", \"arguments\": {\"limit\": ", "7", n);
            case "nul_and_surrogates" -> fill("", "a\u0000\uD800b\uDC00<tool_call>\u0000", n);
            // fence lines that never end: each opener used to read the rest of the line as the fence's language
            case "command_r_fence_lines" -> fill("", "Action: ```j ", n);
            // blocks of unclosed pythonic calls: each used to look for its call's ')' to the end of the text
            case "lfm2_unclosed_calls" -> fill("", "<|tool_call_start|>[f(", n);
            case "llama4_unclosed_calls" -> fill("", "<|python_start|>[f(", n);
            default -> throw new IllegalArgumentException("input " + input);
        };
    }

    private static String fill(String head, String unit, int n) {
        StringBuilder b = new StringBuilder(n + unit.length());
        b.append(head);
        while (b.length() + unit.length() <= n) {
            b.append(unit);
        }
        while (b.length() < n) {
            b.append(' ');
        }
        return b.toString();
    }
}
