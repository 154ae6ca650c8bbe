package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.langchain4j.tools.Shop;
import dev.calltype.langchain4j.tools.ShopTools;
import dev.calltype.runtime.agent.ReplyMetadata;
import dev.calltype.runtime.agent.TokenUsage;
import dev.calltype.runtime.agent.ToolLoop;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import org.junit.jupiter.api.Test;

/** The usage, finish reason and model a LangChain4j response carries reach the loop's reports. */
class LangChain4jUsageTest {

    @Test
    void usageFinishReasonAndModelAreReadFromTheResponse() {
        ChatModel model = new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                return ChatResponse.builder().aiMessage(AiMessage.from("Hello."))
                        .modelName("gpt-4o-mini-2024-07-18")
                        .tokenUsage(new dev.langchain4j.model.output.TokenUsage(42, 7))
                        .finishReason(FinishReason.STOP).build();
            }

            @Override
            public ChatRequestParameters defaultRequestParameters() {
                return ChatRequestParameters.builder().modelName("gpt-4o-mini").build();
            }
        };
        LangChain4jChatModel client = new LangChain4jChatModel(model);
        assertThat(client.modelName()).isEqualTo("gpt-4o-mini");
        ToolLoop.Outcome outcome = ToolLoop.builder(client, new ShopTools(new Shop())).build().run("Hi");
        assertThat(outcome.usage()).isEqualTo(new TokenUsage(42, 7));
        ReplyMetadata m = outcome.roundReports().get(0).reply().metadata();
        assertThat(m.finishReason()).isEqualTo("stop");
        assertThat(m.model()).isEqualTo("gpt-4o-mini-2024-07-18");
        assertThat(m.duration()).isNotNull();
    }

    @Test
    void aToolExecutionFinishIsTheChatCompletionsToolCalls() {
        assertThat(LangChain4jChatModel.finishReason(FinishReason.TOOL_EXECUTION)).isEqualTo("tool_calls");
        assertThat(LangChain4jChatModel.finishReason(FinishReason.CONTENT_FILTER)).isEqualTo("content_filter");
    }
}
