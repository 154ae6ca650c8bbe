package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.List;

/**
 * Llama 3.x: {@code <|python_tag|>{"name": …, "parameters": {…}}} (several separated by {@code ;}, or built-in
 * pythonic calls), ending at {@code <|eom_id|>} / {@code <|eot_id|>} or with the text; and
 * {@code <function=NAME>{json}</function>}, whose {@code <function=} also starts {@link Qwen3Coder}'s invocations
 * written without their {@code <tool_call>} wrapper (the content decides).
 */
public final class Llama3 implements Family {

    private static final ArgumentsAfterName.Spec FUNCTION_ARGS = ArgumentsAfterName.after(WireFormat.LLAMA_FUNCTION_TAG)
            .closedBy("</function>").nextCallAt("<function=").build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        JsonBlock.opener(WireFormat.LLAMA_PYTHON_TAG, "<|python_tag|>")
                .mayEndWith("<|eom_id|>", "<|eot_id|>").callsInSequence().pythonicAllowed().addTo(markers);
        markers.add("<function=", new FunctionTag());
    }

    /** {@code <function=NAME>}: JSON arguments (Llama) or {@code <parameter=…>} tags (Qwen3-Coder). */
    private static final class FunctionTag implements Recognizer {

        private final XmlInvokes qwen = new XmlInvokes(Qwen3Coder.BARE);

        @Override
        public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
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
                    return Verdict.NO_MATCH;
                }
            }
            if (gt < 0) {
                return limit - nameStart < 256 && !atEnd ? Verdict.needMore(RetryWhen.text(nameStart, ">")) : Verdict.NO_MATCH;
            }
            String name = Chars.trimmed(buf, nameStart, gt);
            if (name.isEmpty()) {
                return Verdict.NO_MATCH;
            }
            int i = Chars.skipBlanks(buf, gt + 1, limit);
            if (i >= limit) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1));
                }
                String shown = cfg.tools.display(name);
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(shown),
                        shown, WireFormat.LLAMA_FUNCTION_TAG, at.pos(), limit)));
            }
            if (i < limit && (buf.charAt(i) == '{' || buf.charAt(i) == '[')) {
                if (!cfg.on(WireFormat.LLAMA_FUNCTION_TAG)) {
                    return Verdict.NO_MATCH;
                }
                return ArgumentsAfterName.read(buf, cfg, FUNCTION_ARGS, name, null, at.pos(), gt + 1, ArgumentsAfterName.ALONE, limit, atEnd);
            }
            int p = Chars.startsWith(buf, i, limit, "<parameter=");
            int c = Chars.startsWith(buf, i, limit, "</function>");
            if ((p == Chars.PARTIAL || c == Chars.PARTIAL) && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            if (p == Chars.FULL || c == Chars.FULL) {
                return cfg.on(WireFormat.QWEN3_CODER) ? qwen.invoke(buf, cfg, at.pos(), at.pos(), limit, atEnd)
                        : cfg.on(WireFormat.LLAMA_FUNCTION_TAG)
                        ? ArgumentsAfterName.read(buf, cfg, FUNCTION_ARGS, name, null, at.pos(), gt + 1, ArgumentsAfterName.ALONE, limit, atEnd)
                        : Verdict.NO_MATCH;
            }
            return Verdict.NO_MATCH;
        }
    }
}
