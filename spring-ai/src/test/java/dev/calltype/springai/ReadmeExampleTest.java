package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.weather.WeatherService;
import com.example.weather.WeatherServiceTools;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.testsupport.ReadmeCode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;

/** The README's "With Spring AI" example, run as written there, over a scripted Spring AI model. */
class ReadmeExampleTest {

    record Answers(String answer, ToolLoop.Outcome outcome) {
    }

    static Answers example(ChatModel chatModel) {
        // README: With Spring AI
        WeatherServiceTools tools = new WeatherServiceTools(new WeatherService());

        // The toolkit in a ChatClient: each definition carries the generated schema as it is, and each call runs
        // through the toolkit's dispatch (lenient arguments, coercion, failures answered as text).
        String answer = ChatClient.create(chatModel)                  // any Spring AI ChatModel: OpenAI, Ollama, ...
                .prompt("Do I need a coat in Oslo?")
                .toolCallbacks(SpringAiTools.toolCallbacks(tools))    // or a SpringAiTools.toolCallbackProvider(tools) bean
                .call()
                .content();

        // ToolLoop on the same model, the calls written in the text: for models without a tool-calling field.
        ToolLoop loop = ToolLoop.builder(new SpringAiChatModel(chatModel), tools)
                .mode(ToolLoop.Mode.PROMPT)
                .build();
        ToolLoop.Outcome outcome = loop.run("Do I need a coat in Oslo?");
        // README end
        return new Answers(answer, outcome);
    }

    @Test
    void theExampleRunsBothWays() {
        ScriptedChatModel model = new ScriptedChatModel(
                AssistantMessage.builder().content("").toolCalls(List.of(
                        new AssistantMessage.ToolCall("1", "function", "get_weather", "{'city': 'Oslo',}"))).build(),
                new AssistantMessage("21.5 °C in Oslo: no coat needed."),
                new AssistantMessage("get_weather(city=\"Oslo\")"),
                new AssistantMessage("21.5 °C in Oslo: no coat needed."));

        Answers answers = example(model);

        assertThat(answers.answer()).isEqualTo("21.5 °C in Oslo: no coat needed.");
        List<Message> second = model.prompts.get(1).getInstructions();
        assertThat(((ToolResponseMessage) second.get(second.size() - 1)).getResponses()).singleElement()
                .satisfies(r -> assertThat(r.responseData())
                        .isEqualTo("{\"city\":\"Oslo\",\"temperature\":21.5,\"units\":\"CELSIUS\"}"));
        assertThat(answers.outcome().completed()).isTrue();
        assertThat(answers.outcome().answer()).isEqualTo("21.5 °C in Oslo: no coat needed.");
        assertThat(model.prompts.get(3).getInstructions().get(3)).isInstanceOfSatisfying(UserMessage.class,
                u -> assertThat(u.getText()).contains("{\"city\":\"Oslo\",\"temperature\":21.5,\"units\":\"CELSIUS\"}"));
    }

    @Test
    void theReadmeShowsThisCode() {
        ReadmeCode.assertReadmeShows(Path.of("../docs/spring-ai.md"), "## With Spring AI",
                Path.of("src/test/java/dev/calltype/springai/ReadmeExampleTest.java"), "With Spring AI");
    }
}
