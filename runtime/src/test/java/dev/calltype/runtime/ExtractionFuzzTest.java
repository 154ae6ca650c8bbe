package dev.calltype.runtime;

import dev.calltype.runtime.internal.text.ErrorTexts;

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

    /** Small limits, so that every limit is within reach of short fuzz inputs. */
    static final ExtractionLimits SMALL = new ExtractionLimits(400, 6, 3, 48, 12, 800);

    static final List<ToolCallExtractor> EXTRACTORS = List.of(
            Corpus.extractor(),
            ToolCallExtractor.builder().build(),
            ToolCallExtractor.builder().tools(Corpus.tools()).searchReasoning(true).build(),
            ToolCallExtractor.builder().tools(Corpus.tools()).limits(SMALL).marker("CALL")
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
        FuzzText.check(PartitionPropertiesTest.partitionProblem(text, e), text);
        FuzzText.check(FuzzText.callProblem(e.calls(), text), text);
        FuzzText.check(errorProblem(e.errors()), text);
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

    /** What is wrong with the errors' texts, or {@code null}. */
    static String errorProblem(List<ExtractionError> errors) {
        for (ExtractionError e : errors) {
            if (e.snippet().length() > ErrorTexts.SNIPPET_CHARS + 1) {
                return "snippet longer than " + ErrorTexts.SNIPPET_CHARS + ": " + e.snippet().length();
            }
            if (hasRawControl(e.snippet(), false)) {
                return "raw control character in snippet " + Streams.quote(e.snippet());
            }
            if (e.message().isBlank()) {
                return "empty message for " + e.kind();
            }
            if (e.message().length() > MAX_MESSAGE) {
                return "message of " + e.message().length() + " chars quotes too much: "
                        + Streams.quote(e.message().substring(0, 300)) + "…";
            }
            if (hasRawControl(e.message(), false)) {
                return "raw control character in message " + Streams.quote(e.message());
            }
        }
        return null;
    }

    /** A message says what is wrong and lists the tools; it never quotes a whole payload. */
    static final int MAX_MESSAGE = 1000;

    /** Whether {@code s} holds a control character (other than a line break, when allowed) or a lone surrogate. */
    static boolean hasRawControl(String s, boolean lineBreaksAllowed) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' && lineBreaksAllowed) {
                continue;
            }
            if (c < 0x20 || c == 0x7f) {
                return true;
            }
        }
        return false;
    }
}
