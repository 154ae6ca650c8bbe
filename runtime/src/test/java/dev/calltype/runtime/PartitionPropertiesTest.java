package dev.calltype.runtime;

import dev.calltype.runtime.internal.text.ErrorTexts;
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
                assertThat(partitionProblem(text, x.extract(text))).as(Streams.quote(text)).isNull();
            }
        });
    }

    @Test
    void arbitraryTextNeverThrowsAndKeepsThePartition() {
        Property.forAll(2000, anything(), text -> {
            Extraction x = EXTRACTOR.extract(text);
            assertThat(partitionProblem(text, x)).isNull();
            assertThat(partitionProblem(text, NO_TOOLS.extract(text))).isNull();
        });
    }

    /** What is wrong with the extraction's partition of the text, or {@code null}. */
    static String partitionProblem(String text, Extraction x) {
        int at = 0;
        StringBuilder prose = new StringBuilder();
        List<int[]> callSpans = new ArrayList<>();
        List<int[]> errorSpans = new ArrayList<>();
        for (Extraction.Segment s : x.segments()) {
            if (s.start() != at) {
                return "segment " + s + " does not start where the previous ended (" + at + ")";
            }
            at = s.end();
            switch (s.kind()) {
                case TEXT -> prose.append(text, s.start(), s.end());
                case CALL -> callSpans.add(new int[]{s.start(), s.end()});
                case ERROR -> errorSpans.add(new int[]{s.start(), s.end()});
                default -> {
                }
            }
        }
        if (at != text.length()) {
            return "segments end at " + at + ", the text at " + text.length();
        }
        if (!prose.toString().equals(x.text())) {
            return "text() is not the TEXT segments";
        }
        // Past maxErrors, errors are not reported but keep their ERROR segments (after the limit error).
        boolean limited = !x.errors().isEmpty()
                && x.errors().get(x.errors().size() - 1).message().contains("(maxErrors)");
        if (callSpans.size() != x.calls().size() || errorSpans.size() < x.errors().size()
                || (errorSpans.size() > x.errors().size() && !limited)) {
            return "calls/errors do not match CALL/ERROR segments";
        }
        for (int i = 0; i < callSpans.size(); i++) {
            ToolCall c = x.calls().get(i);
            if (c.start() != callSpans.get(i)[0] || c.end() != callSpans.get(i)[1]) {
                return "call " + i + " span differs from its segment";
            }
        }
        for (int i = 0; i < x.errors().size(); i++) {
            ExtractionError e = x.errors().get(i);
            if (e.start() != errorSpans.get(i)[0] || e.end() != errorSpans.get(i)[1]) {
                return "error " + i + " span differs from its segment";
            }
            if (e.snippet().length() > ErrorTexts.SNIPPET_CHARS + 1) {
                return "snippet too long";
            }
        }
        if (x.hasErrors() != x.correctionPrompt().isPresent()) {
            return "a correction prompt exactly when there are errors";
        }
        return null;
    }

    private static Gen<String> anything() {
        return Gen.oneOf(
                Gen.strings(Gen.anyChar(), 200),
                Gen.strings(Gen.chars("{}[]()\"':,<>|/\\`_ \nTOOL_CALabcnmeprg0123"), 200));
    }
}
