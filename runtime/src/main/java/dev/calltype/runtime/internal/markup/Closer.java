package dev.calltype.runtime.internal.markup;

import dev.calltype.runtime.internal.chars.Chars;

/**
 * The search every block and call does for its closing marker: past garbage, but not past the marker that opens
 * another block or call (then the closer is missing, not far away).
 */
public final class Closer {

    private Closer() {
    }

    /**
     * What lies ahead of a position.
     *
     * @param closerAt where the closing marker starts, when it comes first; else -1
     * @param openerAt where another opening marker starts, when it comes first; else -1
     */
    public record Ahead(int closerAt, int openerAt) {
    }

    private static final Ahead NOTHING = new Ahead(-1, -1);

    /** The first of {@code closer} and {@code opener} (either may be {@code null}) in {@code buf[from, limit)}. */
    public static Ahead find(CharSequence buf, int from, int limit, String closer, String opener) {
        Chars.Found first = Chars.firstOf(buf, from, limit, closer, opener);
        if (first == null) {
            return NOTHING;
        }
        return first.which() == 0 ? new Ahead(first.at(), -1) : new Ahead(-1, first.at());
    }

    /** {@link #spanEnd}: neither marker is there yet, and more text may bring one. */
    public static final int WAIT = -1;
    /** {@link #spanEnd}: the text ended with neither marker. */
    public static final int NEITHER = -2;

    /**
     * Where the span of a call that cannot be read ends, looking from {@code from}: just past the closing marker
     * when it comes first, at another opening marker when that comes first; else {@link #WAIT} or, at the end,
     * {@link #NEITHER} (the caller falls back to its own bound).
     */
    public static int spanEnd(CharSequence buf, int from, int limit, boolean atEnd, String closer, String opener) {
        Ahead ahead = find(buf, from, limit, closer, opener);
        if (ahead.closerAt() >= 0) {
            return ahead.closerAt() + closer.length();
        }
        if (ahead.openerAt() >= 0) {
            return ahead.openerAt();
        }
        return atEnd ? NEITHER : WAIT;
    }
}
