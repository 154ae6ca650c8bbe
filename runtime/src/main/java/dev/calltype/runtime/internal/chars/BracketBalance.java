package dev.calltype.runtime.internal.chars;


/**
 * An incremental bracket tracker: from an opening position, follows {@code ( [ {} and their closers outside
 * {@code "…"} and {@code '…'} strings (backslash escapes honoured) and reports the index just past the point where
 * the depth returns to zero. It is an estimate of where a JSON or pythonic value ends, used to decide when reading
 * again is worthwhile and how far a failed call reaches; it never decides what a value is.
 *
 * <p>Fed each character once ({@link #advance} continues where it stopped), so following a value as it streams in
 * costs time linear in its length.
 */
public final class BracketBalance {

    private int pos;
    private int depth;
    private final QuoteTracker strings = new QuoteTracker();
    private boolean opened;
    private int end = -1;

    /** A tracker that starts reading at {@code from}. */
    public BracketBalance(int from) {
        this.pos = from;
    }

    /**
     * Reads on up to {@code limit}; the index just past the closing bracket (or closing quote, for a value that
     * is a string) once the value is balanced, else -1.
     */
    public int advance(CharSequence b, int limit) {
        while (end < 0 && pos < limit) {
            char c = b.charAt(pos++);
            boolean wasInString = strings.inString();
            if (strings.consume(c)) {
                if (!wasInString) {
                    opened = true;
                } else if (!strings.inString() && depth == 0) {
                    end = pos;
                }
                continue;
            }
            switch (c) {
                case '{', '[', '(' -> {
                    depth++;
                    opened = true;
                }
                case '}', ']', ')' -> {
                    if (depth > 0) {
                        depth--;
                    }
                    if (depth == 0 && opened) {
                        end = pos;
                    }
                }
                default -> {
                }
            }
        }
        return end;
    }

    /** One-shot: where the value starting at {@code from} balances within {@code limit}, or -1. */
    public static int end(CharSequence b, int from, int limit) {
        return new BracketBalance(from).advance(b, limit);
    }
}
