package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.markup.PythonicBlock;
import dev.calltype.runtime.internal.pythonic.PyCall;
import dev.calltype.runtime.internal.pythonic.PyRead;
import dev.calltype.runtime.internal.pythonic.PyHead;
import dev.calltype.runtime.internal.pythonic.Pythonic;
import dev.calltype.runtime.internal.chars.BracketBalance;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.SpanDivider;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.ArrayList;
import java.util.List;

/**
 * A pythonic call, or list of calls, that is a whole line of prose: {@code search(query="AI", limit=5)},
 * {@code [a(x=1), b("y")]}, {@code client.search(...)}. A call-like phrase inside a sentence is not a call: the
 * call must start the line and nothing but blanks may follow it on its line, except that a bracketed list of calls
 * to known tools may be followed by prose ({@code [get_weather(city="Oslo")] Checking now.}, as LFM2 writes it). With
 * known tools, only their names are calls (anything else is prose); with none, any name is, when the call reads
 * cleanly. With known tools, a bracketed list of their calls may also follow prose on its line when it ends the line
 * ({@code Let me check. [get_weather(city="Oslo")]}, as SGLang reads it); one that does not read as such a list
 * is prose there.
 */
public final class PythonicLine implements Recognizer {

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!cfg.on(WireFormat.PYTHONIC)) {
            return Verdict.NO_MATCH;
        }
        int pos = at.pos();
        boolean afterProse = !at.lineStart();
        if (afterProse && (cfg.tools.isEmpty() || buf.charAt(pos) != '[')) {
            return Verdict.NO_MATCH;
        }
        int headAt = PyHead.headStart(buf, pos, limit);
        int paren = PyHead.head(buf, headAt, limit);
        if (paren == PyHead.HEAD_MORE) {
            return atEnd ? Verdict.NO_MATCH : Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (paren < 0) {
            return Verdict.NO_MATCH;
        }
        String name = PythonicBlock.callName(buf, headAt, paren, at.cfg());
        if (!cfg.tools.isEmpty() && cfg.tools.find(name) == null) {
            return Verdict.skipPythonic(paren);
        }
        PyRead r = Pythonic.read(buf, pos, limit, atEnd, cfg.limits);
        switch (r.status()) {
            case NEED_MORE -> {
                return Verdict.needMore(RetryWhen.balance(pos));
            }
            case NOT_A_CALL -> {
                return Verdict.skipPythonic(Math.max(paren, r.end()));
            }
            case COMPLETE -> {
                if (afterProse) {
                    return knownList(buf, at, r) ? endsTheLine(buf, at, r, r.end(), limit, atEnd)
                            : Verdict.skipPythonic(r.end());
                }
                return complete(buf, at, r, r.end(), limit, atEnd);
            }
            default -> {
                if (afterProse) {
                    return Verdict.skipPythonic(Math.max(paren, Math.max(r.end(), r.problemOffset())));
                }
                boolean alone = cfg.tools.isEmpty();
                if (alone && !startsTheResponse(buf, pos)) {
                    return Verdict.skipPythonic(Math.max(r.end(), r.problemOffset()));
                }
                return failed(buf, at, r, cfg.tools.display(name), alone, limit, atEnd);
            }
        }
    }

    /** CallNormalizer read: a call only if the rest of its line is blank. */
    private Verdict complete(CharSequence buf, At at, PyRead r, int scan, int limit, boolean atEnd) {
        int k = Chars.skipInlineBlanks(buf, scan, limit);
        if (k >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> complete(b, at, r, k, l, e));
        }
        if (k < limit && buf.charAt(k) != '\n' && buf.charAt(k) != '\r' && !knownList(buf, at, r)) {
            return Verdict.skipPythonic(r.end());
        }
        List<Finding> items = new ArrayList<>(r.calls().size());
        int[] starts = new int[r.calls().size()];
        for (int i = 0; i < r.calls().size(); i++) {
            PyCall c = r.calls().get(i);
            Finding it = CallNormalizer.python(c, PythonicBlock.callName(buf, c, at.cfg()), false, WireFormat.PYTHONIC, 0, 0, at.cfg());
            if (it == null) {
                return Verdict.skipPythonic(r.end());
            }
            items.add(it);
            starts[i] = c.start();
        }
        if (items.isEmpty()) {
            return Verdict.skipPythonic(r.end());
        }
        return Verdict.matched(r.end(), SpanDivider.tile(items, starts, at.pos(), r.end()));
    }

    /**
     * A bracketed list of known tools' calls after prose on its line ({@code Let me check. [get_weather(city="Oslo")]},
     * as SGLang reads it): calls only when it ends its line; prose otherwise.
     */
    private Verdict endsTheLine(CharSequence buf, At at, PyRead r, int scan, int limit, boolean atEnd) {
        int k = Chars.skipInlineBlanks(buf, scan, limit);
        if (k >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> endsTheLine(b, at, r, k, l, e));
        }
        if (k < limit && buf.charAt(k) != '\n' && buf.charAt(k) != '\r') {
            return Verdict.skipPythonic(r.end());
        }
        return complete(buf, at, r, scan, limit, atEnd);
    }

    /** Whether the read is a bracketed list whose calls all name known tools. */
    private static boolean knownList(CharSequence buf, At at, PyRead r) {
        Config cfg = at.cfg();
        if (cfg.tools.isEmpty() || buf.charAt(at.pos()) != '[' || buf.charAt(r.end() - 1) != ']') {
            return false;
        }
        for (PyCall c : r.calls()) {
            if (cfg.tools.find(PythonicBlock.callName(buf, c, cfg)) == null) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code pos} is the response's first character. */
    private static boolean startsTheResponse(CharSequence buf, int pos) {
        return pos == 0;
    }

    /**
     * A call that is not a literal call: an error when the call (by its brackets) is the whole line and names a known
     * tool, or, with no tools known ({@code alone}), when it is the whole response; prose otherwise.
     */
    private Verdict failed(CharSequence buf, At at, PyRead r, String name, boolean alone, int limit, boolean atEnd) {
        ExtractionError.Kind kind = r.errorKind() == null ? ExtractionError.Kind.INVALID_CALL_SYNTAX : r.errorKind();
        int pos = at.pos();
        int end;
        if (kind == ExtractionError.Kind.TRUNCATED) {
            end = limit;
        } else {
            int e = BracketBalance.end(buf, pos, limit);
            if (e < 0) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.balance(pos), (b, l, x) -> failed(b, at, r, name, alone, l, x));
                }
                end = limit;
            } else {
                int k = alone ? Chars.skipBlanks(buf, e, limit) : Chars.skipInlineBlanks(buf, e, limit);
                if (k >= limit && !atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, x) -> failed(b, at, r, name, alone, l, x));
                }
                if (k < limit && (alone || (buf.charAt(k) != '\n' && buf.charAt(k) != '\r'))) {
                    return Verdict.skipPythonic(Math.max(e, r.problemOffset()));
                }
                end = e;
            }
        }
        if (!r.calls().isEmpty()) {
            Verdict kept = siblingsBefore(buf, at, r.calls(), end);
            if (kept != null) {
                return kept;
            }
        }
        String message = kind == ExtractionError.Kind.TRUNCATED ? ErrorTexts.truncated(name)
                : kind == ExtractionError.Kind.LIMIT_EXCEEDED ? ErrorTexts.limit(r.problem())
                : ErrorTexts.invalid("in the call to " + Chars.quoted(name) + ": " + r.problem());
        return Verdict.matched(end, List.of(Finding.error(kind, message, name, WireFormat.PYTHONIC, pos, end)));
    }

    /**
     * A list whose read stopped at a call after others ({@code [a(x=1), b(s='it 's')]}): the calls before it were read
     * whole and run; the failing call is an error under its own name reaching to {@code end}, since where its string
     * ends cannot be told. {@code null} when one of them does not name a known tool (the list is then reported whole).
     */
    private static Verdict siblingsBefore(CharSequence buf, At at, List<PyCall> calls, int end) {
        List<Finding> items = new ArrayList<>(calls.size());
        int[] starts = new int[calls.size()];
        for (int i = 0; i < calls.size(); i++) {
            PyCall c = calls.get(i);
            if (i == calls.size() - 1) {
                c = PyCall.failed(c.name(), c.start(), end, c.problem());
            }
            Finding it = CallNormalizer.python(c, PythonicBlock.callName(buf, c, at.cfg()), false, WireFormat.PYTHONIC,
                    0, 0, at.cfg());
            if (it == null) {
                return null;
            }
            items.add(it);
            starts[i] = c.start();
        }
        return Verdict.matched(end, SpanDivider.tile(items, starts, at.pos(), end));
    }
}
