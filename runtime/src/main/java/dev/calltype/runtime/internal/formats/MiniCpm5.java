package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
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
        for (String space : SPACES) {
            String open = "<function" + space + "name=";
            markers.add(open, new XmlInvokes(spec(open).build()));
        }
    }

    /** The invocations opened by {@code open}, each parameter in any spelling. */
    private static XmlInvokes.Builder spec(String open) {
        String[] params = new String[SPACES.length - 1];
        for (int i = 1; i < SPACES.length; i++) {
            params[i - 1] = "<param" + SPACES[i] + "name=";
        }
        return XmlInvokes.of(WireFormat.MINICPM5)
                .invocation(open, "</function>")
                .parameter("<param" + SPACES[0] + "name=", "</param>")
                .parameterSpellings(params)
                .uniqueParameters();
    }

    /** The invocations written inside another family's tags ({@code <tool_call>…</tool_call>}). */
    static XmlInvokes inSection(String open, String close) {
        return new XmlInvokes(spec("<function name=").section(open, close).build());
    }

    /** Whether the invocation header at {@code i} (after {@code <function name=}) is followed by a MiniCPM5 {@code <param}. */
    static int paramsFollow(CharSequence buf, int i, int limit) {
        int gt = -1;
        for (int k = i; k < limit && k < i + 256; k++) {
            if (buf.charAt(k) == '>') {
                gt = k;
                break;
            }
        }
        if (gt < 0) {
            return limit < i + 256 ? Chars.PARTIAL : Chars.NO;
        }
        int j = Chars.skipBlanks(buf, gt + 1, limit);
        int p = Chars.startsWith(buf, j, limit, "<param");
        if (p != Chars.FULL) {
            return j >= limit ? Chars.PARTIAL : p;
        }
        int longer = Chars.startsWith(buf, j, limit, "<parameter");
        return longer == Chars.FULL ? Chars.NO : longer == Chars.PARTIAL ? Chars.PARTIAL : Chars.FULL;
    }
}
