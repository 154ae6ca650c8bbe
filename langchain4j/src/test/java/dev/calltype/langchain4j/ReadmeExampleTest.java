package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.weather.WeatherService;
import com.example.weather.WeatherServiceTools;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.testsupport.ReadmeCode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's "With LangChain4j" example, run as written there, over a scripted LangChain4j model. */
class ReadmeExampleTest {

    interface Assistant {
        String chat(String message);
    }

    record Answers(String answer, ToolLoop.Outcome outcome) {
    }

    static Answers example(ChatModel model) {
        // README: With LangChain4j
        WeatherServiceTools tools = new WeatherServiceTools(new WeatherService());

        // The toolkit in AiServices: the generated schemas go to the provider, and each call runs through the
        // toolkit's dispatch (lenient arguments, coercion, failures answered as text with isError set).
        Assistant assistant = AiServices.builder(Assistant.class)   // interface Assistant { String chat(String m); }
                .chatModel(model)                                    // any LangChain4j ChatModel: OpenAI, Ollama, ...
                .toolProvider(LangChain4jTools.toolProvider(tools))  // or .tools(LangChain4jTools.tools(tools))
                .hallucinatedToolNameStrategy(LangChain4jTools.unknownTool(tools))
                .build();
        String answer = assistant.chat("Do I need a coat in Oslo?");

        // ToolLoop on the same model, the calls written in the text: for models without a tool-calling field.
        ToolLoop loop = ToolLoop.builder(new LangChain4jChatModel(model), tools)
                .mode(ToolLoop.Mode.PROMPT)
                .build();
        ToolLoop.Outcome outcome = loop.run("Do I need a coat in Oslo?");
        // README end
        return new Answers(answer, outcome);
    }

    @Test
    void theExampleRunsBothWays() {
        ScriptedChatModel model = new ScriptedChatModel(
                AiMessage.from(ToolExecutionRequest.builder().id("1").name("get_weather")
                        .arguments("{'city': 'Oslo',}").build()),
                AiMessage.from("21.5 °C in Oslo: no coat needed."),
                AiMessage.from("<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}</tool_call>"),
                AiMessage.from("21.5 °C in Oslo: no coat needed."));

        Answers answers = example(model);

        assertThat(answers.answer()).isEqualTo("21.5 °C in Oslo: no coat needed.");
        assertThat(model.requests.get(1).messages().get(2)).isInstanceOfSatisfying(ToolExecutionResultMessage.class,
                r -> assertThat(r.text()).isEqualTo("{\"city\":\"Oslo\",\"temperature\":21.5,\"units\":\"CELSIUS\"}"));
        assertThat(answers.outcome().completed()).isTrue();
        assertThat(answers.outcome().answer()).isEqualTo("21.5 °C in Oslo: no coat needed.");
        assertThat(model.requests.get(3).messages().get(3)).isInstanceOfSatisfying(UserMessage.class,
                u -> assertThat(u.singleText()).contains("{\"city\":\"Oslo\",\"temperature\":21.5,\"units\":\"CELSIUS\"}"));
    }

    @Test
    void theReadmeShowsThisCode() {
        ReadmeCode.assertReadmeShows(Path.of("../docs/langchain4j.md"), "## With LangChain4j",
                Path.of("src/test/java/dev/calltype/langchain4j/ReadmeExampleTest.java"), "With LangChain4j");
    }
}
