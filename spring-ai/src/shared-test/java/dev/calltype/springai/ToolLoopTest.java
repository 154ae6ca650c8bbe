package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.springai.shared.Forecaster;
import dev.calltype.springai.shared.ForecasterTools;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/** {@code ToolLoop} over {@link SpringAiChatModel}, native and prompt mode, on each Spring AI line's models. */
class ToolLoopTest {

    private static final String ANSWER = "Sunny all weekend in Oslo.";

    @Test
    void nativeModeOffersTheGeneratedSchemasAndRunsTheReturnedCallsItself() throws Exception {
        FinishingChatModel model = new FinishingChatModel(FinishingChatModel.reply(AssistantMessage.builder()
                        .content("").toolCalls(List.of(new AssistantMessage.ToolCall("a", "function", "get_weather",
                                "{'city': 'Oslo', 'days': '2',}"))).build(), "tool_calls"),
                FinishingChatModel.text(ANSWER, "stop"));
        Forecaster forecaster = new Forecaster();
        ForecasterTools tools = new ForecasterTools(forecaster);

        ToolLoop.Outcome outcome = ToolLoop.builder(new SpringAiChatModel(model), tools).build()
                .run("Weather in Oslo for two days?");

        assertThat(outcome.answer()).isEqualTo(ANSWER);
        assertThat(forecaster.calls).containsExactly("Oslo/2");
        ToolCallingChatOptions options = (ToolCallingChatOptions) model.prompts.get(0).getOptions();
        assertThat(options.getToolCallbacks()).singleElement().satisfies((ToolCallback c) -> {
            assertThat(c.getToolDefinition().name()).isEqualTo("get_weather");
            assertThat(new ObjectMapper().readTree(c.getToolDefinition().inputSchema()))
                    .isEqualTo(tools.tools().get(0).parameters());
        });
    }

    @Test
    void promptModeSendsNoToolsAndReadsTheCallFromTheText() {
        FinishingChatModel model = new FinishingChatModel(
                FinishingChatModel.text("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\","
                        + " \"days\": 2}}\n</tool_call>", "stop"),
                FinishingChatModel.text(ANSWER, "stop"));
        Forecaster forecaster = new Forecaster();

        ToolLoop.Outcome outcome = ToolLoop.builder(new SpringAiChatModel(model), new ForecasterTools(forecaster))
                .mode(ToolLoop.Mode.PROMPT).build().run("Weather in Oslo for two days?");

        assertThat(outcome.answer()).isEqualTo(ANSWER);
        assertThat(forecaster.calls).containsExactly("Oslo/2");
        assertThat(model.prompts).allSatisfy(p -> assertThat(p.getOptions()).isNull());
    }
}
