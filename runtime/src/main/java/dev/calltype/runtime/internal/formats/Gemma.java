package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
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
 * Gemma 4 {@code <|tool_call>call:NAME{key:<|"|>text<|"|>,n:3}<tool_call|>} and FunctionGemma
 * {@code <start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>}: unquoted keys, strings
 * between a raw delimiter, other values as JSON.
 */
public final class Gemma implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add("<|tool_call>", new CallColon(WireFormat.GEMMA4, "<|tool_call>", "<tool_call|>", "<|\"|>"));
        markers.add("<start_function_call>", new CallColon(WireFormat.FUNCTION_GEMMA, "<start_function_call>",
                "<end_function_call>", "<escape>"));
    }

    /** {@code OPEN call:NAME{…} CLOSE}, strings between {@code rawQuote}. */
    private static final class CallColon implements Recognizer {

        private final WireFormat format;
        private final String open;
        private final ArgumentsAfterName.Spec args;

        public CallColon(WireFormat format, String open, String close, String rawQuote) {
            this.format = format;
            this.open = open;
            this.args = ArgumentsAfterName.after(format).closedBy(close).nextCallAt(open).rawStrings(rawQuote).build();
        }

        @Override
        public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
            Config cfg = at.cfg();
            if (!cfg.on(format)) {
                return Verdict.NO_MATCH;
            }
            int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
            int r = Chars.startsWith(buf, i, limit, "call:");
            if (r == Chars.PARTIAL) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1));
                }
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncatedBlock(),
                        null, format, at.pos(), limit)));
            }
            int nameStart = r == Chars.FULL ? i + 5 : i;
            int j = nameStart;
            while (j < limit && Chars.isNameChar(buf.charAt(j)) && buf.charAt(j) != ':') {
                j++;
            }
            if (j >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            String name = buf.subSequence(nameStart, j).toString();
            if (name.isEmpty()) {
                String close = args.closer();
                int x = Chars.indexOf(buf, close, i, limit);
                if (x < 0 && !atEnd) {
                    return Verdict.needMore(RetryWhen.text(i, close));
                }
                int end = x < 0 ? limit : x + close.length();
                return Verdict.matched(end, List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid("expected call:NAME{…} after " + open), null, format, at.pos(), end)));
            }
            return ArgumentsAfterName.read(buf, cfg, args, name, null, at.pos(), j, ArgumentsAfterName.ALONE, limit, atEnd);
        }
    }
}
