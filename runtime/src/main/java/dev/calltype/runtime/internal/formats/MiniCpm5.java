package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * MiniCPM5: {@code <function name="N"><param name="K">V</param></function>}, one call per tag, CDATA values.
 */
public final class MiniCpm5 implements Family {

    private static final XmlInvokes.Spec SPEC = XmlInvokes.of(WireFormat.MINICPM5)
            .invocation("<function name=", "</function>")
            .parameter("<param name=", "</param>")
            .build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add("<function name=", new XmlInvokes(SPEC));
    }
}
