package dev.calltype.springai;

import dev.calltype.runtime.AnswerError;
import dev.calltype.runtime.AnswerType;
import dev.calltype.runtime.ParsedAnswer;
import dev.calltype.runtime.SchemaDialect;
import java.util.Objects;
import org.springframework.ai.converter.StructuredOutputConverter;

/**
 * A Spring AI {@link StructuredOutputConverter} over a generated answer type, for
 * {@code ChatClient…call().entity(converter)}: its format is the answer's prompt instructions, and it reads the
 * reply leniently (prose, fences, {@code <think>} blocks, repairs and coercions) where {@code BeanOutputConverter}
 * wants bare JSON. A reply that cannot be read is an {@link IllegalArgumentException} listing every error, as
 * Spring's {@code Converter} contract asks; {@link #parse} gives the errors as values instead, with the correction
 * prompt to send back.
 *
 * @param <T> the answer's Java type
 */
public final class AnswerConverter<T> implements StructuredOutputConverter<T> {

    private final AnswerType<T> type;

    private AnswerConverter(AnswerType<T> type) {
        this.type = Objects.requireNonNull(type, "type");
    }

    /**
     * A converter over an answer type.
     *
     * @param type a generated answer type, such as {@code new RecipeAnswer()}
     * @param <T> the answer's Java type
     * @return the converter
     */
    public static <T> AnswerConverter<T> of(AnswerType<T> type) {
        return new AnswerConverter<>(type);
    }

    /**
     * Reads the answer.
     *
     * @param text the model's reply
     * @return the answer
     * @throws IllegalArgumentException when the reply holds no readable answer; the message lists every error
     */
    @Override
    public T convert(String text) {
        ParsedAnswer<T> parsed = type.parse(text == null ? "" : text);
        return parsed.value().orElseThrow(() -> new IllegalArgumentException(describe(parsed)));
    }

    /**
     * Reads the answer without throwing.
     *
     * @param text the model's reply
     * @return the answer, or its errors and correction prompt
     */
    public ParsedAnswer<T> parse(String text) {
        return type.parse(text == null ? "" : text);
    }

    /**
     * The answer's prompt instructions, which {@code ChatClient} adds to the user message.
     *
     * @return the instructions
     */
    @Override
    public String getFormat() {
        return type.formatInstructions();
    }

    /**
     * The answer's JSON Schema, for native structured output.
     *
     * @return the schema as compact JSON
     */
    public String getJsonSchema() {
        return type.schemaJson(SchemaDialect.JSON_SCHEMA);
    }

    private String describe(ParsedAnswer<T> parsed) {
        StringBuilder b = new StringBuilder("the reply is not a readable ").append(type.name()).append(':');
        for (AnswerError e : parsed.errors()) {
            b.append("\n- ").append(e.path()).append(": ").append(e.message());
        }
        return b.toString();
    }
}
