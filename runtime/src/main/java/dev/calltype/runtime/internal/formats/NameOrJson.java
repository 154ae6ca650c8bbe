package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * A family's own call tag whose content decides how it is read: a bare name is followed by GLM-style pairs under
 * the family's tag names ({@link Glm}), anything else is a JSON call ({@code {"name": …, "arguments": …}}). LongCat's
 * {@code <longcat_tool_call>}, K2 Horizon's {@code <ifm|tool_call>}. A family whose tag holds no JSON ({@code json}
 * {@code null}: IQuest Coder's) leaves other content as text, as its serving engines do.
 */
record NameOrJson(WireFormat format, Recognizer json, Glm pairs) implements Recognizer {

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!cfg.on(format)) {
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
        return json == null ? Verdict.NO_MATCH : json.match(buf, at, limit, atEnd);
    }
}
