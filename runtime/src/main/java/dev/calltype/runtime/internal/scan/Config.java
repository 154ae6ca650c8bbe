package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.chars.ProseStops;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** An extractor's settings and its table of recognizers; immutable, shared by every extraction. */
public final class Config {

    /** An opening and closing tag for {@link WireFormat#BRACKET_TAGS}. */
    public record TagPair(String open, String close) {
    }

    /** The formats this extractor reads: the families and generic recognizers it was given. */
    public final Families families;
    /** {@link Families#reasoningEndedBy}, read once. */
    public final List<String> reasoningEndedBy;
    public final KnownTools tools;
    public final ExtractionLimits limits;
    public final boolean searchReasoning;
    /**
     * Whether calls written in a reasoning block that is never closed run (the block ends where the first call
     * markup in it begins); otherwise each is reported as a {@code CALL_IN_REASONING} error.
     */
    public final boolean runUnclosedReasoning;
    /** The response starts inside a reasoning block closed by {@code </think>}. */
    public final boolean startsInReasoning;
    /**
     * Whether {@link #startsInReasoning} is all there is to know; otherwise the first reasoning marker of the
     * response decides (a closing one: what precedes it is reasoning).
     */
    public final boolean reasoningStartDecided;
    /** The end of the prompt the response continues (empty: none given). */
    public final String promptTail;
    public final Set<WireFormat> formats;
    public final String marker;
    public final List<TagPair> tags;
    public final MarkerTable markers = new MarkerTable();
    /** The scanner's fast path over prose, built from {@link #markers}. */
    public final ProseStops proseStops;
    /** The most characters one candidate may span before it must be decided. */
    public final int candidateCap;

    /** {@code startsInReasoning}: {@code null} when the first reasoning marker of the response decides. */
    public Config(Families families, List<ToolSpec> tools, ExtractionLimits limits, boolean searchReasoning,
           boolean runUnclosedReasoning, Boolean startsInReasoning, String promptTail, Set<WireFormat> formats,
           String marker, List<TagPair> tags) {
        this.families = families;
        this.reasoningEndedBy = List.copyOf(families.reasoningEndedBy());
        this.tools = new KnownTools(tools);
        this.limits = limits;
        this.searchReasoning = searchReasoning;
        this.runUnclosedReasoning = runUnclosedReasoning;
        this.startsInReasoning = Boolean.TRUE.equals(startsInReasoning);
        this.reasoningStartDecided = startsInReasoning != null;
        this.promptTail = promptTail;
        this.formats = formats.isEmpty() ? EnumSet.noneOf(WireFormat.class) : EnumSet.copyOf(formats);
        this.marker = marker;
        this.tags = List.copyOf(tags);
        this.candidateCap = Math.min(limits.maxPayloadChars(), limits.maxBufferChars());
        families.register(this, markers);
        this.proseStops = new ProseStops(markers.markers());
    }

    public boolean on(WireFormat f) {
        return formats.contains(f);
    }
}
