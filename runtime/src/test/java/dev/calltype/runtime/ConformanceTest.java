package dev.calltype.runtime;

import dev.calltype.runtime.testing.Corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The public conformance corpus ({@code ../shared/conformance}, copied into the test resources): every case passes. */
class ConformanceTest {

    private static final ToolCallExtractor EXTRACTOR = Corpus.extractor();

    @TestFactory
    Stream<DynamicTest> everyCorpusCasePassesInBatch() {
        return Corpus.cases().stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            Extraction x = EXTRACTOR.extract(c.text());
            assertThat(Corpus.mismatch(c, x)).as(c.id() + ": " + c.text()).isNull();
        }));
    }

    @Test
    void theCorpusIsTheSharedOneAndComplete() {
        List<Corpus.Case> cases = Corpus.cases();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(76);
        assertThat(cases).extracting(Corpus.Case::id).doesNotHaveDuplicates();
    }
}
