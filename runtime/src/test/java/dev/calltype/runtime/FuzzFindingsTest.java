package dev.calltype.runtime;

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
}
