package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Olmo 3: {@code <function_calls>get_weather(city="Paris")\nnow()</function_calls>}, pythonic calls one per line
 * (JSON calls are read too).
 */
public final class Olmo3 implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.OLMO3, "<function_calls>", "</function_calls>").pythonicAllowed().addTo(markers);
    }
}
