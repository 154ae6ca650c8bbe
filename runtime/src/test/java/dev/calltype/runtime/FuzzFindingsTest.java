package dev.calltype.runtime;

import dev.calltype.runtime.internal.pythonic.PyRead;
import dev.calltype.runtime.internal.pythonic.Pythonic;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Inputs the fuzzers found that fail in code owned by the extraction engine, kept apart from the fuzz targets' own
 * regression inputs (which must pass in every build) until the engine is fixed: each test replays the crash files
 * of one target from {@code src/test/resources/fuzz/engine-bugs/<target>/} through that target, and states the
 * smallest input found by hand. Once fixed, move the crash files into the target's {@code ...Inputs} directory and
 * delete the test.
 */
class FuzzFindingsTest {

    private static void replay(String target, java.util.function.Consumer<byte[]> fuzz) throws Exception {
        Path dir = Path.of(FuzzFindingsTest.class.getResource("/fuzz/engine-bugs/" + target).toURI());
        try (var files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                fuzz.accept(Files.readAllBytes(f));
            }
        }
    }

    @Test
    void toolNamesInMessagesHaveTheirControlCharactersEscaped() throws Exception {
        Extraction malformed = Corpus.extractor().extract("<tool_call>{\"name\": \"pin\u0003g\", \"arguments\": {\"a\": 1 2}}"
                + "</tool_call>");
        assertThat(ExtractionFuzzTest.errorProblem(malformed.errors())).isNull();
        Extraction unknown = Corpus.extractor().extract("TOOL_CALL\n{\"tool_name\": \"read_fil\u0013\", \"parameters\": {}}");
        assertThat(ExtractionFuzzTest.errorProblem(unknown.errors())).isNull();
        replay("batchExtraction", new ExtractionFuzzTest()::batchExtraction);
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
        assertThat(PartitionPropertiesTest.partitionProblem(text, e)).isNull();
        assertThat(e.calls().get(1).start()).isEqualTo(text.indexOf("{\"name\":\"stock_price"));
    }

    /** Found by the pythonic fuzz target: a name longer than the payload limit that is not a call head. */
    @Test
    void nameLongerThanThePayloadLimitThatIsNoCallHeadIsProse() {
        String text = "g".repeat(500) + "\ufffd" + "g".repeat(50) + "(x=1)";
        PyRead read = Pythonic.read(text, 0, text.length(), true, ExtractionFuzzTest.SMALL);
        assertThat(read.status()).isEqualTo(PyRead.Status.NOT_A_CALL);
        assertThat(Pythonic.callHead(text, 0, text.length(), true)).isEqualTo(PyRead.Status.NOT_A_CALL);

        String call = "g".repeat(500) + "(x=1)";
        PyRead tooLong = Pythonic.read(call, 0, call.length(), true, ExtractionFuzzTest.SMALL);
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
