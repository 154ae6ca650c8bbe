package dev.calltype.runtime.agent;

import static dev.calltype.runtime.testing.Fixtures.object;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.agent.ChatMessage.Role;
import dev.calltype.runtime.testing.Fixtures;
import dev.calltype.runtime.testing.ScriptedModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ToolLoopTest {

    private static final String TWO_INTS = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
            + "\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"b\"],\"additionalProperties\":false}";
    private static final String SLOW = "{\"type\":\"object\",\"properties\":{\"ms\":{\"type\":\"integer\"},"
            + "\"label\":{\"type\":\"string\"}},\"required\":[\"ms\",\"label\"]}";
    private static final String NOTE = "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"}},"
            + "\"required\":[\"id\"]}";

    private final List<String> ran = Collections.synchronizedList(new ArrayList<>());
    private final List<String> threads = Collections.synchronizedList(new ArrayList<>());
    private volatile CountDownLatch started = new CountDownLatch(0);
    private ExecutorService pool;

    private final Toolkit toolkit = Toolkits.of(List.of(
            Fixtures.spec("add", "Add two integers", TWO_INTS),
            readOnly(Fixtures.spec("slow", "Wait, then echo the label", SLOW)),
            Fixtures.spec("fail", "Always fails", "{\"type\":\"object\",\"properties\":{}}"),
            new ToolSpec("delete_note", "Delete a note", object(NOTE), List.of("id"), true)),
            (name, args) -> {
                ran.add(name);
                threads.add(Thread.currentThread().getName());
                switch (name) {
                    case "add":
                        return IntNode.valueOf(args.get("a").intValue() + args.get("b").intValue());
                    case "slow":
                        started.countDown();
                        if (!started.await(10, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("the other calls never started");
                        }
                        Thread.sleep(args.get("ms").longValue());
                        return TextNode.valueOf(args.get("label").textValue());
                    case "fail":
                        throw new java.io.IOException("disk full");
                    default:
                        return TextNode.valueOf("deleted " + args.get("id").textValue());
                }
            });

    private final ScriptedModel model = new ScriptedModel();
    private final List<String> events = new ArrayList<>();

    private final ToolLoop.Listener recorder = new ToolLoop.Listener() {
        @Override
        public void onReply(int round, String visibleText) {
            events.add(round + " reply: " + visibleText);
        }

        @Override
        public void onCalls(int round, List<ToolCall> calls) {
            List<String> names = new ArrayList<>();
            calls.forEach(c -> names.add(c.name()));
            events.add(round + " calls: " + names);
        }

        @Override
        public void onResult(int round, ToolCall call, ToolResult result) {
            events.add(round + " result " + call.name() + ": " + result.content());
        }

        @Override
        public void onCorrection(int round, List<ExtractionError> errors, String correctionPrompt) {
            List<ExtractionError.Kind> kinds = new ArrayList<>();
            errors.forEach(e -> kinds.add(e.kind()));
            events.add(round + " correction " + kinds);
        }

        @Override
        public void onRoundEnd(int round, List<ChatMessage> transcript) {
            events.add(round + " end: " + transcript.size() + " messages");
        }
    };

    @AfterEach
    void stopPool() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    private static ToolSpec readOnly(ToolSpec spec) {
        return new ToolSpec(spec.name(), spec.description(), spec.parameters(), spec.parameterOrder(), false, true);
    }

    private static ToolCall call(String id, String name, String arguments) {
        return ToolCall.of(name, object(arguments)).withId(id);
    }

    private static ObjectNode args(String json) {
        return object(json);
    }

    // --- native mode ---------------------------------------------------------------------------

    @Test
    void nativeResultsGoBackAsToolMessagesWithTheCallIdsAndTheTextAnswerEndsTheRun() {
        model.then(ModelReply.calls(call("c1", "add", "{\"a\":1,\"b\":2}"))).thenText("The sum is 3.");
        ToolLoop loop = ToolLoop.builder(model, toolkit).listener(recorder).build();

        ToolLoop.Outcome outcome = loop.run("What is 1 + 2?");

        assertThat(outcome.completed()).isTrue();
        assertThat(outcome.answer()).isEqualTo("The sum is 3.");
        assertThat(outcome.rounds()).isEqualTo(2);
        assertThat(outcome.transcript()).containsExactly(
                ChatMessage.user("What is 1 + 2?"),
                ChatMessage.assistant("", List.of(call("c1", "add", "{\"a\":1,\"b\":2}"))),
                ChatMessage.tool("c1", "add", "3"),
                ChatMessage.assistant("The sum is 3."));
        assertThat(model.requests.get(1)).isEqualTo(outcome.transcript().subList(0, 3));
        assertThat(model.offered.get(0)).extracting(ToolSpec::name).containsExactly("add", "slow", "fail", "delete_note");
        assertThat(events).containsExactly("1 reply: ", "1 calls: [add]", "1 result add: 3", "1 end: 3 messages",
                "2 reply: The sum is 3.", "2 end: 4 messages");
    }

    @Test
    void theRoundLimitIsReportedNotThrownAndTheLastCallsAreAnswered() {
        for (int i = 0; i < 5; i++) {
            model.then(ModelReply.calls(call("c" + i, "add", "{\"a\":" + i + ",\"b\":1}")));
        }
        ToolLoop loop = ToolLoop.builder(model, toolkit).maxRounds(3).build();

        ToolLoop.Outcome outcome = loop.run("Keep adding");

        assertThat(outcome.maxRoundsReached()).isTrue();
        assertThat(outcome.completed()).isFalse();
        assertThat(outcome.error()).isNull();
        assertThat(outcome.rounds()).isEqualTo(3);
        assertThat(model.requests).hasSize(3);
        ChatMessage last = outcome.transcript().get(outcome.transcript().size() - 1);
        assertThat(last).isEqualTo(ChatMessage.tool("c2", "add", "3"));
    }

    @Test
    void aReplyWithMoreCallsThanTheLimitRunsNoneAndEndsTheRun() {
        List<ToolCall> many = new ArrayList<>();
        for (int i = 0; i <= ToolLoop.DEFAULT_MAX_CALLS_PER_REPLY; i++) {
            many.add(call("c" + i, "add", "{\"a\":1,\"b\":1}"));
        }
        model.then(new ModelReply("", many));
        model.then(ModelReply.calls(many.subList(0, 3).toArray(ToolCall[]::new)));
        model.then(ModelReply.text("done"));

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("Add a lot");

        assertThat(ran).isEmpty();
        assertThat(outcome.completed()).isFalse();
        assertThat(outcome.error()).contains("101 tool calls").contains("limit of 100").contains("none of them ran");
        assertThat(model.requests).hasSize(1);

        ToolLoop.Outcome small = ToolLoop.builder(model, toolkit).maxCallsPerReply(3).build().run("Add three");
        assertThat(ran).hasSize(3);
        assertThat(small.completed()).isTrue();
    }

    @Test
    void theDefaultRoundLimitIsEight() {
        for (int i = 0; i < 10; i++) {
            model.then(ModelReply.calls(call("c" + i, "add", "{\"a\":1,\"b\":1}")));
        }

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("loop");

        assertThat(outcome.rounds()).isEqualTo(ToolLoop.DEFAULT_MAX_ROUNDS).isEqualTo(8);
        assertThat(outcome.maxRoundsReached()).isTrue();
    }

    @Test
    void consecutiveCallsToReadOnlyToolsRunConcurrentlyOnTheExecutorAndTheirResultsKeepTheCallsOrder() {
        pool = Executors.newFixedThreadPool(3, r -> new Thread(r, "tool-worker"));
        started = new CountDownLatch(3);
        model.then(ModelReply.calls(
                        call("s1", "slow", "{\"ms\":300,\"label\":\"first\"}"),
                        call("s2", "slow", "{\"ms\":0,\"label\":\"second\"}"),
                        call("s3", "slow", "{\"ms\":120,\"label\":\"third\"}")))
                .thenText("done");
        ToolLoop loop = ToolLoop.builder(model, toolkit).executor(pool).build();

        ToolLoop.Outcome outcome = loop.run("go");

        assertThat(outcome.transcript().subList(2, 5)).containsExactly(
                ChatMessage.tool("s1", "slow", "first"),
                ChatMessage.tool("s2", "slow", "second"),
                ChatMessage.tool("s3", "slow", "third"));
        assertThat(threads).containsOnly("tool-worker");
    }

    @Test
    void withoutAnExecutorCallsRunOneAfterAnotherOnTheCallingThread() {
        model.then(ModelReply.calls(call("a", "add", "{\"a\":1,\"b\":1}"), call("b", "add", "{\"a\":2,\"b\":2}")))
                .thenText("ok");

        ToolLoop.builder(model, toolkit).build().run("go");

        assertThat(threads).containsOnly(Thread.currentThread().getName()).hasSize(2);
    }

    @Test
    void anExecutorThatRefusesWorkMakesTheCallsRunOnTheCallingThread() {
        model.then(ModelReply.calls(call("a", "add", "{\"a\":1,\"b\":1}"), call("b", "add", "{\"a\":2,\"b\":2}")))
                .thenText("ok");
        ToolLoop loop = ToolLoop.builder(model, toolkit).executor(task -> {
            throw new RejectedExecutionException("full");
        }).build();

        ToolLoop.Outcome outcome = loop.run("go");

        assertThat(outcome.transcript()).contains(ChatMessage.tool("a", "add", "2"), ChatMessage.tool("b", "add", "4"));
    }

    @Test
    void aToolThatThrowsGivesTheModelAFailureAndTheRunGoesOn() {
        model.then(ModelReply.calls(call("f", "fail", "{}"))).thenText("Sorry, the disk is full.");

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("save it");

        assertThat(outcome.completed()).isTrue();
        assertThat(outcome.transcript()).contains(ChatMessage.tool("f", "fail", "Tool fail failed: disk full", true));
        assertThat(outcome.answer()).isEqualTo("Sorry, the disk is full.");
    }

    @Test
    void aToolkitWhoseDispatchThrowsStillGivesAFailureResult() {
        Toolkit broken = Toolkits.combine(toolkit);
        Toolkit throwing = new Toolkit() {
            @Override
            public List<ToolSpec> tools() {
                return broken.tools();
            }

            @Override
            public String schemaJson(SchemaDialect dialect) {
                return broken.schemaJson(dialect);
            }

            @Override
            public String formatInstructions(PromptFormat format) {
                return broken.formatInstructions(format);
            }

            @Override
            public ToolResult dispatch(ToolCall call) {
                throw new IllegalStateException("dispatcher bug");
            }
        };
        model.then(ModelReply.calls(call("x", "add", "{\"a\":1,\"b\":1}"))).thenText("ok");

        ToolLoop.Outcome outcome = ToolLoop.builder(model, throwing).build().run("go");

        assertThat(outcome.transcript()).contains(ChatMessage.tool("x", "add", "Tool add failed: dispatcher bug", true));
    }

    @Test
    void aDeclinedCallIsNotRunAndTheModelIsToldTheUserDeclined() {
        List<String> asked = new ArrayList<>();
        model.then(ModelReply.calls(call("d", "delete_note", "{\"id\":\"n1\"}"), call("a", "add", "{\"a\":1,\"b\":1}")))
                .thenText("I did not delete it.");
        ToolLoop loop = ToolLoop.builder(model, toolkit).approver((c, tool) -> {
            asked.add(c.name() + " " + c.arguments() + " confirm=" + tool.confirm());
            return false;
        }).build();

        ToolLoop.Outcome outcome = loop.run("delete note n1");

        assertThat(asked).containsExactly("delete_note {\"id\":\"n1\"} confirm=true");
        assertThat(ran).containsExactly("add");
        ChatMessage declined = outcome.transcript().get(2);
        assertThat(declined.role()).isEqualTo(Role.TOOL);
        assertThat(declined.toolCallId()).isEqualTo("d");
        assertThat(declined.content()).startsWith("the user declined to run delete_note");
    }

    @Test
    void anApprovedCallRuns() {
        model.then(ModelReply.calls(call("d", "delete_note", "{\"id\":\"n1\"}"))).thenText("Deleted.");

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).approver((c, tool) -> true).build().run("delete n1");

        assertThat(ran).containsExactly("delete_note");
        assertThat(outcome.transcript()).contains(ChatMessage.tool("d", "delete_note", "deleted n1"));
    }

    @Test
    void withoutAnApproverACallThatNeedsConfirmationIsDeclined() {
        model.then(ModelReply.calls(call("d", "delete_note", "{\"id\":\"n1\"}"))).thenText("ok");

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("delete n1");

        assertThat(ran).isEmpty();
        assertThat(outcome.transcript().get(2).content()).startsWith("the user declined to run delete_note");
    }

    @Test
    void anApproverThatThrowsCountsAsARefusal() {
        model.then(ModelReply.calls(call("d", "delete_note", "{\"id\":\"n1\"}"))).thenText("ok");

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit)
                .approver((c, tool) -> {
                    throw new IllegalStateException("no terminal");
                }).build().run("delete n1");

        assertThat(ran).isEmpty();
        assertThat(outcome.transcript().get(2).content()).contains("declined").contains("no terminal");
    }

    @Test
    void aModelThatThrowsEndsTheRunWithAnErrorInsteadOfAnException() {
        model.then(ModelReply.calls(call("c1", "add", "{\"a\":1,\"b\":2}")))
                .thenFail(new IllegalStateException("connection refused"));

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("add");

        assertThat(outcome.error()).isEqualTo("the model failed: connection refused");
        assertThat(outcome.completed()).isFalse();
        assertThat(outcome.rounds()).isEqualTo(2);
        assertThat(outcome.transcript()).hasSize(3);
    }

    @Test
    void aModelThatReturnsNothingEndsTheRunWithAnError() {
        model.thenAnswer(messages -> null);

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("hi");

        assertThat(outcome.error()).isEqualTo("the model returned no reply");
    }

    @Test
    void aNativeCallTheCallerCouldNotReadIsAnsweredWithItsFailureAndTheModelRecovers() {
        ToolResult unreadable = ToolResult.failure("add", "bad1",
                "the arguments of add are cut off; send the whole call again");
        model.then(new ModelReply("", List.of(), List.of(unreadable)))
                .then(ModelReply.calls(call("ok1", "add", "{\"a\":2,\"b\":2}")))
                .thenText("4");
        ToolLoop loop = ToolLoop.builder(model, toolkit).listener(recorder).build();

        ToolLoop.Outcome outcome = loop.run("2+2?");

        assertThat(outcome.answer()).isEqualTo("4");
        assertThat(outcome.transcript().get(1).toolCalls()).extracting(ToolCall::id).containsExactly("bad1");
        assertThat(outcome.transcript().get(2)).isEqualTo(ChatMessage.tool("bad1", "add",
                "the arguments of add are cut off; send the whole call again", true));
        assertThat(outcome.transcript().get(4)).isEqualTo(ChatMessage.tool("ok1", "add", "4"));
        assertThat(events).contains("1 result add: the arguments of add are cut off; send the whole call again");
    }

    @Test
    void nativeCallsWithoutIdsAreGivenIdsThatTheToolMessagesAnswer() {
        model.then(ModelReply.calls(ToolCall.of("add", args("{\"a\":1,\"b\":1}")), ToolCall.of("add", args("{\"a\":2,\"b\":1}"))))
                .thenText("ok");

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("go");

        assertThat(outcome.transcript().get(1).toolCalls()).extracting(ToolCall::id).containsExactly("call_1_1", "call_1_2");
        assertThat(outcome.transcript().get(2).toolCallId()).isEqualTo("call_1_1");
        assertThat(outcome.transcript().get(3).toolCallId()).isEqualTo("call_1_2");
    }

    @Test
    void anUnknownToolIsAFailureListingTheTools() {
        model.then(ModelReply.calls(call("u", "multiply", "{}"))).thenText("ok");

        ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).build().run("go");

        assertThat(outcome.transcript().get(2).content())
                .isEqualTo("There is no tool named \"multiply\". Available tools: add, slow, fail, delete_note.");
    }

    @Test
    void theTranscriptIsAvailableAfterEveryRoundAndRunsContinueTheConversation() {
        List<Integer> sizes = new ArrayList<>();
        model.then(ModelReply.calls(call("c1", "add", "{\"a\":1,\"b\":2}"))).thenText("3").thenText("You're welcome.");
        ToolLoop[] holder = new ToolLoop[1];
        holder[0] = ToolLoop.builder(model, toolkit).systemPrompt("Be brief.").listener(new ToolLoop.Listener() {
            @Override
            public void onRoundEnd(int round, List<ChatMessage> transcript) {
                assertThat(holder[0].transcript()).isEqualTo(transcript);
                sizes.add(transcript.size());
            }
        }).build();
        ToolLoop loop = holder[0];
        assertThat(loop.transcript()).containsExactly(ChatMessage.system("Be brief."));

        loop.run("1+2?");
        ToolLoop.Outcome second = loop.run("thanks");

        assertThat(sizes).containsExactly(4, 5, 7);
        assertThat(second.rounds()).isEqualTo(1);
        assertThat(second.transcript()).extracting(ChatMessage::role).containsExactly(
                Role.SYSTEM, Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.USER, Role.ASSISTANT);
        assertThat(model.last()).hasSize(6);
    }

    @Test
    void aStreamingModelsTextReachesTheListenerPieceByPiece() {
        List<String> deltas = new ArrayList<>();
        ModelClient streaming = (request, listener) -> {
            listener.onRawText("Hel");
            listener.onRawText("lo");
            return ModelReply.text("Hello");
        };

        ToolLoop.Outcome outcome = ToolLoop.builder(streaming, toolkit).listener(new ToolLoop.Listener() {
            @Override
            public void onTextDelta(String delta) {
                deltas.add(delta);
            }
        }).build().run("hi");

        assertThat(deltas).containsExactly("Hel", "lo");
        assertThat(outcome.answer()).isEqualTo("Hello");
    }

    @Test
    void aModelWithoutStreamingDeliversItsWholeTextAsOnePiece() {
        List<String> deltas = new ArrayList<>();
        model.thenText("All at once");

        ToolLoop.builder(model, toolkit).listener(new ToolLoop.Listener() {
            @Override
            public void onTextDelta(String delta) {
                deltas.add(delta);
            }
        }).build().run("hi");

        assertThat(deltas).containsExactly("All at once");
    }

    // --- prompt mode: calls written in the text ---------------------------------------------

    @Nested
    class PromptMode {

        private ToolLoop loop() {
            return ToolLoop.builder(model, toolkit).mode(ToolLoop.Mode.PROMPT).format(PromptFormat.XML_TAGS)
                    .listener(recorder).build();
        }

        @Test
        void theSystemMessageTeachesTheFormatAndNoToolsAreOfferedNatively() {
            model.thenText("Hello!");

            ToolLoop.Outcome outcome = loop().run("hi");

            assertThat(model.requests.get(0).get(0)).isEqualTo(ChatMessage.system(toolkit.formatInstructions(PromptFormat.XML_TAGS)));
            assertThat(model.offered.get(0)).isEmpty();
            assertThat(outcome.answer()).isEqualTo("Hello!");
        }

        @Test
        void callsInTheTextRunAndTheirResultsGoBackAsOneUserMessage() {
            model.thenText("Let me add.\n<tool_call>{\"name\":\"add\",\"arguments\":{\"a\":1,\"b\":2}}</tool_call>\n"
                    + "<tool_call>{\"name\":\"fail\",\"arguments\":{}}</tool_call>")
                    .thenText("It is 3.");

            ToolLoop.Outcome outcome = loop().run("1+2?");

            assertThat(outcome.answer()).isEqualTo("It is 3.");
            assertThat(model.requests.get(1).get(3))
                    .isEqualTo(ChatMessage.user("Tool results:\n[add] 3\n[fail] error: Tool fail failed: disk full"));
            assertThat(outcome.transcript().get(2).content()).contains("<tool_call>");
            assertThat(events.get(0)).startsWith("1 reply: Let me add.").doesNotContain("tool_call");
            assertThat(events).contains("1 calls: [add, fail]");
        }

        @Test
        void aMalformedCallGetsTheCorrectionPromptAndTheCorrectedCallSucceeds() {
            model.thenText("<tool_call>{\"name\":\"add\",\"arguments\":{\"a\":1,")
                    .thenText("<tool_call>{\"name\":\"add\",\"arguments\":{\"a\":1,\"b\":2}}</tool_call>")
                    .thenText("The answer is 3.");

            ToolLoop.Outcome outcome = loop().run("1+2?");

            assertThat(outcome.completed()).isTrue();
            assertThat(outcome.rounds()).isEqualTo(3);
            assertThat(outcome.answer()).isEqualTo("The answer is 3.");
            String correction = toolkit.extractor().extract("<tool_call>{\"name\":\"add\",\"arguments\":{\"a\":1,")
                    .correctionPrompt().orElseThrow();
            assertThat(model.requests.get(1).get(3)).isEqualTo(ChatMessage.user(correction));
            assertThat(model.requests.get(2).get(5)).isEqualTo(ChatMessage.user("Tool results:\n[add] 3"));
            assertThat(events).contains("1 correction [TRUNCATED]", "2 result add: 3");
            assertThat(ran).containsExactly("add");
        }

        @Test
        void aGoodCallAndABadOneInOneReplyGetResultsAndTheCorrectionTogether() {
            String reply = "<tool_call>{\"name\":\"add\",\"arguments\":{\"a\":1,\"b\":2}}</tool_call>\n"
                    + "<tool_call>{\"name\":\"add\",\"arguments\":{\"a\":";
            model.thenText(reply).thenText("ok");

            loop().run("go");

            String correction = toolkit.extractor().extract(reply).correctionPrompt().orElseThrow();
            assertThat(model.requests.get(1).get(3).content()).isEqualTo("Tool results:\n[add] 3\n\n" + correction);
        }

        @Test
        void nativeModeCanAlsoRunCallsWrittenInTheText() {
            model.thenText("<tool_call>{\"name\":\"add\",\"arguments\":{\"a\":5,\"b\":5}}</tool_call>").thenText("10");

            ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit).textCallsInNativeMode(true).build().run("5+5?");

            assertThat(outcome.transcript().get(1).toolCalls()).extracting(ToolCall::id).containsExactly("call_1_1");
            assertThat(outcome.transcript().get(2)).isEqualTo(ChatMessage.tool("call_1_1", "add", "10"));
            assertThat(outcome.answer()).isEqualTo("10");
        }
    }
}
