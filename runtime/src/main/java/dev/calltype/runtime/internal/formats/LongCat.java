package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * LongCat Flash: {@code <longcat_tool_call>{"name": …, "arguments": {…}}</longcat_tool_call>}.
 */
public final class LongCat implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.LONGCAT, "<longcat_tool_call>", "</longcat_tool_call>").addTo(markers);
    }
}
