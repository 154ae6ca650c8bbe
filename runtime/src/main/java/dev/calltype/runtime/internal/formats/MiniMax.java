package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * MiniMax-M2: {@code <minimax:tool_call><invoke name="N"><parameter name="K">V</parameter></invoke></minimax:tool_call>},
 * values raw text typed by the tool's schema.
 */
public final class MiniMax implements Family {

    public static final String OPEN = "<minimax:tool_call>";

    private static final XmlInvokes.Spec SPEC = XmlInvokes.plain(WireFormat.MINIMAX, OPEN, "</minimax:tool_call>");

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes.addSection(markers, SPEC);
    }
}
