package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * NVIDIA Nemotron: {@code <TOOLCALL>[{"name": …, "arguments": {…}}]</TOOLCALL>}.
 */
public final class Nemotron implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.tags(WireFormat.NEMOTRON, "<TOOLCALL>", "</TOOLCALL>").addTo(markers);
    }
}
