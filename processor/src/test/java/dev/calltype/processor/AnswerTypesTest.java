package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.Repair;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Generated answer types driven as a user drives them: real-looking model answers (prose, fences, reasoning,
 * repairs, coercions, truncation) parsed into records, enums, sealed interfaces and recursive records.
 */
class AnswerTypesTest {

    private static Compiled compiled;

    static JavaFileObject[] sources() {
        List<JavaFileObject> out = new ArrayList<>(Sources.annotations());
        for (String c : List.of("Recipe", "Sentiment", "Payment", "Invoice", "Outline", "Timetable", "Figure",
                "Ledger")) {
            out.add(Sources.resource("com.example.answers." + c));
        }
        return out.toArray(new JavaFileObject[0]);
    }

    /** The answer types compiled once for the tests that drive them. */
    static synchronized Compiled compiled() {
        if (compiled == null) {
            compiled = Compiled.of(sources());
        }
        return compiled;
    }

    /** A new instance of a generated answer type, by its simple name. */
    static AnswerType<?> type(String generated) {
        return (AnswerType<?>) compiled().instance("com.example.answers." + generated);
    }

    static String value(String generated, String text) {
        ParsedAnswer<?> p = type(generated).parse(text);
        assertThat(p.errors()).as("errors of %s", text).isEmpty();
        return p.value().orElseThrow().toString();
    }

    static List<AnswerError> errors(String generated, String text) {
        ParsedAnswer<?> p = type(generated).parse(text);
        assertThat(p.value()).as("value of %s", text).isEmpty();
        assertThat(p.correctionPrompt()).isPresent();
        return p.errors();
    }

    private static final String RECIPE_JSON = """
            {"title": "Shakshuka", "servings": 2,
             "ingredients": [{"name": "eggs", "grams": 240}, {"name": "tomatoes", "grams": 400.5}, {"name": "cumin"}],
             "steps": ["Soften the onion.", "Add tomatoes and simmer.", "Crack in the eggs."],
             "difficulty": "EASY", "tags": ["vegetarian", "brunch"], "nutrition": {"kcal": 320, "protein_g": 18.5},
             "prepTime": "PT25M"}""";

    private static final String RECIPE = "Recipe[title=Shakshuka, servings=2, ingredients=[Ingredient[name=eggs,"
            + " grams=240.0], Ingredient[name=tomatoes, grams=400.5], Ingredient[name=cumin, grams=null]],"
            + " steps=[Soften the onion., Add tomatoes and simmer., Crack in the eggs.], difficulty=EASY,"
            + " tags=[vegetarian, brunch], nutrition={kcal=320.0, protein_g=18.5}, note=Optional.empty,"
            + " prepTime=Optional[PT25M]]";

    @Test
    void bareJsonIsReadIntoTheRecord() {
        assertThat(value("RecipeAnswer", RECIPE_JSON)).isEqualTo(RECIPE);
    }

    @Test
    void fencedJsonAfterProseAndBeforeASignOffIsRead() {
        String text = "Here's the recipe you asked for, as JSON:\n\n```json\n" + RECIPE_JSON
                + "\n```\n\nEnjoy your meal! Let me know if you want a vegan version.";
        assertThat(value("RecipeAnswer", text)).isEqualTo(RECIPE);
    }

    @Test
    void jsonAfterThinkBlockIsRead() {
        String text = "<think>The user wants a recipe. Maybe {\"title\": \"draft\"} first... no.</think>\n"
                + RECIPE_JSON;
        assertThat(value("RecipeAnswer", text)).isEqualTo(RECIPE);
        String mistral = "[THINK]Two servings.[/THINK]" + RECIPE_JSON;
        assertThat(value("RecipeAnswer", mistral)).isEqualTo(RECIPE);
        String openedByPrompt = "two servings, eggs {not json}\n</think>\n\n" + RECIPE_JSON;
        assertThat(value("RecipeAnswer", openedByPrompt)).isEqualTo(RECIPE);
    }

    @Test
    void ofSeveralBlocksTheLastThatFitsIsTheAnswer() {
        String text = "The schema says {\"title\": string}. An example: {\"servings\": \"many\"}.\n"
                + "My answer:\n```json\n" + RECIPE_JSON + "\n```\nAnd the ingredient list alone: [\"eggs\"]";
        assertThat(value("RecipeAnswer", text)).isEqualTo(RECIPE);
        String corrected = "{\"title\": \"Shakshuka\", \"servings\": 0, \"ingredients\": [], \"steps\": [],"
                + " \"tags\": [], \"nutrition\": {}}\nSorry, it serves two:\n" + RECIPE_JSON;
        assertThat(value("RecipeAnswer", corrected)).isEqualTo(RECIPE);
    }

    @Test
    void repairsAreAppliedAndRecorded() {
        String text = """
                {
                  // the dish
                  title: 'Shakshuka', servings: 2,
                  ingredients: [{name: 'eggs', grams: 240}, {name: 'tomatoes', grams: 400.5}, {name: 'cumin', grams: None},],
                  steps: ['Soften the onion.', 'Add tomatoes and simmer.', 'Crack in the eggs.'],
                  difficulty: 'EASY', tags: ['vegetarian', 'brunch'], nutrition: {kcal: 320, protein_g: 18.5},
                  prepTime: 'PT25M',
                }""";
        ParsedAnswer<?> p = type("RecipeAnswer").parse(text);
        assertThat(p.value().orElseThrow().toString()).isEqualTo(RECIPE);
        assertThat(p.repairs()).contains(Repair.COMMENTS, Repair.UNQUOTED_KEYS, Repair.SINGLE_QUOTES,
                Repair.TRAILING_COMMA, Repair.PYTHON_LITERALS);
    }

    @Test
    void unambiguousCoercionsAreMade() {
        String text = """
                {"title": "Toast", "servings": "2", "ingredients": {"name": "bread", "grams": "60"},
                 "steps": "Toast the bread.", "difficulty": "easy", "tags": "breakfast",
                 "nutrition": "{\\"kcal\\": 150}"}""";
        assertThat(value("RecipeAnswer", text)).isEqualTo("Recipe[title=Toast, servings=2,"
                + " ingredients=[Ingredient[name=bread, grams=60.0]], steps=[Toast the bread.], difficulty=EASY,"
                + " tags=[breakfast], nutrition={kcal=150.0}, note=Optional.empty, prepTime=Optional.empty]");
        assertThat(value("RecipeAnswer", text.replace("\"2\"", "2.0"))).contains("servings=2,");
    }

    @Test
    void defaultsFillWhatIsLeftOut() {
        String text = "{\"title\": \"Toast\", \"servings\": 1, \"ingredients\": [], \"steps\": [], \"tags\": [],"
                + " \"nutrition\": {}}";
        assertThat(value("RecipeAnswer", text)).contains("difficulty=MEDIUM");
    }

    @Test
    void whatWouldLoseInformationIsRefusedWithPathAndMessage() {
        String text = "{\"title\": \"Toast\", \"servings\": 2.5, \"ingredients\": [{\"grams\": 60}], \"steps\": [],"
                + " \"difficulty\": \"trivial\", \"tags\": [], \"nutrition\": {}}";
        List<AnswerError> e = errors("RecipeAnswer", text);
        assertThat(e).extracting(AnswerError::path)
                .containsExactly("$.servings", "$.ingredients[0].name", "$.difficulty");
        assertThat(e).allMatch(x -> x.kind() == AnswerError.Kind.INVALID_VALUE);
        assertThat(e.get(0).message()).isEqualTo("member 'servings' must be an integer, got 2.5");
        assertThat(e.get(2).message()).contains("\"EASY\"", "\"trivial\"");
        assertThat(type("RecipeAnswer").parse(text).correctionPrompt().orElseThrow())
                .startsWith("Your answer could not be read as recipe:\n- member 'servings' must be an integer")
                .endsWith("fixing these problems.");
    }

    @Test
    void constraintsAreChecked() {
        String text = "{\"title\": \"  \", \"servings\": 0, \"ingredients\": [], \"steps\": [], \"tags\": [],"
                + " \"nutrition\": {}}";
        assertThat(errors("RecipeAnswer", text)).extracting(AnswerError::path)
                .containsExactly("$.title", "$.servings");
    }

    @Test
    void unknownMembersAreIgnoredAndRecorded() {
        String text = RECIPE_JSON.replace("\"servings\": 2,", "\"servings\": 2, \"cuisine\": \"North African\",")
                .replace("{\"name\": \"cumin\"}", "{\"name\": \"cumin\", \"unit\": \"tsp\"}");
        ParsedAnswer<?> p = type("RecipeAnswer").parse(text);
        assertThat(p.value().orElseThrow().toString()).isEqualTo(RECIPE);
        assertThat(p.ignored()).containsExactly("$.cuisine", "$.ingredients[2].unit");
    }

    @Test
    void aTruncatedAnswerIsAnErrorAndNothingIsGuessed() {
        for (int cut : new int[] {RECIPE_JSON.length() - 1, RECIPE_JSON.length() - 30, 40, 1}) {
            String text = "Sure! ```json\n" + RECIPE_JSON.substring(0, cut);
            List<AnswerError> e = errors("RecipeAnswer", text);
            assertThat(e).as("cut at %d", cut).extracting(AnswerError::kind).containsExactly(AnswerError.Kind.TRUNCATED);
            assertThat(e.get(0).message()).contains("cut off");
        }
        assertThat(errors("RecipeAnswer", "<think>Let me work out the servings"))
                .extracting(AnswerError::kind).containsExactly(AnswerError.Kind.TRUNCATED);
    }

    @Test
    void unreadableAnswersAreErrors() {
        assertThat(errors("RecipeAnswer", "I'm sorry, I can't read that page."))
                .extracting(AnswerError::kind).containsExactly(AnswerError.Kind.NOT_FOUND);
        assertThat(errors("RecipeAnswer", "{\"title\": \"Toast\" \"servings\": 2}"))
                .extracting(AnswerError::kind).containsExactly(AnswerError.Kind.MALFORMED);
        assertThat(errors("RecipeAnswer", "[1, 2, 3]")).extracting(AnswerError::path).containsExactly("$");
    }

    @Test
    void enumAnswersInAnyCaseFencedWrappedOrAsAWord() {
        assertThat(value("SentimentAnswer", "\"POSITIVE\"")).isEqualTo("POSITIVE");
        assertThat(value("SentimentAnswer", "```json\n\"negative\"\n```")).isEqualTo("NEGATIVE");
        assertThat(value("SentimentAnswer", "{\"value\": \"Neutral\"}")).isEqualTo("NEUTRAL");
        assertThat(value("SentimentAnswer", "<think>Mostly praise.</think>Positive.")).isEqualTo("POSITIVE");
        assertThat(errors("SentimentAnswer", "Mixed")).hasSize(1);
    }

    @Test
    void sealedInterfacesAreReadAsDiscriminatedUnions() {
        assertThat(value("PaymentAnswer", "{\"type\": \"card\", \"last4\": \"4242\", \"amount\": 19.99}"))
                .isEqualTo("Card[last4=4242, amount=19.99]");
        assertThat(value("PaymentAnswer", "{\"value\": {\"type\": \"bank_transfer\", \"iban\": \"DE89370400440532013000\","
                + " \"amount\": \"250.00\"}}")).isEqualTo("BankTransfer[iban=DE89370400440532013000, amount=250.00]");
        assertThat(value("PaymentAnswer", "{\"iban\": \"FR76\", \"amount\": 5}")).startsWith("BankTransfer");
        assertThat(errors("PaymentAnswer", "{\"type\": \"cash\", \"amount\": 5}"))
                .extracting(AnswerError::path).containsExactly("$.type");
    }

    @Test
    void datesTimesDecimalsAndOptionalUnionsAreRead() {
        String text = """
                Invoice extracted:
                ```json
                {"number": "INV-2024-0117", "issued": "2024-03-01", "due": "2024-03-31",
                 "lines": [{"description": "Consulting", "quantity": 3, "unitPrice": "120.00"},
                           {"description": "Travel", "quantity": 1.0, "unitPrice": 84.5}],
                 "payment": {"type": "card", "last4": "0005", "amount": 444.50},
                 "total": 444.50, "received": "2024-03-02T09:15:00+01:00"}
                ```""";
        assertThat(value("InvoiceAnswer", text)).isEqualTo("Invoice[number=INV-2024-0117, issued=2024-03-01,"
                + " due=2024-03-31, lines=[Line[description=Consulting, quantity=3, unitPrice=120.00],"
                + " Line[description=Travel, quantity=1, unitPrice=84.5]], payment=Optional[Card[last4=0005,"
                + " amount=444.50]], total=444.50, received=2024-03-02T09:15+01:00]");
        assertThat(errors("InvoiceAnswer", text.replace("2024-03-31", "end of March")))
                .extracting(AnswerError::path).containsExactly("$.due");
    }

    @Test
    void recursiveRecordsAreRead() {
        String text = "{\"heading\": \"Intro\", \"children\": [{\"heading\": \"Scope\", \"children\": []},"
                + " {\"heading\": \"Terms\", \"children\": [{\"heading\": \"Glossary\", \"children\": []}]}]}";
        assertThat(value("Outline_SectionAnswer", text)).isEqualTo("Section[heading=Intro, children=["
                + "Section[heading=Scope, children=[]], Section[heading=Terms, children=[Section[heading=Glossary,"
                + " children=[]]]]]]");
    }

    @Test
    void anObjectSentAsAStringIsDecoded() {
        String text = "```json\n\"{\\\"heading\\\": \\\"Intro\\\", \\\"children\\\": []}\"\n```";
        ParsedAnswer<?> p = type("Outline_SectionAnswer").parse(text);
        assertThat(p.value().orElseThrow().toString()).isEqualTo("Section[heading=Intro, children=[]]");
        assertThat(p.repairs()).contains(Repair.ARGUMENTS_DECODED);
    }
}
