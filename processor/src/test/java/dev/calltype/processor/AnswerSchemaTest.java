package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.SchemaDialect;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The schemas and instructions of generated answer types, in every dialect: what each provider's structured-output
 * request takes, with non-object answers wrapped where an object root is required and unwrapped when read.
 */
class AnswerSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static AnswerType<?> type(String name) {
        return AnswerTypesTest.type(name);
    }

    private static JsonNode schema(String name, SchemaDialect dialect) throws Exception {
        return JSON.readTree(type(name).schemaJson(dialect));
    }

    @Test
    void jsonSchemaIsThePlainSchemaOllamaAndLlamaCppTake() throws Exception {
        JsonNode s = schema("RecipeAnswer", SchemaDialect.JSON_SCHEMA);
        assertThat(s.get("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(s.get("type").asText()).isEqualTo("object");
        assertThat(s.get("description").asText()).isEqualTo("A recipe read from a cookbook page.");
        assertThat(s.at("/properties/title/description").asText()).isEqualTo("the dish's name");
        assertThat(s.at("/properties/title/minLength").asInt()).isEqualTo(1);
        assertThat(s.at("/properties/servings/minimum").asInt()).isEqualTo(1);
        assertThat(s.at("/properties/difficulty/default").asText()).isEqualTo("MEDIUM");
        assertThat(s.at("/properties/prepTime/format").asText()).isEqualTo("duration");
        assertThat(s.at("/properties/nutrition/additionalProperties/type").asText()).isEqualTo("number");
        assertThat(names(s.get("required"))).containsExactly("title", "servings", "ingredients", "steps", "tags",
                "nutrition");
    }

    @Test
    void openAiStrictIsAResponseFormatWithEveryPropertyRequiredAndOptionalOnesNullable() throws Exception {
        JsonNode f = schema("RecipeAnswer", SchemaDialect.OPENAI_STRICT);
        assertThat(f.get("type").asText()).isEqualTo("json_schema");
        assertThat(f.at("/json_schema/name").asText()).isEqualTo("recipe");
        assertThat(f.at("/json_schema/strict").asBoolean()).isTrue();
        JsonNode s = f.at("/json_schema/schema");
        assertThat(names(s.get("required"))).containsExactlyElementsOf(names(s.get("properties")));
        assertThat(s.at("/properties/note/type").toString()).isEqualTo("[\"string\",\"null\"]");
        assertThat(s.at("/properties/title/type").asText()).isEqualTo("string");
        assertThat(s.at("/properties/ingredients/items/properties/grams/type").toString())
                .isEqualTo("[\"number\",\"null\"]");
        assertThat(s.get("additionalProperties").asBoolean()).isFalse();
        JsonNode plain = schema("RecipeAnswer", SchemaDialect.OPENAI);
        assertThat(plain.at("/json_schema/strict").isMissingNode()).isTrue();
        assertThat(plain.at("/json_schema/schema")).isEqualTo(schema("RecipeAnswer", SchemaDialect.MCP));
    }

    @Test
    void anAnswerThatIsNotAnObjectIsWrappedWhereARootObjectIsRequired() throws Exception {
        for (SchemaDialect d : List.of(SchemaDialect.OPENAI, SchemaDialect.OPENAI_STRICT)) {
            JsonNode s = schema("SentimentAnswer", d).at("/json_schema/schema");
            assertThat(s.get("type").asText()).isEqualTo("object");
            assertThat(names(s.get("required"))).containsExactly("value");
            assertThat(s.at("/properties/value/enum").toString()).isEqualTo("[\"POSITIVE\",\"NEUTRAL\",\"NEGATIVE\"]");
        }
        assertThat(schema("PaymentAnswer", SchemaDialect.OPENAI_STRICT).at("/json_schema/schema/properties/value/anyOf")
                .size()).isEqualTo(2);
        assertThat(schema("PaymentAnswer", SchemaDialect.ANTHROPIC).at("/schema/properties/value/anyOf").size())
                .isEqualTo(2);
        assertThat(schema("SentimentAnswer", SchemaDialect.JSON_SCHEMA).get("type").asText()).isEqualTo("string");
        assertThat(schema("SentimentAnswer", SchemaDialect.GEMINI).get("enum").size()).isEqualTo(3);
        // and the wrapped answers read back
        assertThat(type("SentimentAnswer").parse("{\"value\":\"NEGATIVE\"}").value()).hasValueSatisfying(
                v -> assertThat(v.toString()).isEqualTo("NEGATIVE"));
        assertThat(type("PaymentAnswer").parse("{\"value\":{\"type\":\"card\",\"last4\":\"1881\",\"amount\":12}}")
                .value().orElseThrow().toString()).isEqualTo("Card[last4=1881, amount=12]");
    }

    @Test
    void whatAStrictModelSendsForLeftOutMembersReadsBack() {
        String strict = "{\"title\":\"Toast\",\"servings\":1,\"ingredients\":[{\"name\":\"bread\",\"grams\":null}],"
                + "\"steps\":[\"Toast it.\"],\"difficulty\":null,\"tags\":[],\"nutrition\":{},\"note\":null,"
                + "\"prepTime\":null}";
        assertThat(type("RecipeAnswer").parse(strict).value().orElseThrow().toString()).isEqualTo(
                "Recipe[title=Toast, servings=1, ingredients=[Ingredient[name=bread, grams=null]],"
                        + " steps=[Toast it.], difficulty=MEDIUM, tags=[], nutrition={}, note=Optional.empty,"
                        + " prepTime=Optional.empty]");
    }

    @Test
    void geminiGetsItsSubsetWithReferencesInlined() throws Exception {
        JsonNode s = schema("Outline_SectionAnswer", SchemaDialect.GEMINI);
        assertThat(s.toString()).doesNotContain("$ref", "$defs", "additionalProperties");
        assertThat(s.at("/properties/children/items/properties/heading/type").asText()).isEqualTo("string");
        JsonNode recipe = schema("RecipeAnswer", SchemaDialect.GEMINI);
        assertThat(recipe.at("/properties/prepTime/format").isMissingNode()).isTrue();
    }

    @Test
    void recursiveRecordsAreAnObjectAtTheRootWithTheirDefinitions() throws Exception {
        JsonNode s = schema("Outline_SectionAnswer", SchemaDialect.OPENAI_STRICT).at("/json_schema/schema");
        assertThat(s.get("type").asText()).isEqualTo("object");
        assertThat(s.at("/properties/children/items/$ref").asText()).isEqualTo("#/$defs/Section");
        assertThat(s.at("/$defs/Section/type").asText()).isEqualTo("object");
    }

    @Test
    void instructionsShowTheShapeTheMeaningsAndAWorkedExampleThatParses() {
        AnswerType<?> recipe = type("RecipeAnswer");
        String text = recipe.formatInstructions();
        assertThat(text).startsWith("Answer with one JSON value (A recipe read from a cookbook page.) of this shape:\n"
                + "{title: string, servings: integer, ingredients: {name: string, grams?: number}[], steps: string[],"
                + " difficulty?: \"EASY\"|\"MEDIUM\"|\"HARD\" = \"MEDIUM\", tags: string[],"
                + " nutrition: map<string, number>, note?: string, prepTime?: string}\n");
        assertThat(text).contains("    prepTime: preparation time, ISO-8601 (format: duration)\n");
        assertThat(text).contains("```json\n{\"title\":\"...\",\"servings\":1,\"ingredients\":[{\"name\":\"...\"}],"
                + "\"steps\":[\"...\"],\"tags\":[\"...\"],\"nutrition\":{}}\n```");
        // the worked example is itself a readable answer
        for (String name : List.of("RecipeAnswer", "SentimentAnswer", "PaymentAnswer", "Outline_SectionAnswer",
                "InvoiceAnswer")) {
            AnswerType<?> t = type(name);
            assertThat(t.parse(t.formatInstructions()).errors()).as(name).isEmpty();
        }
        assertThat(type("InvoiceAnswer").formatInstructions()).contains("\"issued\":\"2024-05-17\"");
    }

    private static List<String> names(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(n -> out.add(n.asText()));
        } else {
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                out.add(it.next());
            }
        }
        return out;
    }
}
