package dev.calltype.example;

/**
 * Model and server text made safe for a terminal: control characters (escape sequences that clear the screen or set
 * the window title, carriage returns that overwrite a line, bidirectional overrides) are dropped, so the text shows
 * only what it says.
 */
final class Terminal {

    private Terminal() {
    }

    /** Whether {@code c} may reach the terminal in running text: not a control character other than newline and tab. */
    static boolean safe(char c) {
        if (c == '\n' || c == '\t') {
            return true;
        }
        return !(c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c >= '\u202a' && c <= '\u202e'
                || c >= '\u2066' && c <= '\u2069' || c == '\u2028' || c == '\u2029');
    }

    /** {@code text} without the characters that are not {@link #safe}. */
    static String text(String text) {
        int i = 0;
        while (i < text.length() && safe(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length());
        b.append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (safe(c)) {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The most characters of a {@link #snippet}. */
    static final int SNIPPET = 160;

    /** Text for a one-line message: {@link #line} of at most {@link #SNIPPET} characters; {@code null} is empty. */
    static String snippet(String text) {
        return text == null ? "" : line(text, SNIPPET).strip();
    }

    /** {@code text} on one line (newlines and tabs as spaces), safe, at most {@code max} characters and an ellipsis. */
    static String line(String text, int max) {
        StringBuilder b = new StringBuilder(Math.min(text.length(), max) + 1);
        int i = 0;
        for (; i < text.length() && b.length() < max; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\t' || c == '\r') {
                b.append(' ');
            } else if (safe(c)) {
                b.append(c);
            }
        }
        return i < text.length() ? b + "…" : b.toString();
    }
}
