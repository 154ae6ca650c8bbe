package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.testsupport.ReadmeCode;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import reactor.core.publisher.Flux;

/**
 * docs/spring-ai.md, "Repairing the model's replies", run as written there over a scripted model, on both Spring AI
 * lines.
 */
class RepairingExampleTest {

    record Answers(String answer, String streamed) {
    }

    static Answers example(ChatModel ollama) {
        // README: Repairing Spring AI replies
        ChatModel model = SpringAiTools.repairing(ollama);         // the one line: any Spring AI ChatModel
        ChatClient chat = ChatClient.create(model);
        String answer = chat.prompt("Weather in Oslo for two days?")
                .tools(new Forecasts())                             // the application's own @Tool methods
                .call()
                .content();
        String streamed = chat.prompt("Weather in Bergen tomorrow?")
                .tools(new Forecasts())
                .stream()
                .content()                                          // the tokens, without call markup
                .collect(Collectors.joining())
                .block();
        // README end
        return new Answers(answer, streamed);
    }

    /**
     * A model that answers calls and streams from two scripts, as an Ollama model serving Qwen and Llama would; it
     * never runs tools itself (on 1.1 the repairing model runs them, on 2.x ChatClient's tool-calling advisor).
     */
    static final class Ollama implements ChatModel {
        final FinishingChatModel calls = new FinishingChatModel(
                FinishingChatModel.text("<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n"
                        + "<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>", "stop"),
                FinishingChatModel.text("Sunny in Oslo.", "stop"));
        final ScriptedStreamingChatModel streams = new ScriptedStreamingChatModel(
                ScriptedStreamingChatModel.text("Let me look.\n<|python_tag|>{\"name\": \"get_weather\", "
                        + "\"parameters\": {\"city\": \"Bergen\", \"days\": 1}}", 4),
                ScriptedStreamingChatModel.text("Sunny in Bergen.", 4));

        @Override
        public ChatResponse call(Prompt prompt) {
            return calls.call(prompt);
        }

        @Override
        public Flux<ChatResponse> stream(Prompt prompt) {
            return streams.stream(prompt);
        }
    }

    private static List<ToolResponseMessage.ToolResponse> responses(Prompt prompt) {
        return prompt.getInstructions().stream().filter(m -> m instanceof ToolResponseMessage)
                .flatMap(m -> ((ToolResponseMessage) m).getResponses().stream()).toList();
    }

    @Test
    void theExampleRunsCallsWrittenAsText() {
        Ollama ollama = new Ollama();

        Answers answers = example(ollama);

        assertThat(answers.answer()).isEqualTo("Sunny in Oslo.");
        assertThat(responses(ollama.calls.prompts.get(1))).singleElement()
                .satisfies(r -> assertThat(r.responseData()).isEqualTo("\"Sunny in Oslo for 2 days\""));   // Spring AI writes a String result as JSON
        assertThat(answers.streamed()).isEqualTo("Let me look.\nSunny in Bergen.");
        assertThat(responses(ollama.streams.prompts.get(1))).singleElement()
                .satisfies(r -> assertThat(r.responseData()).isEqualTo("\"Sunny in Bergen for 1 days\""));
    }

    @Test
    void theDocsShowThisCode() {
        ReadmeCode.assertReadmeShows(Path.of("../docs/spring-ai.md"), "## Repairing the model's replies",
                Path.of("../spring-ai/src/shared-test/java/dev/calltype/springai/RepairingExampleTest.java"),
                "Repairing Spring AI replies");
    }
}
