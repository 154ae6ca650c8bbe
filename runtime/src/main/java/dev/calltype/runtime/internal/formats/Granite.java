package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * IBM Granite 3: {@code <|tool_call|>[{"name": …, "arguments": {…}}]}, and Granite-20B-FunctionCalling
 * {@code <function_call> {"name": …, "arguments": {…}}}: a marker and one JSON value, no closer.
 */
public final class Granite implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.opener(WireFormat.GRANITE, "<|tool_call|>").addTo(markers);
        JsonBlock.opener(WireFormat.GRANITE_20B, "<function_call>").addTo(markers);
    }
}
