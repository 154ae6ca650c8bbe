package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** What a {@link ToolLoop} tells its listener as a run happens, and what its outcome reports. */
class ToolLoopEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A tool's failure the model must never see beyond its message. */
    static final class DiskFull extends RuntimeException {
        DiskFull() {
            super("disk full");
        }
    }

    private static ObjectNode object(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private final List<String> events = Collections.synchronizedList(new ArrayList<>());

    /** lookup(key) answers after 30 ms; save(key) throws DiskFull; wipe() needs confirmation. */
    private Toolkit tools() {
        String key = "{\"key\":{\"type\":\"string\"}}";
        return Toolkits.of(List.of(
                new ToolSpec("lookup", "lookup", object("{\"type\":\"object\",\"properties\":" + key + "}"),
                        List.of("key"), false, true),
                new ToolSpec("save", "save", object("{\"type\":\"object\",\"properties\":" + key + "}"),
                        List.of("key"), false, false),
                new ToolSpec("wipe", "wipe", object("{\"type\":\"object\",\"properties\":{}}"), List.of(), true,
                        false)), (name, args) -> {
                    events.add("ran " + name + " " + args.path("key").asText());
                    if (name.equals("save")) {
                        throw new DiskFull();
                    }
                    Thread.sleep(30);
                    return TextNode.valueOf("value of " + args.path("key").asText());
                });
    }

    /** Answers from a script; each reply carries usage and a finish reason, as a server that reports them would. */
    private static ModelClient scripted(ModelReply... replies) {
        Deque<ModelReply> script = new ArrayDeque<>(List.of(replies));
        return (messages, offered) -> script.removeFirst();
    }

    private static ModelReply withUsage(ModelReply reply, String finish, long in, long out) {
        return reply.withMetadata(new ReplyMetadata("m-1", finish, new TokenUsage(in, out), null, null));
    }

    private ToolLoop.Listener recorder() {
        return new ToolLoop.Listener() {
            @Override
            public void onRunStart(String userMessage) {
                events.add("run start " + userMessage);
            }

            @Override
            public void onRoundStart(int round, String requestModel) {
                events.add("round " + round + " start");
            }

            @Override
            public void onModelReply(int round, ModelReply reply) {
                events.add("reply " + round + " " + reply.metadata().finishReason());
            }

            @Override
            public void onCallStart(int round, ToolCall call) {
                events.add("call start " + call.name() + " " + call.id() + " " + call.arguments());
            }

            @Override
            public void onCallEnd(CallReport report) {
                events.add("call end " + report.call().name() + " " + report.outcome());
            }

            @Override
            public void onResult(int round, ToolCall call, dev.calltype.runtime.ToolResult result) {
                events.add("result " + call.name());
            }

            @Override
            public void onRoundComplete(RoundReport report) {
                events.add("round " + report.round() + " complete " + report.calls().size() + " calls");
            }

            @Override
            public void onRoundEnd(int round, List<ChatMessage> transcript) {
                events.add("round " + round + " end");
            }

            @Override
            public void onRunEnd(ToolLoop.Outcome outcome) {
                events.add("run end " + outcome.completed());
            }
        };
    }

    @Test
    void callsStartAndEndAsTheyRunBeforeTheRoundEndsAndTheOutcomeKeepsTheException() {
        ModelClient model = scripted(
                withUsage(ModelReply.calls(ToolCall.of("LOOKUP", object("{\"key\":\"a\"}")).withId("c1"),
                        ToolCall.of("save", object("{\"key\":\"b\"}")).withId("c2"),
                        ToolCall.of("wipe", object("{}")).withId("c3")), "tool_calls", 100, 20),
                withUsage(ModelReply.text("Saved nothing."), "stop", 150, 5));
        ToolLoop.Outcome outcome = ToolLoop.builder(model, tools()).listener(recorder()).build().run("go");

        assertThat(events).containsExactly(
                "run start go",
                "round 1 start",
                "reply 1 tool_calls",
                "call start lookup c1 {\"key\":\"a\"}", "ran lookup a", "call end lookup SUCCEEDED",
                "call start save c2 {\"key\":\"b\"}", "ran save b", "call end save THREW",
                "call start wipe c3 {}", "call end wipe DECLINED",
                "result LOOKUP", "result save", "result wipe", // onResult: the call as written
                "round 1 complete 3 calls", "round 1 end",
                "round 2 start", "reply 2 stop", "round 2 complete 0 calls", "round 2 end",
                "run end true");

        assertThat(outcome.usage()).isEqualTo(new TokenUsage(250, 25));
        assertThat(outcome.roundReports()).extracting(RoundReport::finishReason).containsExactly("tool_calls", "stop");
        CallReport lookup = outcome.calls().get(0);
        assertThat(lookup.duration()).isGreaterThanOrEqualTo(Duration.ofMillis(30));
        CallReport save = outcome.calls().get(1);
        assertThat(save.exception()).containsInstanceOf(DiskFull.class);
        assertThat(save.exception().orElseThrow().getStackTrace()).isNotEmpty();
        // the model is told the message, never the exception's class or stack
        ChatMessage sent = outcome.transcript().stream().filter(m -> "c2".equals(m.toolCallId())).findFirst()
                .orElseThrow();
        assertThat(sent.content()).isEqualTo("Tool save failed: disk full");
        // the loop measured what the client did not
        ReplyMetadata first = outcome.roundReports().get(0).reply().metadata();
        assertThat(first.duration()).isNotNull();
        assertThat(first.timeToFirstToken()).isNotNull();
        assertThat(first.model()).isEqualTo("m-1");
    }

    @Test
    void concurrentReadOnlyCallsAllStartFirstThenEndInWrittenOrderWithTheirOwnTimes() {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            ModelClient model = scripted(
                    ModelReply.calls(ToolCall.of("lookup", object("{\"key\":\"a\"}")).withId("c1"),
                            ToolCall.of("lookup", object("{\"key\":\"b\"}")).withId("c2")),
                    ModelReply.text("done"));
            ToolLoop.Outcome outcome = ToolLoop.builder(model, tools()).executor(pool).listener(recorder()).build()
                    .run("go");
            List<String> calls = events.stream().filter(e -> e.startsWith("call ")).toList();
            assertThat(calls).containsExactly(
                    "call start lookup c1 {\"key\":\"a\"}", "call start lookup c2 {\"key\":\"b\"}",
                    "call end lookup SUCCEEDED", "call end lookup SUCCEEDED");
            assertThat(outcome.calls()).allSatisfy(c -> assertThat(c.duration())
                    .isGreaterThanOrEqualTo(Duration.ofMillis(30)));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aModelThatThrowsEndsTheRoundWithItsException() {
        IllegalStateException boom = new IllegalStateException("server down");
        List<Throwable> failures = new ArrayList<>();
        ToolLoop.Listener listener = new ToolLoop.Listener() {
            @Override
            public void onModelFailed(int round, String error, Throwable cause) {
                failures.add(cause);
            }
        };
        ToolLoop.Outcome outcome = ToolLoop.builder((messages, offered) -> {
            throw boom;
        }, tools()).listener(listener).build().run("go");
        assertThat(outcome.error()).isEqualTo("the model failed: server down");
        assertThat(failures).containsExactly(boom);
        assertThat(outcome.roundReports()).singleElement().satisfies(r -> {
            assertThat(r.error()).isSameAs(boom);
            assertThat(r.reply()).isNull();
        });
    }
}
