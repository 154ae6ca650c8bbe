package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Muse Glimmer ATEM: {@code <atem:function_calls><atem:invoke name="N"><atem:parameter name="K">V</atem:parameter>…}.
 */
public final class MuseGlimmer implements Family {

    private static final XmlInvokes.Spec SPEC = XmlInvokes.of(WireFormat.ATEM)
            .section("<atem:function_calls>", "</atem:function_calls>")
            .invocation("<atem:invoke name=", "</atem:invoke>")
            .parameter("<atem:parameter name=", "</atem:parameter>")
            .build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add("<atem:function_calls>", new XmlInvokes(SPEC));
    }
}
