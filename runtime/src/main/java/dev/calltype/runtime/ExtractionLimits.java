package dev.calltype.runtime;

/**
 * Bounds on what the extractor reads from one response. Exceeding one is reported as a
 * {@link ExtractionError.Kind#LIMIT_EXCEEDED} error, never thrown.
 *
 * <p>One candidate (a call, or text that may become one) may span at most
 * {@code min(maxPayloadChars, maxBufferChars)} characters: beyond that it is decided as if the response ended there,
 * and a call still open at that point is a {@code LIMIT_EXCEEDED} error naming the smaller of the two limits. The
 * rule is the same in batch and streaming, so both give the same result; it is what bounds the text a streaming
 * extractor holds back.
 *
 * @param maxPayloadChars the longest text one call may span
 * @param maxDepth the deepest nesting of arrays and objects in a call
 * @param maxCalls the most calls returned from one response; later ones are errors
 * @param maxStringChars the longest string value, in JSON and pythonic calls and in the raw parameter values of
 *     the XML-style formats
 * @param maxNumberDigits the most characters in one number
 * @param maxBufferChars the most characters a streaming extractor holds back for one open candidate; applied to
 *     batch extraction too (as a bound on one candidate), so that batch and streaming agree
 * @param maxErrors the most errors reported for one response; the next one is a {@code LIMIT_EXCEEDED} error saying
 *     that later errors are not reported (their text is still kept out of {@code text()}), so hostile output full of
 *     broken calls costs memory bounded by this limit, not by its length
 */
public record ExtractionLimits(int maxPayloadChars, int maxDepth, int maxCalls, int maxStringChars,
                               int maxNumberDigits, int maxBufferChars, int maxErrors) {

    /** The default of {@link #maxErrors}. */
    public static final int DEFAULT_MAX_ERRORS = 1000;

    /**
     * Payload 16 Mi chars, depth 512, 1,000 calls, strings 16 Mi chars, 1,000 digits, buffer 64 Mi chars, 1,000
     * errors.
     */
    public static final ExtractionLimits DEFAULTS =
            new ExtractionLimits(16 << 20, 512, 1000, 16 << 20, 1000, 64 << 20, DEFAULT_MAX_ERRORS);

    /**
     * Checks the limits.
     *
     * @param maxPayloadChars the longest text one call may span
     * @param maxDepth the deepest nesting of arrays and objects in a call
     * @param maxCalls the most calls returned from one response; later ones are errors
     * @param maxStringChars the longest string value, in JSON and pythonic calls and in the raw parameter values of
     *     the XML-style formats
     * @param maxNumberDigits the most characters in one number
     * @param maxBufferChars the most characters a streaming extractor holds back for one open candidate; applied to
     *     batch extraction too (as a bound on one candidate), so that batch and streaming agree
     * @param maxErrors the most errors reported for one response; the next one is a {@code LIMIT_EXCEEDED} error saying
     *     that later errors are not reported (their text is still kept out of {@code text()}), so hostile output full of
     *     broken calls costs memory bounded by this limit, not by its length
     * @throws IllegalArgumentException when a limit is below 1
     */
    public ExtractionLimits {
        if (maxPayloadChars < 1 || maxDepth < 1 || maxCalls < 1 || maxStringChars < 1 || maxNumberDigits < 1
                || maxBufferChars < 1 || maxErrors < 1) {
            throw new IllegalArgumentException("every limit must be at least 1");
        }
    }

    /**
     * The limits given, with {@link #DEFAULT_MAX_ERRORS} errors.
     *
     * @param maxPayloadChars the longest text one call may span
     * @param maxDepth the deepest nesting of arrays and objects in a call
     * @param maxCalls the most calls returned from one response
     * @param maxStringChars the longest string value
     * @param maxNumberDigits the most characters in one number
     * @param maxBufferChars the most characters held back for one open candidate
     * @throws IllegalArgumentException when a limit is below 1
     */
    public ExtractionLimits(int maxPayloadChars, int maxDepth, int maxCalls, int maxStringChars, int maxNumberDigits,
                            int maxBufferChars) {
        this(maxPayloadChars, maxDepth, maxCalls, maxStringChars, maxNumberDigits, maxBufferChars,
                DEFAULT_MAX_ERRORS);
    }

    /**
     * These limits with another {@link #maxPayloadChars}.
     *
     * @param v the longest text one call may span, at least 1
     * @return new limits; these are unchanged
     * @throws IllegalArgumentException when {@code v} is below 1
     */
    public ExtractionLimits withMaxPayloadChars(int v) {
        return new ExtractionLimits(v, maxDepth, maxCalls, maxStringChars, maxNumberDigits, maxBufferChars, maxErrors);
    }

    /**
     * These limits with another {@link #maxDepth}.
     *
     * @param v the deepest nesting of arrays and objects in a call, at least 1
     * @return new limits; these are unchanged
     * @throws IllegalArgumentException when {@code v} is below 1
     */
    public ExtractionLimits withMaxDepth(int v) {
        return new ExtractionLimits(maxPayloadChars, v, maxCalls, maxStringChars, maxNumberDigits, maxBufferChars,
                maxErrors);
    }

    /**
     * These limits with another {@link #maxCalls}.
     *
     * @param v the most calls returned from one response, at least 1
     * @return new limits; these are unchanged
     * @throws IllegalArgumentException when {@code v} is below 1
     */
    public ExtractionLimits withMaxCalls(int v) {
        return new ExtractionLimits(maxPayloadChars, maxDepth, v, maxStringChars, maxNumberDigits, maxBufferChars,
                maxErrors);
    }

    /**
     * These limits with another {@link #maxStringChars}.
     *
     * @param v the longest string value, at least 1
     * @return new limits; these are unchanged
     * @throws IllegalArgumentException when {@code v} is below 1
     */
    public ExtractionLimits withMaxStringChars(int v) {
        return new ExtractionLimits(maxPayloadChars, maxDepth, maxCalls, v, maxNumberDigits, maxBufferChars,
                maxErrors);
    }

    /**
     * These limits with another {@link #maxNumberDigits}.
     *
     * @param v the most characters in one number, at least 1
     * @return new limits; these are unchanged
     * @throws IllegalArgumentException when {@code v} is below 1
     */
    public ExtractionLimits withMaxNumberDigits(int v) {
        return new ExtractionLimits(maxPayloadChars, maxDepth, maxCalls, maxStringChars, v, maxBufferChars,
                maxErrors);
    }

    /**
     * These limits with another {@link #maxBufferChars}.
     *
     * @param v the most characters held back for one open candidate, at least 1
     * @return new limits; these are unchanged
     * @throws IllegalArgumentException when {@code v} is below 1
     */
    public ExtractionLimits withMaxBufferChars(int v) {
        return new ExtractionLimits(maxPayloadChars, maxDepth, maxCalls, maxStringChars, maxNumberDigits, v,
                maxErrors);
    }

    /**
     * These limits with another {@link #maxErrors}.
     *
     * @param v the most errors reported for one response, at least 1
     * @return new limits; these are unchanged
     * @throws IllegalArgumentException when {@code v} is below 1
     */
    public ExtractionLimits withMaxErrors(int v) {
        return new ExtractionLimits(maxPayloadChars, maxDepth, maxCalls, maxStringChars, maxNumberDigits,
                maxBufferChars, v);
    }
}
