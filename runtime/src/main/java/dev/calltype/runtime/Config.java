package dev.calltype.runtime;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** An extractor's settings and its table of recognizers; immutable, shared by every extraction. */
final class Config {

    /** An opening and closing tag for {@link WireFormat#BRACKET_TAGS}. */
    record TagPair(String open, String close) {
    }

    final KnownTools tools;
    final ExtractionLimits limits;
    final boolean searchReasoning;
    final boolean startsInReasoning;
    final Set<WireFormat> formats;
    final String marker;
    final List<TagPair> tags;
    final MarkerTable markers = new MarkerTable();
    /** The scanner's fast path over prose, built from {@link #markers}. */
    final ProseStops proseStops;
    /** The most characters one candidate may span before it must be decided. */
    final int candidateCap;

    Config(List<ToolSpec> tools, ExtractionLimits limits, boolean searchReasoning, boolean startsInReasoning,
           Set<WireFormat> formats, String marker, List<TagPair> tags) {
        this.tools = new KnownTools(tools);
        this.limits = limits;
        this.searchReasoning = searchReasoning;
        this.startsInReasoning = startsInReasoning;
        this.formats = formats.isEmpty() ? EnumSet.noneOf(WireFormat.class) : EnumSet.copyOf(formats);
        this.marker = marker;
        this.tags = List.copyOf(tags);
        this.candidateCap = Math.min(limits.maxPayloadChars(), limits.maxBufferChars());
        Recognizers.register(this, markers);
        this.proseStops = new ProseStops(markers);
    }

    boolean on(WireFormat f) {
        return formats.contains(f);
    }
}
