package dev.calltype.runtime.support;

import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.ParsedAnswer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reader's problems are data (a path, a kind, a detail), worded where they are shown: "parameter 'qty' …" for a
 * tool, "member 'qty' …" at {@code $.qty} for a typed answer, from the same support call. Nothing rewrites a message
 * after it was written, so a value the model wrote is quoted as written, whatever it says.
 */
class ProblemWordingTest {

    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"qty\":{\"type\":\"integer\"},"
            + "\"label\":{\"type\":\"string\"}},\"required\":[\"qty\"]}";

    private record Line(int qty, String label) {
    }

    /** What a generated reader does: every problem goes through the support calls. */
    private static Line read(JsonNode node, List<String> problems) {
        com.fasterxml.jackson.databind.node.ObjectNode object = Coercion.toObject(node, "", problems);
        if (object == null) {
            return null;
        }
        AnswerSupport.ignoreUnknown(object, "", List.of("qty", "label"), problems);
        JsonNode qty = object.get("qty");
        Integer q = null;
        if (ArgumentSupport.absent(qty)) {
            ArgumentSupport.missing("qty", qty, problems);
        } else {
            q = Coercion.toInt(qty, "", "qty", problems);
        }
        return problems.isEmpty() ? new Line(q, null) : null;
    }

    private static ParsedAnswer<Line> parse(String text) {
        return AnswerSupport.parse(text, new AnswerTexts("Line", "", SCHEMA, true), ProblemWordingTest::read);
    }

    @Test
    void oneProblemIsWordedForAToolAndForAnAnswer() {
        List<String> tool = new ArrayList<>();
        read(JsonNodeFactory.instance.objectNode().put("qty", "many"), tool);
        assertThat(tool).containsExactly("parameter 'qty' must be an integer, got \"many\"");

        ParsedAnswer<Line> answer = parse("{\"qty\": \"many\"}");
        assertThat(answer.errors()).containsExactly(new AnswerError(AnswerError.Kind.INVALID_VALUE, "$.qty",
                "member 'qty' must be an integer, got \"many\""));
    }

    @Test
    void aMissingMemberIsNamedAtItsPath() {
        ParsedAnswer<Line> answer = parse("{\"label\": \"x\"}");
        assertThat(answer.errors()).containsExactly(new AnswerError(AnswerError.Kind.INVALID_VALUE, "$.qty",
                "member 'qty' is required"));
    }

    @Test
    void theModelsOwnWordsAreQuotedAsWritten() {
        // the value reads like a message's own words; it is quoted, never reworded
        ParsedAnswer<Line> answer = parse("{\"qty\": \"see parameter 'count'\"}");
        assertThat(answer.errors()).extracting(AnswerError::message)
                .containsExactly("member 'qty' must be an integer, got \"see parameter 'count'\"");
    }
}
