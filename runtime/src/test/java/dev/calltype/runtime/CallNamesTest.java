package dev.calltype.runtime;

import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.Streams;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The name a call runs under: one name or an error, never a guess between two; the name the stream announces is
 * the name the call completes with; control characters in a name are escaped in every message that quotes it.
 */
class CallNamesTest {

    @Test
    void toolNamesInMessagesHaveTheirControlCharactersEscaped() throws Exception {
        Extraction malformed = Corpus.extractor().extract("<tool_call>{\"name\": \"pin\u0003g\", \"arguments\": {\"a\": 1 2}}"
                + "</tool_call>");
        assertThat(ExtractionChecks.errorProblem(malformed.errors())).isNull();
        Extraction unknown = Corpus.extractor().extract("TOOL_CALL\n{\"tool_name\": \"read_fil\u0013\", \"parameters\": {}}");
        assertThat(ExtractionChecks.errorProblem(unknown.errors())).isNull();
    }

    /** A call naming two tools ("name" and "tool_name") is run under neither, streamed or in batch. */
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

    /** The stream announces a name with escapes (even unknown ones such as {@code \\<}) as the call completes with it. */
    @Test
    void streamAnnouncesTheNameTheCallCompletesWith() {
        ToolCallExtractor noTools = ToolCallExtractor.builder().build();
        for (String name : new String[] {"DE\\<x", "a\\u00e9b", "a\\u00zzb", "q\\\"r", "x\\/y", "n".repeat(300)}) {
            String text = "<tool_call>{\"name\": \"" + name + "\", \"arguments\": {}}</tool_call>";
            Extraction batch = noTools.extract(text);
            assertThat(Streams.mismatch(batch, Streams.run(noTools, Streams.chunks(text, 1)))).as(name).isNull();
        }
    }
}
