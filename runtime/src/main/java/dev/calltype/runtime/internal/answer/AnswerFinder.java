package dev.calltype.runtime.internal.answer;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.scan.Fence;
import dev.calltype.runtime.internal.scan.Reasoning;
import java.util.Map;
import java.util.Set;

/**
 * Finds the JSON values in a model's response that may be its answer, left to right, handing each to a
 * {@link Sink} as it is found and keeping none: reasoning blocks (every pair {@link Reasoning#PAIRS} knows) are
 * skipped, and a closing tag without an opening one makes what came before it reasoning ({@link Sink#reset()});
 * every {@code {} or {@code [} outside them starts a lenient read ({@link LenientJson}), a value read is a candidate
 * and the scan goes on after it; a read that fails goes on where it failed. A ```json fence whose content is a JSON
 * string is read too (an object sent as a string).
 *
 * <p>One finder serves the whole text at once ({@link #scan}) and a streamed one ({@link #advance} with each
 * delta): it decides nothing from the absence of characters not yet arrived, so a text fed in pieces gives the same
 * candidates, in the same order, as the whole text. While a value is still open its read is not repeated for every
 * delta: it is tried again when the value's brackets close ({@link MemberScanner}), or when the value has doubled
 * since the last try, so the work stays linear in the text.
 *
 * <p>With the answer type's {@link Shape}, an object is first bound straight into the type at the end of the text;
 * only when that gives up (the value does not fit as written) is it read again as a tree.
 */
public final class AnswerFinder {

    /**
     * One value found.
     *
     * @param start where it starts in the text
     * @param read what the lenient reader made of it (for a value bound directly: complete, with its end and
     *     repairs, and no tree)
     * @param bound the Java value {@link DirectReader} bound, or {@code null} when the value was read as a tree
     */
    public record Candidate(int start, JsonRead read, Object bound) {
    }

    /** Told each candidate as it is found, and when a stray closing tag made all of them reasoning. */
    public interface Sink {
        /**
         * A value found.
         *
         * @param candidate the value
         */
        void candidate(Candidate candidate);

        /** A closing reasoning tag whose opening was in the prompt: everything found so far was reasoning. */
        void reset();
    }

    /**
     * What a whole-text scan found, besides the candidates it handed over.
     *
     * @param inReasoning whether the text ends inside a reasoning block
     * @param visibleStart where the text after the last reasoning block starts
     */
    public record Found(boolean inReasoning, int visibleStart) {
    }

    private final Sink sink;
    private final ExtractionLimits limits;
    private final Shape direct;
    private final int maxRecordDepth;
    private final boolean members;
    private int pos;
    private int visible;
    private boolean inReasoning;
    /** The closing tag of the reasoning block being skipped, or {@code null}. */
    private String reasoningClose;
    /** Where a closing tag is looked for next. */
    private int searchFrom;
    /** Where a newline ending a fence's first line is looked for next, or -1. */
    private int fenceLineFrom = -1;
    /** Where the value still open starts, or -1. */
    private int pending = -1;
    private int pendingTried;
    private boolean hintFailed;
    private MemberScanner open;

    /**
     * A finder for one text.
     *
     * @param sink told the candidates
     * @param direct the answer type's shape, or {@code null} to read every value as a tree
     * @param maxRecordDepth how deep records may nest
     * @param members whether the members of an object still open are followed ({@link #openValue()}), for previews
     */
    public AnswerFinder(Sink sink, ExtractionLimits limits, Shape direct, int maxRecordDepth, boolean members) {
        this.sink = sink;
        this.limits = limits;
        this.direct = direct;
        this.maxRecordDepth = maxRecordDepth;
        this.members = members;
    }

    /** Scans a whole text, handing its candidates to {@code sink}. */
    public static Found scan(CharSequence text, ExtractionLimits limits, Shape direct, int maxRecordDepth,
                             Sink sink) {
        AnswerFinder f = new AnswerFinder(sink, limits, direct, maxRecordDepth, false);
        f.advance(text, true);
        return new Found(f.inReasoning, f.visible);
    }

    /** Whether the text so far ends inside a reasoning block. */
    public boolean inReasoning() {
        return inReasoning || reasoningClose != null;
    }

    /** Where the text after the last reasoning block starts. */
    public int visibleStart() {
        return visible;
    }

    /** The object still being written, followed member by member; {@code null} when none is open. */
    public MemberScanner openValue() {
        return pending >= 0 ? open : null;
    }

    /**
     * Goes on over {@code text}, which holds everything given before and more.
     *
     * @param atEnd whether the text ends here
     */
    public void advance(CharSequence text, boolean atEnd) {
        int n = text.length();
        if (pending >= 0 && !retryPending(text, n, atEnd)) {
            return;
        }
        if (reasoningClose != null && !skipReasoning(text, n, atEnd)) {
            return;
        }
        while (pos < n) {
            char c = text.charAt(pos);
            if (c == '<' || c == '[') {
                int r = reasoningOpen(text, pos, n, atEnd);
                if (r == WAIT) {
                    return;
                }
                if (r > pos) {
                    pos = r;
                    searchFrom = r;
                    if (!skipReasoning(text, n, atEnd)) {
                        return;
                    }
                    continue;
                }
                int stray = strayClose(text, pos, n, atEnd);
                if (stray == WAIT) {
                    return;
                }
                if (stray > pos) {
                    sink.reset();
                    pos = stray;
                    visible = pos;
                    continue;
                }
            }
            if (c == '`') {
                if (fenceLineFrom >= 0 && !atEnd && Chars.indexOf(text, "\n", fenceLineFrom, n) < 0) {
                    fenceLineFrom = n; // the fence's first line has not ended yet
                    return;
                }
                fenceLineFrom = -1;
                Fence.Open f = Fence.open(text, pos, n, atEnd);
                if (f == null) {
                    fenceLineFrom = pos;
                    return;
                }
                if (f != Fence.NOT) {
                    int j = Chars.skipBlanks(text, f.contentStart(), n);
                    if (j >= n && !atEnd) {
                        return; // blanks so far: what the fence holds is not known yet
                    }
                    if (Fence.JSON.contains(f.language()) && j < n && text.charAt(j) == '"') {
                        if (!read(text, j, n, atEnd)) {
                            return;
                        }
                    } else {
                        pos = Math.max(f.contentStart(), pos + 1);
                    }
                    continue;
                }
            }
            if (c == '{' || c == '[') {
                if (!read(text, pos, n, atEnd)) {
                    return;
                }
                continue;
            }
            pos++;
        }
    }

    private static final int WAIT = -2;

    /** Skips the reasoning block being read; false when its closing tag has not arrived. */
    private boolean skipReasoning(CharSequence text, int n, boolean atEnd) {
        int from = Math.max(pos, searchFrom - reasoningClose.length() + 1);
        int close = Chars.indexOf(text, reasoningClose, from, n);
        if (close < 0) {
            searchFrom = n;
            if (atEnd) {
                inReasoning = true;
                pos = n;
                visible = n;
            }
            return false;
        }
        pos = close + reasoningClose.length();
        visible = pos;
        reasoningClose = null;
        return true;
    }

    /** Reads the value at {@code at}; false when it is still open and more text is needed. */
    private boolean read(CharSequence text, int at, int n, boolean atEnd) {
        char c = text.charAt(at);
        if (c == '{' && direct != null && atEnd) {
            DirectReader.Bound b = DirectReader.read(text, at, limits, direct, maxRecordDepth);
            if (b != null) {
                sink.candidate(new Candidate(at, new JsonRead(JsonRead.Status.COMPLETE, null, b.end(), b.repairs(),
                        Set.of(), Map.of(), null, -1), b.value()));
                pos = b.end();
                return true;
            }
        }
        JsonRead r = LenientJson.read(text, at, n, atEnd, limits);
        switch (r.status()) {
            case NEED_MORE -> {
                if (pending != at) {
                    pending = at;
                    hintFailed = false;
                    open = new MemberScanner(at, members && c == '{');
                    open.advance(text, n);
                }
                pendingTried = n;
                return false;
            }
            case COMPLETE -> {
                sink.candidate(new Candidate(at, r, null));
                pos = Math.max(r.end(), at + 1);
            }
            case TRUNCATED -> {
                sink.candidate(new Candidate(at, r, null));
                pos = n;
            }
            case LIMIT_EXCEEDED -> {
                sink.candidate(new Candidate(at, r, null));
                pos = Math.max(r.problemOffset(), at + 1);
            }
            default -> {
                if (c != '[') {
                    sink.candidate(new Candidate(at, r, null));
                }
                pos = Math.max(r.problemOffset(), at + 1);
            }
        }
        pending = -1;
        open = null;
        return true;
    }

    /**
     * Tries the open value again when it may have ended: at the end of the text, when its brackets closed, or when
     * it has doubled since the last try. False while it stays open.
     */
    private boolean retryPending(CharSequence text, int n, boolean atEnd) {
        boolean closed = false;
        if (open != null) {
            open.advance(text, n);
            closed = open.closed() && !hintFailed;
        }
        if (!atEnd && !closed && n - pending < 2L * (pendingTried - pending)) {
            return false;
        }
        int at = pending;
        if (read(text, at, n, atEnd)) {
            return true;
        }
        if (closed) {
            hintFailed = true; // the brackets were counted wrongly (a bracket in a comment): doubling only
        }
        return false;
    }

    /** The end of a reasoning opening tag at {@code i}; {@code i} when none opens here; {@link #WAIT}. */
    private int reasoningOpen(CharSequence text, int i, int n, boolean atEnd) {
        boolean partial = false;
        for (Reasoning.Pair p : Reasoning.PAIRS) {
            int r = Chars.startsWith(text, i, n, p.open());
            if (r == Chars.FULL) {
                reasoningClose = p.close();
                return i + p.open().length();
            }
            partial |= r == Chars.PARTIAL;
        }
        return partial && !atEnd ? WAIT : i;
    }

    /** The end of a closing reasoning tag at {@code i} (opened by the prompt); {@code i} when none; {@link #WAIT}. */
    private static int strayClose(CharSequence text, int i, int n, boolean atEnd) {
        boolean partial = false;
        for (Reasoning.Pair p : Reasoning.PAIRS) {
            int r = Chars.startsWith(text, i, n, p.close());
            if (r == Chars.FULL) {
                return i + p.close().length();
            }
            partial |= r == Chars.PARTIAL;
        }
        return partial && !atEnd ? WAIT : i;
    }
}
