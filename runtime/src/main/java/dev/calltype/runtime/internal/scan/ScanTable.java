package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.internal.chars.ProseStops;

import java.util.List;

/**
 * What the scanner looks markup up in: an extractor's {@link Config} with the {@link Families} it was given, every
 * marker with its recognizer in a trie, the fast path over prose built from those markers, and the markers that end
 * reasoning without its closer. Built once per extractor, immutable after, shared by every extraction.
 *
 * <p>The recognizers it holds see only the {@link Config}, never this table: data flows down to them, and the one
 * place that chooses which recognizer to try at a candidate is the {@link Driver}.
 */
public final class ScanTable {

    public final Config cfg;
    /** The formats this extractor reads: the families and generic recognizers it was given. */
    public final Families families;
    public final MarkerTable markers = new MarkerTable();
    /** The scanner's fast path over prose, built from {@link #markers}. */
    public final ProseStops proseStops;
    /** {@link Families#reasoningEndedBy}, read once. */
    public final List<String> reasoningEndedBy;

    public ScanTable(Config cfg, Families families) {
        this.cfg = cfg;
        this.families = families;
        families.register(cfg, markers);
        this.proseStops = new ProseStops(markers.markers());
        this.reasoningEndedBy = List.copyOf(families.reasoningEndedBy());
    }
}
