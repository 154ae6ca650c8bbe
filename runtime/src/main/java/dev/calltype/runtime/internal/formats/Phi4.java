package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Phi-4-mini and FireFunction: {@code functools[{"name": …, "arguments": {…}}]}. {@code functools} is a word that
 * prose uses too, so it is markup only as a whole word followed by JSON. A lone call object where the list belongs
 * is an error, never a call (vLLM's Phi-4-mini parser reads no call from it), as for openPangu.
 */
public final class Phi4 implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.opener(WireFormat.FUNCTOOLS, "functools").onlyBeforeJson().wholeWord().listRequired().addTo(markers);
    }
}
