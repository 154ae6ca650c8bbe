package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * MiniCPM5: {@code <function name="N"><param name="K">V</param></function>}, one call per tag, CDATA values. The
 * model also writes the space of {@code function name} collapsed ({@code <functionname="N">}, {@code <paramname=}) or
 * as a tokenizer's word marker, {@code Ġ} (U+0120) or {@code ▁} (U+2581); each spelling is read alike, mixed in one
 * call too. A lone {@code properties} parameter holding an object, for a known tool without one, wraps the arguments.
 * A parameter without a name, or given twice, makes the call an error: no call is guessed from it.
 */
public final class MiniCpm5 implements Family {

    /** The space of {@code function name}: written, collapsed, or a tokenizer's word marker (Ġ, ▁). */
    private static final String[] SPACES = {" ", "", "\u0120", "\u2581"};

    @Override
    public void register(Config cfg, MarkerTable markers) {
        String[] params = new String[SPACES.length - 1];
        for (int i = 1; i < SPACES.length; i++) {
            params[i - 1] = "<param" + SPACES[i] + "name=";
        }
        for (String space : SPACES) {
            String open = "<function" + space + "name=";
            markers.add(open, new XmlInvokes(XmlInvokes.of(WireFormat.MINICPM5)
                    .invocation(open, "</function>")
                    .parameter("<param" + SPACES[0] + "name=", "</param>")
                    .parameterSpellings(params)
                    .uniqueParameters()
                    .build()));
        }
    }
}
