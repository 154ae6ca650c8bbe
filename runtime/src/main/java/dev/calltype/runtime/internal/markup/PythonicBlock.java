package dev.calltype.runtime.internal.markup;

import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.pythonic.PyCall;
import dev.calltype.runtime.internal.pythonic.PyRead;
import dev.calltype.runtime.internal.pythonic.PyHead;
import dev.calltype.runtime.internal.pythonic.Pythonic;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.SpanDivider;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.ArrayList;
import java.util.List;

/**
 * Pythonic calls inside explicit markup: Olmo 3 {@code <function_calls>} (one call per line), Llama 4
 * {@code <|python_start|>[…]}, LFM2 {@code <|tool_call_start|>[…]}, Llama 3 {@code <|python_tag|>} built-in calls.
 * Every call is strict: unknown names, non-literal arguments and surplus positional arguments are errors. Calls
 * are emitted one statement at a time, as with {@link JsonBlock}.
 */
public final class PythonicBlock {

    private PythonicBlock() {
    }

    /** Reads calls from {@code cursor} in a block of {@code spec}'s format whose next call's span starts at {@code itemStart}. */
    public static Verdict read(CharSequence buf, Config cfg, JsonBlockSpec spec, int itemStart, int cursor, int limit,
                      boolean atEnd) {
        WireFormat format = spec.format();
        int i = Chars.skipBlanks(buf, cursor, limit);
        // the block reaches at most to the next block's opener: a failed call is looked past only before it, so an
        // unclosed call in each of many blocks is not followed to the end of the text from each of them
        int next = spec.opener() == null || i >= limit ? -1 : Chars.indexOf(buf, spec.opener(), i, limit);
        PyRead r = Pythonic.read(buf, i, next < 0 ? limit : next, limit, atEnd, cfg.limits);
        switch (r.status()) {
            case NEED_MORE -> {
                int head = PyHead.headStart(buf, i, limit);
                int paren = PyHead.head(buf, head, limit);
                Verdict.Started st = null;
                if (paren >= 0) {
                    String name = cfg.tools.display(callName(buf, head, paren, cfg));
                    st = new Verdict.Started(name, paren, null);
                }
                RetryWhen hint = spec.opener() == null ? RetryWhen.balance(i)
                        : RetryWhen.balance(i).or(RetryWhen.text(i, spec.opener()));
                return Verdict.needMore(hint, (b, l, e) -> read(b, cfg, spec, itemStart, i, l, e), st);
            }
            case COMPLETE -> {
                List<Finding> items = new ArrayList<>(r.calls().size());
                int[] starts = new int[r.calls().size()];
                for (int k = 0; k < r.calls().size(); k++) {
                    PyCall c = r.calls().get(k);
                    starts[k] = c.start();
                    items.add(CallNormalizer.python(c, callName(buf, c, cfg), true, format, 0, 0, cfg));
                }
                if (items.isEmpty()) {
                    return error(buf, cfg, spec, itemStart, i, r.end(), ExtractionError.Kind.INVALID_CALL_SYNTAX,
                            ErrorTexts.invalid("the list of calls is empty"), null, limit, atEnd);
                }
                return after(buf, cfg, spec, itemStart, items, starts, r.end(), r.end(), limit, atEnd);
            }
            case NOT_A_CALL -> {
                return error(buf, cfg, spec, itemStart, i, i, ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid("expected a call like name(key=value)"), null, limit, atEnd);
            }
            default -> {
                ExtractionError.Kind kind = r.errorKind() == null ? ExtractionError.Kind.INVALID_CALL_SYNTAX
                        : r.errorKind();
                int head = PyHead.headStart(buf, i, limit);
                int paren = PyHead.head(buf, head, limit);
                // a list that stopped at a call after others names that call, not the first
                String name = !r.calls().isEmpty()
                        ? cfg.tools.display(callName(buf, r.calls().get(r.calls().size() - 1), cfg))
                        : paren >= 0 ? cfg.tools.display(callName(buf, head, paren, cfg)) : null;
                String message = kind == ExtractionError.Kind.TRUNCATED ? ErrorTexts.truncated(name)
                        : kind == ExtractionError.Kind.LIMIT_EXCEEDED ? ErrorTexts.limit(r.problem())
                        : ErrorTexts.invalid((name == null ? "" : "in the call to " + Chars.quoted(name) + ": ") + r.problem());
                return error(buf, cfg, spec, itemStart, i, Math.max(i, r.problemOffset()), kind, message, name, limit,
                        atEnd);
            }
        }
    }

    /** After calls read up to {@code end}: another statement follows, or the block closes. */
    private static Verdict after(CharSequence buf, Config cfg, JsonBlockSpec spec, int itemStart, List<Finding> items,
                               int[] starts, int end, int scan, int limit, boolean atEnd) {
        int k = scan;
        while (k < limit && (Chars.isBlank(buf.charAt(k)) || buf.charAt(k) == ',' || buf.charAt(k) == ';')) {
            k++;
        }
        if (k >= limit) {
            if (!atEnd) {
                int s = k;
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> after(b, cfg, spec, itemStart, items, starts, end, s, l, e));
            }
            return Verdict.matched(end, SpanDivider.tile(items, starts, itemStart, end));
        }
        for (String cl : spec.closers()) {
            int r = Chars.startsWith(buf, k, limit, cl);
            if (r == Chars.FULL) {
                return Verdict.matched(k + cl.length(), SpanDivider.tile(items, starts, itemStart, k + cl.length()));
            }
            if (r == Chars.PARTIAL && !atEnd) {
                int s = k;
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> after(b, cfg, spec, itemStart, items, starts, end, s, l, e));
            }
        }
        int h = PyHead.head(buf, PyHead.headStart(buf, k, limit), limit);
        if (h == PyHead.HEAD_MORE && !atEnd) {
            int s = k;
            return Verdict.needMore(RetryWhen.length(limit + 1),
                    (b, l, e) -> after(b, cfg, spec, itemStart, items, starts, end, s, l, e));
        }
        if (h >= 0) {
            int next = k;
            return Verdict.matched(next, SpanDivider.tile(items, starts, itemStart, next),
                    (b, l, e) -> read(b, cfg, spec, next, next, l, e));
        }
        String closer = spec.closerExpected() ? spec.closer() : null;
        if (closer != null) {
            Closer.Ahead ahead = Closer.find(buf, k, limit, closer, spec.opener());
            int x = ahead.closerAt();
            int o = ahead.openerAt();
            if (x >= 0) {
                int e = x + closer.length();
                if (Chars.indexOf(buf, "\n", end, k) >= 0) {
                    // a line of its own that is not a call: an invalid sibling, reported; the calls before it run
                    List<Finding> tiled = new ArrayList<>(SpanDivider.tile(items, starts, itemStart, k));
                    tiled.add(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                            ErrorTexts.invalid("expected a call like name(key=value) on each line of the block"), null,
                            spec.format(), k, e));
                    return Verdict.matched(e, tiled);
                }
                List<Finding> tiled = SpanDivider.tile(items, starts, itemStart, e);
                Finding last = tiled.get(tiled.size() - 1).withRepair(Repair.TRAILING_GARBAGE);
                tiled = new ArrayList<>(tiled);
                tiled.set(tiled.size() - 1, last);
                return Verdict.matched(e, tiled);
            }
            if (o < 0 && !atEnd) {
                int s = k;
                RetryWhen hint = RetryWhen.text(k, closer, spec.opener());
                return Verdict.needMore(hint, (b, l, e) -> after(b, cfg, spec, itemStart, items, starts, end, s, l, e));
            }
        }
        return Verdict.matched(end, SpanDivider.tile(items, starts, itemStart, end));
    }

    /** A failed statement: its span reaches the closing marker if one follows, else the end of its line. */
    private static Verdict error(CharSequence buf, Config cfg, JsonBlockSpec spec, int itemStart, int from, int q,
                               ExtractionError.Kind kind, String message, String name, int limit, boolean atEnd) {
        int end;
        String closer = spec.closer();
        if (kind == ExtractionError.Kind.TRUNCATED) {
            end = limit;
        } else {
            if (closer != null && spec.closerExpected()) {
                Verdict sibling = beforeSibling(buf, cfg, spec, itemStart, q, kind, message, name, closer, limit, atEnd);
                if (sibling != null) {
                    return sibling;
                }
                // the closer, if it comes before another block opens
                end = Closer.spanEnd(buf, q, limit, atEnd, closer, spec.opener());
                if (end == Closer.WAIT) {
                    RetryWhen h = RetryWhen.text(q, closer, spec.opener());
                    return Verdict.needMore(h,
                            (b, l, e) -> error(b, cfg, spec, itemStart, from, q, kind, message, name, l, e));
                }
                if (end == Closer.NEITHER) {
                    end = Chars.lineEnd(buf, q, limit);
                }
            } else {
                Closer.Ahead ahead = Closer.find(buf, q, limit, closer, spec.opener());
                int x = ahead.closerAt();
                int o = ahead.openerAt();
                // whichever comes first: a closer, the end of the line, or another block
                int eol = Chars.lineEnd(buf, q, limit);
                boolean eolSeen = eol < limit || atEnd;
                int first = eolSeen ? eol : Integer.MAX_VALUE;
                if (o >= 0) {
                    first = Math.min(first, o);
                }
                if (x >= 0 && x < first) {
                    end = x + closer.length();
                } else if (first != Integer.MAX_VALUE) {
                    end = first;
                } else {
                    java.util.List<String> wait = new ArrayList<>(List.of("\n"));
                    if (closer != null) {
                        wait.add(closer);
                    }
                    if (spec.opener() != null) {
                        wait.add(spec.opener());
                    }
                    RetryWhen h = RetryWhen.text(q, wait.toArray(new String[0]));
                    return Verdict.needMore(h,
                            (b, l, e) -> error(b, cfg, spec, itemStart, from, q, kind, message, name, l, e));
                }
            }
        }
        end = Math.min(limit, Math.max(end, itemStart + 1));
        return Verdict.matched(end, List.of(Finding.error(kind, message, name, spec.format(), itemStart, end)));
    }

    /**
     * A failed statement whose line is followed, before the closer, by a line starting another call: the error ends
     * there and the block is read on, so that one bad sibling costs no good call; {@code null} otherwise.
     */
    private static Verdict beforeSibling(CharSequence buf, Config cfg, JsonBlockSpec spec, int itemStart, int q,
                                         ExtractionError.Kind kind, String message, String name, String closer,
                                         int limit, boolean atEnd) {
        int eol = Chars.lineEnd(buf, q, limit);
        if (eol >= limit || Chars.indexOf(buf, closer, q, eol) >= 0) {
            return null;
        }
        int next = Chars.skipBlanks(buf, eol, limit);
        int h = PyHead.head(buf, PyHead.headStart(buf, next, limit), limit);
        if (h == PyHead.HEAD_MORE && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1),
                    (b, l, e) -> error(b, cfg, spec, itemStart, q, q, kind, message, name, l, e));
        }
        if (h < 0) {
            return null;
        }
        return Verdict.matched(next, List.of(Finding.error(kind, message, name, spec.format(), itemStart, next)),
                (b, l, e) -> read(b, cfg, spec, next, next, l, e));
    }

    /**
     * The name a pythonic call names: a dotted name as written when a known tool has it
     * ({@code grocery.orderIngredients}), or when no tools are known; otherwise its last dotted segment
     * ({@code client.search} is {@code search}), or the one before {@code .call} (Llama built-ins).
     */
    public static String callName(CharSequence buf, PyCall c, Config cfg) {
        int paren = PyHead.head(buf, c.start(), c.end());
        return paren >= 0 ? callName(buf, c.start(), paren, cfg) : c.name();
    }

    /** {@link #callName(CharSequence, PyCall, Config)} for the head {@code buf[headStart, paren)}. */
    public static String callName(CharSequence buf, int headStart, int paren, Config cfg) {
        String last = lastSegment(buf, headStart, paren);
        String written = buf.subSequence(headStart, paren).toString();
        if (cfg.tools.isEmpty() && !written.endsWith(".call")) {
            return written; // no tool to resolve it against: the name as the model wrote it
        }
        if (!cfg.tools.isEmpty()) {
            String full = buf.subSequence(headStart, paren).toString();
            KnownTools.Found f = full.indexOf('.') >= 0 ? cfg.tools.find(full) : null;
            KnownTools.Found l = f == null ? null : cfg.tools.find(last);
            if (f != null && (l == null || l.spec() != f.spec())) {
                return full;
            }
        }
        return last;
    }

    private static String lastSegment(CharSequence buf, int headStart, int paren) {
        int dot = headStart - 1;
        int before = headStart - 1;
        for (int i = headStart; i < paren; i++) {
            if (buf.charAt(i) == '.') {
                before = dot;
                dot = i;
            }
        }
        String last = buf.subSequence(dot + 1, paren).toString();
        if (last.equals("call") && dot >= headStart) {
            return buf.subSequence(before + 1, dot).toString();
        }
        return last;
    }
}
