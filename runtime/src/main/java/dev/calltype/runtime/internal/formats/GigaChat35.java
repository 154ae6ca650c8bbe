package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * GigaChat 3.5's GCML, DeepSeek's DSML under another name:
 * {@code <｜GCML｜tool_calls><｜GCML｜invoke name="N"><｜GCML｜parameter name="K" string="true">V</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>}
 * (vLLM's and SGLang's {@code gigachat35} parsers). The schema types a value; where it does not describe the
 * parameter, {@code string="false"} reads it as JSON.
 */
public final class GigaChat35 implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes.addSection(markers,
                DeepSeek.markupLanguage(WireFormat.GIGACHAT35, DeepSeek.BAR, "GCML", "", "tool_calls"));
    }
}
