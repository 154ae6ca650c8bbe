package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.testing.CountingText;
import dev.calltype.runtime.testing.Corpus;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The template reader's work grows linearly with the text, in batch and streamed a character at a time, on inputs
 * made to hurt it: openers whose pattern never completes, regions never closed, tag patterns that never match,
 * lazy openers spanning the text (counted in characters read, as {@link LinearityTest} counts the families').
 */
class ResponseTemplateLinearityTest {

    /** Hostile texts by template. */
    static Map<String, IntFunction<String>> inputs() {
        Map<String, IntFunction<String>> f = new LinkedHashMap<>();
        f.put("qwen3-coder: openers never completed", n -> "<tool_call>\n<function=".repeat(n / 20));
        f.put("qwen3-coder: a region never closed", n -> "<tool_call>\n<function=f>\n" + "<parameter=a>x".repeat(n / 14));
        f.put("qwen3-coder: regions never closed", n -> "<tool_call>\n<function=f>\n<parameter=a>x".repeat(n / 40));
        f.put("gpt-oss-harmony: lazy openers never ended", n -> "<|channel|>commentary to=functions.f x ".repeat(n / 40));
        f.put("gpt-oss-harmony: one lazy opener over the text", n -> "<|channel|>commentary to=functions.f "
                + "x".repeat(n));
        f.put("gemma4: raw strings never closed", n -> "<|tool_call>call:f{a:<|\"|>".repeat(n / 25));
        f.put("command-r7b: many small calls", n -> ("<|START_ACTION|>[{\"tool_name\": \"ping\", \"parameters\": {}}]"
                + "<|END_ACTION|>\n").repeat(n / 60));
        f.put("ernie45: prose", n -> "The quick brown fox jumps over the lazy dog. ".repeat(n / 45));
        f.put("trl-lfm2_2_5: commas that open no call in a call never closed", n -> "<|tool_call_start|>[f(a="
                + "1, ".repeat(n / 3));
        f.put("trl-lfm2_2_5: commas that may open a call", n -> "<|tool_call_start|>[f(a=1" + ", g".repeat(n / 3));
        return f;
    }

    private static ToolCallExtractor extractor(String name, boolean stream) {
        ToolCallExtractor.Builder b = ToolCallExtractor.builder().tools(Corpus.tools())
                .responseTemplate(Corpus.read("/response-templates/" + name.substring(0, name.indexOf(':')) + ".json"));
        return (stream ? b.startsInReasoning(false) : b).build();
    }

    @TestFactory
    Stream<DynamicTest> batchWorkGrowsLinearly() {
        return inputs().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            ToolCallExtractor x = extractor(e.getKey(), false);
            double small = perChar(x, e.getValue().apply(10_000), false);
            double large = perChar(x, e.getValue().apply(80_000), false);
            assertThat(large).as("reads per char at 80k vs 10k").isLessThanOrEqualTo(small * 1.25 + 1);
            assertThat(large).as("reads per char").isLessThan(100);
        }));
    }

    @TestFactory
    Stream<DynamicTest> streamingWorkWithOneCharacterDeltasGrowsLinearly() {
        return inputs().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            ToolCallExtractor x = extractor(e.getKey(), true);
            double small = perChar(x, e.getValue().apply(5_000), true);
            double large = perChar(x, e.getValue().apply(40_000), true);
            assertThat(large).as("reads per char at 40k vs 5k").isLessThanOrEqualTo(small * 1.5 + 2);
            assertThat(large).as("reads per char").isLessThan(200);
        }));
    }

    private static double perChar(ToolCallExtractor x, String text, boolean stream) {
        if (!stream) {
            CountingText c = new CountingText(text);
            x.extract(c);
            return (double) c.reads() / text.length();
        }
        StreamingExtractor s = x.streaming();
        for (int i = 0; i < text.length(); i++) {
            s.feed(text.substring(i, i + 1));
        }
        s.finish();
        return (double) s.charsRead() / text.length();
    }
}
