package dev.calltype.runtime.internal.chars;

/**
 * Follows {@code "…"} and {@code '…'} strings one character at a time, backslash escapes honoured: what bracket
 * counting skips. Used wherever brackets are counted over text that may hold strings.
 */
public final class QuoteTracker {

    private char quote;
    private boolean escape;

    /** Whether {@code c} belongs to a string: it opens one, is inside one, or closes one. */
    public boolean consume(char c) {
        if (quote != 0) {
            if (escape) {
                escape = false;
            } else if (c == '\\') {
                escape = true;
            } else if (c == quote) {
                quote = 0;
            }
            return true;
        }
        if (c == '"' || c == '\'') {
            quote = c;
            return true;
        }
        return false;
    }

    /** Whether the text read so far ends inside a string. */
    public boolean inString() {
        return quote != 0;
    }
}
