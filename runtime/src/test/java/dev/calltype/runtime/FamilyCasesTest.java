package dev.calltype.runtime;

import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.Streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The per-family conformance cases ({@code src/test/resources/families/}, written by {@code make_cases.py}): each
 * model family's real-looking outputs with the calls, errors and prose expected, checked in batch and in streaming
 * (one character at a time, split at every point, and in fixed chunk sizes), and the partition of the response.
 */
class FamilyCasesTest {

    private static final List<String> REQUIRED_KINDS = List.of("plain", "several", "prose", "repair", "malformed");

    private static final ToolCallExtractor KNOWN =
            ToolCallExtractor.builder().tools(ToolSpecs.fromJson(Corpus.read("/families/tools.json"))).build();
    private static final ToolCallExtractor NONE = ToolCallExtractor.builder().build();

    /** One case of a family file. */
    record Case(String id, String kind, String text, JsonNode calls, Boolean error, String tools) {
        ToolCallExtractor extractor() {
            if (tools.startsWith("only:")) {
                String name = tools.substring(5);
                return ToolCallExtractor.builder().tools(ToolSpecs.fromJson(Corpus.read("/families/tools.json")).stream()
                        .filter(t -> t.name().equals(name)).toList()).build();
            }
            return "none".equals(tools) ? NONE : KNOWN;
        }

        Corpus.Case asCorpusCase() {
            return new Corpus.Case(id, text, calls, error);
        }

        @Override
        public String toString() {
            return id;
        }
    }

    static List<String> families() {
        List<String> out = new ArrayList<>();
        for (String line : Corpus.read("/families/index.txt").split("\n")) {
            if (!line.isBlank()) {
                out.add(line.trim());
            }
        }
        return out;
    }

    static List<Case> cases(String family) {
        List<Case> out = new ArrayList<>();
        for (String line : Corpus.read("/families/" + family + ".jsonl").split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode n = Corpus.JSON.readTree(line);
                JsonNode e = n.get("error");
                JsonNode t = n.get("tools");
                out.add(new Case(n.get("id").asText(), n.get("kind").asText(), n.get("text").asText(), n.get("calls"),
                        e == null || e.isNull() ? null : e.asBoolean(), t == null ? "known" : t.asText()));
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicNode> everyCaseExtractsAsExpectedInBatch() {
        return families().stream().map(f -> DynamicContainer.dynamicContainer(f, cases(f).stream().map(c ->
                DynamicTest.dynamicTest(c.id(), () -> {
                    Extraction x = c.extractor().extract(c.text());
                    assertThat(Corpus.mismatch(c.asCorpusCase(), x)).as(Streams.quote(c.text())).isNull();
                    assertThat(ExtractionChecks.partitionProblem(c.text(), x)).as("partition").isNull();
                }))));
    }

    @TestFactory
    Stream<DynamicNode> everyCaseStreamsLikeBatchForAnySplit() {
        return families().stream().map(f -> DynamicContainer.dynamicContainer(f, cases(f).stream().map(c ->
                DynamicTest.dynamicTest(c.id(), () -> {
                    ToolCallExtractor x = c.extractor();
                    Extraction batch = x.extract(c.text());
                    assertThat(Streams.mismatch(batch, Streams.run(x, Streams.chunks(c.text(), 1))))
                            .as("one character at a time").isNull();
                    for (int n : new int[]{2, 3, 7, 64}) {
                        assertThat(Streams.mismatch(batch, Streams.run(x, Streams.chunks(c.text(), n))))
                                .as("chunks of " + n).isNull();
                    }
                    for (int i = 0; i <= c.text().length(); i++) {
                        assertThat(Streams.mismatch(batch,
                                Streams.run(x, List.of(c.text().substring(0, i), c.text().substring(i)))))
                                .as("split at " + i).isNull();
                    }
                }))));
    }

    @TestFactory
    Stream<DynamicTest> everyFamilyHasTheFiveKindsOfCase() {
        return families().stream().filter(f -> !f.equals("regressions")).map(f -> DynamicTest.dynamicTest(f, () -> {
            Set<String> kinds = new HashSet<>();
            cases(f).forEach(c -> kinds.add(c.kind()));
            assertThat(kinds).as(f).containsAll(REQUIRED_KINDS);
            for (Case c : cases(f)) {
                assertThat(c.id()).startsWith(f + "/");
            }
        }));
    }
}
