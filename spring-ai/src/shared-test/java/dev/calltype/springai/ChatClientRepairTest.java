package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.springai.shared.Forecaster;
import dev.calltype.springai.shared.ForecasterTools;
import dev.calltype.testsupport.Families;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;

/**
 * {@code SpringAiTools.repairing} inside {@code ChatClient} as each Spring AI line runs tools (1.1: in the repairing
 * model; 2.x: in ChatClient's tool-calling advisor), over a model that never runs tools itself: a call written as
 * text in any family runs once, by call and by stream, and the user sees no markup; broken native arguments are
 * repaired before the tool sees them. The same source runs on both lines.
 */
class ChatClientRepairTest {

    private static final String ANSWER = "Sunny all weekend in Oslo.";

    static List<Arguments> familiesCalledAndStreamed() {
        List<Arguments> out = new ArrayList<>();
        for (String family : Families.NAMES) {
            out.add(Arguments.of(family, false));
            out.add(Arguments.of(family, true));
        }
        return out;
    }

    private static String ask(FinishingChatModel model, Forecaster forecaster, boolean stream) {
        ChatClient.ChatClientRequestSpec spec = ChatClient.create(SpringAiTools.repairing(model))
                .prompt("Weather in Oslo for two days?")
                .toolCallbacks(SpringAiTools.toolCallbacks(new ForecasterTools(forecaster)));
        return stream ? spec.stream().content().collect(Collectors.joining()).block() : spec.call().content();
    }

    @ParameterizedTest(name = "{0}, stream={1}")
    @MethodSource("familiesCalledAndStreamed")
    void aCallWrittenAsTextRunsOnceAndTheUserSeesNoMarkup(String family, boolean stream) {
        String text = "Let me check.\n" + Families.weatherCall(family, "plain");
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.text(text, "stop"),
                FinishingChatModel.text(ANSWER, "stop"));
        Forecaster forecaster = new Forecaster();

        String answer = ask(model, forecaster, stream);

        assertThat(forecaster.calls).containsExactly("Oslo/2");
        assertThat(answer).isEqualTo(stream ? "Let me check.\n" + ANSWER : ANSWER);
        assertThat(model.prompts).hasSize(2);
        AssistantMessage kept = (AssistantMessage) model.prompts.get(1).getInstructions().stream()
                .filter(m -> m instanceof AssistantMessage).reduce((a, b) -> b).orElseThrow();
        assertThat(kept.getText()).isEqualTo("Let me check.\n");
        assertThat(kept.getToolCalls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("get_weather");
            assertThat(c.arguments()).isEqualTo("{\"city\":\"Oslo\",\"days\":2}");
        });
    }

    @Test
    void brokenNativeArgumentsAreRepairedBeforeTheToolSeesThem() {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(AssistantMessage.builder()
                        .content("").toolCalls(List.of(
                                new AssistantMessage.ToolCall("c1", "function", "get_weather",
                                        "```json\n{\"city\": \"Oslo\", \"days\": 2}\n```"),
                                new AssistantMessage.ToolCall("c2", "function", "getWeather",
                                        "{city: 'Tromsø', days: '4',}"))).build(), "tool_calls"),
                FinishingChatModel.text(ANSWER, "stop"));
        Forecaster forecaster = new Forecaster();

        assertThat(ask(model, forecaster, false)).isEqualTo(ANSWER);

        assertThat(forecaster.calls).containsExactly("Oslo/2", "Tromsø/4");
        assertThat(model.prompts.get(1).getInstructions().stream().filter(m -> m instanceof ToolResponseMessage)
                .flatMap(m -> ((ToolResponseMessage) m).getResponses().stream())
                .map(ToolResponseMessage.ToolResponse::id)).containsExactly("c1", "c2");
    }

    @Test
    void reasoningInTheTextGoesToTheMetadataNotTheText() {
        FinishingChatModel model = new FinishingChatModel(
                FinishingChatModel.text("<think>The user wants Oslo.</think>Here you go.", "stop"));

        ChatResponse response = ChatClient.create(SpringAiTools.repairing(model)).prompt("Hi")
                .toolCallbacks(SpringAiTools.toolCallbacks(new ForecasterTools(new Forecaster()))).call()
                .chatResponse();

        assertThat(response.getResult().getOutput().getText()).isEqualTo("Here you go.");
        assertThat(response.getResult().getOutput().getMetadata()).containsEntry("reasoningContent",
                "The user wants Oslo.");
    }
}
