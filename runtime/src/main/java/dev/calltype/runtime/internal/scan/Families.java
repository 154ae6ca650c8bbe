package dev.calltype.runtime.internal.scan;

import java.util.List;

/**
 * The formats the scanner is given: every model family's markers, and the generic recognizers tried where no
 * marker is (JSON in prose, fences, pythonic lines, the start of a response). The formats layer provides the one
 * implementation ({@code formats.Recognizers}); the scanner reads text with whatever its {@link ScanTable} holds and
 * never reaches for a family itself.
 */
public interface Families {

    /** Registers every family's markers, and the reasoning markers, in {@code markers}. */
    void register(Config cfg, MarkerTable markers);

    /** Whether a response may start at a character {@code c} with a call no marker announces. */
    boolean mayStartResponse(Config cfg, char c);

    /**
     * Adds to {@code out} the generic recognizers to try at a candidate starting with {@code c}.
     *
     * @param responseStart whether the candidate is at the start of the response
     * @param lineStart whether it is at the start of a line
     * @param pythonicAllowed whether a pythonic call list may be read here
     */
    void generic(Config cfg, char c, boolean responseStart, boolean lineStart, boolean pythonicAllowed,
                 List<Recognizer> out);

    /** Markers that end a reasoning block without its closing tag and start markup after it. */
    List<String> reasoningEndedBy();
}
