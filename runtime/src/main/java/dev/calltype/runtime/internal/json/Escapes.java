package dev.calltype.runtime.internal.json;

/**
 * Backslash escapes: the part JSON strings and Python strings read alike ({@link #simple}, {@link #hex}), the
 * whole lenient JSON rule ({@link #json}), shared by the JSON reader and the shape probe so that both decode a
 * string the same way, and the Python rule ({@link #python}) for the pythonic reader (which keeps raw strings,
 * where a backslash is text, to itself).
 */
public final class Escapes {

    /** {@link #hex}: a character that is not an ASCII hex digit came first. */
    public static final long NOT_HEX = -1;
    /** {@link #hex}: the text ended before the digits did. */
    public static final long ENDS = -2;

    /** {@link #json}, {@link #python}: the text ends inside the escape. */
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

    /**
     * Decodes the Python escape whose backslash is at {@code text[i]}, in a string that is not raw, appending what it
     * stands for to {@code out}: the {@link #simple} ones, {@code \a \v}, up to three octal digits, {@code \xHH},
     * {@code \\uHHHH}, {@code \UHHHHHHHH}, {@code \N{NAME}}, and a line continuation (nothing). Returns the
     * characters it took; 1 when it is no escape (unknown, or incomplete), the backslash kept as Python keeps it and
     * the next character left to be read as text; {@link #CUT} when the text ends at {@code end} first.
     */
    public static int python(CharSequence text, int i, int end, StringBuilder out) {
        if (i + 1 >= end) {
            return CUT;
        }
        char e = text.charAt(i + 1);
        int simple = simple(e);
        if (simple >= 0) {
            out.append((char) simple);
            return 2;
        }
        switch (e) {
            case '\n':
                return 2; // line continuation
            case '\r':
                if (i + 2 >= end) {
                    return CUT;
                }
                return text.charAt(i + 2) == '\n' ? 3 : 2;
            case 'a':
                out.append('\u0007');
                return 2;
            case 'v':
                out.append('\u000B');
                return 2;
            case 'x':
                return pythonHex(text, i, 2, end, out);
            case 'u':
                return pythonHex(text, i, 4, end, out);
            case 'U':
                return pythonHex(text, i, 8, end, out);
            case 'N':
                return pythonNamed(text, i, end, out);
            default:
                if (e >= '0' && e <= '7') {
                    int v = 0;
                    int k = 0;
                    for (; k < 3; k++) {
                        int idx = i + 1 + k;
                        if (idx >= end) {
                            return CUT;
                        }
                        char d = text.charAt(idx);
                        if (d < '0' || d > '7') {
                            break;
                        }
                        v = v * 8 + (d - '0');
                    }
                    out.append((char) v);
                    return 1 + k;
                }
                out.append('\\');
                return 1;
        }
    }

    /** {@code \x}, {@code \\u}, {@code \U} with {@code n} hex digits; past Unicode or incomplete: kept as written. */
    private static int pythonHex(CharSequence text, int i, int n, int end, StringBuilder out) {
        long v = hex(text, i + 2, n, end);
        if (v == ENDS) {
            return CUT;
        }
        if (v < 0 || v > Character.MAX_CODE_POINT) {
            out.append('\\');
            return 1;
        }
        out.appendCodePoint((int) v);
        return 2 + n;
    }

    /** {@code \N{NAME}}: the character of that Unicode name (at most 100 characters), else kept as written. */
    private static int pythonNamed(CharSequence text, int i, int end, StringBuilder out) {
        if (i + 2 >= end) {
            return CUT;
        }
        if (text.charAt(i + 2) != '{') {
            out.append('\\');
            return 1;
        }
        for (int k = i + 3; k < i + 3 + 100; k++) {
            if (k >= end) {
                return CUT;
            }
            char c = text.charAt(k);
            if (c == '}') {
                try {
                    out.appendCodePoint(Character.codePointOf(text.subSequence(i + 3, k).toString()));
                    return k + 1 - i;
                } catch (IllegalArgumentException unknown) {
                    break;
                }
            }
            if (c == '\'' || c == '"' || c == '\n') {
                break;
            }
        }
        out.append('\\');
        return 1;
    }
}
