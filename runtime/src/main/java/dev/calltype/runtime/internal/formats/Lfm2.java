package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Liquid LFM2: {@code <|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>}, pythonic calls (JSON calls
 * are read too).
 */
public final class Lfm2 implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.LFM2, "<|tool_call_start|>", "<|tool_call_end|>").pythonicAllowed().addTo(markers);
    }
}
