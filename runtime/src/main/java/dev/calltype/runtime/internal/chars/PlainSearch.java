package dev.calltype.runtime.internal.chars;

/**
 * The plain searches of text, reading it from where they start: what {@link Chars} falls back on for any
 * {@code CharSequence}, and what {@link IndexedText} uses to fill its index (so neither needs the other).
 */
final class PlainSearch {

    /** {@link #startsWith}: the text there is the whole string. */
    static final int FULL = 1;
    /** {@link #startsWith}: the text there differs from the string. */
    static final int NO = 0;
    /** {@link #startsWith}: the text ends (at the limit) while still matching a proper prefix of the string. */
    static final int PARTIAL = -1;

    private PlainSearch() {
    }

    /** Whether {@code b[i, limit)} starts with {@code s}: {@link #FULL}, {@link #NO} or {@link #PARTIAL}. */
    static int startsWith(CharSequence b, int i, int limit, String s) {
        int n = s.length();
        for (int k = 0; k < n; k++) {
            if (i + k >= limit) {
                return PARTIAL;
            }
            if (b.charAt(i + k) != s.charAt(k)) {
                return NO;
            }
        }
        return FULL;
    }

    /** The first index {@code >= from} where {@code s} occurs entirely before {@code limit}, or -1. */
    static int scan(CharSequence b, String s, int from, int limit) {
        char first = s.charAt(0);
        int last = limit - s.length();
        for (int i = from; i <= last; i++) {
            if (b.charAt(i) == first && startsWith(b, i, limit, s) == FULL) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the next {@code \n} or {@code \r} at or after {@code i}, before {@code limit}, or -1. */
    static int scanLineBreak(CharSequence b, int i, int limit) {
        while (i < limit) {
            char c = b.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
            i++;
        }
        return -1;
    }
}
