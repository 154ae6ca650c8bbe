package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.calltype.springai.shared.Forecaster;
import dev.calltype.springai.shared.ForecasterTools;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application as a user writes it, on this module's Spring Boot and Spring AI line: the OpenAI starter
 * configured against an OpenAI-compatible server on 127.0.0.1, whose model writes its tool call as Hermes text.
 * Through {@code SpringAiTools.repairing} in {@code ChatClient}, the tool runs exactly once, by call and by stream,
 * and no markup reaches the user.
 */
class BootApplicationTest {

    private static final String ANSWER = "Sunny all weekend in Oslo.";
    private static final String HERMES = "Let me check.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\":"
            + " {\"city\": \"Oslo\", \"days\": 2}}\n</tool_call>";

    /** The application: nothing but auto-configuration. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {
    }

    /** The model's text: the call until a tool has answered, then the answer. */
    private static String model(JsonNode request) {
        for (JsonNode m : request.path("messages")) {
            if (m.path("role").asText().equals("tool")) {
                return ANSWER;
            }
        }
        return HERMES;
    }

    @ParameterizedTest(name = "stream={0}")
    @ValueSource(booleans = {false, true})
    void aHermesCallWrittenAsTextRunsOnceAndNoMarkupReachesTheUser(boolean stream) throws Exception {
        try (LoopbackOpenAi server = new LoopbackOpenAi(BootApplicationTest::model);
             ConfigurableApplicationContext app = new SpringApplicationBuilder(Application.class)
                     .web(WebApplicationType.NONE)
                     .properties("spring.ai.openai.base-url=" + server.baseUrl(),
                             "spring.ai.openai.api-key=test-key",
                             "spring.ai.openai.chat.options.model=loopback",
                             "spring.main.banner-mode=off")
                     .run()) {
            Forecaster forecaster = new Forecaster();
            ChatClient chat = ChatClient.create(SpringAiTools.repairing(app.getBean(ChatModel.class)));
            ChatClient.ChatClientRequestSpec ask = chat.prompt("Weather in Oslo for two days?")
                    .toolCallbacks(SpringAiTools.toolCallbacks(new ForecasterTools(forecaster)));

            String answer = stream ? ask.stream().content().collect(Collectors.joining()).block()
                    : ask.call().content();

            assertThat(forecaster.calls).containsExactly("Oslo/2");
            assertThat(answer).isEqualTo(stream ? "Let me check.\n" + ANSWER : ANSWER);
            assertThat(answer).doesNotContain("tool_call", "get_weather", "{");
            assertThat(server.requests).hasSize(2);
            assertThat(server.requests.get(0).path("stream").asBoolean(false)).isEqualTo(stream);
            assertThat(server.requests.get(0).path("tools").get(0).path("function").path("name").asText())
                    .isEqualTo("get_weather");
            JsonNode second = server.requests.get(1).path("messages");
            JsonNode tool = second.get(second.size() - 1);
            assertThat(tool.path("role").asText()).isEqualTo("tool");
            assertThat(tool.path("content").asText()).contains("Sunny in Oslo for 2 days");
            JsonNode assistant = second.get(second.size() - 2);
            assertThat(assistant.path("tool_calls").get(0).path("id").asText())
                    .isEqualTo(tool.path("tool_call_id").asText());
            assertThat(assistant.path("tool_calls").get(0).path("function").path("name").asText())
                    .isEqualTo("get_weather");
        }
    }
}
