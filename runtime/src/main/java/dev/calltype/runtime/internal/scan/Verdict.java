package dev.calltype.runtime.internal.scan;

import java.util.List;

/**
 * A recognizer's answer at a candidate position: not its markup ({@link NotHere}), undecided until more text
 * arrives ({@link NeedMore}), or decided ({@link Found}) with what it found.
 */
public sealed interface Verdict permits Verdict.NotHere, Verdict.NeedMore, Verdict.Found {

    /** Not this markup, and nothing examined to remember. */
    public static final NotHere NO_MATCH = new NotHere(-1, -1);

    /**
     * Not this markup.
     *
     * @param skipTo prose up to here was examined and is not searched again (-1: no skip)
     * @param pythonicSkipTo line starts before here are not tried as pythonic calls again (-1: none)
     */
    public record NotHere(int skipTo, int pythonicSkipTo) implements Verdict {
    }

    /**
     * Undecided until more text arrives.
     *
     * @param retry when asking again is worthwhile
     * @param resume the continuation to ask again (progress kept), or {@code null} for the same one
     * @param started a call that is certainly being written here, or {@code null}
     */
    public record NeedMore(RetryWhen retry, Continuation resume, Started started) implements Verdict {
    }

    /**
     * Decided: the findings tile the text from the candidate to {@code end}.
     *
     * @param next reading goes on at {@code end} with this continuation (the next call of the same block), or null
     * @param reasoningClose a reasoning block opened; its text runs until this string (or the end); or null
     * @param answerClose a message addressed to the user opened: its text is shown and no call is read in it until
     *     this string (or the end); or null
     */
    public record Found(int end, List<Finding> findings, Continuation next, String reasoningClose,
            String answerClose) implements Verdict {
        public Found {
            findings = List.copyOf(findings);
        }
    }

    /**
     * One attempt at reading markup, asked again with more text while it answers {@link NeedMore}. Continuations
     * are immutable: the progress they keep is a function of the text before the limit, so batch and streaming
     * reach the same answer. A verdict names the continuation that goes on, and a continuation answers with a
     * verdict: one recursive definition, so it lives here.
     */
    @FunctionalInterface
    public interface Continuation {
        public Verdict run(CharSequence buf, int limit, boolean atEnd);
    }

    /**
     * A call that is certainly being written: what streaming shows before it completes.
     *
     * @param argumentsFrom where its arguments' text starts, or -1 when not yet known
     * @param argumentsEnd the marker that ends the arguments' text, or {@code null}: they end where their brackets
     *     balance
     * @param argumentsStops markup that ends the arguments' text shown even while their brackets are still open (the
     *     call's closing marker, the next call's opener), so a call whose closing bracket is missing shows no markup
     *     as arguments
     */
    public record Started(String name, int argumentsFrom, String argumentsEnd, List<String> argumentsStops) {
        public Started {
            argumentsStops = argumentsStops == null ? List.of()
                    : argumentsStops.stream().filter(java.util.Objects::nonNull).toList();
        }

        /** A started call whose arguments' text ends at {@code argumentsEnd} or where its brackets balance. */
        public Started(String name, int argumentsFrom, String argumentsEnd) {
            this(name, argumentsFrom, argumentsEnd, List.of());
        }
    }

    /** Not this markup; the text {@code [candidate, skipTo)} was examined and is prose. */
    public static Verdict skip(int skipTo) {
        return new NotHere(skipTo, -1);
    }

    /** Not a pythonic call; line starts before {@code skipTo} need not be tried again. */
    public static Verdict skipPythonic(int skipTo) {
        return new NotHere(-1, skipTo);
    }

    /** Not a match, with both skips (-1 for none). */
    public static Verdict skips(int skipTo, int pythonicSkipTo) {
        return skipTo < 0 && pythonicSkipTo < 0 ? NO_MATCH : new NotHere(skipTo, pythonicSkipTo);
    }

    public static Verdict needMore(RetryWhen retry) {
        return new NeedMore(retry, null, null);
    }

    public static Verdict needMore(RetryWhen retry, Continuation resume) {
        return new NeedMore(retry, resume, null);
    }

    public static Verdict needMore(RetryWhen retry, Continuation resume, Started started) {
        return new NeedMore(retry, resume, started);
    }

    public static Verdict matched(int end, List<Finding> findings) {
        return new Found(end, findings, null, null, null);
    }

    public static Verdict matched(int end, List<Finding> findings, Continuation next) {
        return new Found(end, findings, next, null, null);
    }

    public static Verdict reasoning(int end, List<Finding> findings, String close) {
        return new Found(end, findings, null, close, null);
    }

    /** A message addressed to the user opened: its text, up to {@code close} (or the end), is answer, not calls. */
    public static Verdict answer(int end, List<Finding> findings, String close) {
        return new Found(end, findings, null, null, close);
    }

    /** The same answer, announcing {@code s} when it needs more. */
    public default Verdict withStarted(Started s) {
        return this instanceof NeedMore n && s != null ? new NeedMore(n.retry(), n.resume(), s) : this;
    }

    /** The same answer, asking again with {@code step} (progress kept) when it needs more. */
    public default Verdict orResume(Continuation step) {
        return this instanceof NeedMore n && n.resume() == null ? new NeedMore(n.retry(), step, n.started()) : this;
    }

    public default boolean isNoMatch() {
        return this instanceof NotHere;
    }

    public default boolean isNeedMore() {
        return this instanceof NeedMore;
    }
}
