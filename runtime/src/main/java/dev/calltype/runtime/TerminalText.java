package dev.calltype.runtime;

/**
 * Text nobody vetted (a model's words, an MCP server's tool names and descriptions, a tool's result) made safe to
 * print on a terminal: every character that would act on the terminal instead of showing (an escape sequence that
 * clears the screen or sets the window title, a carriage return that overwrites a line, a backspace, a
 * bidirectional override that reorders what follows) is written as a visible escape such as {@code \u001b}, so the
 * text shows exactly what it holds. Calltype's own warnings and the example app print untrusted text only through
 * this class.
 *
 * <pre>{@code
 * System.err.println("tools: " + TerminalText.line(tool.name()));   // "evil\u001b]0;pwned\u0007" stays visible
 * }</pre>
 */
public final class TerminalText {

    private TerminalText() {
    }

    /**
     * Running text (a model's answer): line breaks and tabs are kept, a carriage return before a line feed is
     * dropped, and every other control character, bidirectional control and line or paragraph separator is written
     * as {@code \}{@code uXXXX}.
     *
     * @param text the text; {@code null} is {@code ""}
     * @return the text, the same string when it holds nothing to escape
     */
    public static String visible(CharSequence text) {
        return escape(text, false);
    }

    /**
     * Text for one line (a tool name, a description in a banner, a warning): as {@link #visible}, and line breaks,
     * carriage returns and tabs are written as {@code \n}, {@code \r} and {@code \t}, and every invisible formatting
     * character (zero-width spaces and joiners, which make one name look like another) as {@code \}{@code uXXXX}.
     *
     * @param text the text; {@code null} is {@code ""}
     * @return the text on one line, the same string when it holds nothing to escape
     */
    public static String line(CharSequence text) {
        return escape(text, true);
    }

    private static String escape(CharSequence text, boolean oneLine) {
        if (text == null) {
            return "";
        }
        int n = text.length();
        int i = 0;
        while (i < n && keep(text, i, oneLine)) {
            i++;
        }
        if (i == n) {
            return text.toString();
        }
        StringBuilder out = new StringBuilder(n + 16);
        out.append(text, 0, i);
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (keep(text, i, oneLine)) {
                out.append(c);
            } else if (c == '\r' && !oneLine && i + 1 < n && text.charAt(i + 1) == '\n') {
                continue; // CRLF is a line break
            } else if (oneLine && c == '\n') {
                out.append("\\n");
            } else if (oneLine && c == '\r') {
                out.append("\\r");
            } else if (oneLine && c == '\t') {
                out.append("\\t");
            } else {
                out.append("\\u").append(String.format("%04x", (int) c));
            }
        }
        return out.toString();
    }

    /** Whether the character at {@code i} shows as itself. */
    private static boolean keep(CharSequence text, int i, boolean oneLine) {
        char c = text.charAt(i);
        if (c >= 0x20 && c < 0x7f) {
            return true; // printable ASCII, the common case
        }
        if (c == '\n' || c == '\t') {
            return !oneLine;
        }
        if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
            return false;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
        }
        if (bidiOrSeparator(c)) {
            return false;
        }
        return !oneLine || Character.getType(c) != Character.FORMAT;
    }

    /** Bidirectional controls (marks, embeddings, overrides, isolates) and the line and paragraph separators. */
    private static boolean bidiOrSeparator(char c) {
        return c == '\u061c' || c == '\u200e' || c == '\u200f' || (c >= '\u202a' && c <= '\u202e')
                || (c >= '\u2066' && c <= '\u2069') || c == '\u2028' || c == '\u2029';
    }
}
