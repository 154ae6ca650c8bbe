package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * openPangu: {@code [unused11][{"name": …, "arguments": {…}}][unused12]}, the list of calls between two of the
 * tokenizer's reserved tokens. A lone call object where the list belongs is an error, never a call (vLLM's
 * openPangu V2 parser reads no call from it).
 */
public final class Pangu implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.PANGU, "[unused11]", "[unused12]").listRequired().addTo(markers);
    }
}
