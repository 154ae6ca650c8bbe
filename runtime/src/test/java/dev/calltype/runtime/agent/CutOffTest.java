package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.Ending;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one rule for a reply cut at the token limit ({@link CutOff}): its last call never runs, native or written in
 * the text, even when its arguments close; the same reply that ended on purpose runs it once. Held by
 * {@link ReplyRepair} (the LangChain4j and Spring AI decorators) and {@link ToolLoop} (every {@link ModelClient}).
 */
class CutOffTest {

    private static final String TOOLS = "[{\"type\": \"function\", \"function\": {\"name\": \"transfer\", "
            + "\"parameters\": {\"type\": \"object\", \"properties\": {\"to\": {\"type\": \"string\"}, "
            + "\"amount\": {\"type\": \"integer\"}}, \"required\": [\"to\", \"amount\"]}}}]";
    private static final ReplyRepair REPAIR = new ReplyRepair(ToolSpecs.fromJson(TOOLS));

    /** Complete-looking calls in the formats models write them, each closing its JSON. */
    private static final List<String> WRITTEN = List.of(
            "<tool_call>{\"name\": \"transfer\", \"arguments\": {\"to\": \"bob\", \"amount\": 10}}</tool_call>",
            "{\"name\": \"transfer\", \"parameters\": {\"to\": \"bob\", \"amount\": 10}}",
            "[TOOL_CALLS][{\"name\": \"transfer\", \"arguments\": {\"to\": \"bob\", \"amount\": 10}}]");

    @Test
    void finishReasonsInEveryProvidersSpelling() {
        for (String s : List.of("length", "LENGTH", "max_tokens", "MAX_TOKENS", "max_output_tokens", "content_filter")) {
            assertThat(Ending.of(s)).as(s).isEqualTo(Ending.LENGTH);
        }
        for (String s : List.of("stop", "STOP", "end_turn", "tool_calls", "TOOL_EXECUTION", "tool_use", "eos")) {
            assertThat(Ending.of(s)).as(s).isEqualTo(Ending.STOP);
        }
        assertThat(Ending.of(null)).isEqualTo(Ending.UNKNOWN);
        assertThat(Ending.of("other")).isEqualTo(Ending.UNKNOWN);
    }

    @Test
    void aDecoratorRefusesTheLastCallWrittenInTheTextAtTheLimitAndRunsItOnStop() {
        for (String text : WRITTEN) {
            ReplyRepair.Repaired cut = REPAIR.repair(text, List.of(), Ending.LENGTH);
            assertThat(cut.calls()).as(text).isEmpty();
            // refused by the engine's truncation rule (a call only the end completed) or by the reply's (CutOff)
            assertThat(cut.needsCorrection()).as(text).isTrue();
            String told = cut.correction() != null ? cut.correction() : cut.rejected().get(0).message();
            assertThat(told).as(text).contains("cut off");
            assertThat(REPAIR.repair(text, List.of(), Ending.STOP).calls()).as(text).hasSize(1);
        }
    }

    @Test
    void aDecoratorRefusesTheLastNativeCallAtTheLimitEvenWhenStreamed() {
        List<NativeTools.Call> calls = List.of(new NativeTools.Call("transfer", "{\"to\": \"a\", \"amount\": 1}", "c1"),
                new NativeTools.Call("transfer", "{\"to\": \"b\", \"amount\": 2}", "c2"));
        ReplyRepair.Repaired whole = REPAIR.repair("", calls, Ending.LENGTH);
        ReplyRepair.Streaming s = REPAIR.streaming();
        s.feed("Paying.");
        ReplyRepair.Repaired streamed = s.result(calls, Ending.LENGTH);
        for (ReplyRepair.Repaired r : List.of(whole, streamed)) {
            assertThat(r.calls()).extracting(ToolCall::id).containsExactly("c1");
            assertThat(r.rejected()).singleElement().satisfies(x -> assertThat(x.call().id()).isEqualTo("c2"));
            assertThat(r.needsCorrection()).isTrue();
        }
        assertThat(REPAIR.repair("", calls, Ending.STOP).calls()).hasSize(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "text"})
    void theLoopNeverRunsTheLastCallOfAReplyCutAtTheLimit(String how) {
        for (String reason : List.of("length", "stop")) {
            List<String> ran = new ArrayList<>();
            Toolkit toolkit = Toolkits.fromJson(TOOLS, (name, args) -> {
                ran.add(args.toString());
                return TextNode.valueOf("sent");
            });
            List<List<ChatMessage>> asked = new ArrayList<>();
            ModelClient model = ModelClient.of((messages, tools) -> {
                asked.add(messages);
                if (asked.size() > 1) {
                    return ModelReply.text("Done.");
                }
                ModelReply reply = how.equals("native")
                        ? ModelReply.calls(ToolCall.of("transfer", com.fasterxml.jackson.databind.node.JsonNodeFactory
                                .instance.objectNode().put("to", "bob").put("amount", 10)).withId("c1"))
                        : ModelReply.text(WRITTEN.get(0));
                return reply.withMetadata(new ReplyMetadata("m", reason, null, null, null));
            });
            ToolLoop.builder(model, toolkit).mode(how.equals("native") ? ToolLoop.Mode.NATIVE : ToolLoop.Mode.PROMPT)
                    .build().run("pay bob 10");
            if (reason.equals("length")) {
                assertThat(ran).as(how + " " + reason).isEmpty();
                assertThat(asked.get(1).toString()).contains("cut off by the length limit");
            } else {
                assertThat(ran).as(how + " " + reason).containsExactly("{\"to\":\"bob\",\"amount\":10}");
            }
        }
    }
}
