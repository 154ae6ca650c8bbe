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
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Fence;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.ShapeProbe;
import dev.calltype.runtime.internal.scan.SpanDivider;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

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
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!at.lineStart()) {
            return Verdict.NO_MATCH;
        }
        int pos = at.pos();
        Fence.Open f = Fence.open(buf, pos, limit, atEnd);
        if (f == null) {
            return Verdict.needMore(RetryWhen.text(pos, "\n"));
        }
        if (f == Fence.NOT) {
            return Verdict.NO_MATCH;
        }
        return content(buf, cfg, pos, f, limit, atEnd);
    }

    private Verdict content(CharSequence buf, Config cfg, int pos, Fence.Open f, int limit, boolean atEnd) {
        int c = Chars.skipBlanks(buf, f.contentStart(), limit);
        if (c >= limit) {
            return atEnd ? Verdict.NO_MATCH : Verdict.needMore(RetryWhen.length(limit + 1));
        }
        char ch = buf.charAt(c);
        if ((ch == '{' || ch == '[') && cfg.on(WireFormat.JSON_FENCE) && Fence.JSON.contains(f.language())) {
            Verdict m = json(buf, cfg, pos, c, limit, atEnd);
            if (!(m.isNoMatch() && ch == '[' && cfg.on(WireFormat.PYTHONIC) && Fence.PYTHON.contains(f.language()))) {
                return m;
            }
        }
        if ((ch == '[' || Chars.isIdentStart(ch)) && cfg.on(WireFormat.PYTHONIC) && Fence.PYTHON.contains(f.language())) {
            return python(buf, cfg, pos, c, new ArrayList<>(), new ArrayList<>(), limit, atEnd);
        }
        return Verdict.NO_MATCH;
    }

    // ------------------------------------------------------------------ JSON

    private Verdict json(CharSequence buf, Config cfg, int pos, int c, int limit, boolean atEnd) {
        JsonRead r = LenientJson.read(buf, c, limit, atEnd, cfg.limits);
        switch (r.status()) {
            case NEED_MORE -> {
                return Verdict.needMore(RetryWhen.balance(c));
            }
            case COMPLETE -> {
                List<CallNormalizer.Draft> drafts = CallNormalizer.shape(r, false);
                List<Finding> items = new ArrayList<>();
                if (drafts != null) {
                    for (CallNormalizer.Draft d : drafts) {
                        Finding it = CallNormalizer.resolve(d, false, WireFormat.JSON_FENCE, r.repairs(), r.autoClosed(), 0, 0, cfg);
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
                return broken(buf, cfg, pos, c, r, cfg.tools.display(p.name()), limit, atEnd);
            }
        }
    }

    /** Data: the fence is prose up to its closing line, which is not read as an opening fence. */
    private static Verdict skipFence(CharSequence buf, int from, int limit, boolean atEnd) {
        int g = Chars.indexOf(buf, "```", from, limit);
        if (g < 0) {
            return atEnd ? Verdict.skip(limit) : Verdict.needMore(RetryWhen.text(from, "```"));
        }
        int e = Fence.close(buf, g, limit, atEnd);
        return e == -2 ? Verdict.needMore(RetryWhen.length(limit + 1)) : Verdict.skip(e);
    }

    /** CallNormalizer read from the fence: the span runs to the closing fence (absorbing extra brackets and garbage). */
    private static Verdict closeCalls(CharSequence buf, int pos, int c, int valueEnd, List<Finding> items, int limit,
                                    boolean atEnd) {
        List<Repair> extra = new ArrayList<>(2);
        int j = valueEnd;
        int x = LenientJson.skipExtraClosers(buf, valueEnd, limit);
        int k = Chars.skipBlanks(buf, x, limit);
        if (k >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (x > valueEnd) {
            extra.add(Repair.EXTRA_CLOSING_BRACKETS);
            j = x;
        }
        int end = j;
        if (k < limit) {
            int f = Fence.close(buf, k, limit, atEnd);
            if (f == -2) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            if (f >= 0) {
                end = f;
            } else {
                int g = Chars.indexOf(buf, "```", k, limit);
                if (g < 0 && !atEnd) {
                    return Verdict.needMore(RetryWhen.text(k, "```"));
                }
                if (g >= 0) {
                    int e = Fence.close(buf, g, limit, atEnd);
                    if (e == -2) {
                        return Verdict.needMore(RetryWhen.length(limit + 1));
                    }
                    extra.add(Repair.TRAILING_GARBAGE);
                    end = e;
                }
            }
        }
        List<Finding> out = SpanDivider.distribute(buf, items, pos, end, c, valueEnd);
        if (!extra.isEmpty()) {
            out = new ArrayList<>(out);
            Finding last = out.get(out.size() - 1);
            for (Repair r : extra) {
                last = last.withRepair(r);
            }
            out.set(out.size() - 1, last);
        }
        return Verdict.matched(end, out);
    }

    /** A fenced call attempt that cannot be read: an error spanning the fence. */
    private static Verdict broken(CharSequence buf, Config cfg, int pos, int c, JsonRead r, String name, int limit,
                                boolean atEnd) {
        ExtractionError.Kind kind = ErrorTexts.kind(r);
        String message = ErrorTexts.failedRead(name, r);
        int end;
        if (kind == ExtractionError.Kind.TRUNCATED) {
            end = limit;
        } else {
            int g = Chars.indexOf(buf, "```", Math.max(c, r.problemOffset()), limit);
            if (g < 0) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.text(c, "```"));
                }
                end = limit;
            } else {
                int e = Fence.close(buf, g, limit, atEnd);
                if (e == -2) {
                    return Verdict.needMore(RetryWhen.length(limit + 1));
                }
                end = e;
            }
        }
        return Verdict.matched(end, List.of(Finding.error(kind, message, name, WireFormat.JSON_FENCE, pos, end)));
    }

    // ------------------------------------------------------------------ pythonic

    /** Statements from {@code from}: all must be calls of known tools, up to the closing fence. */
    private Verdict python(CharSequence buf, Config cfg, int pos, int from, List<Finding> done, List<Integer> doneStarts,
                         int limit, boolean atEnd) {
        List<Finding> items = new ArrayList<>(done);
        List<Integer> starts = new ArrayList<>(doneStarts);
        int cursor = from;
        while (true) {
            int c = Chars.skipBlanks(buf, cursor, limit);
            if (c >= limit) {
                if (!atEnd) {
                    return again(cfg, pos, c, items, starts, RetryWhen.length(limit + 1));
                }
                return items.isEmpty() ? Verdict.NO_MATCH : pythonCalls(items, starts, pos, limit);
            }
            if (!items.isEmpty()) {
                int f = Fence.close(buf, c, limit, atEnd);
                if (f == -2) {
                    return again(cfg, pos, c, items, starts, RetryWhen.length(limit + 1));
                }
                if (f >= 0) {
                    return pythonCalls(items, starts, pos, f);
                }
            }
            // the fence reaches at most to the next fence: a failed call is looked past only before it
            int fenceAhead = Chars.indexOf(buf, "```", c, limit);
            PyRead r = Pythonic.read(buf, c, fenceAhead < 0 ? limit : fenceAhead, limit, atEnd, cfg.limits);
            if (r.status() == PyRead.Status.NEED_MORE) {
                return again(cfg, pos, c, items, starts, RetryWhen.balance(c).or(RetryWhen.text(c, "```")));
            }
            if (r.status() != PyRead.Status.COMPLETE) {
                return Verdict.skip(Math.max(c + 1, Math.max(r.end(), r.problemOffset())));
            }
            int e = Chars.skipInlineBlanks(buf, r.end(), limit);
            if (e >= limit && !atEnd) {
                return again(cfg, pos, c, items, starts, RetryWhen.length(limit + 1));
            }
            if (e < limit && buf.charAt(e) != '\n' && buf.charAt(e) != '\r') {
                return Verdict.skip(r.end());
            }
            for (PyCall call : r.calls()) {
                Finding it = CallNormalizer.python(call, PythonicBlock.callName(buf, call, cfg), false, WireFormat.PYTHONIC, 0, 0, cfg);
                if (it == null) {
                    return Verdict.skip(r.end());
                }
                items.add(it);
                starts.add(call.start());
            }
            cursor = r.end();
        }
    }

    private Verdict again(Config cfg, int pos, int c, List<Finding> items, List<Integer> starts, RetryWhen hint) {
        List<Finding> i = List.copyOf(items);
        List<Integer> s = List.copyOf(starts);
        return Verdict.needMore(hint,
                (b, l, e) -> python(b, cfg, pos, c, i, s, l, e));
    }

    private static Verdict pythonCalls(List<Finding> items, List<Integer> starts, int pos, int end) {
        int[] s = new int[starts.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = starts.get(i);
        }
        return Verdict.matched(end, SpanDivider.tile(items, s, pos, end));
    }
}
