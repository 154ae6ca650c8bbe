package dev.calltype.runtime;

import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.Generated;
import dev.calltype.runtime.testing.Streams;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Streaming is the batch result for any split: the conformance corpus with 1-char deltas, at every single split
 * point, in random groupings, and generated inputs.
 */
class StreamingEquivalenceTest {

    private static final ToolCallExtractor EXTRACTOR = Corpus.extractor();
    private static final ToolCallExtractor NO_TOOLS = ToolCallExtractor.builder().build();

    @TestFactory
    Stream<DynamicTest> corpusWithOneCharacterDeltasEqualsBatch() {
        return Corpus.cases().stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            Extraction batch = EXTRACTOR.extract(c.text());
            assertThat(Streams.mismatch(batch, Streams.run(EXTRACTOR, Streams.chunks(c.text(), 1)))).isNull();
            assertThat(Streams.mismatch(NO_TOOLS.extract(c.text()),
                    Streams.run(NO_TOOLS, Streams.chunks(c.text(), 1)))).isNull();
        }));
    }

    @TestFactory
    Stream<DynamicTest> noTextDeltaEverShowsMarkupOfACall() {
        List<String> markup = List.of("<tool_call", "</tool_call", "[TOOL_CALL", "TOOL_CALL", "<|", "|>", "<\uFF5C",
                "\uFF5C>", "<function", "<invoke", "<parameter", "functools[", "Action:", "<think", "</think");
        return Corpus.cases().stream().filter(c -> !c.calls().isEmpty()).map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            for (int n : new int[]{1, 2, 5}) {
                for (StreamEvent e : Streams.run(EXTRACTOR, Streams.chunks(c.text(), n)).events()) {
                    if (e instanceof StreamEvent.TextDelta t) {
                        for (String m : markup) {
                            assertThat(t.text()).as("delta of %d chars", n).doesNotContain(m);
                        }
                    }
                }
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> corpusSplitAtEveryPointEqualsBatch() {
        return Corpus.cases().stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            Extraction batch = EXTRACTOR.extract(c.text());
            for (int i = 0; i <= c.text().length(); i++) {
                Streams.Run run = Streams.run(EXTRACTOR, List.of(c.text().substring(0, i), c.text().substring(i)));
                assertThat(Streams.mismatch(batch, run)).as("split at " + i).isNull();
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> corpusInFixedChunkSizesEqualsBatch() {
        return Corpus.cases().stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            Extraction batch = EXTRACTOR.extract(c.text());
            for (int n : new int[]{2, 3, 5, 7, 11, 64}) {
                assertThat(Streams.mismatch(batch, Streams.run(EXTRACTOR, Streams.chunks(c.text(), n))))
                        .as("chunks of " + n).isNull();
            }
        }));
    }

    @Test
    void corpusInRandomGroupingsEqualsBatch() {
        Property.forAll(600, corpusText(), cutPoints(), (text, cuts) -> {
            List<Integer> scaled = scale(cuts, text.length());
            assertThat(Streams.mismatch(EXTRACTOR.extract(text), Streams.run(EXTRACTOR, Streams.cut(text, scaled))))
                    .isNull();
        });
    }

    @Test
    void generatedResponsesStreamLikeBatch() {
        Property.forAll(1500, Generated.responses(), cutPoints(), (text, cuts) -> {
            List<Integer> scaled = scale(cuts, text.length());
            assertThat(Streams.mismatch(EXTRACTOR.extract(text), Streams.run(EXTRACTOR, Streams.cut(text, scaled))))
                    .as(Streams.quote(text) + " cut at " + scaled).isNull();
            assertThat(Streams.mismatch(NO_TOOLS.extract(text), Streams.run(NO_TOOLS, Streams.cut(text, scaled))))
                    .as("no tools: " + Streams.quote(text) + " cut at " + scaled).isNull();
        });
    }

    @Test
    void generatedResponsesWithOneCharacterDeltasEqualBatch() {
        Property.forAll(300, Generated.responses(), text ->
                assertThat(Streams.mismatch(EXTRACTOR.extract(text), Streams.run(EXTRACTOR, Streams.chunks(text, 1))))
                        .as(Streams.quote(text)).isNull());
    }

    private static List<Integer> scale(List<Integer> cuts, int length) {
        List<Integer> out = new ArrayList<>();
        for (int c : cuts) {
            out.add(length == 0 ? 0 : (int) ((long) c * length / 1000));
        }
        out.sort(Integer::compare);
        return out;
    }

    private static Gen<String> corpusText() {
        return Gen.of(Corpus.cases()).map(Corpus.Case::text);
    }

    private static Gen<List<Integer>> cutPoints() {
        return Gen.ints(0, 1000).list(12);
    }
}
