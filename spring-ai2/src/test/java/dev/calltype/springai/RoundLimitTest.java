package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.springai.shared.Forecaster;
import dev.calltype.springai.shared.ForecasterTools;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.DefaultToolCallingManager;
import reactor.core.publisher.Flux;

/**
 * On Spring AI 2 the repaired calls run in ChatClient's tool-calling advisor, so its limits bound a model that never
 * stops calling: a call written as text in every reply ends the request after the per-tool limit, by call and by
 * stream, instead of looping for ever.
 */
class RoundLimitTest {

    /** A model that writes a Hermes call in every reply. */
    private static final class AlwaysCalling implements ChatModel {
        int asked;

        @Override
        public ChatResponse call(Prompt prompt) {
            asked++;
            return new ChatResponse(List.of(new Generation(new AssistantMessage("<tool_call>\n{\"name\": "
                    + "\"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2}}\n</tool_call>"),
                    ChatGenerationMetadata.builder().finishReason("stop").build())));
        }

        @Override
        public Flux<ChatResponse> stream(Prompt prompt) {
            return Flux.defer(() -> Flux.just(call(prompt)));
        }
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aModelThatNeverStopsCallingEndsAtTheAdvisorsLimit(boolean stream) {
        AlwaysCalling model = new AlwaysCalling();
        Forecaster forecaster = new Forecaster();
        ChatClient.ChatClientRequestSpec ask = ChatClient.create(SpringAiTools.repairing(model)).prompt("Weather?")
                .toolCallbacks(SpringAiTools.toolCallbacks(new ForecasterTools(forecaster)));

        String answer = stream ? ask.stream().content().collect(Collectors.joining()).block() : ask.call().content();

        assertThat(forecaster.calls).hasSize(DefaultToolCallingManager.DEFAULT_MAX_CALLS_PER_TOOL);
        assertThat(model.asked).isEqualTo(DefaultToolCallingManager.DEFAULT_MAX_CALLS_PER_TOOL + 1);
        assertThat(answer).doesNotContain("<tool_call>");
    }
}
