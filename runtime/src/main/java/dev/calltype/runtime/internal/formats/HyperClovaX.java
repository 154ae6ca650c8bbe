package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * HyperCLOVA X: the assistant turn addressed to the tools, {@code <|im_start|>assistant -> tool/function_call\n[{"name":
 * …, "arguments": {…}}]<|im_end|>}; a response that starts at the arrow (the prompt ending with the role) is read by
 * {@link ResponseStart}.
 */
public final class HyperClovaX implements Family {

    static final String MARKER = "-> tool/function_call";
    private static final String ROLE = "<|im_start|>assistant ";
    static final JsonBlock BLOCK = JsonBlock.opener(WireFormat.HYPERCLOVAX, MARKER).mayEndWith("<|im_end|>")
            .recognizer();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.opener(WireFormat.HYPERCLOVAX, ROLE + MARKER).mayEndWith("<|im_end|>").addTo(markers);
    }
}
