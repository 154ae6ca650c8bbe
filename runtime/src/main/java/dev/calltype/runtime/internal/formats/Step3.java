package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Step-3: {@code <｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="N">
 * <steptml:parameter name="K">V</steptml:parameter></steptml:invoke><｜tool_call_end｜>…<｜tool_calls_end｜>}. The
 * {@code function<｜tool_sep｜>} before an invocation is optional, and calls may be separated by {@code <｜tool_sep｜>}
 * (as vLLM's Step-3 parser reads them): the per-call tokens are read as fillers around the invocations. The tool's
 * name may also stand on a line of its own before its invocation ({@code function<｜tool_sep｜>NAME\n<steptml:invoke…});
 * the invocation's name is the call's.
 */
public final class Step3 implements Family {

    private static final String BAR = "\uFF5C";
    private static final XmlInvokes.Spec SPEC = XmlInvokes.of(WireFormat.STEP3)
            .section("<" + BAR + "tool_calls_begin" + BAR + ">", "<" + BAR + "tool_calls_end" + BAR + ">")
            .invocation("<steptml:invoke name=", "</steptml:invoke>")
            .parameter("<steptml:parameter name=", "</steptml:parameter>")
            .fillers("<" + BAR + "tool_call_begin" + BAR + ">", "function<" + BAR + "tool_sep" + BAR + ">",
                    "<" + BAR + "tool_sep" + BAR + ">", "<" + BAR + "tool_call_end" + BAR + ">")
            .nameLine()
            .build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes.addSection(markers, SPEC);
    }
}
