package dev.calltype.runtime;

import dev.calltype.runtime.testing.ExtractionFixtures;
import dev.calltype.runtime.testing.Streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The streaming API: events, their timing, and what is held back. */
class StreamingExtractorTest {

    /** A model whose prompt does not open reasoning: text is shown at once. */
    private static final ToolCallExtractor X = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS)
            .startsInReasoning(false).build();

    private static String texts(List<StreamEvent> events) {
        StringBuilder b = new StringBuilder();
        for (StreamEvent e : events) {
            if (e instanceof StreamEvent.TextDelta t) {
                b.append(t.text());
            }
        }
        return b.toString();
    }

    @Test
    void proseIsShownAtOnceButAPossibleMarkerIsHeldBack() {
        StreamingExtractor s = X.streaming();
        assertThat(texts(s.feed("Hello there <tool"))).isEqualTo("Hello there ");
        assertThat(texts(s.feed("box> is an HTML tag"))).isEqualTo("<toolbox> is an HTML tag");
        assertThat(s.finish()).isEmpty();
    }

    @Test
    void markupIsNeverShownAndTheCallCompletesAtItsClosingTag() {
        StreamingExtractor s = X.streaming();
        List<StreamEvent> events = new ArrayList<>();
        String text = "Checking.<tool_call>{\"name\": \"search\", \"arguments\": {\"query\": \"jazz\"}}</tool_call> Done.";
        boolean completedBeforeEnd = false;
        for (int i = 0; i < text.length(); i++) {
            List<StreamEvent> got = s.feed(text.substring(i, i + 1));
            for (StreamEvent e : got) {
                if (e instanceof StreamEvent.TextDelta t) {
                    assertThat(t.text()).doesNotContain("<").doesNotContain("{");
                }
                if (e instanceof StreamEvent.CallCompleted) {
                    completedBeforeEnd = i == text.indexOf("</tool_call>") + "</tool_call>".length() - 1;
                }
            }
            events.addAll(got);
        }
        events.addAll(s.finish());
        assertThat(completedBeforeEnd).as("completed as its closing tag arrived").isTrue();
        assertThat(texts(events)).isEqualTo("Checking. Done.");
        assertThat(s.calls()).extracting(ToolCall::name).containsExactly("search");
    }

    @Test
    void callStartedAnnouncesTheNameBeforeTheArgumentsEnd() {
        StreamingExtractor s = X.streaming();
        List<StreamEvent> events = new ArrayList<>(s.feed("<tool_call>{\"name\": \"send_email\", \"arguments\": {\"to\": \"a@b.c\", "));
        assertThat(events).containsExactly(new StreamEvent.CallStarted(0, "send_email"),
                new StreamEvent.ArgumentsDelta(0, "{\"to\": \"a@b.c\", "));
        events = s.feed("\"subject\": \"Hi\", \"body\": \"Yo\"}}</tool_call>");
        assertThat(events.get(0)).isEqualTo(new StreamEvent.ArgumentsDelta(0, "\"subject\": \"Hi\", \"body\": \"Yo\"}"));
        assertThat(events.get(1)).isInstanceOf(StreamEvent.CallCompleted.class);
    }

    @Test
    void argumentsDeltasConcatenateToTheRawArgumentText() {
        StreamingExtractor s = X.streaming();
        String args = "{\"query\": \"a \\\"quoted\\\" {brace}\", \"limit\": 3}";
        String text = "<tool_call>{\"name\": \"search\", \"arguments\": " + args + "}</tool_call>";
        StringBuilder got = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            for (StreamEvent e : s.feed(text.substring(i, i + 1))) {
                if (e instanceof StreamEvent.ArgumentsDelta a) {
                    got.append(a.fragment());
                }
            }
        }
        s.finish();
        assertThat(got.toString()).isEqualTo(args);
    }

    @Test
    void truncatedCallBecomesAnErrorAtFinish() {
        StreamingExtractor s = X.streaming();
        List<StreamEvent> events = new ArrayList<>(s.feed("<tool_call>{\"name\": \"send_email\", \"arguments\": {\"body\": \"Dear"));
        assertThat(events).containsExactly(new StreamEvent.CallStarted(0, "send_email"),
                new StreamEvent.ArgumentsDelta(0, "{\"body\": \"Dear"));
        List<StreamEvent> last = s.finish();
        assertThat(last).hasSize(1);
        assertThat(((StreamEvent.Error) last.get(0)).error().kind()).isEqualTo(ExtractionError.Kind.TRUNCATED);
        assertThat(s.calls()).isEmpty();
        assertThat(s.correctionPrompt()).isPresent();
    }

    @Test
    void splitsInsideMultiCharacterMarkersAndSurrogatePairs() {
        String text = "😀<\uFF5Ctool\u2581calls\u2581begin\uFF5C><\uFF5Ctool\u2581call\u2581begin\uFF5C>search<\uFF5Ctool\u2581sep\uFF5C>"
                + "{\"query\": \"🎵\"}<\uFF5Ctool\u2581call\u2581end\uFF5C><\uFF5Ctool\u2581calls\u2581end\uFF5C>😀";
        Extraction batch = X.extract(text);
        assertThat(batch.calls()).hasSize(1);
        for (int i = 0; i <= text.length(); i++) {
            Streams.Run run = Streams.run(X, List.of(text.substring(0, i), text.substring(i)));
            assertThat(Streams.mismatch(batch, run)).as("split at " + i).isNull();
        }
        StreamingExtractor s = X.streaming();
        assertThat(s.feed("ok \uD83D")).containsExactly(new StreamEvent.TextDelta("ok "));
        assertThat(s.feed("\uDE00")).containsExactly(new StreamEvent.TextDelta("😀"));
    }

    @Test
    void byDefaultTextIsShownAtOnceAndALoneCloserSaysItWasReasoning() {
        StreamingExtractor s = ExtractionFixtures.EXTRACTOR.streaming();
        assertThat(s.feed("The user wants ")).containsExactly(new StreamEvent.TextDelta("The user wants "));
        assertThat(s.feed("the time.</th")).containsExactly(new StreamEvent.TextDelta("the time."));
        assertThat(s.feed("ink>")).containsExactly(new StreamEvent.TextWasReasoning("The user wants the time."));
        assertThat(s.feed("It is noon.")).containsExactly(new StreamEvent.TextDelta("It is noon."));
        StreamingExtractor plain = ExtractionFixtures.EXTRACTOR.streaming();
        assertThat(plain.feed("Hello ")).containsExactly(new StreamEvent.TextDelta("Hello "));
        assertThat(plain.feed("<think>")).isEmpty();
        assertThat(plain.feed("hm</think>")).containsExactly(new StreamEvent.ReasoningDelta("hm"));
        assertThat(plain.finish()).isEmpty();
    }

    @Test
    void whileTheStartIsUndecidedACallIsAnnouncedButCompletesOnlyOnceItIsDecided() {
        StreamingExtractor s = ExtractionFixtures.EXTRACTOR.streaming();
        List<StreamEvent> events = new ArrayList<>(s.feed("Let me look.<tool_call>{\"name\": \"get_weather\", "
                + "\"arguments\": {\"city\": "));
        assertThat(events).containsExactly(new StreamEvent.TextDelta("Let me look."),
                new StreamEvent.CallStarted(0, "get_weather"), new StreamEvent.ArgumentsDelta(0, "{\"city\": "));
        events = s.feed("\"Paris\"}}</tool_call> Then");
        assertThat(events).containsExactly(new StreamEvent.ArgumentsDelta(0, "\"Paris\"}"));
        events = s.finish();
        assertThat(events).hasSize(2);
        assertThat(events.get(0)).isInstanceOf(StreamEvent.CallCompleted.class);
        assertThat(events.get(1)).isEqualTo(new StreamEvent.TextDelta(" Then"));
    }

    @Test
    void aCallStartedInWhatTurnsOutToBeReasoningIsWithdrawn() {
        StreamingExtractor s = ExtractionFixtures.EXTRACTOR.streaming();
        List<StreamEvent> events = new ArrayList<>(s.feed("Maybe <tool_call>{\"name\": \"get_weather\", \"arguments\": {"));
        events.addAll(s.feed("}}</tool_call> no.</think>Sunny."));
        events.addAll(s.finish());
        assertThat(events).containsExactly(new StreamEvent.TextDelta("Maybe "), new StreamEvent.CallStarted(0, "get_weather"),
                new StreamEvent.ArgumentsDelta(0, "{"), new StreamEvent.TextWasReasoning("Maybe "),
                new StreamEvent.ReasoningDelta("<tool_call>{\"name\": \"get_weather\", \"arguments\": {}}</tool_call> no."),
                new StreamEvent.TextDelta("Sunny."));
        assertThat(s.calls()).isEmpty();
    }

    @Test
    void reasoningIsStreamedSeparately() {
        StreamingExtractor s = X.streaming();
        List<StreamEvent> events = new ArrayList<>(s.feed("<think>Let me"));
        events.addAll(s.feed(" think.</think>Answer."));
        events.addAll(s.finish());
        assertThat(events).containsExactly(new StreamEvent.ReasoningDelta("Let me"), new StreamEvent.ReasoningDelta(" think."),
                new StreamEvent.TextDelta("Answer."));
    }

    @Test
    void listenerReceivesTheSameEventsInOrder() {
        List<StreamEvent> heard = new ArrayList<>();
        StreamingExtractor s = X.streaming(heard::add);
        List<StreamEvent> returned = new ArrayList<>(s.feed("Hi <tool_call>{\"name\": \"now\"}</tool_call>"));
        returned.addAll(s.finish());
        assertThat(heard).isEqualTo(returned);
        assertThat(heard).hasSize(3);
    }

    @Test
    void finishIsIdempotentAndFeedingAfterItFails() {
        StreamingExtractor s = X.streaming();
        s.feed("text");
        assertThat(s.finish()).containsExactly(new StreamEvent.TextDelta("text"));
        assertThat(s.finish()).isEmpty();
        assertThat(s.isFinished()).isTrue();
        assertThatThrownBy(() -> s.feed("more")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachCallOfABlockCompletesWhenTheNextBegins() {
        StreamingExtractor s = X.streaming();
        List<StreamEvent> first = s.feed("[TOOL_CALL][{\"name\": \"now\", \"args\": {}}, {\"name\": \"sea");
        assertThat(first).filteredOn(e -> e instanceof StreamEvent.CallCompleted).hasSize(1);
        List<StreamEvent> rest = new ArrayList<>(s.feed("rch\", \"args\": {\"query\": \"x\"}}][/TOOL_CALL]"));
        rest.addAll(s.finish());
        assertThat(rest).filteredOn(e -> e instanceof StreamEvent.CallCompleted).hasSize(1);
        assertThat(s.calls()).extracting(ToolCall::name).containsExactly("now", "search");
    }

    @Test
    void aListenerThatThrowsStillGetsTheRestOfTheDeltasEventsThenFeedRethrowsTheFirstException() {
        String text = "Hi <tool_call>{\"name\": \"a\", \"arguments\": {}}</tool_call> bye\n";
        List<StreamEvent> expected = ToolCallExtractor.builder().startsInReasoning(false).build().streaming().feed(text);
        List<StreamEvent> seen = new ArrayList<>();
        RuntimeException boom = new IllegalStateException("display failed");
        StreamingExtractor s = ToolCallExtractor.builder().startsInReasoning(false).build().streaming(e -> {
            seen.add(e);
            if (e instanceof StreamEvent.TextDelta) {
                throw boom;
            }
        });

        assertThatThrownBy(() -> s.feed(text)).isSameAs(boom);

        assertThat(expected).anyMatch(e -> e instanceof StreamEvent.CallCompleted);
        assertThat(seen).isEqualTo(expected);
        assertThat(s.calls()).extracting(ToolCall::name).containsExactly("a");
    }
}
