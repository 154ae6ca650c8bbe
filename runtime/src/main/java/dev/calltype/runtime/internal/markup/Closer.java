package dev.calltype.runtime.internal.markup;

import dev.calltype.runtime.internal.scan.Chars;

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
}
