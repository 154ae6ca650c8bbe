package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * HyperCLOVA X: the assistant turn addressed to the tools, {@code -> tool/function_call\n[{"name": …, "arguments":
 * {…}}]<|im_end|>} (the role header {@code <|im_start|>assistant} before it is the template's).
 */
public final class HyperClovaX implements Family {

    static final String MARKER = "-> tool/function_call";

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(MARKER, JsonBlock.opener(WireFormat.HYPERCLOVAX, MARKER).mayEndWith("<|im_end|>").recognizer());
    }
}
