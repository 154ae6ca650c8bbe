package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.Closer;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Markup read once its closing marker has arrived (Solar Open, PLaMo 3, Hunyuan): until then streaming waits,
 * searching only new text for the marker; then the block is read in one pass. A block the response leaves open is
 * read to the end of the text, its reader told so ({@code to == end}): the calls it holds are the driver's to run or
 * refuse by how the text ended (the one truncation rule, {@link dev.calltype.runtime.Ending}), and a call the end cut
 * is the reader's {@link ExtractionError.Kind#TRUNCATED} error; a block that holds neither is one such error.
 */
final class ClosedBlock {

    /** Reads the content {@code [from, to)} of a block spanning {@code [start, end)} into items tiling that span. */
    @FunctionalInterface
    interface Reader {
        List<Finding> read(CharSequence buf, Config cfg, int start, int from, int to, int end);
    }

    /** {@link #labelEnd}: no label there. */
    static final int NO_LABEL = -1;
    /** {@link #labelEnd}: the text ends before the label does. */
    static final int MORE = -2;

    private ClosedBlock() {
    }

    /**
     * The {@code >} that ends a tag's label starting at {@code from} ({@code <tool: LABEL>},
     * {@code <tool_calls:SUFFIX>}): its index, {@link #NO_LABEL} when a character {@code part} refuses (or {@code max}
     * characters) comes first, or {@link #MORE} when the text may still bring it.
     */
    static int labelEnd(CharSequence buf, int from, int limit, boolean atEnd, int max, IntPredicate part) {
        for (int k = from; k < limit && k < from + max; k++) {
            char c = buf.charAt(k);
            if (c == '>') {
                return k;
            }
            if (!part.test(c)) {
                return NO_LABEL;
            }
        }
        return !atEnd && limit < from + max ? MORE : NO_LABEL;
    }

    /**
     * The recognizer of {@code format}'s block whose content follows its marker and ends at {@code close} (Solar
     * Open, PLaMo 3, MiniMax-M3).
     */
    static Recognizer afterMarker(WireFormat format, String close, Reader reader) {
        return (buf, at, limit, atEnd) -> !at.cfg().on(format) ? Verdict.NO_MATCH
                : match(buf, at.cfg(), format, at.pos(), at.markerEnd(), close, reader, at.markerEnd(), limit, atEnd);
    }

    /** The block whose content starts at {@code from}, closed by {@code close}; searched for it from {@code scan}. */
    static Verdict match(CharSequence buf, Config cfg, WireFormat format, int start, int from, String close, Reader reader,
                       int scan, int limit, boolean atEnd) {
        int x = Chars.indexOf(buf, close, scan, limit);
        if (x < 0) {
            if (atEnd) {
                int to = limit; // the content ends before the start of the closing marker the end cut
                for (int k = Math.max(from, limit - close.length() + 1); k < limit; k++) {
                    if (Chars.startsWith(buf, k, limit, close) == Chars.PARTIAL) {
                        to = k;
                        break;
                    }
                }
                List<Finding> items = reader.read(buf, cfg, start, from, to, to);
                if (items.stream().anyMatch(f -> f.isCall() || f.errorKind == ExtractionError.Kind.TRUNCATED)) {
                    return Verdict.matched(limit, tile(items, start, limit));
                }
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                        ErrorTexts.truncatedBlock(), null, format, start, limit)));
            }
            int again = Math.max(from, limit - close.length() + 1);
            return Verdict.needMore(RetryWhen.text(again, close),
                    (b, l, e) -> match(b, cfg, format, start, from, close, reader, again, l, e));
        }
        int end = x + close.length();
        List<Finding> items = reader.read(buf, cfg, start, from, x, end);
        if (items.isEmpty()) {
            return Verdict.matched(end, List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                    ErrorTexts.invalid("the tool-call block holds no call"), null, format, start, end)));
        }
        return Verdict.matched(end, tile(items, start, end));
    }

    /** The items with their spans stretched to tile {@code [start, end)}: each reaches the next one's start. */
    static List<Finding> tile(List<Finding> items, int start, int end) {
        List<Finding> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            int from = i == 0 ? start : out.get(i - 1).end;
            int to = i == items.size() - 1 ? end : items.get(i + 1).start;
            out.add(items.get(i).span(from, Math.max(from, to)));
        }
        return out;
    }

    /**
     * Reads one call whose content is {@code [from, to)} and whose text is {@code [start, end)}; {@code end == to}
     * when the call was not closed before the block's content ended, or the next call began.
     */
    @FunctionalInterface
    interface CallReader {
        Finding read(int from, int to, int start, int end);
    }

    /**
     * The calls of a block's content {@code [from, to)}, each written {@code open…close} with blanks between; text
     * that does not open a call is an error reaching the content's end. A call left open reaches the next call's
     * {@code open}, or the content's end.
     */
    static List<Finding> each(CharSequence buf, int from, int to, String open, String close, WireFormat format,
                           CallReader reader) {
        List<Finding> items = new ArrayList<>();
        int j = from;
        while (true) {
            j = Chars.skipBlanks(buf, j, to);
            if (j >= to) {
                return items;
            }
            if (Chars.startsWith(buf, j, to, open) != Chars.FULL) {
                items.add(invalid("expected " + open + " to start a call", null, format, j, to));
                return items;
            }
            Closer.Ahead ahead = Closer.find(buf, j + open.length(), to, close, open);
            int x = ahead.closerAt();
            int until = x >= 0 ? x : ahead.openerAt() >= 0 ? ahead.openerAt() : to;
            int end = x >= 0 ? x + close.length() : until;
            items.add(reader.read(j + open.length(), until, j, end));
            j = end;
        }
    }

    /**
     * {@code item}, or, when the text ended inside its call ({@code cut}) and it is not a call, a
     * {@link ExtractionError.Kind#TRUNCATED} error in its place: what could not be read was cut, not written wrong.
     */
    static Finding cutWhere(boolean cut, Finding item) {
        if (!cut || item.isCall()) {
            return item;
        }
        return item.asError(ExtractionError.Kind.TRUNCATED, item.name == null ? ErrorTexts.truncatedBlock()
                : ErrorTexts.truncated(item.name));
    }

    /** An error for the call text {@code [from, to)}. */
    static Finding invalid(String problem, String name, WireFormat format, int from, int to) {
        return Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX, ErrorTexts.invalid(problem), name, format, from, to);
    }
}
