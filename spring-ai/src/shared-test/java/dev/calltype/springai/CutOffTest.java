package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.springai.tools.Bank;
import dev.calltype.springai.tools.BankTools;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * The ending decides: a reply that ended at the token limit never runs its last call, native or written as text,
 * even when the call's JSON closes; a reply that ended on purpose runs it once. Through {@code ChatClient} over
 * {@link SpringAiTools#repairing} (call and stream) and through {@code ToolLoop} over {@link SpringAiChatModel}, on
 * both Spring AI lines (the models here never run tools: on 1.1 the repairing model runs them, on 2.x ChatClient's
 * tool-calling advisor).
 */
class CutOffTest {

    private static final String ASK = "Move 100 euros from A-1 to B-2.";
    private static final String ANSWER = "The transfer was not finished.";
    private static final String ARGUMENTS = "{\"from\": \"A-1\", \"to\": \"B-2\", \"amount\": 100}";
    private static final String RAN = "A-1->B-2:100";

    /** A complete-looking call in each shape a reply can hold it. */
    enum Shape {
        NATIVE, LLAMA3_JSON, MISTRAL_TEXT, HERMES_TEXT;

        AssistantMessage reply() {
            return switch (this) {
                case NATIVE -> AssistantMessage.builder().content("").toolCalls(List.of(
                        new AssistantMessage.ToolCall("c1", "function", "transfer", ARGUMENTS))).build();
                case LLAMA3_JSON -> new AssistantMessage("{\"name\": \"transfer\", \"parameters\": " + ARGUMENTS + "}");
                case MISTRAL_TEXT -> new AssistantMessage(
                        "[TOOL_CALLS][{\"name\": \"transfer\", \"arguments\": " + ARGUMENTS + "}]");
                case HERMES_TEXT -> new AssistantMessage(
                        "<tool_call>\n{\"name\": \"transfer\", \"arguments\": " + ARGUMENTS + "}\n</tool_call>");
            };
        }

        /** The reply as a provider streams it: native call chunks (id and name, then argument pieces) or text. */
        List<AssistantMessage> chunks() {
            if (this != NATIVE) {
                return ScriptedStreamingChatModel.text(reply().getText(), 7);
            }
            return List.of(chunk("c1", "transfer", ""), chunk("", "", "{\"from\": \"A-1\", "),
                    chunk("", "", "\"to\": \"B-2\", \"amount\": 100}"));
        }

        private static AssistantMessage chunk(String id, String name, String arguments) {
            return AssistantMessage.builder().content("").toolCalls(List.of(
                    new AssistantMessage.ToolCall(id, "function", name, arguments))).build();
        }
    }

    static Stream<Arguments> cutOff() {
        return Stream.of(Shape.values()).flatMap(s -> Stream.of("LENGTH", "length", "max_tokens")
                .map(f -> Arguments.of(s, f)));
    }

    static Stream<Arguments> stopped() {
        return Stream.of(Shape.values()).flatMap(s -> Stream.of("STOP", "stop", "TOOL_CALLS")
                .map(f -> Arguments.of(s, f)));
    }

    private static String call(ChatModel model, Bank bank) {
        return ChatClient.create(SpringAiTools.repairing(model)).prompt(ASK)
                .toolCallbacks(SpringAiTools.toolCallbacks(new BankTools(bank))).call().content();
    }

    private static String stream(ChatModel model, Bank bank) {
        return ChatClient.create(SpringAiTools.repairing(model)).prompt(ASK)
                .toolCallbacks(SpringAiTools.toolCallbacks(new BankTools(bank))).stream().content()
                .collect(Collectors.joining()).block();
    }

    /**
     * The model was asked again and told the call was cut off and not run: in the tool result for a native call, in
     * the correction for a call written in the text.
     */
    private static void toldCutOff(List<Prompt> prompts) {
        assertThat(prompts).hasSize(2);
        List<Message> second = prompts.get(1).getInstructions();
        int reply = 0;
        for (int i = 0; i < second.size(); i++) {
            reply = second.get(i) instanceof AssistantMessage ? i : reply;
        }
        String told = second.subList(reply + 1, second.size()).stream().map(m -> m instanceof ToolResponseMessage t
                ? t.getResponses().stream().map(ToolResponseMessage.ToolResponse::responseData)
                        .collect(Collectors.joining("\n"))
                : m.getText()).collect(Collectors.joining("\n"));
        assertThat(told).as(second.toString()).contains("\"transfer\" was cut off").contains("not run");
        // a call refused as cut off is answered as a call: it stands in the reply before its answer, under its id
        if (second.get(second.size() - 1) instanceof ToolResponseMessage answer) {
            assertThat(((AssistantMessage) second.get(reply)).getToolCalls()).singleElement().satisfies(c -> {
                assertThat(c.name()).isEqualTo("transfer");
                assertThat(c.id()).isEqualTo(answer.getResponses().get(0).id());
            });
        }
    }

    @ParameterizedTest
    @MethodSource("cutOff")
    void chatClientCallNeverRunsACallCutAtTheTokenLimit(Shape shape, String finish) {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(shape.reply(), finish),
                FinishingChatModel.text(ANSWER, "STOP"));
        Bank bank = new Bank();

        assertThat(call(model, bank)).isEqualTo(ANSWER);

        assertThat(bank.transfers).isEmpty();
        toldCutOff(model.prompts);
    }

    @ParameterizedTest
    @MethodSource("stopped")
    void chatClientCallRunsTheSameCallOnceWhenTheReplyStopped(Shape shape, String finish) {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(shape.reply(), finish),
                FinishingChatModel.text(ANSWER, "STOP"));
        Bank bank = new Bank();

        assertThat(call(model, bank)).isEqualTo(ANSWER);

        assertThat(bank.transfers).containsExactly(RAN);
        assertThat(model.prompts).hasSize(2);
    }

    @ParameterizedTest
    @MethodSource("cutOff")
    void chatClientStreamNeverRunsACallCutAtTheTokenLimit(Shape shape, String finish) {
        ScriptedStreamingChatModel model = ScriptedStreamingChatModel.of(
                ScriptedStreamingChatModel.ended(shape.chunks(), finish),
                ScriptedStreamingChatModel.ended(ScriptedStreamingChatModel.text(ANSWER, 4), "STOP"));
        Bank bank = new Bank();

        assertThat(stream(model, bank)).isEqualTo(ANSWER);

        assertThat(bank.transfers).isEmpty();
        toldCutOff(model.prompts);
    }

    @ParameterizedTest
    @MethodSource("stopped")
    void chatClientStreamRunsTheSameCallOnceWhenTheReplyStopped(Shape shape, String finish) {
        ScriptedStreamingChatModel model = ScriptedStreamingChatModel.of(
                ScriptedStreamingChatModel.ended(shape.chunks(), finish),
                ScriptedStreamingChatModel.ended(ScriptedStreamingChatModel.text(ANSWER, 4), "STOP"));
        Bank bank = new Bank();

        assertThat(stream(model, bank)).isEqualTo(ANSWER);

        assertThat(bank.transfers).containsExactly(RAN);
        assertThat(model.prompts).hasSize(2);
    }

    /** Native calls in native mode; calls written as text in prompt mode, where the loop reads them from the text. */
    private static ToolLoop loop(Shape shape, ChatModel model, Bank bank) {
        return ToolLoop.builder(new SpringAiChatModel(model), new BankTools(bank))
                .mode(shape == Shape.NATIVE ? ToolLoop.Mode.NATIVE : ToolLoop.Mode.PROMPT).build();
    }

    @ParameterizedTest
    @MethodSource("cutOff")
    void toolLoopOverSpringAiNeverRunsACallCutAtTheTokenLimit(Shape shape, String finish) {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(shape.reply(), finish),
                FinishingChatModel.text(ANSWER, "STOP"));
        Bank bank = new Bank();

        ToolLoop.Outcome outcome = loop(shape, model, bank).run(ASK);

        assertThat(outcome.answer()).isEqualTo(ANSWER);
        assertThat(bank.transfers).isEmpty();
        toldCutOff(model.prompts);
    }

    @ParameterizedTest
    @MethodSource("stopped")
    void toolLoopOverSpringAiRunsTheSameCallOnceWhenTheReplyStopped(Shape shape, String finish) {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(shape.reply(), finish),
                FinishingChatModel.text(ANSWER, "STOP"));
        Bank bank = new Bank();

        ToolLoop.Outcome outcome = loop(shape, model, bank).run(ASK);

        assertThat(outcome.answer()).isEqualTo(ANSWER);
        assertThat(bank.transfers).containsExactly(RAN);
        assertThat(model.prompts).hasSize(2);
    }
}
