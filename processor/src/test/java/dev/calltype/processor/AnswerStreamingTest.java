package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.AnswerStream;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.PartialAnswer;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Streaming answers: for every test answer and every split of it, the stream's final result equals the batch
 * parse, and the typed members it reported on the way are final (what the whole answer holds).
 */
class AnswerStreamingTest {

    private static AnswerType<?> type(String name) {
        return AnswerTypesTest.type(name);
    }

    /** Answers by type: valid ones, repaired ones, invalid, truncated and unreadable ones. */
    private static final Map<String, List<String>> ANSWERS = Map.of(
            "RecipeAnswer", List.of(
                    "Here it is:\n```json\n{\"title\": \"Shakshuka\", \"servings\": 2, \"ingredients\": [{\"name\":"
                            + " \"eggs\", \"grams\": 240}, {\"name\": \"tomatoes\"}], \"steps\": [\"Simmer, then add"
                            + " eggs.\"], \"tags\": [\"brunch\"], \"nutrition\": {\"kcal\": 320}, \"note\": \"Serve"
                            + " with bread {or pita}.\"}\n```\nEnjoy!",
                    "<think>Two servings; {draft}</think>{title: 'Toast', servings: '1', ingredients: [],"
                            + " steps: ['Toast.',], tags: 'quick', nutrition: {}, difficulty: 'easy', extra: True,}",
                    "{\"title\": \"Toast\", \"servings\": 2.5, \"ingredients\": [], \"steps\": [], \"tags\": [],"
                            + " \"nutrition\": {}}",
                    "Sure: {\"title\": \"Toast\", \"servings\": 1, \"ingredients\": [{\"name\": \"br",
                    "I cannot help with that.",
                    "{\"title\": \"A\", \"servings\": 0} then {\"title\": \"B\", \"servings\": 3, \"ingredients\":"
                            + " [], \"steps\": [], \"tags\": [], \"nutrition\": {}}"),
            "SentimentAnswer", List.of("<think>praise</think>Positive.", "```json\n\"negative\"\n```",
                    "{\"value\": \"NEUTRAL\"}"),
            "PaymentAnswer", List.of("{\"type\": \"card\", \"last4\": \"4242\", \"amount\": 19.99}",
                    "{\"value\": {\"iban\": \"DE89\", \"amount\": \"5\"}}"),
            "Outline_SectionAnswer", List.of("{\"heading\": \"Intro\", \"children\": [{\"heading\": \"Scope\","
                    + " \"children\": []}]}"),
            "InvoiceAnswer", List.of("```json\n{\"number\": \"INV-7\", \"issued\": \"2024-03-01\", \"due\":"
                    + " \"2024-03-31\", \"lines\": [{\"description\": \"Consulting\", \"quantity\": 3, \"unitPrice\":"
                    + " 120}], \"total\": 360, \"received\": \"2024-03-02T09:15:00Z\"}\n```"));

    @Test
    void everySplitOfEveryAnswerEndsWithTheBatchResult() {
        int checked = 0;
        for (Map.Entry<String, List<String>> e : ANSWERS.entrySet()) {
            AnswerType<?> type = type(e.getKey());
            for (String text : e.getValue()) {
                ParsedAnswer<?> batch = type.parse(text);
                for (int cut = 0; cut <= text.length(); cut++) {
                    AnswerStream<?> stream = type.streaming();
                    stream.accept(text.substring(0, cut));
                    PartialAnswer partial = stream.accept(text.substring(cut));
                    ParsedAnswer<?> streamed = stream.finish();
                    assertThat(streamed).as("%s split at %d", text, cut).isEqualTo(batch);
                    membersAreFinal(partial, batch, text);
                    checked++;
                }
                AnswerStream<?> stream = type.streaming();
                for (int i = 0; i < text.length(); i++) {
                    membersAreFinal(stream.accept(text.substring(i, i + 1)), batch, text);
                }
                assertThat(stream.finish()).as("%s a character at a time", text).isEqualTo(batch);
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    @Test
    void membersArriveTypedAsEachCompletes() {
        AnswerStream<?> stream = type("RecipeAnswer").streaming();
        assertThat(stream.accept("Here you go: {\"title\": \"Shaksh").members()).isEmpty();
        PartialAnswer p = stream.accept("uka\", \"servings\": 2");
        assertThat(p.get("title", String.class)).hasValue("Shakshuka");
        assertThat(p.isFinal("title")).isTrue();
        assertThat(p.isFinal("servings")).isFalse(); // 2 may go on: 20, 2.5
        p = stream.accept(", \"ingredients\": [{\"name\": \"eggs\"}, {\"name\": \"tomatoes\"}], \"steps\": [");
        assertThat(p.get("servings", Integer.class)).hasValue(2);
        assertThat(p.get("ingredients", List.class).orElseThrow()).hasSize(2);
        assertThat(p.get("ingredients", List.class).orElseThrow().get(0).toString())
                .isEqualTo("Ingredient[name=eggs, grams=null]");
        assertThat(p.complete()).isFalse();
        p = stream.accept("\"Simmer.\"], \"tags\": [], \"nutrition\": {}}\nEnjoy!");
        assertThat(p.complete()).isTrue();
        assertThat(p.members().keySet()).containsExactly("title", "servings", "ingredients", "steps", "tags",
                "nutrition");
        assertThat(stream.finish().value().orElseThrow().toString()).startsWith("Recipe[title=Shakshuka, servings=2,");
    }

    @Test
    void theGeneratedPartialRecordHoldsTheCompleteMembersTyped() throws Exception {
        AnswerStream<?> stream = type("RecipeAnswer").streaming();
        PartialAnswer snapshot = stream.accept("{\"title\": \"Toast\", \"servings\": 1, \"ingredients\": [{\"name\":");
        Class<?> answer = AnswerTypesTest.compiled().load("com.example.answers.RecipeAnswer");
        Object partial = answer.getMethod("partial", PartialAnswer.class).invoke(null, snapshot);
        Class<?> type = partial.getClass();
        assertThat(type.getName()).isEqualTo("com.example.answers.RecipeAnswer$Partial");
        assertThat(type.getMethod("title").invoke(partial)).isEqualTo("Toast");
        assertThat(type.getMethod("servings").invoke(partial)).isEqualTo(1);
        assertThat(type.getMethod("ingredients").invoke(partial)).isNull();
        assertThat(type.getMethod("isFinal", String.class).invoke(partial, "servings")).isEqualTo(true);
        assertThat(type.getMethod("isFinal", String.class).invoke(partial, "ingredients")).isEqualTo(false);
        assertThat(type.getMethod("complete").invoke(partial)).isEqualTo(java.util.Set.of("title", "servings"));
    }

    /** Every member a partial reports is what the whole answer holds, when the whole answer is read. */
    private static void membersAreFinal(PartialAnswer partial, ParsedAnswer<?> batch, String text) {
        Object value = batch.value().orElse(null);
        if (value == null || !value.getClass().isRecord() || !partial.complete() && !batch.ignored().isEmpty()) {
            return;
        }
        if (text.contains("then {")) {
            return; // two objects: the first one's members are not the answer's
        }
        for (Map.Entry<String, Object> m : partial.members().entrySet()) {
            for (RecordComponent c : value.getClass().getRecordComponents()) {
                if (c.getName().equals(m.getKey())) {
                    try {
                        Object whole = c.getAccessor().invoke(value);
                        assertThat(m.getValue()).as("member %s of %s", m.getKey(), text)
                                .isEqualTo(whole);
                    } catch (ReflectiveOperationException e) {
                        throw new AssertionError(e);
                    }
                }
            }
        }
    }
}
