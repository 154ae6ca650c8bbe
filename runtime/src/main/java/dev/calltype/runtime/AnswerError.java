package dev.calltype.runtime;

import java.util.Objects;

/**
 * Why a model's text could not be read as a typed answer, or what of it does not fit the type.
 *
 * @param kind what went wrong
 * @param path where in the answer: a JSON path such as {@code $.ingredients[2].grams}, {@code $} for the answer as
 *     a whole
 * @param message what is wrong, written for a person and for the model
 */
public record AnswerError(Kind kind, String path, String message) {

    /** The kinds of failure. */
    public enum Kind {
        /** The text holds no JSON value that could be the answer. */
        NOT_FOUND,
        /** The answer's JSON cannot be read, even leniently. */
        MALFORMED,
        /** The text ends inside the answer (or inside reasoning): nothing is completed or guessed. */
        TRUNCATED,
        /** A member is missing, of the wrong kind, out of bounds or not allowed by the type. */
        INVALID_VALUE,
        /** A limit (size, nesting depth) was exceeded. */
        LIMIT_EXCEEDED,
        /**
         * The text holds an answer and, after it, a partial object that changes some of its members (a correction
         * written as a patch): which values are meant is not guessed.
         */
        AMBIGUOUS
    }

    /**
     * Checks the components.
     *
     * @param kind what went wrong
     * @param path where in the answer
     * @param message what is wrong
     * @throws NullPointerException when a component is {@code null}
     */
    public AnswerError {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }
}
