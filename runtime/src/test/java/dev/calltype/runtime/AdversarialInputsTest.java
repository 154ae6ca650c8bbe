package dev.calltype.runtime;

import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.FuzzText;
import dev.calltype.runtime.testing.Streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile or broken model output: each input completes (the timeouts only guard against hangs, they are not speed
 * assertions), keeps the no-loss partition, never yields a half call, gives the same result streamed as in batch,
 * and a streaming extractor holds a bounded amount of it. Wall times are printed for information only; per-byte
 * cost across sizes belongs to the benchmarks module.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class AdversarialInputsTest {

    private static final int MB = 1 << 20;
    private static final ToolCallExtractor EXTRACTOR = Corpus.extractor();

    /**
     * Extracts in batch and streaming ({@code delta}-char deltas); checks partition, agreement and the held buffer;
     * returns the batch extraction.
     */
    private static Extraction check(String what, String text, int delta, int maxHeld) {
        long t0 = System.nanoTime();
        Extraction batch = EXTRACTOR.extract(text);
        long t1 = System.nanoTime();
        assertThat(ExtractionChecks.partitionProblem(text, batch)).isNull();
        assertThat(FuzzText.callProblem(batch.calls(), text)).isNull();
        assertThat(ExtractionChecks.errorProblem(batch.errors())).isNull();

        StreamingExtractor s = EXTRACTOR.streaming();
        Streams.Run run = collect(s, text, delta, maxHeld);
        long t2 = System.nanoTime();
        assertThat(Streams.mismatch(batch, run)).isNull();
        System.out.printf("adversarial %-40s %,11d chars: batch %,6d ms, streaming (%d-char deltas) %,6d ms%n",
                what, text.length(), (t1 - t0) / 1_000_000, delta, (t2 - t1) / 1_000_000);
        return batch;
    }

    private static Streams.Run collect(StreamingExtractor s, String text, int delta, int maxHeld) {
        StringBuilder prose = new StringBuilder();
        List<StreamEvent> events = new java.util.ArrayList<>();
        int most = 0;
        for (int i = 0; i < text.length(); i += delta) {
            events.addAll(s.feed(text.substring(i, Math.min(text.length(), i + delta))));
            most = Math.max(most, s.charsHeld());
        }
        events.addAll(s.finish());
        assertThat(most).as("characters a streaming extractor held at once").isLessThanOrEqualTo(maxHeld);
        List<ToolCall> calls = new java.util.ArrayList<>();
        List<ExtractionError> errors = new java.util.ArrayList<>();
        for (StreamEvent e : events) {
            if (e instanceof StreamEvent.TextDelta t) {
                prose.append(t.text());
            } else if (e instanceof StreamEvent.CallCompleted c) {
                calls.add(c.call());
            } else if (e instanceof StreamEvent.Error r) {
                errors.add(r.error());
            }
        }
        return new Streams.Run(events, prose.toString(), calls, errors);
    }

    @Test
    void tenMegabytesOfOpeningBracketsComplete() {
        Extraction x = check("10 MB of [", "[".repeat(10 * MB), 4096, 10 * MB + 4096);
        assertThat(x.calls()).isEmpty();
    }

    @Test
    void tenMegabytesOfOpeningBracesComplete() {
        Extraction x = check("10 MB of {", "{".repeat(10 * MB), 4096, 10 * MB + 4096);
        assertThat(x.calls()).isEmpty();
    }

    @Test
    void aTenMegabyteUnterminatedStringInACallIsTruncatedNotACall() {
        String text = "Writing the file.\n<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \""
                + "a".repeat(10 * MB);
        Extraction x = check("10 MB unterminated string in a call", text, 8192, 10 * MB + 8192 + 100);
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).singleElement().extracting(ExtractionError::kind)
                .isEqualTo(ExtractionError.Kind.TRUNCATED);
        assertThat(x.text()).isEqualTo("Writing the file.\n");
    }

    @Test
    void aTenMegabyteUnterminatedStringInProseIsText() {
        String text = "He said \"" + "b".repeat(10 * MB);
        Extraction x = check("10 MB unterminated string in prose", text, 8192, 64 * 1024);
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).isEmpty();
        assertThat(x.text()).isEqualTo(text);
    }

    @Test
    void aMillionOpeningTagsWithoutClosingOnesComplete() {
        String text = "<tool_call>".repeat(1_000_000);
        Extraction x = check("a million <tool_call>", text, 4096, text.length() + 4096);
        assertThat(x.calls()).isEmpty();
    }

    @Test
    void aMillionOpeningBracketTagsComplete() {
        String text = "[TOOL_CALL]".repeat(1_000_000);
        Extraction x = check("a million [TOOL_CALL]", text, 4096, text.length() + 4096);
        assertThat(x.calls()).isEmpty();
    }

    @Test
    void anOpeningParenthesisCallRepeatedCompletes() {
        String text = "f(".repeat(2_000_000);
        Extraction x = check("f( repeated 2,000,000 times", text, 4096, text.length() + 4096);
        assertThat(x.calls()).isEmpty();
    }

    @Test
    void aThinkBlockNeverClosedReportsTheCallMentionedInItAndRunsNothing() {
        String text = "<think>\nThe user wants a price. I could write "
                + "<tool_call>{\"name\": \"stock_price\", \"arguments\": {\"ticker\": \"ACME\"}}</tool_call>\n"
                + "but let me think more. ".repeat(50_000);
        Extraction x = check("<think> never closed, 1 MB", text, 1000, 64 * 1024);
        assertThat(x.calls()).isEmpty();
        assertThat(x.text()).isEmpty();
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.CALL_IN_REASONING);
        assertThat(x.segments()).extracting(Extraction.Segment::kind).containsOnly(Extraction.Segment.Kind.REASONING,
                Extraction.Segment.Kind.ERROR);
    }

    @Test
    void nulBytesLoneSurrogatesAndInvalidUtf16AreKeptAsTheyAre() {
        String value = "a\u0000b\uD800c\uDC00d\uDC00\uD800e";
        String text = "\u0000prose \uDFFF with NUL\u0000\n<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \""
                + value + "\"}}</tool_call>\n\uD83D";
        Extraction x = check("NUL and lone surrogates", text, 1, 256);
        assertThat(x.calls()).singleElement().satisfies(c ->
                assertThat(c.arguments().get("command").textValue()).isEqualTo(value));
        assertThat(x.text()).isEqualTo("\u0000prose \uDFFF with NUL\u0000\n\n\uD83D");
        for (int cut = 0; cut <= text.length(); cut++) {
            Streams.Run run = Streams.run(EXTRACTOR, List.of(text.substring(0, cut), text.substring(cut)));
            assertThat(Streams.mismatch(x, run)).as("cut at %d", cut).isNull();
        }
    }

    @Test
    void aSurrogatePairSplitAcrossDeltasIsNeverSplitInTheText() {
        String text = "Emoji 😀 then a call <tool_call>{\"name\": \"ping\", \"arguments\": {\"e\": \"😀\"}}</tool_call> 😀";
        Extraction x = check("surrogate pairs, 1-char deltas", text, 1, 256);
        assertThat(x.calls()).singleElement().satisfies(c ->
                assertThat(c.arguments().get("e").textValue()).isEqualTo("😀"));
    }

    @Test
    void aSingleMegabyteLineOfJsonIsOneCallWithItsArgumentIntact() {
        String code = "x = 1; ".repeat(MB / 7);
        String text = "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"" + code + "\"}}</tool_call>";
        Extraction x = check("a 1 MB line of JSON", text, 1000, 3 * MB);
        assertThat(x.calls()).singleElement().satisfies(c ->
                assertThat(c.arguments().get("command").textValue()).isEqualTo(code));
    }

    @Test
    void aMegabyteOfJsonStreamedInOneCharacterDeltasIsOneCall() {
        String code = "y".repeat(MB);
        String text = "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"" + code + "\"}}</tool_call>";
        Extraction x = check("a 1 MB call, 1-char deltas", text, 1, 3 * MB);
        assertThat(x.calls()).hasSize(1);
    }

    @Test
    void aHundredThousandDigitNumberInACallIsALimitErrorAndInProseIsText() {
        String digits = "9".repeat(100_000);
        String call = "<tool_call>{\"name\": \"read_file\", \"arguments\": {\"path\": \"a\", \"max_lines\": " + digits
                + "}}</tool_call>";
        Extraction x = check("100,000-digit number in a call", call, 1000, 256 * 1024);
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).singleElement().extracting(ExtractionError::kind)
                .isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);

        String prose = "The answer is " + digits + ".";
        Extraction p = check("100,000-digit number in prose", prose, 1000, 256 * 1024);
        assertThat(p.text()).isEqualTo(prose);
    }

    @Test
    void duplicateKeysKeepTheLastValueAndAreRecordedAsARepair() {
        String text = "<tool_call>{\"name\": \"read_file\", \"arguments\": {\"path\": \"old.txt\", \"max_lines\": 5,"
                + " \"path\": \"new.txt\"}}</tool_call>";
        Extraction x = check("duplicate keys", text, 3, 1024);
        ToolCall c = x.calls().get(0);
        assertThat(c.arguments().get("path").textValue()).isEqualTo("new.txt");
        assertThat(c.arguments().get("max_lines").intValue()).isEqualTo(5);
        assertThat(c.repairs()).contains(Repair.DUPLICATE_KEYS);
    }

    @Test
    void duplicateKeywordsInAPythonicDictKeepTheLastValue() {
        String text = "add_todo(title=\"x\", tags={\"a\": 1, \"a\": 2})";
        Extraction x = check("duplicate dict keys, pythonic", text, 2, 1024);
        assertThat(x.calls()).isNotEmpty();
        assertThat(x.calls().get(0).repairs()).contains(Repair.DUPLICATE_KEYS);
    }

    @Test
    void markersInsideArgumentStringsAreArgumentTextNotCalls() {
        String command = "echo '<tool_call>{\"name\": \"ping\"}</tool_call>' [TOOL_CALLS] <|python_tag|> ```json";
        String text = "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": "
                + FuzzText.JSON.getNodeFactory().textNode(command) + "}}</tool_call>";
        Extraction x = check("markers inside an argument string", text, 1, 1024);
        assertThat(x.calls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("shell");
            assertThat(c.arguments().get("command").textValue()).isEqualTo(command);
        });
        assertThat(x.errors()).isEmpty();
    }

    @Test
    void markersInsidePythonicStringsAreArgumentTextNotCalls() {
        String text = "shell(command=\"ping() <tool_call>{}</tool_call>\")";
        Extraction x = check("markers inside a pythonic string", text, 1, 1024);
        assertThat(x.calls()).singleElement().satisfies(c ->
                assertThat(c.arguments().get("command").textValue()).isEqualTo("ping() <tool_call>{}</tool_call>"));
    }

    @Test
    void proseOfTenMegabytesIsHeldInABoundedBuffer() {
        String text = "Plain words, no calls here; some {braces} and [brackets] too.\n".repeat(10 * MB / 62);
        Extraction x = check("10 MB of prose", text, 4096, 64 * 1024);
        assertThat(x.text()).isEqualTo(text);
    }
}
