package dev.calltype.openai;

import static dev.calltype.openai.LoopbackServer.events;
import static dev.calltype.openai.LoopbackServer.finish;
import static dev.calltype.openai.LoopbackServer.text;
import static dev.calltype.openai.OpenAiChatModelTest.call;
import static dev.calltype.openai.OpenAiChatModelTest.model;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.calltype.runtime.StreamEvent;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.ToolLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link ToolLoop} over {@link OpenAiChatModel} against a loopback server, with a listener that shows the reply as it
 * streams: native tool-call deltas in native mode, text with its call markup hidden in prompt mode.
 */
class StreamingLoopTest {

    private final Toolkit toolkit = Toolkits.fromJson(AddRequest.TOOLS_JSON,
            (name, args) -> IntNode.valueOf(args.path("a").asInt() + args.path("b").asInt()));

    /** The events of round 1, in order. */
    private static final class Recorder implements ToolLoop.Listener {
        final List<StreamEvent> events = new ArrayList<>();

        @Override
        public void onEvent(int round, StreamEvent event) {
            if (round == 1) {
                events.add(event);
            }
        }
    }

    private static String reasoning(String t) {
        return "{\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":" + LoopbackServer.quote(t) + "}}]}";
    }

    @Test
    void nativeModeStreamsACallsStartAndArgumentDeltasBeforeItCompletes() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            if (requests.getAndIncrement() == 0) {
                events(out, reasoning("Needs the add tool."), text("Adding."), call("c1", 0, "add", ""),
                        call(null, 0, null, "{\"a\": 2,"), call(null, 0, null, " \"b\": 3}"), finish("tool_calls"));
            } else {
                events(out, text("It is 5."), finish("stop"));
            }
        })) {
            Recorder seen = new Recorder();
            ToolLoop.Outcome outcome = ToolLoop.builder(model(server).build(), toolkit).listener(seen).build()
                    .run("What is 2 + 3?");
            assertThat(outcome.answer()).isEqualTo("It is 5.");
            assertThat(seen.events).hasSize(6);
            assertThat(seen.events.subList(0, 5)).containsExactly(new StreamEvent.ReasoningDelta("Needs the add tool."),
                    new StreamEvent.TextDelta("Adding."), new StreamEvent.CallStarted(0, "add", "c1"),
                    new StreamEvent.ArgumentsDelta(0, "{\"a\": 2,"), new StreamEvent.ArgumentsDelta(0, " \"b\": 3}"));
            StreamEvent.CallCompleted done = (StreamEvent.CallCompleted) seen.events.get(5);
            assertThat(done.call().id()).isEqualTo("c1");
            assertThat(done.call().arguments().toString()).isEqualTo("{\"a\":2,\"b\":3}");
        }
    }

    @Test
    void nativeModeReportsACallThatCannotRunAsAnErrorAfterItsDeltas() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            if (requests.getAndIncrement() == 0) {
                events(out, call("c1", 0, "subtract", "{\"a\": 2}"), call("c2", 1, "add", "{\"a\": 1, \"b\": 1}"),
                        finish("tool_calls"));
            } else {
                events(out, text("Done."), finish("stop"));
            }
        })) {
            Recorder seen = new Recorder();
            ToolLoop.builder(model(server).build(), toolkit).listener(seen).build().run("go");
            List<String> kinds = new ArrayList<>();
            seen.events.forEach(e -> kinds.add(e.getClass().getSimpleName()));
            assertThat(kinds).containsExactly("CallStarted", "ArgumentsDelta", "Error", "CallStarted", "ArgumentsDelta",
                    "CallCompleted");
            assertThat(((StreamEvent.Error) seen.events.get(2)).error().toolName()).isEqualTo("subtract");
        }
    }

    @Test
    void promptModeHidesTheCallMarkupTheServerStreams() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        String reply = "Let me add.\n<tool_call>{\"name\": \"add\", \"arguments\": {\"a\": 2, \"b\": 3}}</tool_call>";
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            if (requests.getAndIncrement() == 0) {
                List<String> chunks = new ArrayList<>();
                for (int i = 0; i < reply.length(); i += 5) {
                    chunks.add(text(reply.substring(i, Math.min(reply.length(), i + 5))));
                }
                chunks.add(finish("stop"));
                events(out, chunks.toArray(String[]::new));
            } else {
                events(out, text("5."), finish("stop"));
            }
        })) {
            Recorder seen = new Recorder();
            ToolLoop.Outcome outcome = ToolLoop.builder(model(server).build(), toolkit).mode(ToolLoop.Mode.PROMPT)
                    .listener(seen).build().run("What is 2 + 3?");
            assertThat(outcome.answer()).isEqualTo("5.");
            StringBuilder visible = new StringBuilder();
            List<String> kinds = new ArrayList<>();
            for (StreamEvent e : seen.events) {
                kinds.add(e.getClass().getSimpleName());
                if (e instanceof StreamEvent.TextDelta t) {
                    visible.append(t.text());
                }
            }
            assertThat(visible).hasToString("Let me add.\n");
            assertThat(kinds).contains("CallStarted", "ArgumentsDelta", "CallCompleted");
            assertThat(kinds.indexOf("ArgumentsDelta")).isLessThan(kinds.indexOf("CallCompleted"));
        }
    }

    /** The tool's runs, and the answers the model got back in the second request. */
    private final List<String> ran = new ArrayList<>();

    private Toolkit counting() {
        return Toolkits.fromJson(AddRequest.TOOLS_JSON, (name, args) -> {
            ran.add(args.toString());
            return IntNode.valueOf(args.path("a").asInt() + args.path("b").asInt());
        });
    }

    @Test
    void atTheLengthLimitTheLastNativeCallNeverRunsEvenWhenItsArgumentsClose() throws Exception {
        List<String> bodies = new ArrayList<>();
        try (LoopbackServer server = new LoopbackServer((r, out) -> {
            bodies.add(r.body());
            if (bodies.size() == 1) {
                events(out, call("c1", 0, "add", "{\"a\": 1, \"b\": 2}"), call("c2", 1, "add", "{\"a\": 3, \"b\": 4}"),
                        finish("length"));
            } else {
                events(out, text("Done."), finish("stop"));
            }
        })) {
            ToolLoop.Outcome outcome = ToolLoop.builder(model(server).build(), counting()).build().run("go");
            assertThat(outcome.answer()).isEqualTo("Done.");
            assertThat(ran).containsExactly("{\"a\":1,\"b\":2}");
            assertThat(bodies.get(1)).contains("c2").contains("cut off by the length limit");
        }
    }

    @Test
    void atTheLengthLimitAWholeCallWrittenInTheTextNeverRunsAndWithStopItRunsOnce() throws Exception {
        for (String reason : List.of("length", "stop")) {
            ran.clear();
            List<String> bodies = new ArrayList<>();
            try (LoopbackServer server = new LoopbackServer((r, out) -> {
                bodies.add(r.body());
                if (bodies.size() == 1) {
                    events(out, text("<tool_call>{\"name\": \"add\", \"arguments\": {\"a\": 2, \"b\": 3}}"
                            + "</tool_call>"), finish(reason));
                } else {
                    events(out, text("Done."), finish("stop"));
                }
            })) {
                ToolLoop.builder(model(server).build(), counting()).mode(ToolLoop.Mode.PROMPT).build().run("go");
                if (reason.equals("length")) {
                    assertThat(ran).as(reason).isEmpty();
                    assertThat(bodies.get(1)).contains("cut off by the length limit");
                } else {
                    assertThat(ran).as(reason).containsExactly("{\"a\":2,\"b\":3}");
                }
            }
        }
    }
}
