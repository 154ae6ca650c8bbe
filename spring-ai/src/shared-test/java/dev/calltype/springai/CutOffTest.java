package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.springai.shared.Forecaster;
import dev.calltype.springai.shared.ForecasterTools;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * "A call cut off by the token limit never runs", for Spring AI: a reply whose finish reason is the token limit never
 * runs its last call, native or written in the text, even when its JSON closes; the same reply ended on purpose runs
 * it once. Through {@code SpringAiTools.repairing} inside {@code ChatClient} (call and stream) and through
 * {@code ToolLoop} over {@code SpringAiChatModel}; the same source runs on both Spring AI lines.
 */
class CutOffTest {

    private static final String ANSWER = "Sunny all weekend in Oslo.";
    private static final String QUESTION = "Weather in Oslo for two days?";

    /** The complete-looking call, in each shape a model sends it. */
    static List<String> kinds() {
        return List.of("native", "llama3-json", "mistral", "hermes");
    }

    static AssistantMessage call(String kind) {
        return switch (kind) {
            case "native" -> AssistantMessage.builder().content("").toolCalls(List.of(new AssistantMessage.ToolCall(
                    "call_1", "function", "get_weather", "{\"city\": \"Oslo\", \"days\": 2}"))).build();
            case "llama3-json" -> new AssistantMessage(
                    "{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\", \"days\": 2}}");
            case "mistral" -> new AssistantMessage(
                    "[TOOL_CALLS][{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2}}]");
            case "hermes" -> new AssistantMessage(
                    "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2}}\n"
                            + "</tool_call>");
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** The tool answers in a prompt, in order. */
    private static List<String> toolAnswers(Prompt prompt) {
        return prompt.getInstructions().stream().filter(m -> m instanceof ToolResponseMessage)
                .flatMap(m -> ((ToolResponseMessage) m).getResponses().stream())
                .map(ToolResponseMessage.ToolResponse::responseData).toList();
    }

    /**
     * The model was told the call was cut off: as the answer to the call (the call in the assistant message before
     * it), or, when the text's reader refused the call itself, in the correction that follows the reply.
     */
    private static void toldCutOff(Prompt second) {
        List<Message> messages = second.getInstructions();
        List<String> answers = toolAnswers(second);
        if (answers.isEmpty()) {
            assertThat(messages.get(messages.size() - 1)).isInstanceOfSatisfying(UserMessage.class,
                    u -> assertThat(u.getText()).contains("cut off"));
            return;
        }
        assertThat(answers).singleElement().satisfies(a -> assertThat(a).contains("was cut off"));
        ToolResponseMessage answer = (ToolResponseMessage) messages.stream()
                .filter(m -> m instanceof ToolResponseMessage).findFirst().orElseThrow();
        assertThat(messages.get(messages.indexOf(answer) - 1)).isInstanceOfSatisfying(AssistantMessage.class,
                a -> assertThat(a.getToolCalls()).singleElement().satisfies(c -> {
                    assertThat(c.name()).isEqualTo("get_weather");
                    assertThat(c.id()).isEqualTo(answer.getResponses().get(0).id());
                }));
    }

    /** Every call shape, through ChatClient's call and its stream, with the finish reason in each spelling. */
    static List<Arguments> throughChatClient() {
        List<Arguments> out = new ArrayList<>();
        for (String kind : kinds()) {
            out.add(Arguments.of(kind, false, "LENGTH", "STOP"));
            out.add(Arguments.of(kind, true, "length", "stop"));
        }
        return out;
    }

    private static String ask(FinishingChatModel model, Forecaster forecaster, boolean stream) {
        ChatClient.ChatClientRequestSpec spec = ChatClient.create(SpringAiTools.repairing(model)).prompt(QUESTION)
                .toolCallbacks(SpringAiTools.toolCallbacks(new ForecasterTools(forecaster)));
        return stream ? spec.stream().content().collect(Collectors.joining()).block() : spec.call().content();
    }

    @ParameterizedTest(name = "{0}, stream={1}")
    @MethodSource("throughChatClient")
    void chatClientNeverRunsTheLastCallOfAReplyCutAtTheTokenLimit(String kind, boolean stream, String length,
                                                                   String stop) {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(call(kind), length),
                FinishingChatModel.text(ANSWER, stop));
        Forecaster forecaster = new Forecaster();

        assertThat(ask(model, forecaster, stream)).isEqualTo(ANSWER);

        assertThat(forecaster.calls).isEmpty();
        assertThat(model.prompts).hasSize(2);
        toldCutOff(model.prompts.get(1));
    }

    @ParameterizedTest(name = "{0}, stream={1}")
    @MethodSource("throughChatClient")
    void chatClientRunsTheCallOnceWhenTheReplyStopped(String kind, boolean stream, String length, String stop) {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(call(kind), stop),
                FinishingChatModel.text(ANSWER, stop));
        Forecaster forecaster = new Forecaster();

        assertThat(ask(model, forecaster, stream)).isEqualTo(ANSWER);

        assertThat(forecaster.calls).containsExactly("Oslo/2");
        assertThat(toolAnswers(model.prompts.get(1))).containsExactly("Sunny in Oslo for 2 days");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void toolLoopOverSpringAiChatModelNeverRunsTheLastCallOfAReplyCutAtTheTokenLimit(String kind) {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(call(kind), "LENGTH"),
                FinishingChatModel.text(ANSWER, "STOP"));
        Forecaster forecaster = new Forecaster();

        ToolLoop.Outcome outcome = ToolLoop.builder(new SpringAiChatModel(model), new ForecasterTools(forecaster))
                .textCallsInNativeMode(true).build().run(QUESTION);

        assertThat(outcome.answer()).isEqualTo(ANSWER);
        assertThat(forecaster.calls).isEmpty();
        assertThat(model.prompts).hasSize(2);
        toldCutOff(model.prompts.get(1));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void toolLoopOverSpringAiChatModelRunsTheCallOnceWhenTheReplyStopped(String kind) {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(call(kind), "STOP"),
                FinishingChatModel.text(ANSWER, "STOP"));
        Forecaster forecaster = new Forecaster();

        ToolLoop.Outcome outcome = ToolLoop.builder(new SpringAiChatModel(model), new ForecasterTools(forecaster))
                .textCallsInNativeMode(true).build().run(QUESTION);

        assertThat(outcome.answer()).isEqualTo(ANSWER);
        assertThat(forecaster.calls).containsExactly("Oslo/2");
    }
}
