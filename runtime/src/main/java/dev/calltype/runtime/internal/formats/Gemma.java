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
 * between a raw delimiter, other values as JSON; a string is typed by the schema where it types the parameter
 * otherwise ({@code <escape>10<escape>} for an integer is {@code 10}).
 */
public final class Gemma implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add("<|tool_call>", new CallColon(WireFormat.GEMMA4, "<|tool_call>", "<tool_call|>", "<|\"|>"));
        markers.add("<start_function_call>", new CallColon(WireFormat.FUNCTION_GEMMA, "<start_function_call>",
                "<end_function_call>", "<escape>"));
    }

    /**
     * {@code OPEN call:NAME{…} CLOSE}, strings between {@code rawQuote}; one block may hold several calls, each
     * opened by {@code call:} ({@code <|tool_call>call:a{…}call:b{…}<tool_call|>}), each read as its own call.
     */
    private static final class CallColon implements Recognizer {

        private static final String CALL = "call:";

        private final WireFormat format;
        private final String open;
        private final String close;
        private final ArgumentsAfterName.Spec args;

        public CallColon(WireFormat format, String open, String close, String rawQuote) {
            this.format = format;
            this.open = open;
            this.close = close;
            // a call ends at the block's closer, or where the block's next call begins
            this.args = ArgumentsAfterName.after(format).closedBy(close, CALL).nextCallAt(open).rawStrings(rawQuote)
                    .build();
        }

        @Override
        public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
            Config cfg = at.cfg();
            if (!cfg.on(format)) {
                return Verdict.NO_MATCH;
            }
            int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
            int r = Chars.startsWith(buf, i, limit, CALL);
            if (r == Chars.PARTIAL) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1));
                }
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncatedBlock(),
                        null, format, at.pos(), limit)));
            }
            return call(buf, cfg, at.pos(), r == Chars.FULL ? i + CALL.length() : i, limit, atEnd);
        }

        /** The call whose span starts at {@code itemStart} and whose name starts at {@code nameStart}. */
        private Verdict call(CharSequence buf, Config cfg, int itemStart, int nameStart, int limit, boolean atEnd) {
            int j = nameStart;
            while (j < limit && Chars.isNameChar(buf.charAt(j)) && buf.charAt(j) != ':') {
                j++;
            }
            if (j >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> call(b, cfg, itemStart, nameStart, l, e));
            }
            String name = buf.subSequence(nameStart, j).toString();
            if (name.isEmpty()) {
                int x = Chars.indexOf(buf, close, nameStart, limit);
                if (x < 0 && !atEnd) {
                    return Verdict.needMore(RetryWhen.text(nameStart, close),
                            (b, l, e) -> call(b, cfg, itemStart, nameStart, l, e));
                }
                int end = x < 0 ? limit : x + close.length();
                return Verdict.matched(end, List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid("expected call:NAME{…} after " + open), null, format, itemStart, end)));
            }
            return ArgumentsAfterName.read(buf, cfg, args, name, null, itemStart, j,
                    (b, c, end, l, e) -> after(b, cfg, c, end, l, e), limit, atEnd);
        }

        /**
         * After a call: the block's end, or the block's next {@code call:}, read from there. Its string values are
         * typed by the schema (every value of FunctionGemma's is a delimited string).
         */
        private Verdict after(CharSequence buf, Config cfg, Finding read, int end, int limit, boolean atEnd) {
            Finding call = RawArguments.stringsTypedBySchema(read, cfg);
            int next = end - CALL.length();
            if (next > call.start && Chars.startsWith(buf, next, end, CALL) == Chars.FULL) {
                return Verdict.matched(next, List.of(call.span(call.start, next)),
                        (b, l, e) -> call(b, cfg, next, end, l, e));
            }
            return Verdict.matched(end, List.of(call.span(call.start, end)));
        }
    }
}
