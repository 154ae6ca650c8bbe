package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * An extractor's settings: the tools, limits and formats it was built with. Data only, immutable, shared by every
 * extraction; the recognizers read it at each candidate ({@link Recognizer.At#cfg}), and the scanner finds the
 * recognizers themselves in its {@link ScanTable}.
 */
public final class Config {

    /** An opening and closing tag for {@link WireFormat#BRACKET_TAGS}. */
    public record TagPair(String open, String close) {
    }

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
    /** The most characters one candidate may span before it must be decided. */
    public final int candidateCap;

    /** {@code startsInReasoning}: {@code null} when the first reasoning marker of the response decides. */
    public Config(List<ToolSpec> tools, ExtractionLimits limits, boolean searchReasoning,
           boolean runUnclosedReasoning, Boolean startsInReasoning, String promptTail, Set<WireFormat> formats,
           String marker, List<TagPair> tags) {
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
    }

    public boolean on(WireFormat f) {
        return formats.contains(f);
    }
}
