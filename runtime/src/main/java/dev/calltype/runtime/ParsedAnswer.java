package dev.calltype.runtime;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link AnswerType#parse} read from a model's text: the typed value, or the errors that kept it from being
 * read, never both. Immutable.
 *
 * @param <T> the answer's type
 */
public final class ParsedAnswer<T> {

    private final T value;
    private final List<AnswerError> errors;
    private final List<Repair> repairs;
    private final List<String> ignored;
    private final String correctionPrompt;

    /**
     * A result.
     *
     * @param value the answer, or {@code null} when it could not be read
     * @param errors why it could not be read; empty exactly when {@code value} is not {@code null}
     * @param repairs what was repaired to read the answer's JSON
     * @param ignored the JSON paths of members the type does not have, which were left out
     * @param correctionPrompt the text to send back to the model when there are errors, else {@code null}
     * @throws IllegalArgumentException when there is both a value and errors, or neither
     */
    public ParsedAnswer(T value, List<AnswerError> errors, List<Repair> repairs, List<String> ignored,
                        String correctionPrompt) {
        this.errors = List.copyOf(errors);
        if ((value == null) == this.errors.isEmpty()) {
            throw new IllegalArgumentException("a parsed answer has a value or errors, not both or neither");
        }
        this.value = value;
        this.repairs = List.copyOf(repairs);
        this.ignored = List.copyOf(ignored);
        this.correctionPrompt = value == null ? Objects.requireNonNull(correctionPrompt, "correctionPrompt") : null;
    }

    /**
     * The answer, when it was read.
     *
     * @return the value, or empty when there are {@link #errors()}
     */
    public Optional<T> value() {
        return Optional.ofNullable(value);
    }

    /**
     * Whether the answer was read.
     *
     * @return {@code true} when there is a value
     */
    public boolean isValid() {
        return value != null;
    }

    /**
     * Why the answer could not be read, each with its JSON path; empty when it was.
     *
     * @return the errors, in the order found
     */
    public List<AnswerError> errors() {
        return errors;
    }

    /**
     * What the lenient reader repaired in the answer's JSON (trailing commas, single quotes, comments, Python
     * literals, a JSON value sent as a string, …), each once.
     *
     * @return the repairs, in the order first applied
     */
    public List<Repair> repairs() {
        return repairs;
    }

    /**
     * Members the answer had that its type does not: left out, not an error.
     *
     * @return their JSON paths, in the order met
     */
    public List<String> ignored() {
        return ignored;
    }

    /**
     * The message to send back to the model so that it writes a readable answer: every error, with what to do.
     *
     * @return the prompt, or empty when the answer was read
     */
    public Optional<String> correctionPrompt() {
        return Optional.ofNullable(correctionPrompt);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParsedAnswer<?> p && Objects.equals(value, p.value) && errors.equals(p.errors)
                && repairs.equals(p.repairs) && ignored.equals(p.ignored)
                && Objects.equals(correctionPrompt, p.correctionPrompt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, errors, repairs, ignored);
    }

    @Override
    public String toString() {
        return value != null ? "ParsedAnswer[value=" + value + ", repairs=" + repairs + ", ignored=" + ignored + "]"
                : "ParsedAnswer[errors=" + errors + "]";
    }
}
