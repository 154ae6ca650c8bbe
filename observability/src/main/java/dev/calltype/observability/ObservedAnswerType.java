package dev.calltype.observability;

import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.AnswerStream;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.SchemaDialect;

import java.util.Objects;

/**
 * An {@link AnswerType} whose {@link #parse} is recorded: a {@code calltype.answer.parse} operation tagged with the
 * answer's name and whether it was valid, the first error's kind as {@code error.type}, and each repair and error
 * counted ({@code calltype.repairs}, {@code calltype.refusals}, source {@code answer}). Everything else is the
 * wrapped type's; {@link #streaming()} is not recorded.
 *
 * @param <T> the answer's Java type
 */
final class ObservedAnswerType<T> implements AnswerType<T> {

    private final AnswerType<T> type;
    private final Backend backend;

    ObservedAnswerType(AnswerType<T> type, Backend backend) {
        this.type = Objects.requireNonNull(type, "type");
        this.backend = backend;
    }

    @Override
    public String name() {
        return type.name();
    }

    @Override
    public String schemaJson(SchemaDialect dialect) {
        return type.schemaJson(dialect);
    }

    @Override
    public String formatInstructions() {
        return type.formatInstructions();
    }

    @Override
    public ParsedAnswer<T> parse(CharSequence text) {
        Backend.Operation op = backend.start(null, GenAi.PARSE_METRIC, "parse " + type.name(), Backend.Kind.INTERNAL,
                false);
        op.low(GenAi.ANSWER_NAME, type.name());
        ParsedAnswer<T> parsed;
        try {
            parsed = type.parse(text);
        } catch (RuntimeException | Error e) {
            op.low(GenAi.ANSWER_OUTCOME, "invalid");
            op.error(e.getClass().getName(), e);
            op.end();
            throw e;
        }
        for (Repair repair : parsed.repairs()) {
            backend.count(GenAi.REPAIRS_METRIC, GenAi.REPAIR, repair.name(), GenAi.SOURCE, "answer");
        }
        for (AnswerError error : parsed.errors()) {
            backend.count(GenAi.REFUSALS_METRIC, GenAi.REFUSAL, error.kind().name(), GenAi.SOURCE, "answer");
        }
        if (parsed.isValid()) {
            op.low(GenAi.ANSWER_OUTCOME, "valid");
            op.succeeded();
        } else {
            op.low(GenAi.ANSWER_OUTCOME, "invalid");
            op.error(parsed.errors().isEmpty() ? "invalid" : parsed.errors().get(0).kind().name(), null);
        }
        op.end();
        return parsed;
    }

    @Override
    public AnswerStream<T> streaming() {
        return type.streaming();
    }

    @Override
    public String toString() {
        return "Observed" + type;
    }
}
