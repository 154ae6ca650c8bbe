package dev.calltype.runtime;

import dev.calltype.runtime.internal.scan.ErrorTexts;
import dev.calltype.runtime.testing.ExtractionFixtures;
import dev.calltype.runtime.testing.Streams;

import static dev.calltype.runtime.testing.ExtractionFixtures.extract;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyError;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The extraction policies: validation, truncation, names, reasoning, limits, correction prompts, immutability. */
class PoliciesTest {

    @Test
    void reasoningIsNotSearchedAndNotShown() {
        String text = "<think>Maybe {\"name\": \"send_email\", \"arguments\": {\"to\": \"boss\"}}? No.</think>\nIt is sunny.";
        Extraction x = extract(text);
        assertThat(x.calls()).isEmpty();
        assertThat(x.text()).isEqualTo("\nIt is sunny.");
        assertThat(x.segments().get(0)).isEqualTo(new Extraction.Segment(Extraction.Segment.Kind.REASONING, 0,
                text.indexOf("</think>") + 8));
    }

    @Test
    void aCallInAReasoningBlockNeverClosedRunsAndSaysSo() {
        Extraction x = extract("Answer first. <thinking>still thinking <tool_call>{\"name\": \"now\"}</tool_call>");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now");
        assertThat(x.calls().get(0).repairs()).contains(Repair.REASONING_NOT_CLOSED);
        assertThat(x.text()).isEqualTo("Answer first. ");
        assertThat(x.errors()).isEmpty();
    }

    @Test
    void aCallInAReasoningBlockNeverClosedIsReportedWhenNotRun() {
        ToolCallExtractor reporting = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS)
                .runCallsInUnclosedReasoning(false).build();
        Extraction x = reporting.extract("Answer first. <thinking>still thinking <tool_call>{\"name\": \"now\"}</tool_call>");
        assertThat(x.calls()).isEmpty();
        assertThat(x.text()).isEqualTo("Answer first. ");
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.CALL_IN_REASONING);
        assertThat(x.errors().get(0).toolName()).isEqualTo("now");
    }

    @Test
    void reasoningCanBeSearchedWhenAsked() {
        ToolCallExtractor searching = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS).searchReasoning(true).build();
        Extraction x = searching.extract("<think>I'll call <tool_call>{\"name\": \"now\", \"arguments\": {}}</tool_call> now</think>done");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now");
        assertThat(x.text()).isEqualTo("done");
        assertThat(x.segments()).extracting(Extraction.Segment::kind).containsExactly(Extraction.Segment.Kind.REASONING,
                Extraction.Segment.Kind.CALL, Extraction.Segment.Kind.REASONING, Extraction.Segment.Kind.TEXT);
    }

    @Test
    void loneClosingThinkTagMakesWhatPrecedesItReasoning() {
        Extraction x = extract("pondering <tool_call>{\"name\": \"now\"}</tool_call> done</think>The answer is 4.");
        assertThat(x.text()).isEqualTo("The answer is 4.");
        assertThat(x.calls()).isEmpty();
        assertThat(x.segments().get(0).kind()).isEqualTo(Extraction.Segment.Kind.REASONING);
    }

    @Test
    void strayClosingThinkTagIsHiddenWhenTheResponseDoesNotStartInReasoning() {
        ToolCallExtractor plain = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS).startsInReasoning(false).build();
        assertThat(plain.extract("pondering done</think>The answer is 4.").text()).isEqualTo("pondering doneThe answer is 4.");
    }

    @Test
    void theFirstReasoningMarkerDecidesAndALaterLoneCloserIsAStrayTag() {
        assertThat(extract("<think>a</think>b</think>c").text()).isEqualTo("bc");
        assertThat(extract("x".repeat(40_000) + "</think>c").text()).startsWith("xxx").endsWith("xc");
    }

    @Test
    void responseThatStartsInsideReasoningHidesEverythingUpToTheClosingTag() {
        ToolCallExtractor r1 = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS).startsInReasoning(true).build();
        String text = "The user wants the time, so <tool_call> is needed.</think>\n<tool_call>{\"name\": \"now\"}</tool_call>";
        Extraction x = r1.extract(text);
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now");
        assertThat(x.text()).isEqualTo("\n");
        assertThat(x.segments().get(0).kind()).isEqualTo(Extraction.Segment.Kind.REASONING);
        assertThat(Streams.mismatch(x, Streams.run(r1, Streams.chunks(text, 1)))).isNull();
        assertThat(r1.extract("no closing tag at all").text()).isEmpty();
    }

    @Test
    void withNoToolsConfiguredAnyNameIsAccepted() {
        ToolCallExtractor any = ToolCallExtractor.builder().build();
        Extraction x = any.extract("<tool_call>{\"name\": \"whatever_tool\", \"arguments\": {\"a\": 1}}</tool_call>");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("whatever_tool");
        assertThat(any.tools()).isEmpty();
    }

    @Test
    void unknownToolMessageSuggestsTheClosestName() {
        ExtractionError e = onlyError(extract("<tool_call>{\"name\": \"get_wether\", \"arguments\": {}}</tool_call>"),
                ExtractionError.Kind.UNKNOWN_TOOL);
        assertThat(e.message()).contains("Did you mean \"get_weather\"");
    }

    @Test
    void depthBeyondTheLimitIsALimitErrorNeverAStackOverflow() {
        StringBuilder deep = new StringBuilder("<tool_call>{\"name\": \"search\", \"arguments\": {\"query\": ");
        deep.append("[".repeat(100_000)).append("]".repeat(100_000)).append("}}</tool_call>");
        ExtractionError e = onlyError(ExtractionFixtures.EXTRACTOR.extract(deep), ExtractionError.Kind.LIMIT_EXCEEDED);
        assertThat(e.message()).contains("maxDepth");
    }

    @Test
    void deepDataInProseIsJustProse() {
        String text = "[".repeat(50_000);
        Extraction x = ExtractionFixtures.EXTRACTOR.extract(text);
        assertThat(x.errors()).isEmpty();
        assertThat(x.text()).isEqualTo(text);
    }

    @Test
    void maxCallsTurnsLaterCallsIntoErrors() {
        ToolCallExtractor two = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS)
                .limits(ExtractionLimits.DEFAULTS.withMaxCalls(2)).build();
        Extraction x = two.extract("<tool_call>{\"name\": \"now\"}</tool_call>".repeat(3));
        assertThat(x.calls()).hasSize(2);
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.LIMIT_EXCEEDED);
        assertThat(x.errors().get(0).message()).contains("maxCalls");
    }

    @Test
    void payloadLimitIsALimitError() {
        ToolCallExtractor small = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS)
                .limits(ExtractionLimits.DEFAULTS.withMaxPayloadChars(100)).build();
        Extraction x = small.extract("<tool_call>{\"name\": \"search\", \"arguments\": {\"query\": \"" + "x".repeat(500)
                + "\"}}</tool_call>");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.LIMIT_EXCEEDED);
    }

    @Test
    void stringLimitIsALimitError() {
        ToolCallExtractor small = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS)
                .limits(ExtractionLimits.DEFAULTS.withMaxStringChars(10)).build();
        Extraction x = small.extract("<tool_call>{\"name\": \"search\", \"arguments\": {\"query\": \"a long query string\"}}</tool_call>");
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.LIMIT_EXCEEDED);
    }

    @Test
    void errorSnippetsAreBoundedAndEscaped() {
        String text = "<tool_call>{\"name\": \"search\", \"arguments\": {\"query\": \"" + "line\n".repeat(200);
        ExtractionError e = onlyError(extract(text), ExtractionError.Kind.TRUNCATED);
        assertThat(e.snippet()).hasSizeLessThanOrEqualTo(ErrorTexts.SNIPPET_CHARS + 1).doesNotContain("\n").contains("\\n");
        assertThat(e.offset()).isZero();
    }

    @Test
    void correctionPromptSaysWhatWasWrongAndShowsTheFormatTheModelAttempted() {
        Extraction x = extract("<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\",}"
                + "\n<tool_call>{\"name\": \"launch\", \"arguments\": {}}</tool_call>");
        assertThat(x.errors()).hasSize(2);
        String prompt = x.correctionPrompt().orElseThrow();
        assertThat(prompt).contains("2 tool calls").contains("There is no tool named \"launch\"")
                .contains("<tool_call>{\"name\":\"get_weather\",\"arguments\":{\"city\":\"...\"}}</tool_call>")
                .contains("Available tools: get_weather, send_email, search, now.");
    }

    @Test
    void correctionPromptUsesTheAttemptedFormatForXmlModels() {
        Extraction x = extract("<tool_call>\n<function=send_email>\n<parameter=to>\na@b.c\n</parameter>\n");
        String prompt = x.correctionPrompt().orElseThrow();
        assertThat(prompt).contains("<function=send_email>").contains("<parameter=subject>").contains("was cut off");
    }

    @Test
    void noErrorsNoCorrectionPrompt() {
        assertThat(extract("<tool_call>{\"name\": \"now\"}</tool_call>").correctionPrompt()).isEmpty();
        assertThat(extract("").correctionPrompt()).isEmpty();
    }

    @Test
    void firstAndConvenienceAccessors() {
        Extraction x = extract("prose only");
        assertThat(x.first()).isEmpty();
        assertThat(x.hasCalls()).isFalse();
        assertThat(x.hasErrors()).isFalse();
        assertThat(extract("<tool_call>{\"name\": \"now\"}</tool_call>").first().map(ToolCall::name)).hasValue("now");
    }

    @Test
    void disabledFormatsAreProse() {
        ToolCallExtractor noHermes = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS)
                .disable(WireFormat.HERMES, WireFormat.EMBEDDED_JSON).build();
        Extraction x = noHermes.extract("<tool_call>{\"name\": \"now\", \"arguments\": {}}</tool_call>");
        assertThat(x.calls()).isEmpty();
        assertThat(x.text()).isEqualTo("<tool_call>{\"name\": \"now\", \"arguments\": {}}</tool_call>");
        assertThat(noHermes.formats()).doesNotContain(WireFormat.HERMES).contains(WireFormat.MISTRAL);
        ToolCallExtractor onlyPython = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS)
                .formats(java.util.EnumSet.of(WireFormat.PYTHONIC)).build();
        assertThat(onlyPython.extract("now()\n[TOOL_CALLS][{\"name\": \"now\", \"arguments\": {}}]").calls())
                .extracting(ToolCall::format).containsExactly(WireFormat.PYTHONIC);
        assertThat(ToolCallExtractor.builder().disable(WireFormat.PYTHONIC).enable(WireFormat.PYTHONIC).build().formats())
                .contains(WireFormat.PYTHONIC);
    }

    @Test
    void oneExtractorServesManyThreads() throws Exception {
        ToolCallExtractor x = ExtractionFixtures.EXTRACTOR;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Extraction>> futures = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String text = "Call " + i + ": <tool_call>{\"name\": \"search\", \"arguments\": {\"query\": \"q" + i + "\"}}</tool_call>";
                futures.add(pool.submit(() -> x.extract(text)));
            }
            for (int i = 0; i < futures.size(); i++) {
                onlyCall(futures.get(i).get(), "search", "{\"query\": \"q" + i + "\"}");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void spansCoverTheMarkupOfEachCall() {
        String text = "a <tool_call>{\"name\": \"now\"}</tool_call> b";
        ToolCall c = onlyCall(extract(text), "now", "{}");
        assertThat(text.substring(c.start(), c.end())).isEqualTo("<tool_call>{\"name\": \"now\"}</tool_call>");
    }
}
