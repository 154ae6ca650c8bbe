package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * The markers the extractor is configured with, not a model's: the {@code TOOL_CALL} marker (a word, perhaps
 * followed by {@code :}, then a JSON object, fenced or not) and {@code [TOOL_CALL]…[/TOOL_CALL]} or custom tag pairs.
 */
public final class CustomMarkers implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.opener(WireFormat.TOOL_CALL_MARKER, cfg.marker)
                .fencesAllowed().onlyBeforeJson().colonAfterMarker().wholeWord().addTo(markers);
        for (Config.TagPair p : cfg.tags) {
            JsonBlock.tags(WireFormat.BRACKET_TAGS, p.open(), p.close()).addTo(markers);
        }
    }
}
