package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Cohere Command R7B {@code <|START_ACTION|>[{"tool_name": …, "parameters": {…}}]<|END_ACTION|>} and Command R
 * {@code Action: ```json [{"tool_name": …, "parameters": {…}}] ```} (the word {@code Action:} is markup only before a
 * JSON fence).
 */
public final class CommandR implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.COMMAND_R7B, "<|START_ACTION|>", "<|END_ACTION|>").addTo(markers);
        JsonBlock.opener(WireFormat.COMMAND_R, "Action:").fenceRequired().onlyBeforeJson().wholeWord().addTo(markers);
    }
}
