package dev.calltype.runtime.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.AnswerStream;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A model decorator written the obvious way (a timing {@code ModelClient} that wraps a model and hands the request on
 * to its one method) keeps what the inner model does: a model that sends the answer's schema still gets the answer
 * type and no prompt instructions, one that cannot gets the instructions, and native tools still reach the model.
 */
class ModelDecoratorTest {

    private static final List<ChatMessage> ASK = List.of(ChatMessage.user("How many legs has a spider?"));

    /** A whole-number answer, read from the text's digits. */
    static final class Count implements AnswerType<Integer> {
        @Override
        public String name() {
            return "count";
        }

        @Override
        public String schemaJson(SchemaDialect dialect) {
            return "{\"type\":\"integer\"}";
        }

        @Override
        public String formatInstructions() {
            return "Answer with a whole number only, such as 3.";
        }

        @Override
        public ParsedAnswer<Integer> parse(CharSequence text) {
            String digits = text.toString().strip();
            if (!digits.isEmpty() && digits.chars().allMatch(Character::isDigit)) {
                return new ParsedAnswer<>(Integer.valueOf(digits), List.of(), List.of(), List.of(), null);
            }
            return new ParsedAnswer<>(null, List.of(new AnswerError(AnswerError.Kind.NOT_FOUND, "$",
                    "no whole number")), List.of(), List.of(), "Answer with a whole number only.");
        }

        @Override
        public AnswerStream<Integer> streaming() {
            throw new UnsupportedOperationException("Answers.ask reads whole replies");
        }
    }

    /** A model that sends the answer's schema when asked for one, as OpenAiChatModel does: it records what it got. */
    static final class SchemaModel implements ModelClient {
        final List<ModelRequest> requests = new ArrayList<>();

        @Override
        public ModelReply send(ModelRequest request, ReplyListener listener) {
            requests.add(request);
            // what goes to the server: the messages as they are, and the schema beside them
            return ModelReply.text(request.answer() != null ? "8" : "no schema: " + request.promptMessages().size());
        }
    }

    /** The decorator a user writes: wrap, time, hand the request on. */
    static final class Timed implements ModelClient {
        final ModelClient inner;
        final List<Duration> timings = new ArrayList<>();

        Timed(ModelClient inner) {
            this.inner = inner;
        }

        @Override
        public ModelReply send(ModelRequest request, ReplyListener listener) throws Exception {
            long t0 = System.nanoTime();
            try {
                return inner.send(request, listener);
            } finally {
                timings.add(Duration.ofNanos(System.nanoTime() - t0));
            }
        }
    }

    @Test
    void theAnswerTypeReachesAModelThatSendsTheSchemaThroughATimingDecorator() throws Exception {
        SchemaModel model = new SchemaModel();
        Timed timed = new Timed(model);

        ParsedAnswer<Integer> answer = Answers.ask(timed, new Count(), ASK);

        assertThat(answer.value()).contains(8);
        assertThat(timed.timings).hasSize(1);
        assertThat(model.requests).hasSize(1);
        ModelRequest got = model.requests.get(0);
        assertThat(got.answer()).isInstanceOf(Count.class);
        assertThat(got.messages()).isEqualTo(ASK); // no instructions added: the schema does their work
        assertThat(got.tools()).isEmpty();
    }

    @Test
    void aModelThatCannotSendTheSchemaGetsTheInstructionsThroughATimingDecorator() throws Exception {
        List<List<ChatMessage>> seen = new ArrayList<>();
        // README: a model from a function
        ModelClient plain = ModelClient.of((messages, tools) -> {
            seen.add(messages);                              // with the answer's instructions first
            return ModelReply.text(seen.size() == 1 ? "Eight." : "8");
        });
        // README end
        Timed timed = new Timed(plain);

        ParsedAnswer<Integer> answer = Answers.ask(timed, new Count(), ASK);

        assertThat(answer.value()).contains(8);
        assertThat(timed.timings).hasSize(2);
        assertThat(seen).hasSize(2);
        assertThat(seen.get(0)).extracting(ChatMessage::content)
                .containsExactly("Answer with a whole number only, such as 3.", "How many legs has a spider?");
        // the correction goes on after the instructions, which stay first
        assertThat(seen.get(1)).extracting(ChatMessage::content).containsExactly(
                "Answer with a whole number only, such as 3.", "How many legs has a spider?", "Eight.",
                "Answer with a whole number only.");
    }

    @Test
    void aDecoratorWrittenAsALambdaKeepsNativeToolsInTheLoop() {
        Toolkit toolkit = Toolkits.fromJson("[{\"name\":\"legs\",\"description\":\"Counts legs\",\"parameters\":"
                + "{\"type\":\"object\",\"properties\":{}}}]", (name, args) -> TextNode.valueOf("8"));
        List<List<ToolSpec>> offered = new ArrayList<>();
        ModelClient inner = (request, listener) -> {
            offered.add(request.tools());
            return offered.size() == 1 ? ModelReply.calls(ToolCall.of("legs").withId("c1")) : ModelReply.text("8.");
        };
        List<ModelRequest> timed = new ArrayList<>();
        ModelClient decorator = (request, listener) -> {
            timed.add(request);
            return inner.send(request, listener);
        };

        ToolLoop.Outcome outcome = ToolLoop.builder(decorator, toolkit).mode(ToolLoop.Mode.NATIVE).build()
                .run("How many legs?");

        assertThat(outcome.answer()).isEqualTo("8.");
        assertThat(offered).hasSize(2).allSatisfy(tools -> assertThat(tools).extracting(ToolSpec::name)
                .containsExactly("legs"));
        assertThat(timed).hasSize(2);
    }
}
