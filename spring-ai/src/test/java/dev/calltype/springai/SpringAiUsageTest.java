package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.agent.ReplyMetadata;
import dev.calltype.runtime.agent.TokenUsage;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.springai.tools.Trips;
import dev.calltype.springai.tools.TripsTools;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.DefaultUsage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.junit.jupiter.api.Test;

/** The usage, finish reason and model a Spring AI response carries reach the loop's reports. */
class SpringAiUsageTest {

    @Test
    void usageFinishReasonAndModelAreReadFromTheResponse() {
        ChatModel model = new ChatModel() {
            @Override
            public ChatResponse call(Prompt prompt) {
                Generation g = new Generation(new AssistantMessage("Hello."),
                        ChatGenerationMetadata.builder().finishReason("STOP").build());
                return new ChatResponse(List.of(g), ChatResponseMetadata.builder().model("llama3.2:3b-q4")
                        .usage(new DefaultUsage(42, 7)).build());
            }

            @Override
            public ChatOptions getDefaultOptions() {
                return ChatOptions.builder().model("llama3.2").build();
            }
        };
        SpringAiChatModel client = new SpringAiChatModel(model);
        assertThat(client.modelName()).isEqualTo("llama3.2");
        ToolLoop.Outcome outcome = ToolLoop.builder(client, new TripsTools(new Trips())).build().run("Hi");
        assertThat(outcome.usage()).isEqualTo(new TokenUsage(42, 7));
        ReplyMetadata m = outcome.roundReports().get(0).reply().metadata();
        assertThat(m.finishReason()).isEqualTo("stop");
        assertThat(m.model()).isEqualTo("llama3.2:3b-q4");
    }

    @Test
    void aResponseWithoutUsageReportsNone() {
        ChatModel model = prompt -> new ChatResponse(List.of(new Generation(new AssistantMessage("Hi."))));
        ToolLoop.Outcome outcome = ToolLoop.builder(new SpringAiChatModel(model), new TripsTools(new Trips())).build()
                .run("Hi");
        assertThat(outcome.roundReports().get(0).usage()).isNull();
        assertThat(outcome.usage()).isEqualTo(TokenUsage.ZERO);
    }
}
