package dev.calltype.benchmarks;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolCallExtractor;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Figure 3: a whole response fed to a {@link StreamingExtractor} one character at a time, at 10 KB and at 1 MB,
 * for prose, for one call with a huge argument (a file of code) and for many small calls. {@link Figures}
 * divides by the size: linear work shows as the same nanoseconds per character at both sizes (ratio 1; the target
 * is at most 1.5), where re-parsing the accumulated text on every delta would make the 1 MB figure a hundred times
 * the 10 KB one.
 *
 * <p>The extractor allows a million calls per response so that the 1 MB of many calls is all calls, not errors
 * past the default limit of 1,000. {@link #firstTextChars} gives the figure {@code stream_first_text_chars}: the
 * characters of prose fed before the first text event (target: at most 64).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StreamingBenchmark {

    @Param({"prose", "huge_argument", "many_calls"})
    public String shape;

    @Param({"10k", "1m"})
    public String size;

    private String text;
    private ToolCallExtractor extractor;
    private final OneChar delta = new OneChar();

    @Setup
    public void setUp() {
        int n = Texts.size(size);
        text = switch (shape) {
            case "prose" -> Texts.prose(n);
            case "huge_argument" -> Texts.hugeArgument(n);
            case "many_calls" -> Texts.manyCalls(n);
            default -> throw new IllegalArgumentException("shape " + shape);
        };
        // startsInReasoning(false): the stream of a model that does not reason. By default text is shown at once
        // too, but a call completes only once it is decided whether the response began inside reasoning (its first
        // reasoning marker, its end or its 32,768th character), which would make the 10 KB runs with calls a batch
        // read at finish and the ratio a comparison of batch with streaming rather than of two sizes
        extractor = MixedCorpus.builder()
                .startsInReasoning(false)
                .limits(ExtractionLimits.DEFAULTS.withMaxCalls(1_000_000))
                .build();
        int expected = shape.equals("prose") ? 0 : shape.equals("huge_argument") ? 1 : Texts.calls(text);
        StreamingExtractor s = extractor.streaming();
        for (int i = 0; i < text.length(); i++) {
            s.feed(text.subSequence(i, i + 1));
        }
        List<StreamEvent> last = s.finish();
        if (s.calls().size() != expected || !s.errors().isEmpty()) {
            throw new IllegalStateException(shape + " " + size + ": expected " + expected + " calls, got "
                    + s.calls().size() + " and errors " + s.errors() + " " + last);
        }
    }

    /** One character at a time; the listener hands every event to the blackhole. */
    @Benchmark
    public void oneCharDeltas(Blackhole bh) {
        StreamingExtractor s = extractor.streaming(bh::consume);
        String t = text;
        OneChar d = delta;
        for (int i = 0; i < t.length(); i++) {
            d.c = t.charAt(i);
            s.feed(d);
        }
        s.finish();
    }

    /**
     * Latency, not time: how many characters of plain prose a {@link StreamingExtractor} with the default settings
     * is fed, one at a time, before it reports its first text. Prose is shown as it arrives; only a suffix that could
     * still start markup is held back.
     *
     * @return the characters fed when the first {@link StreamEvent.TextDelta} came
     */
    static int firstTextChars() {
        String prose = Texts.prose(Texts.size("10k"));
        StreamingExtractor s = MixedCorpus.builder().build().streaming();
        for (int i = 0; i < prose.length(); i++) {
            for (StreamEvent e : s.feed(prose.subSequence(i, i + 1))) {
                if (e instanceof StreamEvent.TextDelta) {
                    return i + 1;
                }
            }
        }
        return prose.length();
    }

    /** A reusable one-character delta, so that the figure is the extractor's work, not the caller's allocation. */
    static final class OneChar implements CharSequence {
        char c;

        @Override
        public int length() {
            return 1;
        }

        @Override
        public char charAt(int index) {
            if (index != 0) {
                throw new IndexOutOfBoundsException(index);
            }
            return c;
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return String.valueOf(c).subSequence(start, end);
        }

        @Override
        public String toString() {
            return String.valueOf(c);
        }
    }
}
