package dev.calltype.runtime;

import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.Generated;
import dev.calltype.runtime.testing.Streams;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Nothing is lost and nothing throws, for any input. */
class PartitionPropertiesTest {

    private static final ToolCallExtractor EXTRACTOR = Corpus.extractor();
    private static final ToolCallExtractor NO_TOOLS = ToolCallExtractor.builder().build();
    private static final ToolCallExtractor SEARCHING = ToolCallExtractor.builder().tools(Corpus.tools())
            .searchReasoning(true).build();

    @Test
    void segmentsTileTheInputAndTextIsTheTextSegments() {
        Property.forAll(2000, Generated.responses(), text -> {
            for (ToolCallExtractor x : List.of(EXTRACTOR, NO_TOOLS, SEARCHING)) {
                assertThat(ExtractionChecks.partitionProblem(text, x.extract(text))).as(Streams.quote(text)).isNull();
            }
        });
    }

    @Test
    void arbitraryTextNeverThrowsAndKeepsThePartition() {
        Property.forAll(2000, anything(), text -> {
            Extraction x = EXTRACTOR.extract(text);
            assertThat(ExtractionChecks.partitionProblem(text, x)).isNull();
            assertThat(ExtractionChecks.partitionProblem(text, NO_TOOLS.extract(text))).isNull();
        });
    }

    private static Gen<String> anything() {
        return Gen.oneOf(
                Gen.strings(Gen.anyChar(), 200),
                Gen.strings(Gen.chars("{}[]()\"':,<>|/\\`_ \nTOOL_CALabcnmeprg0123"), 200));
    }
}
