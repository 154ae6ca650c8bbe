package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.chars.IndexedText;
import dev.calltype.runtime.internal.chars.ProseStops;

/**
 * Whether a response begins inside a reasoning block that its prompt opened: when the first reasoning marker of the
 * response is a closing one ({@code </think>} with no {@code <think>} before it), what precedes it is reasoning.
 * The first marker decides; one that does not end within the first {@link #WINDOW} characters (nor within
 * {@link Config#candidateCap}) does not count. Batch and streaming decide alike. Until a marker appears, the response
 * ends or the window is full, a stream reads its text as prose provisionally ({@link #provisionalLimit}): text is
 * shown at once, a call may be announced but is not completed; when the first marker is a lone closer, the driver
 * says that what was shown was reasoning ({@link Sink#decidedStart}).
 *
 * <p>Linear: each position is tested once against the markers (a partial match at the end of the text is tested
 * again when more text arrives). In a whole response the {@code <} and {@code [} are found by {@code indexOf}, the
 * first of each by the prose scan's own search ({@link IndexedText#firstProseStop}), which the scan then starts
 * from: a response with neither in its first {@link #WINDOW} characters is not searched a second time.
 *
 * <p>Why a look-ahead before the scan rather than part of it: the decision changes how the text before the first
 * reasoning marker is read (as reasoning, only its closer and the markers in {@link Families#reasoningEndedBy} are looked
 * for; as prose, calls are), and the first marker is the first in the raw text, one inside what a prose reading
 * would take as a call's arguments included. One left-to-right reading would have to read that text both ways, or
 * read it again once the marker is found; the look-ahead instead touches only the {@code <} and {@code [} of that
 * text (at most the first {@link #WINDOW} characters), up to the first marker.
 */
final class ReasoningStart {

    /** How far into a response a lone closing marker still counts (32 768 characters, about 8 000 tokens). */
    public static final int WINDOW = 32 * 1024;

    /** Still undecided. */
    public static final String UNDECIDED = "";

    private int probe;
    /** Where the first marker that ends a reasoning block without its closer is ({@link ScanTable#reasoningEndedBy}), or -1. */
    private int endedAt = -1;
    /** In a whole response: the next {@code <} and {@code [} at or after the probe (MAX_VALUE: none; -1: unsearched). */
    private int nextAngle = -1;
    private int nextBracket = -1;

    /**
     * The closing marker the response starts before ({@code null}: it does not start in reasoning), or
     * {@link #UNDECIDED} when the text so far does not tell.
     */
    public String decide(IndexedText buf, int limit, boolean atEnd, ScanTable table) {
        int cap = Math.min(WINDOW, table.cfg.candidateCap);
        boolean end = atEnd || limit >= cap;
        int lim = Math.min(limit, cap);
        CharSequence text = IndexedText.unwrap(buf);
        String whole = text instanceof String w ? w : null;
        for (int i = probe; i < lim; i++) {
            if (whole != null) {
                i = nextOpening(buf, table.proseStops, whole, i);
                if (i >= lim) {
                    break;
                }
            } else {
                char c = buf.charAt(i);
                if (c != '<' && c != '[') {
                    continue;
                }
            }
            for (String ender : table.reasoningEndedBy) {
                int r = Chars.startsWith(buf, i, lim, ender);
                if (r == Chars.FULL && endedAt < 0) {
                    endedAt = i;
                } else if (r == Chars.PARTIAL && !end) {
                    probe = i;
                    return UNDECIDED;
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

    /**
     * While undecided: how far the text may be read as prose now, provisionally. Up to there the prose reading and
     * the reasoning reading agree on everything but the kind of the text: no reasoning marker, and no marker that
     * would end a reasoning block ({@link ScanTable#reasoningEndedBy}), starts before it (a partial one at the end of the
     * text included), and it does not split a surrogate pair. Should the first marker turn out to be a lone closer,
     * the text shown is reasoning and the reasoning reading carries on from where the shown text ends.
     */
    public int provisionalLimit(CharSequence buf, int limit) {
        int lim = Math.min(limit, probe);
        if (endedAt >= 0) {
            lim = Math.min(lim, endedAt);
        }
        if (lim > 0 && Character.isHighSurrogate(buf.charAt(lim - 1))) {
            lim--;
        }
        return lim;
    }

    /** The next {@code <} or {@code [} of {@code s} at or after {@code i} (MAX_VALUE: none); each found once. */
    private int nextOpening(IndexedText buf, ProseStops stops, String s, int i) {
        nextAngle = next(buf, stops, s, '<', nextAngle, i);
        nextBracket = next(buf, stops, s, '[', nextBracket, i);
        return Math.min(nextAngle, nextBracket);
    }

    /** The first {@code c} at or after {@code i}, knowing the first one at or after an earlier probe. */
    private static int next(IndexedText buf, ProseStops stops, String s, char c, int known, int i) {
        if (known == -1) {
            known = buf.firstProseStop(stops, c);
        }
        if (known >= i) {
            return known;
        }
        int n = s.indexOf(c, i);
        return n < 0 ? Integer.MAX_VALUE : n;
    }
}
