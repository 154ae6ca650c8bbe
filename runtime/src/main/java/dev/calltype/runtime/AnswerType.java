package dev.calltype.runtime;

/**
 * A type a model answers with, as the processor generates it for an {@code @Answer} record, enum or sealed
 * interface ({@code RecipeAnswer} for {@code Recipe}): its schema for providers' structured output, prompt
 * instructions for models without it, and a lenient parser. Implementations are immutable and thread-safe.
 *
 * @param <T> the answer's Java type
 */
public interface AnswerType<T> {

    /**
     * The answer's name, as structured-output requests carry it ({@code response_format}'s
     * {@code json_schema.name}).
     *
     * @return the name, matching {@code ^[a-zA-Z0-9_-]{1,64}$}
     */
    String name();

    /**
     * The answer's JSON Schema in a dialect: the plain schema ({@link SchemaDialect#JSON_SCHEMA}, also what
     * Ollama's {@code format} and llama.cpp's {@code json_schema} take), OpenAI's {@code response_format} object
     * (strict or not), Anthropic's {@code output_format}, Gemini's {@code responseSchema}, an MCP
     * {@code outputSchema}. Where a provider wants an object at the root, an answer that is not a record is
     * wrapped in an object's {@code value} member, and {@link #parse} unwraps it.
     *
     * @param dialect the dialect
     * @return the schema as compact JSON
     */
    String schemaJson(SchemaDialect dialect);

    /**
     * Prompt text asking for this answer, for models without native structured output: the shape, what each
     * member means, a worked example made from the type's own fields.
     *
     * @return the instructions
     */
    String formatInstructions();

    /**
     * Reads the answer out of whatever a model wrote: bare JSON, JSON in a fence, after prose or reasoning,
     * before a sign-off; repairs what is safe to repair and coerces what is unambiguous. Never throws for any
     * text.
     *
     * @param text the model's whole response
     * @return the value, or the errors
     */
    ParsedAnswer<T> parse(CharSequence text);

    /**
     * A parser fed with the response as it streams, reporting the answer's members as each completes.
     *
     * @return a new stream parser, for one response
     */
    AnswerStream<T> streaming();
}
