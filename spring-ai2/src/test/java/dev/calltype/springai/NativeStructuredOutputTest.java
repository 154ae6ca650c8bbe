package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.recipes.Recipe;
import com.example.recipes.RecipeAnswer;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Spring AI 2's native structured output with {@link AnswerConverter}: {@code entity(converter, spec ->
 * spec.useProviderStructuredOutput())} sends Calltype's generated schema as the OpenAI request's {@code response_format}, from a
 * Spring Boot 4 application with the OpenAI starter against a loopback server, and the reply is read leniently.
 */
class NativeStructuredOutputTest {

    @Test
    void theRequestCarriesTheGeneratedSchemaAndTheReplyIsRead() throws Exception {
        String reply = "{\"title\": \"Tomato toast\", \"servings\": \"2\", \"ingredients\": [\"bread\", \"tomatoes\"]}";
        try (LoopbackOpenAi server = new LoopbackOpenAi(request -> reply);
             ConfigurableApplicationContext app = new SpringApplicationBuilder(BootApplicationTest.Application.class)
                     .web(WebApplicationType.NONE)
                     .properties("spring.ai.openai.base-url=" + server.baseUrl(),
                             "spring.ai.openai.api-key=test-key",
                             "spring.ai.openai.chat.options.model=loopback",
                             "spring.main.banner-mode=off")
                     .run()) {
            ChatModel chatModel = app.getBean(ChatModel.class);
            // README: Native structured output with Spring AI 2
            Recipe recipe = ChatClient.create(chatModel)
                    .prompt("A quick recipe with tomatoes, please.")
                    .call()
                    .entity(AnswerConverter.of(new RecipeAnswer()), spec -> spec.useProviderStructuredOutput());
            // README end

            assertThat(recipe).isEqualTo(new Recipe("Tomato toast", 2, List.of("bread", "tomatoes")));
            assertThat(server.requests).hasSize(1);
            var format = server.requests.get(0).path("response_format");
            assertThat(format.path("type").asText()).isEqualTo("json_schema");
            assertThat(format.path("json_schema").path("schema"))
                    .isEqualTo(new ObjectMapper().readTree(AnswerConverter.of(new RecipeAnswer()).getJsonSchema()));
        }
    }
}
