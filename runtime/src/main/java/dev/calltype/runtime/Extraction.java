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

    /** A span of the response and what it was found to be. */
    public record Segment(Kind kind, int start, int end) {
        /** What a span of the response is. */
        public enum Kind { TEXT, CALL, ERROR, REASONING }

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
     * Made by the extractor.
     *
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

    /** The calls, in the order they appear in the text. */
    public List<ToolCall> calls() {
        return calls;
    }

    /** The call attempts that could not be read, in text order. */
    public List<ExtractionError> errors() {
        return errors;
    }

    /** The response with tool-call markup and reasoning blocks removed: what an end user should see. */
    public String text() {
        return text;
    }

    /**
     * How the response divides into prose, calls, errors and reasoning, in order, without gaps. Each call and each
     * error has its segment, in the same order; past {@link ExtractionLimits#maxErrors} the errors not reported
     * still have {@code ERROR} segments (adjacent ones merged), after the error that says so.
     */
    public List<Segment> segments() {
        return segments;
    }

    /** The first call, if any. */
    public Optional<ToolCall> first() {
        return calls.isEmpty() ? Optional.empty() : Optional.of(calls.get(0));
    }

    /** Whether any call was found. */
    public boolean hasCalls() {
        return !calls.isEmpty();
    }

    /** Whether any call attempt failed. */
    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    /**
     * When there are errors: a message to send back to the model saying what was wrong and showing
     * the expected format.
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
