package dev.calltype.runtime;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What was found in one model response: the calls in text order, the errors, and the text an end
 * user should see.
 *
 * <p>Nothing is lost: the {@link #segments()} tile the response, every character in exactly one of
 * prose, a call, an error or a reasoning block.
 */
public final class Extraction {

    /**
     * A span of the response and what it was found to be.
     *
     * @param kind what the span is
     * @param start offset of its first character in the response
     * @param end offset just past its last character ({@code start} for an empty span)
     */
    public record Segment(Kind kind, int start, int end) {
        /** What a span of the response is. */
        public enum Kind {
            /** Prose for the end user: part of {@link Extraction#text()}. */
            TEXT,
            /** A call returned in {@link Extraction#calls()}, its markup included. */
            CALL,
            /** A call attempt that failed, reported in {@link Extraction#errors()} (or past the error limit). */
            ERROR,
            /** A reasoning block ({@code <think>} and the like), kept out of {@link Extraction#text()}. */
            REASONING
        }

        /**
         * Checks the span.
         *
         * @param kind what the span is
         * @param start offset of its first character in the response
         * @param end offset just past its last character ({@code start} for an empty span)
         * @throws NullPointerException when {@code kind} is {@code null}
         * @throws IllegalArgumentException when the span is negative or ends before it starts
         */
        public Segment {
            Objects.requireNonNull(kind, "kind");
            if (start < 0 || end < start) {
                throw new IllegalArgumentException("bad span [" + start + ", " + end + ")");
            }
        }
    }

    private final List<ToolCall> calls;
    private final List<ExtractionError> errors;
    private final String text;
    private final List<Segment> segments;
    private final String correctionPrompt;

    /**
     * Made by the extractor; the lists are copied.
     *
     * @param calls the calls, in text order
     * @param errors the failed call attempts, in text order
     * @param text the response without call markup and reasoning
     * @param segments the spans tiling the response, in order
     * @param correctionPrompt the message for the model when there are errors, else {@code null}
     */
    public Extraction(List<ToolCall> calls, List<ExtractionError> errors, String text, List<Segment> segments,
                      String correctionPrompt) {
        this.calls = List.copyOf(calls);
        this.errors = List.copyOf(errors);
        this.text = Objects.requireNonNull(text, "text");
        this.segments = List.copyOf(segments);
        this.correctionPrompt = correctionPrompt;
        if (!this.errors.isEmpty() && correctionPrompt == null) {
            throw new IllegalArgumentException("an extraction with errors needs a correction prompt");
        }
    }

    /**
     * The calls, in the order they appear in the text.
     *
     * @return the calls, an unmodifiable list, empty when there are none
     */
    public List<ToolCall> calls() {
        return calls;
    }

    /**
     * The call attempts that could not be read, in text order.
     *
     * @return the errors, an unmodifiable list, empty when every attempt was read
     */
    public List<ExtractionError> errors() {
        return errors;
    }

    /**
     * The response with tool-call markup and reasoning blocks removed: what an end user should see.
     *
     * @return the {@code TEXT} segments joined, never {@code null} ({@code ""} when the response was only calls)
     */
    public String text() {
        return text;
    }

    /**
     * How the response divides into prose, calls, errors and reasoning, in order, without gaps. Each call and each
     * error has its segment, in the same order; past {@link ExtractionLimits#maxErrors} the errors not reported
     * still have {@code ERROR} segments (adjacent ones merged), after the error that says so.
     *
     * @return the segments, an unmodifiable list; empty only for an empty response
     */
    public List<Segment> segments() {
        return segments;
    }

    /**
     * The first call, if any.
     *
     * @return the first of {@link #calls()}, or empty when there are none
     */
    public Optional<ToolCall> first() {
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls.get(0));
    }

    /**
     * Whether any call was found.
     *
     * @return {@code true} when {@link #calls()} is not empty
     */
    public boolean hasCalls() {
        return !calls.isEmpty();
    }

    /**
     * Whether any call attempt failed.
     *
     * @return {@code true} when {@link #errors()} is not empty, and so a {@link #correctionPrompt()} is present
     */
    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    /**
     * When there are errors: a message to send back to the model saying what was wrong and showing
     * the expected format.
     *
     * @return the correction prompt, present exactly when {@link #hasErrors()}
     */
    public Optional<String> correctionPrompt() {
        return Optional.ofNullable(correctionPrompt);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Extraction e && calls.equals(e.calls) && errors.equals(e.errors) && text.equals(e.text)
                && segments.equals(e.segments) && Objects.equals(correctionPrompt, e.correctionPrompt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(calls, errors, text, segments);
    }

    @Override
    public String toString() {
        return "Extraction[calls=" + calls + ", errors=" + errors + ", text=" + text + "]";
    }
}
