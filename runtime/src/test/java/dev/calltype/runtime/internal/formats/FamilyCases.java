package dev.calltype.runtime.internal.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.StreamingExtractor;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.Ending;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.Streams;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * The conformance cases of one file {@code src/test/resources/families/<file>.jsonl} (the fields are documented in
 * {@code make_cases.py} there, which writes them) and every check they get: each case's calls, errors, text and
 * formats in batch, the same in streaming one character at a time, in fixed chunks and split at every point, the
 * partition of the response, the case's format switched off, and the file's kinds and ids. {@link FamilyCasesTest}
 * runs {@link #checks()} over every file in the directory; a new check is added to that list.
 *
 * <p>A file is one family's, and then holds the five kinds of {@link #REQUIRED_KINDS}, unless every case in it is
 * of kind {@code regression} ({@code regressions.jsonl}: the cases that pin behaviour across families).
 */
final class FamilyCases {

    static final List<String> REQUIRED_KINDS = List.of("plain", "several", "prose", "repair", "malformed");
    static final List<ToolSpec> TOOLS = ToolSpecs.fromJson(Corpus.read("/families/tools.json"));

    /** The kind of the cases of the one file that is not one family's. */
    static final String REGRESSION = "regression";

    private final String family;
    private final List<Case> cases;
    private final boolean oneFamily;

    /** The cases of {@code file} (its name without {@code .jsonl}). */
    FamilyCases(String file) {
        this.family = file;
        this.cases = cases(file);
        this.oneFamily = !cases.stream().allMatch(c -> c.kind().equals(REGRESSION));
    }

    /** One case of a family file. */
    record Case(String id, String kind, String text, JsonNode calls, Boolean error, String tools, JsonNode spec) {

        /** The extractor the case names: its tools and options. */
        ToolCallExtractor extractor(WireFormat... disabled) {
            return configure(ToolCallExtractor.builder()).disable(disabled).build();
        }

        /** {@code b} given the case's tools and options. */
        ToolCallExtractor.Builder configure(ToolCallExtractor.Builder b) {
            if (tools.startsWith("only:")) {
                String name = tools.substring(5);
                b.tools(TOOLS.stream().filter(t -> t.name().equals(name)).toList());
            } else if (!tools.equals("none")) {
                b.tools(TOOLS);
            }
            JsonNode o = spec.path("options");
            if (o.has("startsInReasoning")) {
                b.startsInReasoning(o.get("startsInReasoning").asBoolean());
            }
            if (o.has("searchReasoning")) {
                b.searchReasoning(o.get("searchReasoning").asBoolean());
            }
            if (o.has("runCallsInUnclosedReasoning")) {
                b.runCallsInUnclosedReasoning(o.get("runCallsInUnclosedReasoning").asBoolean());
            }
            if (o.has("promptTail")) {
                b.promptTail(o.get("promptTail").asText());
            }
            if (o.has("marker")) {
                b.marker(o.get("marker").asText());
            }
            if (o.has("tags")) {
                b.tags(o.get("tags").get(0).asText(), o.get("tags").get(1).asText());
            }
            if (o.has("ending")) {
                b.ending(Ending.valueOf(o.get("ending").asText()));
            }
            if (o.has("addTags")) {
                b.addTags(o.get("addTags").get(0).asText(), o.get("addTags").get(1).asText());
            }
            if (o.has("responseTemplate")) {
                b.responseTemplate(Corpus.read("/response-templates/" + o.get("responseTemplate").asText() + ".json"));
            }
            return b;
        }

        /**
         * Why the argument text a stream showed (its {@link StreamEvent.ArgumentsDelta}s, by call, after any
         * {@link StreamEvent.TextWasReasoning}) breaks the case's {@code argumentsShown}, or {@code null}: each call's
         * shown text is that call's expected text when {@code complete} (a stream fed one character at a time), else
         * a start of it (what a stream shows depends on where the text was split, never more, never other text).
         */
        String argumentsShownMismatch(List<StreamEvent> events, boolean complete) {
            JsonNode expected = spec.path("argumentsShown");
            if (expected.isMissingNode()) {
                return null;
            }
            int from = 0;
            for (int k = 0; k < events.size(); k++) {
                from = events.get(k) instanceof StreamEvent.TextWasReasoning ? k : from;
            }
            List<StringBuilder> shown = new ArrayList<>();
            for (StreamEvent e : events.subList(from, events.size())) {
                if (e instanceof StreamEvent.ArgumentsDelta a) {
                    while (shown.size() <= a.index()) {
                        shown.add(new StringBuilder());
                    }
                    shown.get(a.index()).append(a.fragment());
                }
            }
            for (int i = 0; i < expected.size(); i++) {
                String want = expected.get(i).asText();
                String got = i < shown.size() ? shown.get(i).toString() : "";
                if (complete ? !got.equals(want) : !want.startsWith(got)) {
                    return "arguments shown for call " + i + ": " + Streams.quote(got) + ", expected "
                            + (complete ? "" : "a start of ") + Streams.quote(want);
                }
            }
            return null;
        }

        /** Why the extraction does not satisfy the case, or {@code null}. */
        String mismatch(Extraction x) {
            String m = Corpus.mismatch(new Corpus.Case(id, text, calls, error), x);
            if (m != null) {
                return m;
            }
            if (spec.has("format")) {
                WireFormat f = WireFormat.valueOf(spec.get("format").asText());
                for (ToolCall c : x.calls()) {
                    if (c.format() != f) {
                        return "call " + c.name() + " in " + c.format() + ", expected " + f;
                    }
                }
            }
            if (spec.has("shown") && !spec.get("shown").asText().equals(x.text())) {
                return "text " + Streams.quote(x.text()) + ", expected " + Streams.quote(spec.get("shown").asText());
            }
            if (spec.has("ids")) {
                List<String> ids = new ArrayList<>();
                spec.get("ids").forEach(n -> ids.add(n.isNull() ? null : n.asText()));
                List<String> got = x.calls().stream().map(ToolCall::id).toList();
                if (!ids.equals(got)) {
                    return "ids " + got + ", expected " + ids;
                }
            }
            if (spec.has("errorKinds")) {
                List<String> kinds = new ArrayList<>();
                spec.get("errorKinds").forEach(n -> kinds.add(n.asText()));
                List<String> got = x.errors().stream().map(e -> e.kind().name()).toList();
                if (!kinds.equals(got)) {
                    return "errors " + x.errors() + ", expected kinds " + kinds;
                }
            }
            if (spec.has("errorTool") && !spec.get("errorTool").asText().equals(x.errors().get(0).toolName())) {
                return "error names " + x.errors().get(0).toolName() + ", expected " + spec.get("errorTool").asText();
            }
            for (JsonNode w : spec.path("messageContains")) {
                if (!x.errors().get(0).message().contains(w.asText())) {
                    return "message " + Streams.quote(x.errors().get(0).message()) + " lacks " + w.asText();
                }
            }
            for (JsonNode r : spec.path("repairs")) {
                for (ToolCall c : x.calls()) {
                    if (!c.repairs().contains(Repair.valueOf(r.asText()))) {
                        return "call " + c.name() + " lacks repair " + r.asText() + ": " + c.repairs();
                    }
                }
            }
            for (JsonNode r : spec.path("withoutRepairs")) {
                for (ToolCall c : x.calls()) {
                    if (c.repairs().contains(Repair.valueOf(r.asText()))) {
                        return "call " + c.name() + " has repair " + r.asText();
                    }
                }
            }
            return null;
        }

        @Override
        public String toString() {
            return id;
        }
    }

    /** Every {@code families/*.jsonl} file's name without {@code .jsonl}, in name order. */
    static List<String> files() {
        try (Stream<Path> files = Files.list(Path.of(FamilyCases.class.getResource("/families/tools.json").toURI())
                .getParent())) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".jsonl"))
                    .map(n -> n.substring(0, n.length() - ".jsonl".length())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The cases of one family file. */
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
                        e == null || e.isNull() ? null : e.asBoolean(), t == null ? "known" : t.asText(), n));
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        }
        return out;
    }

    /** Every check of this file: a container of one test per case for each per-case check, then the file's own. */
    Stream<DynamicNode> checks() {
        return Stream.of(
                dynamicContainer("everyCaseExtractsAsExpectedInBatch", everyCaseExtractsAsExpectedInBatch()),
                dynamicContainer("everyCaseStreamsLikeBatchForAnySplit", everyCaseStreamsLikeBatchForAnySplit()),
                dynamicContainer("everyCaseStreamsEventsInTheOrderTheyBecomeCertain",
                        everyCaseStreamsEventsInTheOrderTheyBecomeCertain()),
                dynamicContainer("aFormatSwitchedOffGivesNoCallInIt", aFormatSwitchedOffGivesNoCallInIt()),
                dynamicTest("hasTheFiveKindsOfCaseEachNamedAfterTheFamily",
                        this::hasTheFiveKindsOfCaseEachNamedAfterTheFamily));
    }

    private Stream<DynamicTest> each(Check check) {
        return cases.stream().map(c -> dynamicTest(c.id(), () -> check.run(c)));
    }

    @FunctionalInterface
    private interface Check {
        public void run(Case c) throws Exception;
    }

    Stream<DynamicTest> everyCaseExtractsAsExpectedInBatch() {
        return each(c -> {
            Extraction x = c.extractor().extract(c.text());
            assertThat(c.mismatch(x)).as(Streams.quote(c.text())).isNull();
            assertThat(ExtractionChecks.partitionProblem(c.text(), x)).as("partition").isNull();
            for (ExtractionError e : x.errors()) {
                assertThat(e.message()).isNotBlank();
            }
        });
    }

    Stream<DynamicTest> everyCaseStreamsLikeBatchForAnySplit() {
        return each(c -> {
            ToolCallExtractor x = c.extractor();
            Extraction batch = x.extract(c.text());
            Streams.Run oneByOne = Streams.run(x, Streams.chunks(c.text(), 1));
            assertThat(Streams.mismatch(batch, oneByOne)).as("one character at a time").isNull();
            assertThat(c.argumentsShownMismatch(oneByOne.events(), true)).as("one character at a time").isNull();
            for (int n : new int[]{2, 3, 7, 64}) {
                assertThat(Streams.mismatch(batch, Streams.run(x, Streams.chunks(c.text(), n)))).as("chunks of " + n)
                        .isNull();
            }
            for (int i = 0; i <= c.text().length(); i++) {
                assertThat(Streams.mismatch(batch, Streams.run(x, List.of(c.text().substring(0, i),
                        c.text().substring(i))))).as("split at " + i).isNull();
            }
        });
    }

    /**
     * The most characters of prose a stream may hold back when nothing but prose precedes them: a suffix that could
     * still be the start of a marker (the longest is 28 characters) or of a pythonic call's name.
     */
    static final int PROSE_HOLD = 32;

    Stream<DynamicTest> everyCaseStreamsEventsInTheOrderTheyBecomeCertain() {
        return each(c -> {
            ToolCallExtractor x = c.extractor();
            Extraction batch = x.extract(c.text());
            List<String> textBeforeCall = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            int firstMarkup = c.text().length();
            for (Extraction.Segment seg : batch.segments()) {
                if (seg.kind() == Extraction.Segment.Kind.TEXT) {
                    text.append(c.text(), seg.start(), seg.end());
                } else {
                    firstMarkup = Math.min(firstMarkup, seg.start());
                    if (seg.kind() == Extraction.Segment.Kind.CALL) {
                        textBeforeCall.add(text.toString());
                    }
                }
            }
            for (int i = 0; i <= c.text().length(); i++) {
                StreamingExtractor s = x.streaming();
                List<StreamEvent> first = s.feed(c.text().substring(0, i));
                List<StreamEvent> events = new ArrayList<>(first);
                events.addAll(s.feed(c.text().substring(i)));
                events.addAll(s.finish());
                String at = "split at " + i;
                String shown = Streams.textOf(first);
                if (i <= firstMarkup) {
                    assertThat(shown.length()).as(at + ": prose shown at once, only a possible marker held")
                            .isGreaterThanOrEqualTo(i - PROSE_HOLD);
                }
                String withdrawn = null;
                for (StreamEvent e : events) {
                    withdrawn = e instanceof StreamEvent.TextWasReasoning w ? w.text() : withdrawn;
                }
                // Text shown while the start is undecided is final, or said to be reasoning once the closer comes.
                assertThat(withdrawn != null ? withdrawn : batch.text()).as(at + ": nothing shown that is not final")
                        .startsWith(shown);
                StringBuilder soFar = new StringBuilder();
                int from = 0; // a call started before a TextWasReasoning is withdrawn: only those after it count
                for (int k = 0; k < events.size(); k++) {
                    from = events.get(k) instanceof StreamEvent.TextWasReasoning ? k : from;
                }
                for (StreamEvent e : events.subList(from, events.size())) {
                    if (e instanceof StreamEvent.TextDelta t) {
                        soFar.append(t.text());
                    } else if (e instanceof StreamEvent.TextWasReasoning) {
                        soFar.setLength(0);
                    } else if (e instanceof StreamEvent.CallStarted st && st.index() < textBeforeCall.size()) {
                        assertThat(soFar.toString()).as(at + ": the text before call " + st.index() + " comes before"
                                + " its start").isEqualTo(textBeforeCall.get(st.index()));
                    }
                }
                assertThat(Streams.mismatch(batch, Streams.runOf(events))).as(at + ": equal to batch").isNull();
                assertThat(c.argumentsShownMismatch(events, false)).as(at).isNull();
            }
        });
    }

    Stream<DynamicTest> aFormatSwitchedOffGivesNoCallInIt() {
        return each(c -> {
            if (c.spec().has("format")) {
                WireFormat f = WireFormat.valueOf(c.spec().get("format").asText());
                assertThat(c.extractor(f).extract(c.text()).calls()).extracting(ToolCall::format).doesNotContain(f);
            }
        });
    }

    void hasTheFiveKindsOfCaseEachNamedAfterTheFamily() {
        Set<String> kinds = new HashSet<>();
        for (Case c : cases) {
            kinds.add(c.kind());
            assertThat(c.id()).startsWith(family + "/");
        }
        if (oneFamily) {
            assertThat(kinds).as(family).containsAll(REQUIRED_KINDS);
        }
    }
}
