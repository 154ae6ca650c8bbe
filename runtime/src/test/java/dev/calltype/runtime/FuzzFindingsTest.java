package dev.calltype.runtime;

import dev.calltype.runtime.internal.pythonic.PyRead;
import dev.calltype.runtime.internal.pythonic.PyHead;
import dev.calltype.runtime.internal.pythonic.Pythonic;
import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.Fixtures;
import dev.calltype.runtime.testing.FuzzText;
import dev.calltype.runtime.testing.Streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Inputs the fuzzers found, each reduced by hand to the smallest input that showed the fault and stated as the
 * behaviour that is now right. The fuzzers' own crash files live with their target's seeds (the
 * {@code ...FuzzTestInputs/<method>/} resource directory beside the target's package), which every build replays.
 */
class FuzzFindingsTest {

    @Test
    void toolNamesInMessagesHaveTheirControlCharactersEscaped() throws Exception {
        Extraction malformed = Corpus.extractor().extract("<tool_call>{\"name\": \"pin\u0003g\", \"arguments\": {\"a\": 1 2}}"
                + "</tool_call>");
        assertThat(ExtractionChecks.errorProblem(malformed.errors())).isNull();
        Extraction unknown = Corpus.extractor().extract("TOOL_CALL\n{\"tool_name\": \"read_fil\u0013\", \"parameters\": {}}");
        assertThat(ExtractionChecks.errorProblem(unknown.errors())).isNull();
    }

    /** Found by the streaming fuzz target: a stream announced "0" from "name", batch then ran "ping" from "tool_name". */
    @Test
    void callNamingTwoToolsIsAnErrorNotAGuess() {
        String text = "<|START_ACTION|>[{\"name\": \"0\", \"tool_name\": \"ping\", \"parameters\": {}}]<|END_ACTION|>";
        Extraction batch = Corpus.extractor().extract(text);
        assertThat(batch.calls()).isEmpty();
        assertThat(batch.errors()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(ExtractionError.Kind.INVALID_CALL_SYNTAX);
            assertThat(e.message()).contains("names two tools", "\"0\"", "\"ping\"");
        });
        assertThat(Streams.mismatch(batch, Streams.run(Corpus.extractor(), Streams.chunks(text, 1)))).isNull();
    }

    @Test
    void nameGivenTwiceWithDifferentValuesIsNotRunUnderEitherName() {
        String text = "<tool_call>{\"name\": \"ping\", \"name\": \"read_file\", \"arguments\": {\"path\": \"a\"}}</tool_call>";
        Extraction batch = Corpus.extractor().extract(text);
        assertThat(Streams.mismatch(batch, Streams.run(Corpus.extractor(), Streams.chunks(text, 1)))).isNull();
    }

    /** Found by the batch fuzz target: calls read from an array the text leaves open after a comment got empty spans. */
    @Test
    void everyCallOfAnArrayClosedByRepairHasAPlaceInTheText() {
        String text = "[{\"name\":\"ping\",\"args\":{}},{\"name\":\"stock_price\",\"args\":{\"ticker\":\"Q\"}} // \"and\" [more";
        Extraction e = ToolCallExtractor.builder().build().extract(text);
        assertThat(e.calls()).extracting(ToolCall::name).containsExactly("ping", "stock_price");
        assertThat(e.calls()).allSatisfy(c -> assertThat(c.end()).isGreaterThan(c.start()));
        assertThat(ExtractionChecks.partitionProblem(text, e)).isNull();
        assertThat(e.calls().get(1).start()).isEqualTo(text.indexOf("{\"name\":\"stock_price"));
    }

    /** Found by the pythonic fuzz target: a name longer than the payload limit that is not a call head. */
    @Test
    void nameLongerThanThePayloadLimitThatIsNoCallHeadIsProse() {
        String text = "g".repeat(500) + "\ufffd" + "g".repeat(50) + "(x=1)";
        PyRead read = Pythonic.read(text, 0, text.length(), true, FuzzText.SMALL_LIMITS);
        assertThat(read.status()).isEqualTo(PyRead.Status.NOT_A_CALL);
        assertThat(PyHead.callHead(text, 0, text.length(), true)).isEqualTo(PyRead.Status.NOT_A_CALL);

        String call = "g".repeat(500) + "(x=1)";
        PyRead tooLong = Pythonic.read(call, 0, call.length(), true, FuzzText.SMALL_LIMITS);
        assertThat(tooLong.status()).isEqualTo(PyRead.Status.ERROR);
        assertThat(tooLong.errorKind()).isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);
    }

    /** Found by the dynamic-toolkit fuzz target: a call with hundreds of wrong keys got a failure of 4,228 chars. */
    @Test
    void failureListsTenArgumentProblemsAndCountsTheRest() {
        Toolkit kit = Toolkits.fromJson("[{\"name\": \"ping\", \"parameters\": {\"type\": \"object\", "
                + "\"properties\": {}, \"additionalProperties\": false}}]", (name, args) -> args);
        com.fasterxml.jackson.databind.node.ObjectNode args = Fixtures.JSON.createObjectNode();
        for (int i = 0; i < 40; i++) {
            args.put("key" + i, i);
        }
        String failure = kit.dispatch(ToolCall.of("ping", args)).content();
        assertThat(failure).contains("unknown parameter 'key9'").doesNotContain("'key10'")
                .contains("- and 30 more problems like these");
    }

    /** Found by the second streaming run: an unknown escape in a name ({@code \\<}) was announced without its backslash. */
    @Test
    void streamAnnouncesTheNameTheCallCompletesWith() {
        ToolCallExtractor noTools = ToolCallExtractor.builder().build();
        for (String name : new String[] {"DE\\<x", "a\\u00e9b", "a\\u00zzb", "q\\\"r", "x\\/y", "n".repeat(300)}) {
            String text = "<tool_call>{\"name\": \"" + name + "\", \"arguments\": {}}</tool_call>";
            Extraction batch = noTools.extract(text);
            assertThat(Streams.mismatch(batch, Streams.run(noTools, Streams.chunks(text, 1)))).as(name).isNull();
        }
    }

    /** From the last batch run: a number no double can hold is kept exactly, and JSON text carries it unchanged. */
    @Test
    void numberNoDoubleCanHoldIsKeptExactly() throws Exception {
        String text = "TOOL_CALL {\"name\": \"stock_price\", \"arguments\": {\"ticker\": 7E-777}}";
        Extraction e = Corpus.extractor().extract(text);
        assertThat(e.calls()).singleElement().satisfies(c -> {
            assertThat(c.arguments().get("ticker").decimalValue()).isEqualByComparingTo(new java.math.BigDecimal("7E-777"));
            assertThat(FuzzText.callProblem(e.calls(), text)).isNull();
        });
    }
}
