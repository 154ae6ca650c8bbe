package dev.calltype.runtime.internal.markup;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.chars.BracketBalance;
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

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The JSON-based tool-call formats that are a marker, JSON calls (an object, an array of objects, or several
 * objects), and perhaps a closing marker: the {@code TOOL_CALL} marker, {@code [TOOL_CALL]} tags, Hermes
 * {@code <tool_call>}, Mistral {@code [TOOL_CALLS][…]}, Granite, Nemotron, {@code <tool_calls>}, functools,
 * InternLM, Command R/R7B, Apertus, Llama {@code <|python_tag|>}. Each is one {@link JsonBlockSpec}.
 *
 * <p>Explicit markup: every object inside is a call attempt, so what cannot be read is an error. The block is read
 * one call at a time: a call is emitted as soon as what follows it shows it is complete (the next call starts, or
 * the block closes), and reading continues from there with a continuation step, so a long block is never re-read.
 * Between a call and the closing marker, extra closing brackets ({@link Repair#EXTRA_CLOSING_BRACKETS}) and other
 * text ({@link Repair#TRAILING_GARBAGE}) are absorbed when the closing marker follows before another block opens.
 */
public final class JsonBlock implements Recognizer {

    /** A block opened by {@code opener}: one JSON object or array, nothing else set yet. */
    public static JsonBlockSpec.Builder<JsonBlock> opener(WireFormat format, String opener) {
        return new JsonBlockSpec.Builder<>(format, opener, JsonBlock::new);
    }

    /** A tag pair: opener, closer, call objects or arrays (several in sequence), fences allowed. */
    public static JsonBlockSpec.Builder<JsonBlock> tags(WireFormat format, String open, String close) {
        return new JsonBlockSpec.Builder<>(format, open, JsonBlock::new).closedBy(close).callsInSequence()
                .fencesAllowed();
    }

    /** How far into a call streaming looks for its name at every character. */
    public static final int EAGER_NAME_CHARS = 256;

    public final JsonBlockSpec spec;

    public JsonBlock(JsonBlockSpec spec) {
        this.spec = spec;
    }

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        if (!at.cfg().on(spec.format())) {
            return Verdict.NO_MATCH;
        }
        if (spec.wordBoundary()) {
            if (!at.wordBoundary()) {
                return Verdict.NO_MATCH;
            }
            if (at.markerEnd() >= limit) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1));
                }
            } else if (Chars.isIdentPart(buf.charAt(at.markerEnd()))) {
                return Verdict.NO_MATCH;
            }
        }
        return open(buf, at.cfg(), at.pos(), at.markerEnd(), spec.markerColon(), limit, atEnd);
    }

    /** Reads the block whose opener ends at {@code cursor}; the first call's span starts at {@code itemStart}. */
    public Verdict open(CharSequence buf, Config cfg, int itemStart, int cursor, boolean colon, int limit, boolean atEnd) {
        int i = Chars.skipBlanks(buf, cursor, limit);
        if (colon && i < limit && buf.charAt(i) == ':') {
            int at = i + 1;
            return open(buf, cfg, itemStart, at, false, limit, atEnd);
        }
        if (i >= limit) {
            if (!atEnd) {
                int resumeAt = i;
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> open(b, cfg, itemStart, resumeAt, colon, l, e));
            }
            return spec.requireJson() ? Verdict.NO_MATCH : truncatedBlock(itemStart, limit);
        }
        boolean fenced = false;
        if (spec.fences() && buf.charAt(i) == '`') {
            Fence.Open f = Fence.open(buf, i, limit, atEnd);
            if (f == null) {
                int resumeAt = i;
                return Verdict.needMore(RetryWhen.text(i, "\n"), (b, l, e) -> open(b, cfg, itemStart, resumeAt, false, l, e));
            }
            if (f != Fence.NOT) {
                if (!Fence.JSON.contains(f.language())) {
                    if (spec.requireJson()) {
                        return Verdict.NO_MATCH;
                    }
                } else {
                    fenced = true;
                    i = f.contentStart();
                }
            }
        }
        if (spec.requireFence() && !fenced) {
            return Verdict.NO_MATCH;
        }
        return value(new S(cfg, itemStart, i, false, fenced, 0), buf, limit, atEnd);
    }

    /** Where the block is: the current call's span start, the read position, inside an array, fenced, calls so far. */
    private record S(Config cfg, int itemStart, int cursor, boolean inArray, boolean fenced, int count) {
        public S at(int i) {
            return new S(cfg, itemStart, i, inArray, fenced, count);
        }
    }

    // ------------------------------------------------------------------ a value

    private Verdict value(S s, CharSequence buf, int limit, boolean atEnd) {
        int i = Chars.skipBlanks(buf, s.cursor(), limit);
        if (i >= limit) {
            if (!atEnd) {
                S r = s.at(i);
                return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> value(r, b, l, e));
            }
            return spec.requireJson() && !s.fenced() && s.count() == 0 ? Verdict.NO_MATCH
                    : truncatedBlock(s.itemStart(), limit);
        }
        char c = buf.charAt(i);
        if (c == '[' && !s.inArray()) {
            int j = Chars.skipBlanks(buf, i + 1, limit);
            if (j >= limit && !atEnd) {
                S r = s.at(i);
                return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> value(r, b, l, e));
            }
            if (spec.pythonic() && j < limit && Chars.isIdentStart(buf.charAt(j))) {
                return PythonicBlock.read(buf, s.cfg(), spec, s.itemStart(), i, limit, atEnd);
            }
            return value(new S(s.cfg(), s.itemStart(), i + 1, true, s.fenced(), s.count()), buf, limit, atEnd);
        }
        if (c == '{' && spec.listRequired() && !s.inArray() && s.count() == 0) {
            return error(s, i, i, ExtractionError.Kind.INVALID_CALL_SYNTAX, ErrorTexts.invalid(
                    "the calls must be written as a JSON list [{\"name\": …, \"arguments\": {…}}]"), null, buf, limit,
                    atEnd);
        }
        if (c == '{') {
            return read(s, i, buf, limit, atEnd);
        }
        if (spec.pythonic() && Chars.isIdentStart(c) && s.count() == 0) {
            return PythonicBlock.read(buf, s.cfg(), spec, s.itemStart(), i, limit, atEnd);
        }
        if (spec.requireJson() && !s.fenced() && s.count() == 0 && !s.inArray()) {
            return Verdict.NO_MATCH;
        }
        int closer = startsWithCloser(buf, i, limit);
        if (closer == Chars.PARTIAL && !atEnd) {
            S r = s.at(i);
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> value(r, b, l, e));
        }
        String problem = (s.inArray() && c == ']') || closer == Chars.FULL
                ? "the tool-call block holds no call"
                : "expected a call object {\"name\": …, \"arguments\": {…}}";
        return error(s, i, i, ExtractionError.Kind.INVALID_CALL_SYNTAX, ErrorTexts.invalid(problem), null, buf, limit,
                atEnd);
    }

    /** {@link Chars#FULL} when a closer is at {@code i}, {@link Chars#PARTIAL} when one may be, else {@link Chars#NO}. */
    private int startsWithCloser(CharSequence buf, int i, int limit) {
        int result = Chars.NO;
        for (String cl : spec.closers()) {
            int r = Chars.startsWith(buf, i, limit, cl);
            if (r == Chars.FULL) {
                return r;
            }
            if (r == Chars.PARTIAL) {
                result = r;
            }
        }
        return result;
    }

    private Verdict read(S s, int i, CharSequence buf, int limit, boolean atEnd) {
        JsonRead r = LenientJson.read(buf, i, limit, atEnd, s.cfg().limits);
        switch (r.status()) {
            case NEED_MORE -> {
                S again = s.at(i);
                Verdict.Started st = started(buf, i, limit, s.cfg());
                // until the name is known, a short call is worth reading again at every character (bounded work),
                // so streaming announces the call as soon as its name is complete
                RetryWhen h = st == null && limit - i < EAGER_NAME_CHARS ? RetryWhen.length(limit + 1) : RetryWhen.balance(i);
                return Verdict.needMore(h, (b, l, e) -> read(again, i, b, l, e), st);
            }
            case COMPLETE -> {
                List<Finding> items = items(r, s.cfg());
                return after(new A(s, i, r.end(), items, List.of(), r.end(), r.end(), false, -1), buf, limit, atEnd);
            }
            case TRUNCATED -> {
                String name = s.cfg().tools.display(ShapeProbe.scan(buf, i, limit).name());
                return error(s, i, limit, ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(name), name, buf, limit,
                        atEnd);
            }
            case LIMIT_EXCEEDED -> {
                String name = ShapeProbe.scan(buf, i, Math.min(limit, r.problemOffset() + 1)).name();
                return error(s, i, Math.max(i, r.problemOffset()), ExtractionError.Kind.LIMIT_EXCEEDED,
                        ErrorTexts.limit(r.problem()), s.cfg().tools.display(name), buf, limit, atEnd);
            }
            default -> {
                String name = s.cfg().tools.display(ShapeProbe.scan(buf, i, Math.min(limit, r.problemOffset() + 1))
                        .name());
                return error(s, i, r.problemOffset(), ExtractionError.Kind.MALFORMED_JSON,
                        ErrorTexts.malformed(name, r.problem()), name, buf, limit, atEnd);
            }
        }
    }

    /** The calls a value holds, spans not yet set. */
    private List<Finding> items(JsonRead r, Config cfg) {
        if (spec.argumentsRequired() && r.value().isObject() && !r.value().has("arguments")) {
            String name = r.value().path("name").isTextual() ? r.value().path("name").textValue() : null;
            return List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX, ErrorTexts.invalid(
                    "the call must give its \"arguments\" ({} when there are none)"), cfg.tools.display(name),
                    spec.format(), 0, 0));
        }
        List<CallNormalizer.Draft> drafts = spec.nameKeyed() ? nameKeyed(r.value()) : null;
        if (drafts == null) {
            drafts = CallNormalizer.shape(r, true);
        }
        List<Finding> items = new ArrayList<>(drafts.size());
        for (CallNormalizer.Draft d : drafts) {
            items.add(CallNormalizer.resolve(d, true, spec.format(), r.repairs(), r.autoClosed(), 0, 0, cfg));
        }
        return items;
    }

    /** Apertus {@code {"NAME": {args}}}: drafts, or {@code null} when the value is not written that way. */
    private static List<CallNormalizer.Draft> nameKeyed(JsonNode v) {
        if (!v.isObject() || v.size() != 1) {
            return null;
        }
        Iterator<Map.Entry<String, JsonNode>> it = v.fields();
        Map.Entry<String, JsonNode> e = it.next();
        if (ShapeProbe.isNameKey(e.getKey()) || e.getKey().equals("tool_calls")) {
            return null;
        }
        JsonNode args = e.getValue();
        if (!(args.isObject() || args.isNull() || args.isTextual())) {
            return null;
        }
        // no source: the wrapper holds nothing after the arguments, so whole arguments make a whole call even when
        // the text ends before its closing braces (vLLM's Apertus parser reads it); cut-off arguments stay TRUNCATED
        return List.of(new CallNormalizer.Draft(e.getKey(), args, null, null, true, null));
    }

    /** What streaming shows while an object is incomplete: its name once it has been read. */
    public static Verdict.Started started(CharSequence buf, int from, int limit, Config cfg) {
        ShapeProbe.Probe p = ShapeProbe.scan(buf, from, limit);
        return p.name() == null || p.nameCut() ? null
                : new Verdict.Started(cfg.tools.display(p.name()), p.argsFrom(), null);
    }


    // ------------------------------------------------------------------ after a value

    /**
     * After a value: its items (not yet emitted), where the value ended, repairs for the block, how far closers and
     * blanks have been skipped ({@code closersEnd}, {@code scan}), and the comma being looked past, if any.
     */
    private record A(S s, int valueStart, int valueEnd, List<Finding> items, List<Repair> extra, int closersEnd,
                     int scan, boolean extraClosers, int commaAt) {
    }

    private Verdict after(A a, CharSequence buf, int limit, boolean atEnd) {
        S s = a.s();
        int j = a.closersEnd();
        boolean extraClosers = a.extraClosers();
        int i = a.scan();
        if (a.commaAt() < 0) {
            while (i < limit) {
                char c = buf.charAt(i);
                if (!s.inArray() && (c == '}' || c == ']')) {
                    j = i + 1;
                    extraClosers = true;
                } else if (!Chars.isBlank(c)) {
                    break;
                }
                i++;
            }
        } else {
            i = Chars.skipBlanks(buf, i, limit);
        }
        if (i >= limit) {
            if (!atEnd) {
                A r = new A(s, a.valueStart(), a.valueEnd(), a.items(), a.extra(), j, i, extraClosers, a.commaAt());
                return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> after(r, b, l, e));
            }
            List<Repair> extra = with(a.extra(), extraClosers ? Repair.EXTRA_CLOSING_BRACKETS : null);
            if (s.inArray()) {
                extra = with(extra, Repair.MISSING_CLOSING_BRACKETS);
            }
            int end = a.commaAt() >= 0 && s.inArray() ? a.commaAt() + 1 : j;
            return finish(a, extra, end, buf);
        }
        char c = buf.charAt(i);
        List<Repair> extra = with(a.extra(), extraClosers ? Repair.EXTRA_CLOSING_BRACKETS : null);
        if (a.commaAt() >= 0) {
            if (c == '{') {
                return next(a, i, buf);
            }
            if (s.inArray() && c == ']') {
                return arrayClosed(a, with(extra, Repair.TRAILING_COMMA), i, buf, limit, atEnd);
            }
            int end = s.inArray() ? a.commaAt() + 1 : j;
            return close(new C(a, extra, end, s.inArray() ? i : a.commaAt(), false), buf, limit, atEnd);
        }
        if (s.inArray()) {
            if (c == ',') {
                return after(new A(s, a.valueStart(), a.valueEnd(), a.items(), extra, j, i + 1, false, i), buf, limit,
                        atEnd);
            }
            if (c == ']') {
                return arrayClosed(a, extra, i, buf, limit, atEnd);
            }
            if (c == '{') {
                return next(a, i, buf);
            }
            return close(new C(a, extra, j, i, false), buf, limit, atEnd);
        }
        if (spec.sequence()) {
            if (c == ',' || c == ';') {
                return after(new A(s, a.valueStart(), a.valueEnd(), a.items(), extra, j, i + 1, false, i), buf, limit,
                        atEnd);
            }
            if (c == '{') {
                return next(a, i, buf);
            }
        }
        return close(new C(a, extra, j, i, false), buf, limit, atEnd);
    }

    /** The array closed at {@code i}: what follows is read as after a single value. */
    private Verdict arrayClosed(A a, List<Repair> extra, int i, CharSequence buf, int limit, boolean atEnd) {
        S s = a.s();
        S out = new S(s.cfg(), s.itemStart(), i + 1, false, s.fenced(), s.count());
        return after(new A(out, a.valueStart(), a.valueEnd(), a.items(), extra, i + 1, i + 1, false, -1), buf, limit,
                atEnd);
    }

    /** Another call starts at {@code i}: emit this value's calls up to it and read on from there. */
    private Verdict next(A a, int i, CharSequence buf) {
        S s = a.s();
        List<Finding> items = SpanDivider.distribute(buf, a.items(), s.itemStart(), i, a.valueStart(), a.valueEnd());
        items = withRepairs(items, a.extra());
        S following = new S(s.cfg(), i, i, s.inArray(), s.fenced(), s.count() + a.items().size());
        return Verdict.matched(i, items, (b, l, e) -> value(following, b, l, e));
    }

    // ------------------------------------------------------------------ closing

    /** Closing: the end so far, where to look next, and whether a closing fence was passed. */
    private record C(A a, List<Repair> extra, int endSoFar, int cursor, boolean fenceDone) {
    }

    private Verdict close(C c, CharSequence buf, int limit, boolean atEnd) {
        A a = c.a();
        int k = Chars.skipBlanks(buf, c.cursor(), limit);
        if (a.s().fenced() && !c.fenceDone()) {
            if (k >= limit) {
                if (!atEnd) {
                    C r = new C(a, c.extra(), c.endSoFar(), k, false);
                    return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> close(r, b, l, e));
                }
                return finish(a, c.extra(), c.endSoFar(), buf);
            }
            int f = Fence.close(buf, k, limit, atEnd);
            if (f == -2) {
                C r = new C(a, c.extra(), c.endSoFar(), k, false);
                return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> close(r, b, l, e));
            }
            if (f >= 0) {
                return close(new C(a, c.extra(), f, f, true), buf, limit, atEnd);
            }
            Closer.Ahead ahead = Closer.find(buf, k, limit, "```", spec.opener());
            int g = ahead.closerAt();
            int o = ahead.openerAt();
            if (g >= 0) {
                int fe = Fence.close(buf, g, limit, atEnd);
                if (fe == -2) {
                    C r = new C(a, c.extra(), c.endSoFar(), k, false);
                    return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> close(r, b, l, e));
                }
                return close(new C(a, with(c.extra(), Repair.TRAILING_GARBAGE), fe, fe, true), buf, limit, atEnd);
            }
            if (o < 0 && !atEnd) {
                C r = new C(a, c.extra(), c.endSoFar(), k, false);
                RetryWhen h = RetryWhen.text(k, "```", spec.opener());
                return Verdict.needMore(h, (b, l, e) -> close(r, b, l, e));
            }
            return finish(a, c.extra(), c.endSoFar(), buf);
        }
        if (spec.closers().isEmpty()) {
            return finish(a, c.extra(), c.endSoFar(), buf);
        }
        if (k >= limit) {
            if (!atEnd) {
                C r = new C(a, c.extra(), c.endSoFar(), k, c.fenceDone());
                return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> close(r, b, l, e));
            }
            return finish(a, c.extra(), c.endSoFar(), buf);
        }
        for (String cl : spec.closers()) {
            int r = Chars.startsWith(buf, k, limit, cl);
            if (r == Chars.FULL) {
                return finish(a, c.extra(), k + cl.length(), buf);
            }
            if (r == Chars.PARTIAL && !atEnd) {
                C again = new C(a, c.extra(), c.endSoFar(), k, c.fenceDone());
                return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> close(again, b, l, e));
            }
        }
        if (!spec.closerExpected()) {
            return finish(a, c.extra(), c.endSoFar(), buf);
        }
        String closer = spec.closer();
        Closer.Ahead ahead = Closer.find(buf, k, limit, closer, spec.opener());
        int x = ahead.closerAt();
        int o = ahead.openerAt();
        if (x >= 0) {
            return finish(a, with(c.extra(), Repair.TRAILING_GARBAGE), x + closer.length(), buf);
        }
        if (o < 0 && !atEnd) {
            C r = new C(a, c.extra(), c.endSoFar(), k, c.fenceDone());
            RetryWhen h = RetryWhen.text(k, closer, spec.opener());
            return Verdict.needMore(h, (b, l, e) -> close(r, b, l, e));
        }
        return finish(a, c.extra(), c.endSoFar(), buf);
    }

    private Verdict finish(A a, List<Repair> extra, int end, CharSequence buf) {
        S s = a.s();
        List<Finding> items = SpanDivider.distribute(buf, a.items(), s.itemStart(), end, a.valueStart(), a.valueEnd());
        return Verdict.matched(end, withRepairs(items, extra));
    }

    private static List<Finding> withRepairs(List<Finding> items, List<Repair> extra) {
        if (extra.isEmpty()) {
            return items;
        }
        List<Finding> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            Finding it = items.get(i);
            if (i == items.size() - 1) {
                for (Repair r : extra) {
                    it = it.withRepair(r);
                }
            }
            out.add(it);
        }
        return out;
    }

    private static List<Repair> with(List<Repair> list, Repair r) {
        if (r == null || list.contains(r)) {
            return list;
        }
        List<Repair> out = new ArrayList<>(list);
        out.add(r);
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------ failures

    private Verdict truncatedBlock(int itemStart, int limit) {
        return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncatedBlock(), null,
                spec.format(), itemStart, limit)));
    }

    /**
     * A call that cannot be read, from {@code from} (its value) with the problem at {@code q}: its span reaches
     * the closing marker when one follows before another block opens, else the balancing bracket, else the end.
     */
    private Verdict error(S s, int from, int q, ExtractionError.Kind kind, String message, String name,
                        CharSequence buf, int limit, boolean atEnd) {
        int end;
        String closer = spec.closerExpected() ? spec.closer() : null;
        if (kind == ExtractionError.Kind.TRUNCATED) {
            end = limit;
        } else if (closer != null) {
            Chars.Found first = Chars.firstOf(buf, q, limit, closer, spec.opener());
            int x = first != null && first.which() == 0 ? first.at() : -1;
            int o = first != null && first.which() == 1 ? first.at() : -1;
            if (spec.sequence() && !s.inArray()) {
                // one call per line (MiniMax-M1): a bad line ends at its line break when the next line starts a call,
                // and the block reads on there, so later valid lines are kept
                int stopAt = x >= 0 ? x : o >= 0 ? o : limit;
                int nl = Chars.indexOf(buf, "\n", q, stopAt);
                if (nl >= 0) {
                    int k = Chars.skipBlanks(buf, nl, limit);
                    if (k >= limit && !atEnd) {
                        return Verdict.needMore(RetryWhen.length(limit + 1),
                                (b, l, e) -> error(s, from, q, kind, message, name, b, l, e));
                    }
                    if (k < stopAt && buf.charAt(k) == '{') {
                        Finding err = Finding.error(kind, message, name, spec.format(), s.itemStart(), nl);
                        S next = new S(s.cfg(), nl, nl, false, s.fenced(), s.count() + 1);
                        return Verdict.matched(nl, List.of(err), (b, l, e) -> value(next, b, l, e));
                    }
                } else if (x < 0 && o < 0 && !atEnd) {
                    RetryWhen h = spec.opener() == null ? RetryWhen.text(q, closer, "\n") : RetryWhen.text(q, closer, spec.opener(), "\n");
                    return Verdict.needMore(h, (b, l, e) -> error(s, from, q, kind, message, name, b, l, e));
                }
            }
            if (x >= 0) {
                end = x + closer.length();
            } else if (o >= 0) {
                end = o;
            } else if (!atEnd) {
                RetryWhen h = spec.opener() == null ? RetryWhen.text(q, closer) : RetryWhen.text(q, closer, spec.opener());
                return Verdict.needMore(h, (b, l, e) -> error(s, from, q, kind, message, name, b, l, e));
            } else {
                int bal = BracketBalance.end(buf, from, limit);
                end = bal >= 0 ? Math.max(bal, q) : limit;
            }
        } else {
            int bal = BracketBalance.end(buf, from, limit);
            if (bal < 0) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.balance(from), (b, l, e) -> error(s, from, q, kind, message, name, b,
                            l, e));
                }
                end = limit;
            } else {
                end = Math.max(bal, q);
            }
            if (s.fenced()) {
                int k = Chars.skipBlanks(buf, end, limit);
                int f = k < limit ? Fence.close(buf, k, limit, atEnd) : (atEnd ? -1 : -2);
                if (f == -2) {
                    return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> error(s, from, q, kind, message, name,
                            b, l, e));
                }
                if (f >= 0) {
                    end = f;
                }
            }
        }
        end = Math.min(limit, Math.max(end, s.itemStart() + 1));
        return Verdict.matched(end, List.of(Finding.error(kind, message, name, spec.format(), s.itemStart(), end)));
    }
}
