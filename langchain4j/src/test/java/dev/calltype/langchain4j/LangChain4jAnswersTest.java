package dev.calltype.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.recipes.Recipe;
import com.example.recipes.RecipeAnswer;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.agent.Answers;
import dev.calltype.runtime.agent.ModelClient;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Typed answers on LangChain4j chat models: the response format when the model has it, instructions otherwise. */
class LangChain4jAnswersTest {

    /** A scripted model that declares JSON-schema response formats. */
    static final class StructuredModel implements ChatModel {
        final List<ChatRequest> requests = new ArrayList<>();
        private final List<String> replies;

        StructuredModel(String... replies) {
            this.replies = new ArrayList<>(List.of(replies));
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            requests.add(request);
            return ChatResponse.builder().aiMessage(AiMessage.from(replies.remove(0))).build();
        }

        @Override
        public Set<Capability> supportedCapabilities() {
            return Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        }
    }

    static ParsedAnswer<Recipe> example(ChatModel chatModel) {
        // README: Typed answers with LangChain4j
        ParsedAnswer<Recipe> recipe = LangChain4jAnswers.ask(chatModel, new RecipeAnswer(),
                List.of(UserMessage.from("A quick recipe with tomatoes, please.")));
        // README end
        return recipe;
    }

    @Test
    void aModelWithJsonSchemaResponseFormatsIsAskedWithTheAnswersSchema() {
        StructuredModel model = new StructuredModel(
                "{\"title\": \"Tomato toast\", \"servings\": 2.5, \"ingredients\": [\"bread\"]}",
                "{\"title\": \"Tomato toast\", \"servings\": 2, \"ingredients\": [\"bread\", \"tomatoes\"]}");
        ParsedAnswer<Recipe> recipe = example(model);
        assertThat(recipe.value()).contains(new Recipe("Tomato toast", 2, List.of("bread", "tomatoes")));
        ChatRequest first = model.requests.get(0);
        assertThat(first.responseFormat().type()).isEqualTo(ResponseFormatType.JSON);
        assertThat(first.responseFormat().jsonSchema().name()).isEqualTo("recipe");
        JsonObjectSchema root = (JsonObjectSchema) first.responseFormat().jsonSchema().rootElement();
        assertThat(root.properties().keySet()).containsExactly("title", "servings", "ingredients");
        assertThat(root.required()).containsExactly("title", "servings", "ingredients");
        assertThat(model.requests.get(1).messages().get(2)).isInstanceOf(UserMessage.class);
        assertThat(((UserMessage) model.requests.get(1).messages().get(2)).singleText())
                .contains("member 'servings' must be an integer, got 2.5");
    }

    @Test
    void otherModelsGetTheInstructionsAndTheirProseIsRead() {
        ScriptedChatModel model = new ScriptedChatModel(AiMessage.from("<think>easy</think>Sure!\n```json\n"
                + "{title: 'Tomato toast', servings: '2', ingredients: ['bread', 'tomatoes',]}\n```\nEnjoy!"));
        ParsedAnswer<Recipe> recipe = example(model);
        assertThat(recipe.value()).contains(new Recipe("Tomato toast", 2, List.of("bread", "tomatoes")));
        assertThat(model.requests.get(0).responseFormat()).isNull();
        assertThat(((SystemMessage) model.requests.get(0).messages().get(0)).text())
                .isEqualTo(new RecipeAnswer().formatInstructions());
    }

    @Test
    void aTimingDecoratorAroundTheModelClientKeepsTheResponseFormat() throws Exception {
        StructuredModel model = new StructuredModel(
                "{\"title\": \"Tomato toast\", \"servings\": 2, \"ingredients\": [\"bread\", \"tomatoes\"]}");
        LangChain4jChatModel client = new LangChain4jChatModel(model);
        List<Long> timings = new ArrayList<>();
        ModelClient timed = (request, listener) -> {
            long t0 = System.nanoTime();
            try {
                return client.send(request, listener);
            } finally {
                timings.add(System.nanoTime() - t0);
            }
        };
        ParsedAnswer<Recipe> recipe = Answers.ask(timed, new RecipeAnswer(),
                List.of(dev.calltype.runtime.agent.ChatMessage.user("A quick recipe with tomatoes, please.")));
        assertThat(recipe.value()).contains(new Recipe("Tomato toast", 2, List.of("bread", "tomatoes")));
        assertThat(timings).hasSize(1);
        assertThat(model.requests.get(0).responseFormat().jsonSchema().name()).isEqualTo("recipe");
        assertThat(model.requests.get(0).messages()).singleElement().isInstanceOf(UserMessage.class);
    }
}
