package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Tencent Hunyuan and AI21 Jamba: {@code <tool_calls>[{"name": …, "arguments": {…}}]</tool_calls>}.
 */
public final class Hunyuan implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add("<tool_calls>", JsonBlock.tags(WireFormat.TOOL_CALLS_TAG, "<tool_calls>", "</tool_calls>").recognizer());
    }
}
