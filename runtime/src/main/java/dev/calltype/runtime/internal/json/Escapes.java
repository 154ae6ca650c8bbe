package dev.calltype.runtime.internal.json;

/**
 * Backslash escapes: the part JSON strings and Python strings read alike ({@link #simple}, {@link #hex}), and the
 * whole lenient JSON rule ({@link #json}), shared by the JSON reader and the shape probe so that both decode a
 * string the same way. The Python reader keeps its own rules for the rest: {@code \a \v}, octal, {@code \x},
 * {@code \U}, {@code \N{...}} and raw strings.
 */
public final class Escapes {

    /** {@link #hex}: a character that is not an ASCII hex digit came first. */
    public static final long NOT_HEX = -1;
    /** {@link #hex}: the text ended before the digits did. */
    public static final long ENDS = -2;

    /** {@link #json}: the text ends inside the escape. */
    public static final int CUT = -1;

    private Escapes() {
    }

    /**
     * Decodes the lenient JSON escape whose backslash is at {@code text[i]}, in a string closed by {@code close},
     * appending what it stands for to {@code out}. Returns the characters it took: 2, or 6 for {@code \\uXXXX};
     * 1 when it is no escape (an unknown one, or {@code \\u} without four hex digits), the backslash kept and the
     * next character left to be read as text; {@link #CUT} when the text ends at {@code end} first.
     */
    public static int json(CharSequence text, int i, int end, char close, StringBuilder out) {
        if (i + 1 >= end) {
            return CUT;
        }
        char e = text.charAt(i + 1);
        if (e == '/') {
            out.append('/');
            return 2;
        }
        if (e == 'u') {
            long v = hex(text, i + 2, 4, end);
            if (v == ENDS) {
                return CUT;
            }
            if (v >= 0) {
                out.append((char) v);
                return 6;
            }
            out.append('\\');
            return 1;
        }
        int simple = simple(e);
        if (simple >= 0 || e == close) {
            out.append(simple >= 0 ? (char) simple : e);
            return 2;
        }
        out.append('\\');
        return 1;
    }

    /**
     * The character {@code \e} stands for when {@code e} is one of {@code b f n r t} or a quote or backslash
     * escaped as itself; {@code -1} for any other character.
     */
    public static int simple(char e) {
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
    public static long hex(CharSequence text, int from, int n, int end) {
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
