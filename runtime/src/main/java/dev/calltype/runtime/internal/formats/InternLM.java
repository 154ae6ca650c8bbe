package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * InternLM 2.5: {@code <|action_start|><|plugin|>{"name": …, "parameters": {…}}<|action_end|>}.
 */
public final class InternLM implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.INTERNLM, "<|action_start|><|plugin|>", "<|action_end|>").addTo(markers);
    }
}
