package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * dots.llm: {@code <dots_function_call><invoke name="N"><parameter name="K">V</parameter></invoke>…</dots_function_call>}.
 */
public final class Dots implements Family {

    private static final XmlInvokes.Spec SPEC = XmlInvokes.of(WireFormat.DOTS)
            .section("<dots_function_call>", "</dots_function_call>")
            .invokeTags("<", "</")
            .build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes.addSection(markers, SPEC);
    }
}
