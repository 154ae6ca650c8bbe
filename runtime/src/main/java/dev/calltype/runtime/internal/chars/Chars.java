package dev.calltype.runtime.internal.chars;

/** Character tests and bounded searches over a {@code CharSequence}, shared by the recognizers. */
public final class Chars {

    /** {@link #startsWith}: the text there is the whole string. */
    public static final int FULL = PlainSearch.FULL;
    /** {@link #startsWith}: the text there differs from the string. */
    public static final int NO = PlainSearch.NO;
    /** {@link #startsWith}: the text ends (at the limit) while still matching a proper prefix of the string. */
    public static final int PARTIAL = PlainSearch.PARTIAL;

    private Chars() {
    }

    /** JSON whitespace plus the Unicode spaces, BOM and line separators models sometimes emit. */
    public static boolean isBlank(char c) {
        if (c <= ' ') {
            return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\u000B';
        }
        if (c < '\u0085') {
            return false;
        }
        switch (c) {
            case ' ', '\t', '\n', '\r', '\f', '\u000B', '\u0085', '\u00A0', '\u1680', '\u2028', '\u2029', '\u202F',
                 '\u205F', '\u3000', '\uFEFF':
                return true;
            default:
                return c >= '\u2000' && c <= '\u200A';
        }
    }

    /** Blanks within a line: everything {@link #isBlank} except the line breaks. */
    public static boolean isInlineBlank(char c) {
        return c != '\n' && c != '\r' && c != '\u2028' && c != '\u2029' && c != '\u0085' && isBlank(c);
    }

    public static boolean isIdentStart(char c) {
        return c < 128 ? (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' : Character.isLetter(c);
    }

    public static boolean isIdentPart(char c) {
        return c < 128 ? (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                : Character.isLetterOrDigit(c);
    }

    /** Characters of a tool name written bare in markup: identifier characters, {@code - . :}. */
    public static boolean isNameChar(char c) {
        return isIdentPart(c) || c == '-' || c == '.' || c == ':';
    }

    public static int skipBlanks(CharSequence b, int i, int limit) {
        while (i < limit && isBlank(b.charAt(i))) {
            i++;
        }
        return i;
    }

    public static int skipInlineBlanks(CharSequence b, int i, int limit) {
        while (i < limit && isInlineBlank(b.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Whether {@code b[i, limit)} starts with {@code s}: {@link #FULL}, {@link #NO} or {@link #PARTIAL}. */
    public static int startsWith(CharSequence b, int i, int limit, String s) {
        return PlainSearch.startsWith(b, i, limit, s);
    }

    /**
     * The first index {@code >= from} where {@code s} occurs entirely before {@code limit}, or -1. Over a
     * {@link IndexedText} the answer comes from what earlier searches for {@code s} found, so no text is searched twice
     * for the same string.
     */
    public static int indexOf(CharSequence b, String s, int from, int limit) {
        return b instanceof IndexedText r ? r.next(s, from, limit) : scan(b, s, from, limit);
    }

    /** {@link #indexOf} by reading {@code b[from, limit)}. */
    public static int scan(CharSequence b, String s, int from, int limit) {
        return PlainSearch.scan(b, s, from, limit);
    }

    /**
     * The first of several strings to occur at or after {@code from}, entirely before {@code limit}: its index in
     * {@link Found#at} and which string in {@link Found#which}; {@code null} when none occurs. One pass, so
     * asking "does the closer come before the next opener?" costs the distance to whichever comes first, not a
     * search of the whole text for each. {@code null} strings are ignored. Over a {@link IndexedText} each string's
     * next occurrence is remembered, so the search costs nothing for text already searched.
     */
    public static Found firstOf(CharSequence b, int from, int limit, String... strings) {
        if (b instanceof IndexedText r) {
            Found best = null;
            for (int k = 0; k < strings.length; k++) {
                if (strings[k] != null) {
                    int at = r.next(strings[k], from, best == null ? limit
                            : Math.min(limit, best.at() + strings[k].length()));
                    if (at >= 0 && (best == null || at < best.at())) {
                        best = new Found(at, k);
                    }
                }
            }
            return best;
        }
        for (int i = from; i < limit; i++) {
            char c = b.charAt(i);
            for (int k = 0; k < strings.length; k++) {
                String s = strings[k];
                if (s != null && s.charAt(0) == c && startsWith(b, i, limit, s) == FULL) {
                    return new Found(i, k);
                }
            }
        }
        return null;
    }

    /** Where {@link #firstOf} found a string, and which one. */
    public record Found(int at, int which) {
    }

    /** Index of the next line break at or after {@code i} ({@code \n} or a lone {@code \r}), or the limit. */
    public static int lineEnd(CharSequence b, int i, int limit) {
        if (b instanceof IndexedText r) {
            int at = r.nextLineBreak(i, limit);
            return at < 0 ? limit : at;
        }
        int at = scanLineBreak(b, i, limit);
        return at < 0 ? limit : at;
    }

    /** The index of the next {@code \n} or {@code \r} at or after {@code i}, before {@code limit}, or -1. */
    public static int scanLineBreak(CharSequence b, int i, int limit) {
        return PlainSearch.scanLineBreak(b, i, limit);
    }

    /** The text {@code b[from, to)} with surrounding blanks removed. */
    public static String trimmed(CharSequence b, int from, int to) {
        while (from < to && isBlank(b.charAt(from))) {
            from++;
        }
        while (to > from && isBlank(b.charAt(to - 1))) {
            to--;
        }
        return b.subSequence(from, to).toString();
    }

    /**
     * The raw value text {@code b[from, to)} of an XML-style parameter. Templates that put the value on its own line
     * write one line break after the opening tag and one before the closing tag: that pair is removed ({@code \n} or
     * {@code \r\n}). A value not opened by a line break keeps its own trailing one ({@code def f():\n  return 1\n}).
     * Markup written indented (its closing tag on a line of its own after blanks) indents its values too: there the
     * closing tag's line break and blanks are removed, and so is the indentation every line of the value shares.
     */
    public static String rawValue(CharSequence b, int from, int to) {
        boolean wrapped = false;
        if (from < to && b.charAt(from) == '\r' && from + 1 < to && b.charAt(from + 1) == '\n') {
            from += 2;
            wrapped = true;
        } else if (from < to && b.charAt(from) == '\n') {
            from++;
            wrapped = true;
        }
        if (!wrapped) {
            return b.subSequence(from, to).toString();
        }
        int q = to;
        while (q > from && (b.charAt(q - 1) == ' ' || b.charAt(q - 1) == '\t')) {
            q--;
        }
        if (q < to && (q == from || b.charAt(q - 1) == '\n')) {
            // the closing tag indented on a line of its own: the markup is indented, and its values with it
            int end = q == from ? from : q - 1;
            if (end > from && b.charAt(end - 1) == '\r') {
                end--;
            }
            return dedented(b, from, end);
        }
        if (to > from && b.charAt(to - 1) == '\n') {
            to--;
            if (to > from && b.charAt(to - 1) == '\r') {
                to--;
            }
        }
        return b.subSequence(from, to).toString();
    }

    /** {@code b[from, to)} without the blanks that begin each of its lines that are not blank (blank lines: empty). */
    private static String dedented(CharSequence b, int from, int to) {
        int common = -1;
        int firstLine = -1;
        for (int i = from; i <= to; ) {
            int e = i;
            while (e < to && b.charAt(e) != '\n') {
                e++;
            }
            int k = i;
            while (k < e && (b.charAt(k) == ' ' || b.charAt(k) == '\t')) {
                k++;
            }
            if (k < e && !(k == e - 1 && b.charAt(k) == '\r')) {
                if (common < 0) {
                    common = k - i;
                    firstLine = i;
                } else {
                    int n = 0;
                    while (n < common && n < k - i && b.charAt(i + n) == b.charAt(firstLine + n)) {
                        n++;
                    }
                    common = n;
                }
            }
            i = e + 1;
        }
        StringBuilder out = new StringBuilder(to - from);
        for (int i = from; i <= to; ) {
            int e = i;
            while (e < to && b.charAt(e) != '\n') {
                e++;
            }
            int k = i;
            while (k < e && k - i < Math.max(common, 0) && (b.charAt(k) == ' ' || b.charAt(k) == '\t')) {
                k++;
            }
            int blank = k;
            while (blank < e && (b.charAt(blank) == ' ' || b.charAt(blank) == '\t')) {
                blank++;
            }
            out.append(b, blank == e ? e : k, e);
            if (e < to) {
                out.append('\n');
            }
            i = e + 1;
        }
        return out.toString();
    }

    /** {@code \\u0007} for a control character (no {@code String.format}: it parses its pattern each time). */
    private static String unicodeEscape(char c) {
        char[] out = {'\\', 'u', HEX[(c >> 12) & 0xf], HEX[(c >> 8) & 0xf], HEX[(c >> 4) & 0xf], HEX[c & 0xf]};
        return new String(out);
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** The most characters of model text (a name, a key, a token) a message quotes. */
    public static final int QUOTED_CHARS = 80;

    /**
     * Model text as every message quotes it, the extractor's error texts and the readers' problem descriptions
     * alike: at most {@link #QUOTED_CHARS} characters (an ellipsis when cut), control characters escaped, on one
     * line. Every name, key or token from the response goes into a message through here.
     */
    public static String quote(CharSequence modelText) {
        return snippet(modelText, 0, modelText.length(), QUOTED_CHARS);
    }

    /** {@link #quote} between double quotes. */
    public static String quoted(CharSequence modelText) {
        return '"' + quote(modelText) + '"';
    }

    /**
     * A bounded, single-line rendering of {@code b[from, to)} for messages: at most {@code max} chars, control
     * characters escaped, an ellipsis when cut.
     */
    public static String snippet(CharSequence b, int from, int to, int max) {
        StringBuilder s = new StringBuilder(Math.min(to - from, max) + 8);
        int i = from;
        for (; i < to; i++) {
            char c = b.charAt(i);
            String r;
            switch (c) {
                case '\n' -> r = "\\n";
                case '\r' -> r = "\\r";
                case '\t' -> r = "\\t";
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                        r = unicodeEscape(c);
                    } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(b.charAt(i + 1))) {
                        r = new String(new char[]{c, b.charAt(i + 1)});
                    } else if (Character.isSurrogate(c)) {
                        r = "\ufffd";
                    } else {
                        r = String.valueOf(c);
                    }
                }
            }
            if (s.length() + r.length() > max) {
                break;
            }
            s.append(r);
            if (r.length() == 2 && Character.isHighSurrogate(r.charAt(0))) {
                i++;
            }
        }
        if (i < to) {
            s.append('…');
        }
        return s.toString();
    }
}
