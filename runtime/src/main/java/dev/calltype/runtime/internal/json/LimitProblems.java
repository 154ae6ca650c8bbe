package dev.calltype.runtime.internal.json;

import dev.calltype.runtime.ExtractionLimits;

/**
 * The problem of a read that passed one of the {@link ExtractionLimits}, worded once for every reader (JSON,
 * pythonic, raw-text values, tag markup): what is too large, then the limit by its name and value.
 */
public final class LimitProblems {

    private LimitProblems() {
    }

    public static String depth(ExtractionLimits limits) {
        return "nesting is deeper than the limit of maxDepth=" + limits.maxDepth();
    }

    public static String string(ExtractionLimits limits) {
        return "a string is longer than the limit of maxStringChars=" + limits.maxStringChars();
    }

    /** A Python name (a keyword or a word) past {@link ExtractionLimits#maxStringChars}. */
    public static String name(ExtractionLimits limits) {
        return "a name is longer than the limit of maxStringChars=" + limits.maxStringChars();
    }

    public static String number(ExtractionLimits limits) {
        return "a number is longer than the limit of maxNumberDigits=" + limits.maxNumberDigits();
    }

    /** {@code what} ({@code "the value"}, {@code "the call"}) past {@link ExtractionLimits#maxPayloadChars}. */
    public static String payload(String what, ExtractionLimits limits) {
        return what + " is longer than the limit of maxPayloadChars=" + limits.maxPayloadChars();
    }
}
