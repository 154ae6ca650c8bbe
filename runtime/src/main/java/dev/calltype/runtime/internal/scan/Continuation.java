package dev.calltype.runtime.internal.scan;

/**
 * One attempt at reading markup, asked again with more text while it answers {@link Verdict.NeedMore}. Continuations
 * are immutable: the progress they keep is a function of the text before the limit, so batch and streaming reach
 * the same answer.
 */
@FunctionalInterface
public interface Continuation {
    public Verdict run(CharSequence buf, int limit, boolean atEnd);
}
