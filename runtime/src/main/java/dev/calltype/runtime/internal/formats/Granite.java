package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * IBM Granite 3: {@code <|tool_call|>[{"name": …, "arguments": {…}}]}, and Granite-20B-FunctionCalling
 * {@code <function_call> {"name": …, "arguments": {…}}}: a marker and one JSON value, no closer. After Granite 3's
 * {@code <|tool_call|>} a lone call object where the list belongs is an error, never a call (vLLM's Granite parser
 * reads no call from it), as for openPangu.
 */
public final class Granite implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.opener(WireFormat.GRANITE, "<|tool_call|>").listRequired().addTo(markers);
        JsonBlock.opener(WireFormat.GRANITE_20B, "<function_call>").addTo(markers);
    }
}
