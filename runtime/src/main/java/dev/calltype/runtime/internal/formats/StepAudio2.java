package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * Step-Audio 2: {@code <tool_call>function\nNAME\n{json}</tool_call>}, the word {@code function}, the tool's name on
 * the next line, then its arguments. It has no marker of its own: {@link ToolCallTag} hands it the content of a
 * {@code <tool_call>} whose first line is {@code function} (GLM's {@code function\n<arg_key>…}, a tool named
 * {@code function}, stays {@link Glm}'s).
 */
public final class StepAudio2 {

    private static final int MAX_NAME = 256;

    private final ArgumentsAfterName.Spec args;

    /** The reader for content closed by {@code close}. */
    public StepAudio2(String close) {
        this.args = ArgumentsAfterName.after(WireFormat.STEP_AUDIO2).closedBy(close).build();
    }

    /**
     * The call whose {@code function} line ends at {@code wordEnd}, or {@code null} when the content is not
     * Step-Audio 2's (GLM pairs follow).
     */
    public Verdict read(CharSequence buf, Config cfg, int itemStart, int wordEnd, int limit, boolean atEnd) {
        int nl = wordEnd < limit && buf.charAt(wordEnd) == '\r' ? wordEnd + 1 : wordEnd;
        if (nl >= limit) {
            return atEnd ? null : Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (buf.charAt(nl) != '\n') {
            return null;
        }
        int nameStart = Chars.skipBlanks(buf, nl + 1, limit);
        if (nameStart >= limit) {
            return atEnd ? null : Verdict.needMore(RetryWhen.length(limit + 1));
        }
        int glm = Chars.startsWith(buf, nameStart, limit, "<arg_key>");
        if (glm == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (glm == Chars.FULL || buf.charAt(nameStart) == '<' || !cfg.on(WireFormat.STEP_AUDIO2)) {
            return null;
        }
        int bound = Math.min(limit, nameStart + MAX_NAME);
        int eol = Chars.lineEnd(buf, nameStart, bound);
        if (eol >= bound) {
            return bound == limit && !atEnd ? Verdict.needMore(RetryWhen.text(nameStart, "\n")) : null;
        }
        String name = Chars.trimmed(buf, nameStart, eol);
        if (name.isEmpty()) {
            return null;
        }
        return ArgumentsAfterName.read(buf, cfg, args, name, null, itemStart, eol, ArgumentsAfterName.ALONE, limit,
                atEnd);
    }
}
