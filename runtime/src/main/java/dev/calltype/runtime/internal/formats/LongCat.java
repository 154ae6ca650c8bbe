package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * LongCat Flash: {@code <longcat_tool_call>{"name": …, "arguments": {…}}</longcat_tool_call>}, or GLM-style pairs
 * with LongCat's own tag names: {@code <longcat_tool_call>NAME<longcat_arg_key>K</longcat_arg_key>
 * <longcat_arg_value>V</longcat_arg_value></longcat_tool_call>} (values raw text, typed by the schema as GLM's are).
 * The content decides which.
 */
public final class LongCat implements Family {

    private static final String OPEN = "<longcat_tool_call>";
    private static final String CLOSE = "</longcat_tool_call>";

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, new Tag(JsonBlock.tags(WireFormat.LONGCAT, OPEN, CLOSE).recognizer(),
                new Glm(OPEN, CLOSE, "longcat_", WireFormat.LONGCAT)));
    }

    /** A {@code <longcat_tool_call>}: JSON, or a bare name and its pairs. */
    private record Tag(Recognizer json, Glm pairs) implements Recognizer {
        @Override
        public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
            Config cfg = at.cfg();
            if (!cfg.on(WireFormat.LONGCAT)) {
                return Verdict.NO_MATCH;
            }
            int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
            if (i >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1)); // the content decides who reads it
            }
            if (i < limit && Chars.isIdentStart(buf.charAt(i))) {
                int j = i;
                while (j < limit && Chars.isNameChar(buf.charAt(j))) {
                    j++;
                }
                if (j >= limit && !atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1));
                }
                return pairs.read(buf, cfg, at.pos(), i, j, limit, atEnd);
            }
            return json.match(buf, at, limit, atEnd);
        }
    }
}
