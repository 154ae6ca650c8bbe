package dev.calltype.runtime;

/**
 * The part of backslash escapes that JSON strings and Python strings read alike. Each reader keeps its own
 * rules for the rest: JSON's {@code \/} and smart closing quotes, Python's {@code \a \v}, octal, {@code \x},
 * {@code \U}, {@code \N{...}} and raw strings.
 */
final class Escapes {

    /** {@link #hex}: a character that is not an ASCII hex digit came first. */
    static final long NOT_HEX = -1;
    /** {@link #hex}: the text ended before the digits did. */
    static final long ENDS = -2;

    private Escapes() {
    }

    /**
     * The character {@code \e} stands for when {@code e} is one of {@code b f n r t} or a quote or backslash
     * escaped as itself; {@code -1} for any other character.
     */
    static int simple(char e) {
        return switch (e) {
            case '"', '\\', '\'' -> e;
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            default -> -1;
        };
    }

    /**
     * The value of the {@code n} (at most 8) hex digits at {@code text[from]}, read left to right:
     * {@link #NOT_HEX} at the first character that is not {@code 0-9 a-f A-F}, {@link #ENDS} when
     * {@code end} comes first.
     */
    static long hex(CharSequence text, int from, int n, int end) {
        long v = 0;
        for (int k = 0; k < n; k++) {
            if (from + k >= end) {
                return ENDS;
            }
            char d = text.charAt(from + k);
            int h = Character.digit(d, 16);
            if (h < 0 || d > 'f') {
                return NOT_HEX;
            }
            v = v * 16 + h;
        }
        return v;
    }
}
