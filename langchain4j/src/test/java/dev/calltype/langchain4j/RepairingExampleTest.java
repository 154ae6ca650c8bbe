package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.testsupport.ReadmeCode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.TokenStream;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** docs/langchain4j.md, "Repairing the model's replies", run as written there over scripted models. */
class RepairingExampleTest {

    interface Assistant {
        String chat(String message);
    }

    interface StreamingAssistant {
        TokenStream chat(String message);
    }

    record Answers(String answer, String streamed, ChatResponse last) {
    }

    static Answers example(ChatModel ollama, StreamingChatModel ollamaStreaming) throws Exception {
        StringBuilder shown = new StringBuilder();
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        // README: Repairing LangChain4j replies
        ChatModel model = LangChain4jTools.repairing(ollama);       // the one line: any LangChain4j ChatModel
        Assistant assistant = AiServices.builder(Assistant.class)  // interface Assistant { String chat(String m); }
                .chatModel(model)
                .tools(new Forecasts())                             // the application's own @Tool methods
                .build();
        String answer = assistant.chat("Weather in Oslo for two days?");

        StreamingChatModel streaming = LangChain4jTools.repairing(ollamaStreaming);
        StreamingAssistant streamingAssistant = AiServices.builder(StreamingAssistant.class)
                .streamingChatModel(streaming)                      // interface StreamingAssistant { TokenStream chat(String m); }
                .tools(new Forecasts())
                .build();
        streamingAssistant.chat("Weather in Bergen tomorrow?")
                .onPartialResponse(shown::append)                   // the tokens, without call markup
                .onCompleteResponse(done::complete)
                .onError(done::completeExceptionally)
                .start();
        // README end
        return new Answers(answer, shown.toString(), done.get(10, TimeUnit.SECONDS));
    }

    @Test
    void theExampleRunsCallsWrittenAsText() throws Exception {
        ScriptedChatModel ollama = new ScriptedChatModel(
                AiMessage.from("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2}}"
                        + "\n</tool_call>"),
                AiMessage.from("Sunny in Oslo."));
        ScriptedStreamingChatModel ollamaStreaming = new ScriptedStreamingChatModel(
                ScriptedStreamingChatModel.Reply.text("Let me look.\n[get_weather(city='Bergen', days=1)]", 4),
                ScriptedStreamingChatModel.Reply.text("Sunny in Bergen.", 4));

        Answers answers = example(ollama, ollamaStreaming);

        assertThat(answers.answer()).isEqualTo("Sunny in Oslo.");
        assertThat(ollama.requests.get(1).messages()).filteredOn(m -> m instanceof ToolExecutionResultMessage)
                .singleElement().satisfies(m -> assertThat(((ToolExecutionResultMessage) m).text())
                        .isEqualTo("Sunny in Oslo for 2 days"));
        assertThat(answers.streamed()).isEqualTo("Let me look.\nSunny in Bergen.");
        assertThat(answers.last().aiMessage().text()).isEqualTo("Sunny in Bergen.");
        assertThat(ollamaStreaming.requests.get(1).messages()).filteredOn(m -> m instanceof ToolExecutionResultMessage)
                .singleElement().satisfies(m -> assertThat(((ToolExecutionResultMessage) m).text())
                        .isEqualTo("Sunny in Bergen for 1 days"));
    }

    @Test
    void theDocsShowThisCode() {
        ReadmeCode.assertReadmeShows(Path.of("../docs/langchain4j.md"), "## Repairing the model's replies",
                Path.of("src/test/java/dev/calltype/langchain4j/RepairingExampleTest.java"),
                "Repairing LangChain4j replies");
    }
}
