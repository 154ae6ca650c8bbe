package dev.calltype.runtime;

import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.FuzzText;
import dev.calltype.runtime.testing.Streams;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;

/**
 * Fuzz targets for the extraction engine, batch and streaming. Under {@code mvn verify} they run once over each seed
 * in {@code src/test/resources/dev/calltype/runtime/ExtractionFuzzTestInputs/<method>/} (the conformance corpus and
 * every crash found so far); with {@code JAZZER_FUZZ=1} they fuzz (see {@code fuzz/run-long.sh}).
 *
 * <p>Input: a selector byte (low two bits: which extractor; the rest: the seed of the random cut into deltas), then
 * the response text (see {@link FuzzText}).
 */
class ExtractionFuzzTest {

    static final List<ToolCallExtractor> EXTRACTORS = List.of(
            Corpus.extractor(),
            ToolCallExtractor.builder().build(),
            ToolCallExtractor.builder().tools(Corpus.tools()).searchReasoning(true).build(),
            ToolCallExtractor.builder().tools(Corpus.tools()).limits(FuzzText.SMALL_LIMITS).marker("CALL")
                    .addTags("<<call>>", "<</call>>").build());

    /**
     * Batch extraction never throws, and: the segments tile the input, {@code text()} is the TEXT segments, every
     * call has a name and complete JSON-object arguments, every error's snippet and message are bounded and free of
     * raw control characters, and there is a correction prompt exactly when there are errors.
     */
    @DictionaryFile(resourcePath = "/fuzz/markers.dict")
    @FuzzTest(maxDuration = "10m")
    void batchExtraction(byte[] data) {
        String text = FuzzText.text(data);
        ToolCallExtractor x = EXTRACTORS.get(FuzzText.selector(data) & 3);
        Extraction e = x.extract(text);
        FuzzText.check(ExtractionChecks.partitionProblem(text, e), text);
        FuzzText.check(FuzzText.callProblem(e.calls(), text), text);
        FuzzText.check(ExtractionChecks.errorProblem(e.errors()), text);
        if (e.calls().size() > x.limits().maxCalls()) {
            FuzzText.check("more calls than maxCalls: " + e.calls().size(), text);
        }
    }

    /**
     * Streaming, cut at random points (and into one-character deltas when the input is short), gives exactly the
     * batch result: the same text, calls and errors, with well-formed events.
     */
    @DictionaryFile(resourcePath = "/fuzz/markers.dict")
    @FuzzTest(maxDuration = "10m")
    void streamingMatchesBatch(byte[] data) {
        String text = FuzzText.text(data);
        int selector = FuzzText.selector(data);
        ToolCallExtractor x = EXTRACTORS.get(selector & 3);
        Extraction batch = x.extract(text);
        Streams.Run run = Streams.run(x, FuzzText.randomDeltas(text, selector >>> 2));
        FuzzText.check(Streams.mismatch(batch, run), text);
        if (text.length() <= 300) {
            FuzzText.check(Streams.mismatch(batch, Streams.run(x, Streams.chunks(text, 1))), text);
        }
    }
}
