package dev.calltype.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.recipes.Recipe;
import com.example.recipes.RecipeAnswer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.converter.BeanOutputConverter;

/** A generated answer type as Spring AI's structured output converter, inside a real ChatClient. */
class AnswerConverterTest {

    private static final String REPLY = """
            <think>The user wants a simple recipe; two servings.</think>
            Here's a simple one:
            ```json
            {"title": "Tomato toast", "servings": "2", "ingredients": ["bread", "tomatoes", "olive oil",],}
            ```
            Enjoy!""";

    static Recipe example(ScriptedChatModel chatModel) {
        // README: Typed answers with Spring AI
        Recipe recipe = ChatClient.create(chatModel)
                .prompt("A quick recipe with tomatoes, please.")
                .call()
                .entity(AnswerConverter.of(new RecipeAnswer()));   // format instructions in, lenient parse out
        // README end
        return recipe;
    }

    @Test
    void chatClientEntityReadsTheAnswerThroughTheConverter() {
        ScriptedChatModel model = new ScriptedChatModel(new AssistantMessage(REPLY));
        Recipe recipe = example(model);
        assertThat(recipe).isEqualTo(new Recipe("Tomato toast", 2, List.of("bread", "tomatoes", "olive oil")));
        List<Message> sent = model.prompts.get(0).getInstructions();
        assertThat(sent.get(sent.size() - 1).getText()).contains("A quick recipe with tomatoes, please.",
                new RecipeAnswer().formatInstructions());
    }

    @Test
    void beanOutputConverterCannotReadWhatTheAnswerConverterReads() {
        assertThatThrownBy(() -> new BeanOutputConverter<>(Recipe.class).convert(REPLY)).isInstanceOf(
                RuntimeException.class);
        assertThat(AnswerConverter.of(new RecipeAnswer()).convert(REPLY).servings()).isEqualTo(2);
    }

    @Test
    void anUnreadableReplyIsAnIllegalArgumentListingEveryError() {
        ScriptedChatModel model = new ScriptedChatModel(new AssistantMessage(
                "{\"title\": \"Toast\", \"servings\": \"a few\", \"ingredients\": [null]}"));
        assertThatThrownBy(() -> example(model)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the reply is not a readable recipe:\n"
                        + "- $.servings: member 'servings' must be an integer, got \"a few\"\n"
                        + "- $.ingredients[0]: member 'ingredients[0]' must not be null");
        assertThat(AnswerConverter.of(new RecipeAnswer()).parse("{\"title\": \"To").correctionPrompt())
                .hasValueSatisfying(p -> assertThat(p).startsWith("Your answer was cut off"));
    }
}
