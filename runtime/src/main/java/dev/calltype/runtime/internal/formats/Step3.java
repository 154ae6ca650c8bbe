package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Continuation-3: {@code <｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="N">
 * <steptml:parameter name="K">V</steptml:parameter></steptml:invoke><｜tool_call_end｜>…<｜tool_calls_end｜>}.
 */
public final class Step3 implements Family {

    private static final XmlInvokes.Spec SPEC = XmlInvokes.of(WireFormat.STEP3)
            .section("<\uFF5Ctool_calls_begin\uFF5C>", "<\uFF5Ctool_calls_end\uFF5C>")
            .invocation("<\uFF5Ctool_call_begin\uFF5C>function<\uFF5Ctool_sep\uFF5C><steptml:invoke name=", "</steptml:invoke><\uFF5Ctool_call_end\uFF5C>")
            .parameter("<steptml:parameter name=", "</steptml:parameter>")
            .build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes.addSection(markers, SPEC);
    }
}
