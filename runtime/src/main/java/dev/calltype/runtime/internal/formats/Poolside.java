package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * Poolside Laguna writes GLM's calls ({@code <tool_call>NAME\n<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>},
 * read by {@link ToolCallTag}); it sometimes wraps one in {@code <user>…</user>} instead. Such a block is a call only
 * when the tools are known and it starts with one of their exact names followed by {@code <arg_key>} or the block's
 * end: {@code <user>hello</user>} and a name no tool has stay text.
 */
public final class Poolside implements Family {

    private static final String OPEN = "<user>";
    private static final String CLOSE = "</user>";
    private static final String KEY = "<arg_key>";
    private static final int MAX_NAME = 128;

    private final Glm glm = new Glm(OPEN, CLOSE);

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, (buf, at, limit, atEnd) -> {
            Config c = at.cfg();
            if (!c.on(WireFormat.GLM) || c.tools.isEmpty()) {
                return Verdict.NO_MATCH;
            }
            int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
            int j = i;
            while (j < limit && j - i <= MAX_NAME && Chars.isNameChar(buf.charAt(j))) {
                j++;
            }
            int k = Chars.skipBlanks(buf, j, limit);
            if (k >= limit && !atEnd && j - i <= MAX_NAME) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            KnownTools.Found found = j > i ? c.tools.find(buf.subSequence(i, j).toString()) : null;
            if (found == null || found.normalized()) {
                return Verdict.NO_MATCH;
            }
            int key = Chars.startsWith(buf, k, limit, KEY);
            int close = Chars.startsWith(buf, k, limit, CLOSE);
            if ((key == Chars.PARTIAL || close == Chars.PARTIAL) && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            return key == Chars.FULL || close == Chars.FULL ? glm.read(buf, c, at.pos(), i, j, limit, atEnd)
                    : Verdict.NO_MATCH;
        });
    }
}
