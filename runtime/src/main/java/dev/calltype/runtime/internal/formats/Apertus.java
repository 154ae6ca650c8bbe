package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Swiss AI Apertus: {@code <|tools_prefix|>[{"NAME": {args}}]<|tools_suffix|>}, each call an object keyed by the
 * tool's name.
 */
public final class Apertus implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.APERTUS, "<|tools_prefix|>", "<|tools_suffix|>").callsKeyedByName().addTo(markers);
    }
}
