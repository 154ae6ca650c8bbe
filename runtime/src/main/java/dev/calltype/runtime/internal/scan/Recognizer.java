package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.internal.chars.Chars;

/**
 * Reads one family of tool-call markup at a candidate position. Registered by the formats the scanner is given
 * ({@link Families}).
 *
 * <p>Contract (what makes batch and streaming agree for any split of the text): with {@code atEnd == false} a
 * recognizer answers {@link Verdict.Found} or {@link Verdict.NotHere} only when no continuation of the text
 * could change the answer, and {@link Verdict.NeedMore} otherwise; with {@code atEnd == true} it always decides.
 * Its work is linear in the text it examines. It never throws for any text.
 */
public interface Recognizer {

    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd);

    /**
     * A candidate: where it starts, where its marker ends (the start itself when it has none), the character
     * before it ({@code '\n'} at the start of the text), whether only blanks precede it on its line, and the
     * extractor's configuration.
     */
    public record At(int pos, int markerEnd, char prev, boolean lineStart, Config cfg) {

        public At withMarkerEnd(int end) {
            return new At(pos, end, prev, lineStart, cfg);
        }

        /** Whether the candidate does not continue a word ({@code xTOOL_CALL} is not the marker). */
        public boolean wordBoundary() {
            return !Chars.isIdentPart(prev);
        }
    }
}
