package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.scan.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.internal.scan.Hint;
import dev.calltype.runtime.internal.scan.Item;
import dev.calltype.runtime.internal.scan.Match;
import dev.calltype.runtime.internal.text.Messages;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.WireFormat;

import java.util.List;

/**
 * {@code <function=NAME>}: Llama 3.x {@code <function=NAME>{json}</function>}, or Qwen3-Coder's
 * {@code <function=NAME><parameter=K>V</parameter></function>} written without its {@code <tool_call>} wrapper.
 */
public final class FunctionTag implements Recognizer {

    private static final NamedArgs.Spec LLAMA = new NamedArgs.Spec(WireFormat.LLAMA_FUNCTION_TAG,
            List.of("</function>"), "<function=", null, false);
    private final XmlInvokes qwen = new XmlInvokes(XmlInvokes.qwen(null, null));

    @Override
    public Match match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        int nameStart = at.markerEnd();
        int gt = -1;
        for (int i = nameStart; i < limit && i < nameStart + 256; i++) {
            char c = buf.charAt(i);
            if (c == '>') {
                gt = i;
                break;
            }
            if (c == '\n' || c == '<') {
                return Match.NO_MATCH;
            }
        }
        if (gt < 0) {
            return limit - nameStart < 256 && !atEnd ? Match.needMore(Hint.text(nameStart, ">")) : Match.NO_MATCH;
        }
        String name = Chars.trimmed(buf, nameStart, gt);
        if (name.isEmpty()) {
            return Match.NO_MATCH;
        }
        int i = Chars.skipBlanks(buf, gt + 1, limit);
        if (i >= limit) {
            if (!atEnd) {
                return Match.needMore(Hint.length(limit + 1));
            }
            String shown = JsonBlock.display(name, cfg);
            return Match.matched(limit, List.of(Item.error(ExtractionError.Kind.TRUNCATED, Messages.truncated(shown),
                    shown, WireFormat.LLAMA_FUNCTION_TAG, at.pos(), limit)));
        }
        if (i < limit && (buf.charAt(i) == '{' || buf.charAt(i) == '[')) {
            if (!cfg.on(WireFormat.LLAMA_FUNCTION_TAG)) {
                return Match.NO_MATCH;
            }
            return NamedArgs.read(buf, cfg, LLAMA, name, null, at.pos(), gt + 1, NamedArgs.ALONE, limit, atEnd);
        }
        int p = Chars.startsWith(buf, i, limit, "<parameter=");
        int c = Chars.startsWith(buf, i, limit, "</function>");
        if ((p == Chars.PARTIAL || c == Chars.PARTIAL) && !atEnd) {
            return Match.needMore(Hint.length(limit + 1));
        }
        if (p == Chars.FULL || c == Chars.FULL) {
            return cfg.on(WireFormat.QWEN3_CODER) ? qwen.invoke(buf, cfg, at.pos(), at.pos(), limit, atEnd)
                    : cfg.on(WireFormat.LLAMA_FUNCTION_TAG)
                    ? NamedArgs.read(buf, cfg, LLAMA, name, null, at.pos(), gt + 1, NamedArgs.ALONE, limit, atEnd)
                    : Match.NO_MATCH;
        }
        return Match.NO_MATCH;
    }
}
