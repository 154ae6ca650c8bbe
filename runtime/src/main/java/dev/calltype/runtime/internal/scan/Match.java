package dev.calltype.runtime.internal.scan;

import java.util.List;

/**
 * A recognizer's answer at a candidate position: not its markup ({@link Kind#NO_MATCH}), undecided until more text
 * arrives ({@link Kind#NEED_MORE}), or decided ({@link Kind#MATCHED}) with the items found.
 */
public final class Match {

    public enum Kind { NO_MATCH, NEED_MORE, MATCHED }

    public static final Match NO_MATCH = new Match(Kind.NO_MATCH, -1, -1, List.of(), null, null, null, null, null);

    public final Kind kind;
    /** MATCHED: just past the last item. NO_MATCH: prose up to here is not searched again (-1: no skip). */
    public final int end;
    /** NO_MATCH: line starts before here are not tried as pythonic calls again (-1: none). */
    public final int pythonicSkip;
    /** MATCHED: the items, tiling the text from the candidate to {@link #end}. */
    public final List<Item> items;
    /** MATCHED: reading goes on at {@link #end} with this step (the next call of the same block), or null. */
    public final Step next;
    /** MATCHED: a reasoning block opened; its text runs until this string (or the end). */
    public final String reasoningClose;
    /** NEED_MORE: when asking again is worthwhile. */
    public final Hint hint;
    /** NEED_MORE: the step to ask again (progress kept), or null for the same one. */
    public final Step resume;
    /** NEED_MORE: a call is certainly being written here; its name and where its arguments start. */
    public final Started started;

    private Match(Kind kind, int end, int pythonicSkip, List<Item> items, Step next, String reasoningClose, Hint hint,
                  Step resume, Started started) {
        this.kind = kind;
        this.end = end;
        this.pythonicSkip = pythonicSkip;
        this.items = items;
        this.next = next;
        this.reasoningClose = reasoningClose;
        this.hint = hint;
        this.resume = resume;
        this.started = started;
    }

    /** Not this markup; the text {@code [candidate, skipTo)} was examined and is prose. */
    public static Match skip(int skipTo) {
        return new Match(Kind.NO_MATCH, skipTo, -1, List.of(), null, null, null, null, null);
    }

    /** Not a pythonic call; line starts before {@code skipTo} need not be tried again. */
    public static Match skipPythonic(int skipTo) {
        return new Match(Kind.NO_MATCH, -1, skipTo, List.of(), null, null, null, null, null);
    }

    /** Not a match, with both skips (-1 for none). */
    public static Match skips(int skipTo, int pythonicSkipTo) {
        return skipTo < 0 && pythonicSkipTo < 0 ? NO_MATCH
                : new Match(Kind.NO_MATCH, skipTo, pythonicSkipTo, List.of(), null, null, null, null, null);
    }

    public static Match needMore(Hint hint) {
        return new Match(Kind.NEED_MORE, -1, -1, List.of(), null, null, hint, null, null);
    }

    public static Match needMore(Hint hint, Step resume) {
        return new Match(Kind.NEED_MORE, -1, -1, List.of(), null, null, hint, resume, null);
    }

    public static Match needMore(Hint hint, Step resume, Started started) {
        return new Match(Kind.NEED_MORE, -1, -1, List.of(), null, null, hint, resume, started);
    }

    public static Match matched(int end, List<Item> items) {
        return new Match(Kind.MATCHED, end, -1, List.copyOf(items), null, null, null, null, null);
    }

    public static Match matched(int end, List<Item> items, Step next) {
        return new Match(Kind.MATCHED, end, -1, List.copyOf(items), next, null, null, null, null);
    }

    public static Match reasoning(int end, List<Item> items, String close) {
        return new Match(Kind.MATCHED, end, -1, List.copyOf(items), null, close, null, null, null);
    }

    public Match withStarted(Started s) {
        return kind != Kind.NEED_MORE || s == null ? this
                : new Match(kind, end, pythonicSkip, items, next, reasoningClose, hint, resume, s);
    }

    /** The same answer, asking again with {@code step} (progress kept) when it needs more. */
    public Match orResume(Step step) {
        return kind != Kind.NEED_MORE || resume != null ? this
                : new Match(kind, end, pythonicSkip, items, next, reasoningClose, hint, step, started);
    }

    public boolean isNoMatch() {
        return kind == Kind.NO_MATCH;
    }

    public boolean isNeedMore() {
        return kind == Kind.NEED_MORE;
    }

    @Override
    public String toString() {
        return kind + (kind == Kind.MATCHED ? " end=" + end + " " + items : "");
    }

    /** A call that is certainly being written: what streaming shows before it completes. */
    public record Started(String name, int argumentsFrom, String argumentsEnd) {
    }
}
