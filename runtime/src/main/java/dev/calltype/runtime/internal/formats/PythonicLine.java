package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.markup.PythonicBlock;
import dev.calltype.runtime.internal.pythonic.PyCall;
import dev.calltype.runtime.internal.pythonic.PyRead;
import dev.calltype.runtime.internal.pythonic.Pythonic;
import dev.calltype.runtime.internal.scan.Balance;
import dev.calltype.runtime.internal.scan.Calls;
import dev.calltype.runtime.internal.scan.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Hint;
import dev.calltype.runtime.internal.scan.Item;
import dev.calltype.runtime.internal.scan.Match;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.Spans;
import dev.calltype.runtime.internal.text.Messages;

import java.util.ArrayList;
import java.util.List;

/**
 * A pythonic call, or list of calls, that is a whole line of prose: {@code search(query="AI", limit=5)},
 * {@code [a(x=1), b("y")]}, {@code client.search(...)}. A call-like phrase inside a sentence is not a call: the
 * call must start the line and nothing but blanks may follow it on its line. With known tools, only their names are
 * calls (anything else is prose); with none, any name is, when the call reads cleanly.
 */
public final class PythonicLine implements Recognizer {

    @Override
    public Match match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!cfg.on(WireFormat.PYTHONIC) || !at.lineStart()) {
            return Match.NO_MATCH;
        }
        int pos = at.pos();
        int headAt = pos;
        if (buf.charAt(pos) == '[') {
            headAt = Chars.skipBlanks(buf, pos + 1, limit);
            if (headAt >= limit) {
                return atEnd ? Match.NO_MATCH : Match.needMore(Hint.length(limit + 1));
            }
        }
        int paren = Pythonic.head(buf, headAt, limit);
        if (paren == -2) {
            return atEnd ? Match.NO_MATCH : Match.needMore(Hint.length(limit + 1));
        }
        if (paren < 0) {
            return Match.NO_MATCH;
        }
        String name = PythonicBlock.callName(buf, headAt, paren);
        if (!cfg.tools.isEmpty() && cfg.tools.find(name) == null) {
            return Match.skipPythonic(paren);
        }
        PyRead r = Pythonic.read(buf, pos, limit, atEnd, cfg.limits);
        switch (r.status()) {
            case NEED_MORE -> {
                return Match.needMore(Hint.balance(pos));
            }
            case NOT_A_CALL -> {
                return Match.skipPythonic(Math.max(paren, r.end()));
            }
            case COMPLETE -> {
                return complete(buf, at, r, r.end(), limit, atEnd);
            }
            default -> {
                if (cfg.tools.isEmpty()) {
                    return Match.skipPythonic(Math.max(r.end(), r.problemOffset()));
                }
                return failed(buf, at, r, JsonBlock.display(name, cfg), limit, atEnd);
            }
        }
    }

    /** Calls read: a call only if the rest of its line is blank. */
    private Match complete(CharSequence buf, At at, PyRead r, int scan, int limit, boolean atEnd) {
        int k = Chars.skipInlineBlanks(buf, scan, limit);
        if (k >= limit && !atEnd) {
            return Match.needMore(Hint.length(limit + 1), (b, l, e) -> complete(b, at, r, k, l, e));
        }
        if (k < limit && buf.charAt(k) != '\n' && buf.charAt(k) != '\r') {
            return Match.skipPythonic(r.end());
        }
        List<Item> items = new ArrayList<>(r.calls().size());
        int[] starts = new int[r.calls().size()];
        for (int i = 0; i < r.calls().size(); i++) {
            PyCall c = r.calls().get(i);
            Item it = Calls.python(c, PythonicBlock.callName(buf, c), false, WireFormat.PYTHONIC, 0, 0, at.cfg());
            if (it == null) {
                return Match.skipPythonic(r.end());
            }
            items.add(it);
            starts[i] = c.start();
        }
        if (items.isEmpty()) {
            return Match.skipPythonic(r.end());
        }
        return Match.matched(r.end(), Spans.tile(items, starts, at.pos(), r.end()));
    }

    /**
     * A known tool called with something that is not a literal call: an error when the call (by its brackets) is
     * the whole line, prose otherwise.
     */
    private Match failed(CharSequence buf, At at, PyRead r, String name, int limit, boolean atEnd) {
        ExtractionError.Kind kind = r.errorKind() == null ? ExtractionError.Kind.INVALID_CALL_SYNTAX : r.errorKind();
        int pos = at.pos();
        int end;
        if (kind == ExtractionError.Kind.TRUNCATED) {
            end = limit;
        } else {
            int e = Balance.end(buf, pos, limit);
            if (e < 0) {
                if (!atEnd) {
                    return Match.needMore(Hint.balance(pos), (b, l, x) -> failed(b, at, r, name, l, x));
                }
                end = limit;
            } else {
                int k = Chars.skipInlineBlanks(buf, e, limit);
                if (k >= limit && !atEnd) {
                    return Match.needMore(Hint.length(limit + 1), (b, l, x) -> failed(b, at, r, name, l, x));
                }
                if (k < limit && buf.charAt(k) != '\n' && buf.charAt(k) != '\r') {
                    return Match.skipPythonic(Math.max(e, r.problemOffset()));
                }
                end = e;
            }
        }
        String message = kind == ExtractionError.Kind.TRUNCATED ? Messages.truncated(name)
                : kind == ExtractionError.Kind.LIMIT_EXCEEDED ? Messages.limit(r.problem())
                : Messages.invalid("in the call to \"" + Messages.quote(name) + "\": " + r.problem());
        return Match.matched(end, List.of(Item.error(kind, message, name, WireFormat.PYTHONIC, pos, end)));
    }
}
