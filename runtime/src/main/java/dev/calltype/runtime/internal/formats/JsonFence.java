package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.markup.PythonicBlock;
import dev.calltype.runtime.internal.pythonic.PyCall;
import dev.calltype.runtime.internal.pythonic.PyRead;
import dev.calltype.runtime.internal.pythonic.Pythonic;
import dev.calltype.runtime.internal.scan.Calls;
import dev.calltype.runtime.internal.scan.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Fence;
import dev.calltype.runtime.internal.scan.Hint;
import dev.calltype.runtime.internal.scan.Item;
import dev.calltype.runtime.internal.scan.Match;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.ShapeProbe;
import dev.calltype.runtime.internal.scan.Spans;
import dev.calltype.runtime.internal.text.Messages;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown fence at a line start whose content is tool-shaped: {@code ```json} or an unlabeled fence holding a
 * call object (or array, or wrapper), or a {@code ```python} / unlabeled fence whose lines are all pythonic calls of
 * known tools. The same rules as JSON in prose apply (a fence is no promise of a call): a fence holding data is
 * prose, fence and all, and is not searched further; a broken one is an error only when it clearly names a tool
 * beside an arguments key. Fences in other languages are ordinary prose.
 */
public final class JsonFence implements Recognizer {

    @Override
    public Match match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!at.lineStart()) {
            return Match.NO_MATCH;
        }
        int pos = at.pos();
        Fence.Open f = Fence.open(buf, pos, limit, atEnd);
        if (f == null) {
            return Match.needMore(Hint.text(pos, "\n"));
        }
        if (f == Fence.NOT) {
            return Match.NO_MATCH;
        }
        return content(buf, cfg, pos, f, limit, atEnd);
    }

    private Match content(CharSequence buf, Config cfg, int pos, Fence.Open f, int limit, boolean atEnd) {
        int c = Chars.skipBlanks(buf, f.contentStart(), limit);
        if (c >= limit) {
            return atEnd ? Match.NO_MATCH : Match.needMore(Hint.length(limit + 1));
        }
        char ch = buf.charAt(c);
        if ((ch == '{' || ch == '[') && cfg.on(WireFormat.JSON_FENCE) && Fence.JSON.contains(f.language())) {
            Match m = json(buf, cfg, pos, c, limit, atEnd);
            if (!(m.isNoMatch() && ch == '[' && cfg.on(WireFormat.PYTHONIC) && Fence.PYTHON.contains(f.language()))) {
                return m;
            }
        }
        if ((ch == '[' || Chars.isIdentStart(ch)) && cfg.on(WireFormat.PYTHONIC) && Fence.PYTHON.contains(f.language())) {
            return python(buf, cfg, pos, c, new ArrayList<>(), new ArrayList<>(), limit, atEnd);
        }
        return Match.NO_MATCH;
    }

    // ------------------------------------------------------------------ JSON

    private Match json(CharSequence buf, Config cfg, int pos, int c, int limit, boolean atEnd) {
        JsonRead r = LenientJson.read(buf, c, limit, atEnd, cfg.limits);
        switch (r.status()) {
            case NEED_MORE -> {
                return Match.needMore(Hint.balance(c));
            }
            case COMPLETE -> {
                List<Calls.Draft> drafts = Calls.shape(r, false);
                List<Item> items = new ArrayList<>();
                if (drafts != null) {
                    for (Calls.Draft d : drafts) {
                        Item it = Calls.resolve(d, false, WireFormat.JSON_FENCE, r.repairs(), r.autoClosed(), 0, 0, cfg);
                        if (it == null) {
                            items = null;
                            break;
                        }
                        items.add(it);
                    }
                }
                if (drafts == null || items == null) {
                    return skipFence(buf, r.end(), limit, atEnd);
                }
                return closeCalls(buf, pos, c, r.end(), items, limit, atEnd);
            }
            default -> {
                int q = r.status() == JsonRead.Status.TRUNCATED ? limit : Math.max(c + 1, r.problemOffset());
                ShapeProbe.Probe p = ShapeProbe.scan(buf, c, Math.min(limit, q + 1));
                boolean attempt = p.name() != null && p.argsKey()
                        && (cfg.tools.isEmpty() || cfg.tools.find(p.name()) != null);
                if (!attempt) {
                    return skipFence(buf, Math.min(q, limit), limit, atEnd);
                }
                return broken(buf, cfg, pos, c, r, JsonBlock.display(p.name(), cfg), limit, atEnd);
            }
        }
    }

    /** Data: the fence is prose up to its closing line, which is not read as an opening fence. */
    private static Match skipFence(CharSequence buf, int from, int limit, boolean atEnd) {
        int g = Chars.indexOf(buf, "```", from, limit);
        if (g < 0) {
            return atEnd ? Match.skip(limit) : Match.needMore(Hint.text(from, "```"));
        }
        int e = Fence.close(buf, g, limit, atEnd);
        return e == -2 ? Match.needMore(Hint.length(limit + 1)) : Match.skip(e);
    }

    /** Calls read from the fence: the span runs to the closing fence (absorbing extra brackets and garbage). */
    private static Match closeCalls(CharSequence buf, int pos, int c, int valueEnd, List<Item> items, int limit,
                                    boolean atEnd) {
        List<Repair> extra = new ArrayList<>(2);
        int j = valueEnd;
        int x = LenientJson.skipExtraClosers(buf, valueEnd, limit);
        int k = Chars.skipBlanks(buf, x, limit);
        if (k >= limit && !atEnd) {
            return Match.needMore(Hint.length(limit + 1));
        }
        if (x > valueEnd) {
            extra.add(Repair.EXTRA_CLOSING_BRACKETS);
            j = x;
        }
        int end = j;
        if (k < limit) {
            int f = Fence.close(buf, k, limit, atEnd);
            if (f == -2) {
                return Match.needMore(Hint.length(limit + 1));
            }
            if (f >= 0) {
                end = f;
            } else {
                int g = Chars.indexOf(buf, "```", k, limit);
                if (g < 0 && !atEnd) {
                    return Match.needMore(Hint.text(k, "```"));
                }
                if (g >= 0) {
                    int e = Fence.close(buf, g, limit, atEnd);
                    if (e == -2) {
                        return Match.needMore(Hint.length(limit + 1));
                    }
                    extra.add(Repair.TRAILING_GARBAGE);
                    end = e;
                }
            }
        }
        List<Item> out = Spans.distribute(buf, items, pos, end, c, valueEnd);
        if (!extra.isEmpty()) {
            out = new ArrayList<>(out);
            Item last = out.get(out.size() - 1);
            for (Repair r : extra) {
                last = last.withRepair(r);
            }
            out.set(out.size() - 1, last);
        }
        return Match.matched(end, out);
    }

    /** A fenced call attempt that cannot be read: an error spanning the fence. */
    private static Match broken(CharSequence buf, Config cfg, int pos, int c, JsonRead r, String name, int limit,
                                boolean atEnd) {
        ExtractionError.Kind kind = Messages.kind(r);
        String message = Messages.failedRead(name, r);
        int end;
        if (kind == ExtractionError.Kind.TRUNCATED) {
            end = limit;
        } else {
            int g = Chars.indexOf(buf, "```", Math.max(c, r.problemOffset()), limit);
            if (g < 0) {
                if (!atEnd) {
                    return Match.needMore(Hint.text(c, "```"));
                }
                end = limit;
            } else {
                int e = Fence.close(buf, g, limit, atEnd);
                if (e == -2) {
                    return Match.needMore(Hint.length(limit + 1));
                }
                end = e;
            }
        }
        return Match.matched(end, List.of(Item.error(kind, message, name, WireFormat.JSON_FENCE, pos, end)));
    }

    // ------------------------------------------------------------------ pythonic

    /** Statements from {@code from}: all must be calls of known tools, up to the closing fence. */
    private Match python(CharSequence buf, Config cfg, int pos, int from, List<Item> done, List<Integer> doneStarts,
                         int limit, boolean atEnd) {
        List<Item> items = new ArrayList<>(done);
        List<Integer> starts = new ArrayList<>(doneStarts);
        int cursor = from;
        while (true) {
            int c = Chars.skipBlanks(buf, cursor, limit);
            if (c >= limit) {
                if (!atEnd) {
                    return again(cfg, pos, c, items, starts, Hint.length(limit + 1));
                }
                return items.isEmpty() ? Match.NO_MATCH : pythonCalls(items, starts, pos, limit);
            }
            if (!items.isEmpty()) {
                int f = Fence.close(buf, c, limit, atEnd);
                if (f == -2) {
                    return again(cfg, pos, c, items, starts, Hint.length(limit + 1));
                }
                if (f >= 0) {
                    return pythonCalls(items, starts, pos, f);
                }
            }
            PyRead r = Pythonic.read(buf, c, limit, atEnd, cfg.limits);
            if (r.status() == PyRead.Status.NEED_MORE) {
                return again(cfg, pos, c, items, starts, Hint.balance(c));
            }
            if (r.status() != PyRead.Status.COMPLETE) {
                return Match.skip(Math.max(c + 1, Math.max(r.end(), r.problemOffset())));
            }
            int e = Chars.skipInlineBlanks(buf, r.end(), limit);
            if (e >= limit && !atEnd) {
                return again(cfg, pos, c, items, starts, Hint.length(limit + 1));
            }
            if (e < limit && buf.charAt(e) != '\n' && buf.charAt(e) != '\r') {
                return Match.skip(r.end());
            }
            for (PyCall call : r.calls()) {
                Item it = Calls.python(call, PythonicBlock.callName(buf, call), false, WireFormat.PYTHONIC, 0, 0, cfg);
                if (it == null) {
                    return Match.skip(r.end());
                }
                items.add(it);
                starts.add(call.start());
            }
            cursor = r.end();
        }
    }

    private Match again(Config cfg, int pos, int c, List<Item> items, List<Integer> starts, Hint hint) {
        List<Item> i = List.copyOf(items);
        List<Integer> s = List.copyOf(starts);
        return Match.needMore(hint,
                (b, l, e) -> python(b, cfg, pos, c, i, s, l, e));
    }

    private static Match pythonCalls(List<Item> items, List<Integer> starts, int pos, int end) {
        int[] s = new int[starts.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = starts.get(i);
        }
        return Match.matched(end, Spans.tile(items, s, pos, end));
    }
}
