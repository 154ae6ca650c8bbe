package dev.calltype.runtime;

import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.Streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Every limit of {@link ExtractionLimits} is configurable and, when exceeded, is reported as its own
 * {@code LIMIT_EXCEEDED} error (never an exception, never a partial call), in batch and in streaming alike.
 */
class LimitsTest {

    private static final ToolSpec SHELL = Corpus.tools().stream().filter(t -> t.name().equals("shell")).findFirst()
            .orElseThrow();

    private static ToolCallExtractor extractor(ExtractionLimits limits) {
        return ToolCallExtractor.builder().tools(Corpus.tools()).limits(limits).build();
    }

    private static String hermes(String arguments) {
        return "Running it.\n<tool_call>{\"name\": \"shell\", \"arguments\": " + arguments + "}</tool_call>\nDone.";
    }

    /** Batch and streaming (7-char and 1-char deltas) agree; returns the batch extraction. */
    private static Extraction both(ToolCallExtractor x, String text) {
        Extraction batch = x.extract(text);
        assertThat(Streams.mismatch(batch, Streams.run(x, Streams.chunks(text, 7)))).isNull();
        if (text.length() < 20_000) {
            assertThat(Streams.mismatch(batch, Streams.run(x, Streams.chunks(text, 1)))).isNull();
        }
        assertThat(ExtractionChecks.partitionProblem(text, batch)).isNull();
        return batch;
    }

    private static ExtractionError onlyLimitError(Extraction x, String limitName) {
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).hasSize(1);
        ExtractionError e = x.errors().get(0);
        assertThat(e.kind()).isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);
        assertThat(e.message()).contains(limitName);
        assertThat(x.correctionPrompt()).isPresent();
        return e;
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        ExtractionLimits d = ExtractionLimits.DEFAULTS;
        assertThat(d.maxPayloadChars()).isEqualTo(16 << 20);
        assertThat(d.maxDepth()).isEqualTo(512);
        assertThat(d.maxCalls()).isEqualTo(1000);
        assertThat(d.maxStringChars()).isEqualTo(16 << 20);
        assertThat(d.maxNumberDigits()).isEqualTo(1000);
        assertThat(d.maxBufferChars()).isEqualTo(64 << 20);
        assertThat(ToolCallExtractor.builder().build().limits()).isEqualTo(d);
    }

    @Test
    void aLimitBelowOneIsRefusedWhenConfigured() {
        assertThatThrownBy(() -> ExtractionLimits.DEFAULTS.withMaxDepth(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ExtractionLimits.DEFAULTS.withMaxCalls(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCallLargerThanMaxPayloadCharsIsALimitErrorNotACall() {
        String text = hermes("{\"command\": \"" + "x".repeat(2_000) + "\"}");
        assertThat(both(extractor(ExtractionLimits.DEFAULTS), text).calls()).hasSize(1);

        Extraction x = both(extractor(ExtractionLimits.DEFAULTS.withMaxPayloadChars(1_000)), text);
        onlyLimitError(x, "maxPayloadChars");
        assertThat(x.text()).contains("Running it.");
    }

    @Test
    void nestingDeeperThanMaxDepthIsALimitErrorNotAStackOverflow() {
        String nested = "[".repeat(20) + "1" + "]".repeat(20);
        String text = hermes("{\"command\": \"ls\", \"extra\": " + nested + "}");
        assertThat(both(extractor(ExtractionLimits.DEFAULTS), text).calls()).hasSize(1);

        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS.withMaxDepth(10)), text), "maxDepth=10");
    }

    @Test
    void theDefaultDepthOf512IsEnforced() {
        String text = hermes("{\"command\": \"ls\", \"extra\": " + "[".repeat(600) + "]".repeat(600) + "}");
        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS), text), "maxDepth=512");
        String fits = hermes("{\"command\": \"ls\", \"extra\": " + "[".repeat(500) + "]".repeat(500) + "}");
        assertThat(both(extractor(ExtractionLimits.DEFAULTS), fits).calls()).hasSize(1);
    }

    @Test
    void callsBeyondMaxCallsAreLimitErrorsAndTheFirstOnesAreKept() {
        StringBuilder text = new StringBuilder("Pinging five times.\n");
        for (int i = 0; i < 5; i++) {
            text.append("<tool_call>{\"name\": \"ping\", \"arguments\": {}}</tool_call>\n");
        }
        Extraction x = both(extractor(ExtractionLimits.DEFAULTS.withMaxCalls(3)), text.toString());
        assertThat(x.calls()).hasSize(3);
        assertThat(x.errors()).hasSize(2).allSatisfy(e -> {
            assertThat(e.kind()).isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);
            assertThat(e.message()).contains("maxCalls");
        });
        assertThat(both(extractor(ExtractionLimits.DEFAULTS), text.toString()).calls()).hasSize(5);
    }

    @Test
    void aStringLongerThanMaxStringCharsIsALimitError() {
        String text = hermes("{\"command\": \"" + "y".repeat(300) + "\"}");
        assertThat(both(extractor(ExtractionLimits.DEFAULTS), text).calls()).hasSize(1);

        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS.withMaxStringChars(100)), text), "maxStringChars");
    }

    @Test
    void aStringLongerThanMaxStringCharsIsALimitErrorInXmlParametersToo() {
        String text = "<tool_call>\n<function=shell>\n<parameter=command>\n" + "z".repeat(300)
                + "\n</parameter>\n</function>\n</tool_call>";
        assertThat(both(extractor(ExtractionLimits.DEFAULTS), text).calls()).hasSize(1);

        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS.withMaxStringChars(100)), text), "maxStringChars");
    }

    @Test
    void aNumberWithMoreThanMaxNumberDigitsIsALimitError() {
        String text = "<tool_call>{\"name\": \"read_file\", \"arguments\": {\"path\": \"a\", \"max_lines\": "
                + "7".repeat(50) + "}}</tool_call>";
        assertThat(both(extractor(ExtractionLimits.DEFAULTS), text).calls()).hasSize(1);

        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS.withMaxNumberDigits(20)), text), "maxNumberDigits=20");
    }

    @Test
    void theDefaultNumberLimitRefusesAHundredThousandDigits() {
        String text = "<tool_call>{\"name\": \"read_file\", \"arguments\": {\"path\": \"a\", \"max_lines\": "
                + "1".repeat(100_000) + "}}</tool_call>";
        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS), text), "maxNumberDigits=1000");
    }

    @Test
    void anOpenCallLargerThanMaxBufferCharsIsALimitErrorAndTheBufferStaysBounded() {
        String text = hermes("{\"command\": \"" + "w".repeat(50_000) + "\"}");
        ToolCallExtractor small = extractor(ExtractionLimits.DEFAULTS.withMaxBufferChars(1_000));
        ExtractionError e = onlyLimitError(both(small, text), "1000 characters");
        assertThat(e.start()).isEqualTo(text.indexOf("<tool_call>"));

        StreamingExtractor s = small.streaming();
        int most = 0;
        for (String delta : Streams.chunks(text, 100)) {
            s.feed(delta);
            most = Math.max(most, s.charsHeld());
        }
        s.finish();
        assertThat(s.errors()).singleElement().extracting(ExtractionError::kind)
                .isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);
        assertThat(most).as("characters held at once").isLessThan(2 * 1_000 + 4_096 + 200);
    }

    @Test
    void theBufferLimitErrorNamesMaxBufferChars() {
        String text = hermes("{\"command\": \"" + "w".repeat(5_000) + "\"}");
        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS.withMaxBufferChars(1_000)), text), "maxBufferChars");
    }

    @Test
    void aLimitErrorInOneCallDoesNotStopTheNextCall() {
        String text = "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \"" + "v".repeat(300)
                + "\"}}</tool_call>\n<tool_call>{\"name\": \"ping\", \"arguments\": {}}</tool_call>";
        Extraction x = both(extractor(ExtractionLimits.DEFAULTS.withMaxStringChars(100)), text);
        assertThat(x.errors()).singleElement().extracting(ExtractionError::kind)
                .isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);
        assertThat(x.calls()).singleElement().extracting(ToolCall::name).isEqualTo("ping");
    }

    @Test
    void limitsApplyToPythonicCallsToo() {
        String text = "shell(command=" + "[".repeat(30) + "]".repeat(30) + ")";
        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS.withMaxDepth(10)), text), "maxDepth=10");
        String digits = "read_file(path=\"a\", max_lines=" + "3".repeat(40) + ")";
        onlyLimitError(both(extractor(ExtractionLimits.DEFAULTS.withMaxNumberDigits(20)), digits), "maxNumberDigits=20");
        assertThat(SHELL.name()).isEqualTo("shell");
    }

    @Test
    void correctionPromptListsTenErrorsAndCountsTheRestSoItsSizeIsBounded() {
        String oneBad = "<tool_call>{\"name\": \"read_file\", \"arguments\": {\"path\": }}</tool_call>\n";
        Extraction fifty = Corpus.extractor().extract(oneBad.repeat(50));
        Extraction thousand = Corpus.extractor().extract(oneBad.repeat(1000));

        assertThat(fifty.errors()).hasSize(50);
        String prompt = fifty.correctionPrompt().orElseThrow();
        assertThat(prompt).startsWith("50 tool calls in your last response could not be used")
                .contains("\n10. ").doesNotContain("\n11. ").contains("(and 40 more like these)");
        assertThat(thousand.correctionPrompt().orElseThrow().length()).isLessThan(prompt.length() + 10);
    }

    @Test
    void errorsPastMaxErrorsAreCountedByOneLimitErrorNotKeptOneByOne() {
        ToolCallExtractor x = ToolCallExtractor.builder().tools(Corpus.tools()).limits(ExtractionLimits.DEFAULTS.withMaxErrors(5)).build();
        String text = "Hi.\n" + "<tool_call>{\"name\": \"read_file\", \"arguments\": {\"path\": }}</tool_call>\n".repeat(20)
                + "<tool_call>{\"name\": \"read_file\", \"arguments\": {\"path\": \"a.txt\"}}</tool_call>\nBye.";
        Extraction e = x.extract(text);

        assertThat(e.errors()).hasSize(6);
        assertThat(e.errors().subList(0, 5)).allSatisfy(err -> assertThat(err.kind()).isEqualTo(ExtractionError.Kind.MALFORMED_JSON));
        assertThat(e.errors().get(5).kind()).isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);
        assertThat(e.errors().get(5).message()).contains("at most 5 errors (maxErrors)");
        assertThat(e.calls()).extracting(ToolCall::name).containsExactly("read_file");   // calls still run
        assertThat(e.text()).isEqualTo("Hi.\n" + "\n".repeat(20) + "\nBye.");            // no markup shown
        assertThat(ExtractionChecks.partitionProblem(text, e)).isNull();
        for (int n : new int[] {1, 7}) {
            assertThat(Streams.mismatch(e, Streams.run(x, Streams.chunks(text, n)))).isNull();
        }
    }
}
