package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * MiniCPM5: {@code <function name="N"><param name="K">V</param></function>}, one call per tag, CDATA values. The
 * model also writes the space of {@code function name} collapsed ({@code <functionname="N">}, {@code <paramname=}) or
 * as its tokenizer's word marker {@code ▁} (U+2581); each spelling is read alike. A parameter without a name, or
 * given twice, makes the call an error: no call is guessed from it.
 */
public final class MiniCpm5 implements Family {

    private static final String WORD = "\u2581";

    @Override
    public void register(Config cfg, MarkerTable markers) {
        for (String space : new String[]{" ", "", WORD}) {
            String open = "<function" + space + "name=";
            markers.add(open, new XmlInvokes(XmlInvokes.of(WireFormat.MINICPM5)
                    .invocation(open, "</function>")
                    .parameter("<param" + space + "name=", "</param>")
                    .uniqueParameters()
                    .build()));
        }
    }
}
