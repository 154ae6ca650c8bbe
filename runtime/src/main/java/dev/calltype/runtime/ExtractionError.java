package dev.calltype.runtime;

import java.util.Objects;

/**
 * Something in a model's response that was meant as a tool call but could not be returned as one.
 *
 * @param kind what went wrong
 * @param start offset in the response of the first character of the failed call
 * @param end offset just past its last character
 * @param message what is wrong, written for a person and for the model
 * @param snippet the offending text, bounded in length, control characters escaped
 * @param toolName the tool the call named, when it could be read; otherwise {@code null}
 */
public record ExtractionError(Kind kind, int start, int end, String message, String snippet, String toolName) {

    /** The kinds of extraction failure. */
    public enum Kind {
        /** The call's JSON cannot be read, even leniently. */
        MALFORMED_JSON,
        /** The response ended inside the call: it is never completed and never returned. */
        TRUNCATED,
        /** The call names no known tool. */
        UNKNOWN_TOOL,
        /** Explicit tool-call markup whose content is not a call (no name, bad pythonic syntax, …). */
        INVALID_CALL_SYNTAX,
        /** More positional arguments than the tool has parameters. */
        TOO_MANY_POSITIONAL,
        /** A configured limit (payload size, nesting depth, number of calls, …) was exceeded. */
        LIMIT_EXCEEDED,
        /**
         * A call written inside a reasoning block that was never closed, with reasoning after it or in an extractor
         * built not to run such calls ({@link ToolCallExtractor.Builder#runCallsInUnclosedReasoning}): not run, and
         * reported so that it is never dropped silently.
         */
        CALL_IN_REASONING
    }

    /**
     * Checks the components.
     *
     * @param kind what went wrong
     * @param start offset in the response of the first character of the failed call
     * @param end offset just past its last character
     * @param message what is wrong, written for a person and for the model
     * @param snippet the offending text, bounded in length, control characters escaped
     * @param toolName the tool the call named, when it could be read; otherwise {@code null}
     * @throws NullPointerException when {@code kind}, {@code message} or {@code snippet} is {@code null}
     * @throws IllegalArgumentException when the span is negative or ends before it starts
     */
    public ExtractionError {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(snippet, "snippet");
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad span [" + start + ", " + end + ")");
        }
    }

    /**
     * The offset of the failed call in the response; the same as {@link #start()}.
     *
     * @return the offset of the failed call's first character
     */
    public int offset() {
        return start;
    }
}
