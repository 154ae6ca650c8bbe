package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.testing.Fixtures;
import dev.calltype.runtime.testing.Streams;

import com.fasterxml.jackson.databind.node.IntNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ToolLoop.Listener#onEvent}: the loop streams a reply as a person should see it. In prompt mode, the raw
 * text of a streaming model goes through the toolkit's streaming extractor, so call markup never reaches the visible
 * text however the reply is split; in native mode the client's own call events pass through.
 */
class ToolLoopStreamingTest {

    private static final String TWO_INTS = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
            + "\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"b\"],\"additionalProperties\":false}";

    private final Toolkit toolkit = Toolkits.of(List.of(Fixtures.spec("add", "Add two integers", TWO_INTS)),
            (name, args) -> IntNode.valueOf(args.get("a").intValue() + args.get("b").intValue()));

    /** Replies that mix prose, reasoning and calls written in the text. */
    private static final List<String> REPLIES = List.of(
            "Let me add those.\n<tool_call>\n{\"name\": \"add\", \"arguments\": {\"a\": 2, \"b\": 3}}\n</tool_call>",
            "<think>Two numbers; the add tool.</think>Adding.<tool_call>{\"name\": \"add\", \"arguments\": {\"a\": 1,"
                    + " \"b\": 1}}</tool_call> One moment.",
            "The user wants a sum, I should call add.</think>Sure: <tool_call>{\"name\": \"add\", \"arguments\": "
                    + "{\"a\": 4, \"b\": 5}}</tool_call>",
            "Both at once:\n<tool_call>{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 2}}</tool_call>\n"
                    + "<tool_call>{\"name\": \"add\", \"arguments\": {\"a\": 3, \"b\": 4}}</tool_call>");

    /** A model that streams each scripted reply in pieces of {@code n} characters. */
    private static final class Streaming implements ModelClient {
        private final Deque<String> script;
        private final int n;

        Streaming(int n, String... replies) {
            this.n = n;
            this.script = new ArrayDeque<>(List.of(replies));
        }

        @Override
        public ModelReply send(ModelRequest request, ReplyListener listener) {
            String text = script.poll();
            Streams.chunks(text, n).forEach(listener::onRawText);
            return ModelReply.text(text);
        }
    }

    /** What the listener saw of round 1. */
    private static final class Seen implements ToolLoop.Listener {
        final List<StreamEvent> events = new ArrayList<>();
        final StringBuilder raw = new StringBuilder();
        String reply;
        List<ToolCall> calls;
        boolean callsBeforeEvents;

        @Override
        public void onTextDelta(String delta) {
            raw.append(delta);
        }

        @Override
        public void onEvent(int round, StreamEvent event) {
            if (round == 1) {
                callsBeforeEvents |= calls != null;
                events.add(event);
            }
        }

        @Override
        public void onReply(int round, String visibleText) {
            if (round == 1) {
                reply = visibleText;
            }
        }

        @Override
        public void onCalls(int round, List<ToolCall> calls) {
            if (round == 1) {
                this.calls = calls;
            }
        }
    }

    @Test
    void promptModeNeverShowsCallMarkupAsVisibleTextAtAnySplit() {
        for (String reply : REPLIES) {
            for (int n : new int[]{1, 2, 3, 5, 8, 13, 64}) {
                Seen seen = new Seen();
                ToolLoop.builder(new Streaming(n, reply, "Done."), toolkit).mode(ToolLoop.Mode.PROMPT)
                        .format(PromptFormat.XML_TAGS).listener(seen).build().run("add");
                String at = Streams.quote(reply) + " in pieces of " + n;
                for (StreamEvent e : seen.events) {
                    if (e instanceof StreamEvent.TextDelta t) {
                        assertThat(t.text()).as(at).doesNotContain("<tool_call").doesNotContain("</tool_call")
                                .doesNotContain("\"arguments\"").doesNotContain("<think").doesNotContain("</think");
                    }
                }
                assertThat(Streams.textOf(seen.events)).as(at + ": the visible text is the reply's").isEqualTo(seen.reply);
                assertThat(seen.raw.toString()).as(at + ": the raw text stays available").startsWith(reply);
                List<ToolCall> completed = new ArrayList<>();
                for (StreamEvent e : seen.events) {
                    if (e instanceof StreamEvent.CallCompleted c) {
                        completed.add(c.call());
                    }
                }
                assertThat(completed).as(at + ": the calls that run completed as they streamed").isEqualTo(seen.calls);
                assertThat(Streams.wellFormed(seen.events)).as(at).isNull();
                assertThat(seen.callsBeforeEvents).as(at + ": every event before the calls run").isFalse();
            }
        }
    }

    @Test
    void promptModeAnnouncesACallAndItsArgumentsBeforeItCompletes() {
        Seen seen = new Seen();
        ToolLoop.builder(new Streaming(4, REPLIES.get(0), "Done."), toolkit).mode(ToolLoop.Mode.PROMPT)
                .listener(seen).build().run("add");
        List<String> kinds = new ArrayList<>();
        for (StreamEvent e : seen.events) {
            kinds.add(e.getClass().getSimpleName());
        }
        assertThat(kinds).startsWith("TextDelta").contains("CallStarted", "ArgumentsDelta", "CallCompleted");
        assertThat(kinds.indexOf("CallStarted")).isLessThan(kinds.indexOf("ArgumentsDelta"));
        assertThat(kinds.lastIndexOf("ArgumentsDelta")).isLessThan(kinds.indexOf("CallCompleted"));
        assertThat(seen.events).contains(new StreamEvent.CallStarted(0, "add"));
    }

    /** What the docs' example interface was shown. */
    private static final class Ui {
        final StringBuilder text = new StringBuilder();
        final StringBuilder reasoning = new StringBuilder();
        final StringBuilder calls = new StringBuilder();

        void appendText(String s) {
            text.append(s);
        }

        void appendReasoning(String s) {
            reasoning.append(s);
        }

        void moveTextToReasoning(String s) {
            text.setLength(text.length() - s.length());
            reasoning.append(s);
        }

        void showCall(int index, String name) {
            calls.append('\n').append(index).append(' ').append(name).append(' ');
        }

        void growArguments(int index, String fragment) {
            calls.append(fragment);
        }
    }

    @Test
    void theDocsExampleShowsTextReasoningAndCallsAsTheyForm() {
        ModelClient model = new Streaming(3, REPLIES.get(1), REPLIES.get(2), "Done.");
        Ui ui = new Ui();
        // README: loop events
        ToolLoop loop = ToolLoop.builder(model, toolkit).mode(ToolLoop.Mode.PROMPT).listener(new ToolLoop.Listener() {
            @Override
            public void onEvent(int round, StreamEvent e) {
                if (e instanceof StreamEvent.TextDelta t) ui.appendText(t.text());
                else if (e instanceof StreamEvent.ReasoningDelta r) ui.appendReasoning(r.text());
                else if (e instanceof StreamEvent.TextWasReasoning w) ui.moveTextToReasoning(w.text());
                else if (e instanceof StreamEvent.CallStarted c) ui.showCall(c.index(), c.name());
                else if (e instanceof StreamEvent.ArgumentsDelta a) ui.growArguments(a.index(), a.fragment());
            }
        }).build();
        // README end
        loop.run("add twice");
        assertThat(ui.text).hasToString("Adding. One moment.Sure: Done.");
        assertThat(ui.reasoning).hasToString("Two numbers; the add tool.The user wants a sum, I should call add.");
        assertThat(ui.calls).hasToString("\n0 add {\"a\": 1, \"b\": 1}\n0 add {\"a\": 4, \"b\": 5}");
    }

    @Test
    void nativeModePassesTheClientsCallEventsAndShowsItsTextAsItIs() {
        ModelClient model = new ModelClient() {
            private int round;

            @Override
            public ModelReply send(ModelRequest request, ReplyListener listener) {
                if (round++ > 0) {
                    listener.onRawText("5.");
                    return ModelReply.text("5.");
                }
                ToolCall call = ToolCall.of("add", Fixtures.object("{\"a\": 2, \"b\": 3}")).withId("c1");
                listener.onEvent(new StreamEvent.ReasoningDelta("sum"));
                listener.onRawText("Adding <b>now</b>.");
                listener.onEvent(new StreamEvent.CallStarted(0, "add", "c1"));
                listener.onEvent(new StreamEvent.ArgumentsDelta(0, "{\"a\": 2, "));
                listener.onEvent(new StreamEvent.ArgumentsDelta(0, "\"b\": 3}"));
                listener.onEvent(new StreamEvent.CallCompleted(call));
                return new ModelReply("Adding <b>now</b>.", List.of(call));
            }
        };
        Seen seen = new Seen();
        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).listener(seen).build().run("add");
        assertThat(outcome.answer()).isEqualTo("5.");
        assertThat(seen.events).containsExactly(new StreamEvent.ReasoningDelta("sum"),
                new StreamEvent.TextDelta("Adding <b>now</b>."), new StreamEvent.CallStarted(0, "add", "c1"),
                new StreamEvent.ArgumentsDelta(0, "{\"a\": 2, "), new StreamEvent.ArgumentsDelta(0, "\"b\": 3}"),
                new StreamEvent.CallCompleted(ToolCall.of("add", Fixtures.object("{\"a\": 2, \"b\": 3}")).withId("c1")));
    }
}
