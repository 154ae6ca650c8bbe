package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * dots.llm: {@code <dots_function_call><invoke name="N"><parameter name="K">V</parameter></invoke>…</dots_function_call>};
 * a block may instead hold one JSON call, {@code <dots_function_call>{"name": "N", "arguments": {…}}</dots_function_call>}.
 */
public final class Dots implements Family {

    private static final String OPEN = "<dots_function_call>";
    private static final String CLOSE = "</dots_function_call>";
    private static final XmlInvokes.Spec SPEC = XmlInvokes.plain(WireFormat.DOTS, OPEN, CLOSE);

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes invokes = new XmlInvokes(SPEC);
        JsonBlock json = JsonBlock.tags(WireFormat.DOTS, OPEN, CLOSE).recognizer();
        markers.add(OPEN, (buf, at, limit, atEnd) -> {
            int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
            if (i >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            return i < limit && buf.charAt(i) == '{' ? json.match(buf, at, limit, atEnd)
                    : invokes.match(buf, at, limit, atEnd);
        });
    }
}
