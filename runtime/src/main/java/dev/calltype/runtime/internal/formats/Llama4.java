package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Llama 4: {@code <|python_start|>[get_weather(city="Paris")]<|python_end|>}, pythonic calls (JSON calls are read
 * too).
 */
public final class Llama4 implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.LLAMA4, "<|python_start|>", "<|python_end|>").pythonicAllowed().addTo(markers);
    }
}
