package dev.calltype.runtime.internal.args;

/**
 * The bounds of checking arguments against a schema, and how a value's path is named in a problem: one place for
 * {@link SchemaArguments} and the parts it checks with ({@link SchemaTree}, {@link ScalarChecks}), so that they need
 * not name each other.
 */
final class SchemaLimits {

    /** Deepest nesting of values (and {@code $ref} hops) checked before giving up with a problem. */
    static final int MAX_DEPTH = 64;
    /** Longest string a schema {@code pattern} is applied to. */
    static final int MAX_PATTERN_INPUT = 10_000;
    /** Largest decimal exponent a number written as a string may have (guards BigInteger expansion). */
    static final int MAX_NUMBER_SCALE = 1_000;

    private SchemaLimits() {
    }

    /** A value's path as a problem names it: {@code arguments} for the whole object. */
    static String label(String path) {
        return path.isEmpty() ? "arguments" : path;
    }
}
