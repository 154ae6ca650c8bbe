package dev.calltype.example;

import dev.calltype.runtime.TerminalText;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Model and server text made safe for a terminal, through the one routine the library uses too
 * ({@link TerminalText}): control characters (escape sequences that clear the screen or set the window title,
 * carriage returns that overwrite a line, bidirectional overrides) are shown as visible escapes ({@code \u001b}),
 * so the text shows only what it says.
 */
final class Terminal {

    private Terminal() {
    }

    /** Running text: newlines and tabs kept, every other control character shown as an escape. */
    static String text(String text) {
        return TerminalText.visible(text);
    }

    /** The most characters of a {@link #snippet}. */
    static final int SNIPPET = 160;

    /** Text for a one-line message: {@link #line} of at most {@link #SNIPPET} characters; {@code null} is empty. */
    static String snippet(String text) {
        return text == null ? "" : line(text, SNIPPET).strip();
    }

    /**
     * {@code text} on one line (newlines and tabs as spaces, other control characters as escapes), at most
     * {@code max} characters and an ellipsis.
     */
    static String line(String text, int max) {
        int end = Math.min(text.length(), max);
        StringBuilder b = new StringBuilder(end);
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            b.append(c == '\n' || c == '\t' || c == '\r' ? ' ' : c);
        }
        String shown = TerminalText.line(b);
        boolean cut = end < text.length() || shown.length() > max;
        return cut ? shown.substring(0, Math.min(max, shown.length())) + "…" : shown;
    }

    /**
     * A stream over {@code target} that shows the control characters of all text printed on it as escapes: the
     * app's standard error, where the libraries it uses (the MCP SDK through SLF4J) log text a server sent, such as
     * a tool name, as it came.
     */
    static PrintStream visible(PrintStream target) {
        return new PrintStream(target, true, StandardCharsets.UTF_8) {
            @Override
            public void print(String s) {
                super.print(TerminalText.visible(s));
            }

            @Override
            public void print(Object o) {
                print(String.valueOf(o));
            }
        };
    }
}
