package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.ExtractionLimits;

/** Receives the decided pieces of the text from the {@link Driver}, in order. */
public interface Sink {
    /** Prose {@code buf[start, end)}. */
    void text(CharSequence buf, int start, int end);

    /** Part of a reasoning block: its tags ({@code content == false}) or its text. */
    void reasoning(CharSequence buf, int start, int end, boolean content);

    /**
     * A call or an error. {@code index} is the call's streaming index (from the {@link #started} that announced
     * it, or a new one), or -1 for an error that no {@link #started} announced.
     */
    void item(CharSequence buf, Finding item, int index);

    /**
     * An error past {@link ExtractionLimits#maxErrors}: not reported, but its text is not prose either. Never
     * one that a {@link #started} announced.
     */
    void unreported(CharSequence buf, Finding item);

    /** A call is being written (streaming only). */
    default void started(int index, String name) {
    }

    /** Raw argument text of a started call, as it arrives (streaming only). */
    default void arguments(int index, String fragment) {
    }

    /**
     * Whether the response began inside reasoning is decided (streaming only, when it was not known before the
     * response): {@code true} means everything passed to {@link #text} so far, and a call {@link #started} and
     * not yet resolved, was reasoning; call indexes count from 0 again.
     */
    default void decidedStart(boolean inReasoning) {
    }
}
