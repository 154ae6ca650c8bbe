package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * GigaChat 3: {@code <|function_call|>{"name": …, "arguments": {…}}} or {@code function call<|role_sep|>\n{…}}. A
 * call object without {@code "arguments"} is an error, never a call (vLLM's GigaChat 3 parser reads no call from
 * it).
 */
public final class GigaChat3 implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.opener(WireFormat.GIGACHAT3, "<|function_call|>").argumentsRequired().addTo(markers);
        JsonBlock.opener(WireFormat.GIGACHAT3, "function call<|role_sep|>").argumentsRequired().addTo(markers);
    }
}
