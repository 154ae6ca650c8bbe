package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.internal.formats.Reasoning;

/**
 * Whether a response begins inside a reasoning block that its prompt opened: when the first reasoning marker of the
 * response is a closing one ({@code </think>} with no {@code <think>} before it), what precedes it is reasoning.
 * The first marker decides; one that does not end within the first {@link #WINDOW} characters (nor within
 * {@link Config#candidateCap}) does not count. Batch and streaming decide alike: a stream holds its text until a
 * marker appears, the response ends or the window is full, so no text shown as prose can turn out to be reasoning,
 * and what it holds is bounded by the window.
 *
 * <p>Linear: each position is tested once against the markers (a partial match at the end of the text is tested
 * again when more text arrives).
 */
final class ReasoningStart {

    /** How far into a response a lone closing marker still counts (32 768 characters, about 8 000 tokens). */
    public static final int WINDOW = 32 * 1024;

    /** Still undecided. */
    public static final String UNDECIDED = "";

    private int probe;
    /** In a whole response: the next {@code <} and {@code [} at or after the probe (-1: none), found by indexOf. */
    private int nextAngle = -2;
    private int nextBracket = -2;

    /**
     * The closing marker the response starts before ({@code null}: it does not start in reasoning), or
     * {@link #UNDECIDED} when the text so far does not tell.
     */
    public String decide(CharSequence buf, int limit, boolean atEnd, int candidateCap) {
        int cap = Math.min(WINDOW, candidateCap);
        boolean end = atEnd || limit >= cap;
        int lim = Math.min(limit, cap);
        CharSequence text = IndexedText.unwrap(buf);
        String whole = text instanceof String w ? w : null;
        for (int i = probe; i < lim; i++) {
            if (whole != null) {
                i = nextOpening(whole, i, lim);
                if (i >= lim) {
                    break;
                }
            } else {
                char c = buf.charAt(i);
                if (c != '<' && c != '[') {
                    continue;
                }
            }
            for (Reasoning.Pair p : Reasoning.PAIRS) {
                int open = Chars.startsWith(buf, i, lim, p.open());
                int close = Chars.startsWith(buf, i, lim, p.close());
                if (open == Chars.FULL) {
                    return null;
                }
                if (close == Chars.FULL) {
                    return p.close();
                }
                if ((open == Chars.PARTIAL || close == Chars.PARTIAL) && !end) {
                    probe = i;
                    return UNDECIDED;
                }
            }
        }
        probe = lim;
        return end ? null : UNDECIDED;
    }

    /** The next {@code <} or {@code [} of {@code s} from {@code i} ({@code lim} when none before it); each found once. */
    private int nextOpening(String s, int i, int lim) {
        if (nextAngle != -1 && nextAngle < i) {
            nextAngle = s.indexOf('<', i);
        }
        if (nextBracket != -1 && nextBracket < i) {
            nextBracket = s.indexOf('[', i);
        }
        int next = lim;
        if (nextAngle >= 0) {
            next = Math.min(next, nextAngle);
        }
        if (nextBracket >= 0) {
            next = Math.min(next, nextBracket);
        }
        return next;
    }
}
