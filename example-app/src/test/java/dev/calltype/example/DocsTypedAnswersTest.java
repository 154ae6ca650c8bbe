package dev.calltype.example;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.recipes.Recipe;
import com.example.recipes.RecipeAnswer;
import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.AnswerStream;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.PartialAnswer;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.agent.Answers;
import dev.calltype.runtime.agent.ChatMessage;
import dev.calltype.runtime.agent.ModelClient;
import dev.calltype.runtime.agent.ModelReply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The examples of docs/typed-answers.md, run as written there. */
class DocsTypedAnswersTest {

    @Test
    void parsingTheAnswerOfAModel() {
        String modelOutput = """
                <think>Two servings, three ingredients.</think>
                Here's the recipe:
                ```json
                {"title": "Shakshuka", "servings": "2", "ingredients": [{"name": "eggs", "grams": 240},
                 {"name": "tomatoes", "grams": 400}, {"name": "cumin"},], "prepTime": "PT25M", "cuisine": "Maghrebi"}
                ```
                Enjoy!""";
        // README: parse
        RecipeAnswer recipes = new RecipeAnswer();

        ParsedAnswer<Recipe> parsed = recipes.parse(modelOutput);
        Recipe recipe = parsed.value().orElseThrow();      // Recipe[title=Shakshuka, servings=2, ...]
        parsed.repairs();                                   // [TRAILING_COMMA]
        parsed.ignored();                                   // [$.cuisine]

        ParsedAnswer<Recipe> cut = recipes.parse("{\"title\": \"Shakshuka\", \"servings\": 2, \"ingre");
        cut.errors();                                       // [TRUNCATED $: the answer was cut off ...]
        cut.correctionPrompt();                             // the text to send back to the model
        // README end
        assertThat(recipe.title()).isEqualTo("Shakshuka");
        assertThat(recipe.servings()).isEqualTo(2);
        assertThat(recipe.ingredients()).extracting(Recipe.Ingredient::name).containsExactly("eggs", "tomatoes",
                "cumin");
        assertThat(recipe.difficulty()).isEqualTo(Recipe.Difficulty.MEDIUM);
        assertThat(recipe.prepTime()).contains(Duration.ofMinutes(25));
        assertThat(parsed.repairs()).containsExactly(Repair.TRAILING_COMMA);
        assertThat(parsed.ignored()).containsExactly("$.cuisine");
        assertThat(cut.value()).isEmpty();
        assertThat(cut.errors()).extracting(AnswerError::kind).containsExactly(AnswerError.Kind.TRUNCATED);
        assertThat(cut.correctionPrompt()).isPresent();
    }

    @Test
    void schemasInstructionsStreamingAndAsking() throws Exception {
        List<String> replies = new ArrayList<>(List.of("{\"title\": \"Toast\", \"servings\": \"a few\"}",
                "{\"title\": \"Toast\", \"servings\": 1, \"ingredients\": [{\"name\": \"bread\"}]}"));
        ModelClient model = ModelClient.of((messages, tools) -> ModelReply.text(replies.remove(0)));
        // README: schemas
        RecipeAnswer recipes = new RecipeAnswer();

        String responseFormat = recipes.schemaJson(SchemaDialect.OPENAI_STRICT);   // {"type":"json_schema",...}
        String ollamaFormat = recipes.schemaJson(SchemaDialect.JSON_SCHEMA);       // Ollama format, llama.cpp json_schema
        String prompt = recipes.formatInstructions();                              // for models without structured output

        AnswerStream<Recipe> stream = recipes.streaming();
        RecipeAnswer.Partial partial = RecipeAnswer.partial(stream.accept("{\"title\": \"Toast\", \"servings\": 1, \"ingr"));
        partial.title();                                    // "Toast": complete, final
        partial.isFinal("servings");                        // true; partial.ingredients() is null until complete
        stream.accept("edients\": []}");
        ParsedAnswer<Recipe> whole = stream.finish();       // the same as recipes.parse(all the text)

        ParsedAnswer<Recipe> asked = Answers.ask(model, recipes, List.of(ChatMessage.user("A quick recipe, please.")));
        // README end
        assertThat(responseFormat).startsWith("{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"recipe\"");
        assertThat(ollamaFormat).startsWith("{\"$schema\":");
        assertThat(prompt).startsWith("Answer with one JSON value (A recipe read from a cookbook page.)");
        assertThat(partial.title()).isEqualTo("Toast");
        assertThat(partial.ingredients()).isNull();
        assertThat(partial.isFinal("servings")).isTrue();
        assertThat(whole).isEqualTo(recipes.parse("{\"title\": \"Toast\", \"servings\": 1, \"ingredients\": []}"));
        assertThat(asked.value().orElseThrow().ingredients()).hasSize(1);
        assertThat(replies).isEmpty();
    }

    @Test
    void previewsAreRedrawnWhenTheirRevisionMoves() {
        RecipeAnswer recipes = new RecipeAnswer();
        // README: previews
        AnswerStream<Recipe> live = recipes.streaming();
        int drawn = -1;
        for (String delta : List.of("{\"title\": \"Toast\", \"servings\": 1,", " \"ingredients\": []}")) {
            PartialAnswer preview = live.accept(delta);
            if (preview.revision() != drawn) {
                drawn = preview.revision();                 // redraw from this snapshot: earlier ones are replaced
            }
        }
        ParsedAnswer<Recipe> answer = live.finish();        // and live.partial() now shows exactly its members
        // README end
        assertThat(drawn).isZero();
        assertThat(answer.value().orElseThrow().title()).isEqualTo("Toast");
        assertThat(live.partial().complete()).isTrue();
        assertThat(live.partial().members()).containsEntry("title", "Toast").containsEntry("servings", 1);
    }
}
