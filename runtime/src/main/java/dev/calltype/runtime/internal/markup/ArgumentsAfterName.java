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
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Verdict.Continuation;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The arguments object of a call whose name the markup already gave (Mistral v11 {@code NAME{…}}, Llama
 * {@code <function=NAME>{…}}, Kimi K2, DeepSeek, Harmony, Gemma), followed by the call's closing marker; and what
 * follows a call inside a section of calls. Shared by those recognizers.
 */
public final class ArgumentsAfterName {

    /**
     * How one format writes the arguments after a call's name, built with named settings:
     * {@code ArgumentsAfterName.after(WireFormat.HARMONY).closedBy("<|call|>").nextCallAt("<|start|>").build()}.
     */
    public static final class Spec {
        private final WireFormat format;
        private final List<String> closers;
        private final String stop;
        private final String rawQuote;
        private final boolean fence;

        private Spec(WireFormat format, List<String> closers, String stop, String rawQuote, boolean fence) {
            this.format = format;
            this.closers = closers;
            this.stop = stop;
            this.rawQuote = rawQuote;
            this.fence = fence;
        }

        public WireFormat format() {
            return format;
        }

        /** The call's closing markers, the usual one first (empty: the call ends with its arguments). */
        public List<String> closers() {
            return closers;
        }

        /** The usual closing marker, or {@code null}. */
        public String closer() {
            return closers.isEmpty() ? null : closers.get(0);
        }

        /** The marker that opens another call: a search for a missing closer stops there. */
        public String stop() {
            return stop;
        }

        /** The format's raw string delimiter (Gemma), or {@code null}. */
        public String rawQuote() {
            return rawQuote;
        }

        /** Whether the arguments may sit in a Markdown fence (DeepSeek V3). */
        public boolean fence() {
            return fence;
        }
    }

    /** Settings of a {@link Spec}, each named; nothing is set until asked for. */
    public static final class Builder {
        private final WireFormat format;
        private List<String> closers = List.of();
        private String stop;
        private String rawQuote;
        private boolean fence;

        private Builder(WireFormat format) {
            this.format = format;
        }

        /** The call ends with one of these markers, the usual one first. */
        public Builder closedBy(String... closers) {
            this.closers = List.of(closers);
            return this;
        }

        /** Another call opens with this marker: a search for a missing closer stops there. */
        public Builder nextCallAt(String marker) {
            this.stop = marker;
            return this;
        }

        /** Strings may be written between this raw delimiter, unescaped ({@code <|"|>text<|"|>}). */
        public Builder rawStrings(String delimiter) {
            this.rawQuote = delimiter;
            return this;
        }

        /** The arguments may sit in a Markdown fence. */
        public Builder fencesAllowed() {
            this.fence = true;
            return this;
        }

        public Spec build() {
            return new Spec(format, closers, stop, rawQuote, fence);
        }
    }

    /** Arguments written after a call's name in {@code format}. */
    public static Builder after(WireFormat format) {
        return new Builder(format);
    }

    /** What to do once a call's own end is known. */
    @FunctionalInterface
    public interface Follow {
        public Verdict after(CharSequence buf, Finding call, int end, int limit, boolean atEnd);
    }

    public static final Follow ALONE = (buf, call, end, limit, atEnd) -> Verdict.matched(end, List.of(call.span(call.start, end)));

    private ArgumentsAfterName() {
    }

    /** Reads the arguments at {@code cursor} of the call {@code rawName} whose span starts at {@code itemStart}. */
    public static Verdict read(CharSequence buf, Config cfg, Spec spec, String rawName, String id, int itemStart, int cursor,
                      Follow follow, int limit, boolean atEnd) {
        String shown = cfg.tools.display(rawName);
        int i = Chars.skipBlanks(buf, cursor, limit);
        boolean fenced = false;
        if (spec.fence() && i < limit && buf.charAt(i) == '`') {
            Fence.Open f = Fence.open(buf, i, limit, atEnd);
            if (f == null) {
                return Verdict.needMore(RetryWhen.text(i, "\n"),
                        (b, l, e) -> read(b, cfg, spec, rawName, id, itemStart, cursor, follow, l, e),
                        new Verdict.Started(shown, -1, null));
            }
            if (f != Fence.NOT) {
                fenced = true;
                i = Chars.skipBlanks(buf, f.contentStart(), limit);
            }
        }
        if (i >= limit) {
            if (!atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> read(b, cfg, spec, rawName, id, itemStart, cursor, follow, l, e),
                        new Verdict.Started(shown, -1, null));
            }
            return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(shown),
                    shown, spec.format(), itemStart, limit)));
        }
        char c = buf.charAt(i);
        if (c != '{' && c != '[') {
            for (String cl : spec.closers()) {
                int r = Chars.startsWith(buf, i, limit, cl);
                if (r == Chars.PARTIAL && !atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1),
                            (b, l, e) -> read(b, cfg, spec, rawName, id, itemStart, cursor, follow, l, e),
                            new Verdict.Started(shown, -1, null));
                }
                if (r == Chars.FULL) {
                    JsonRead empty = LenientJson.read("{}", 0, 2, true, cfg.limits);
                    Finding call = CallNormalizer.call(rawName, empty, id, spec.format(), itemStart, i, cfg);
                    return follow.after(buf, call, i + cl.length(), limit, atEnd);
                }
            }
            return error(buf, cfg, spec, shown, itemStart, i, i, ExtractionError.Kind.INVALID_CALL_SYNTAX,
                    ErrorTexts.invalid("the arguments of " + Chars.quoted(shown) + " must be a JSON object"), follow,
                    limit, atEnd);
        }
        JsonRead r = LenientJson.read(buf, i, limit, atEnd, cfg.limits, spec.rawQuote(), spec.closer());
        int at = i;
        boolean inFence = fenced;
        switch (r.status()) {
            case NEED_MORE -> {
                RetryWhen h = spec.rawQuote() != null && spec.closer() != null
                        ? RetryWhen.balance(i).or(RetryWhen.text(i, spec.closer())) : RetryWhen.balance(i);
                return Verdict.needMore(h, (b, l, e) -> read(b, cfg, spec, rawName, id, itemStart, cursor, follow, l, e),
                        new Verdict.Started(shown, at, null, markup(spec)));
            }
            case COMPLETE -> {
                Finding call = CallNormalizer.call(rawName, r, id, spec.format(), itemStart, r.end(), cfg);
                return close(buf, spec, call, r.end(), r.end(), inFence, follow, limit, atEnd);
            }
            case TRUNCATED -> {
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                        ErrorTexts.truncated(shown), shown, spec.format(), itemStart, limit)));
            }
            case LIMIT_EXCEEDED -> {
                return error(buf, cfg, spec, shown, itemStart, at, Math.max(at, r.problemOffset()),
                        ExtractionError.Kind.LIMIT_EXCEEDED, ErrorTexts.limit(r.problem()), follow, limit, atEnd);
            }
            default -> {
                return error(buf, cfg, spec, shown, itemStart, at, Math.max(at, r.problemOffset()),
                        ExtractionError.Kind.MALFORMED_JSON, ErrorTexts.malformed(shown, r.problem()), follow, limit,
                        atEnd);
            }
        }
    }

    /** The markup that ends a call's arguments even while their brackets are open: its closers, the next call's opener. */
    private static List<String> markup(Spec spec) {
        List<String> m = new ArrayList<>(spec.closers());
        m.add(spec.stop());
        return m;
    }

    /** After the arguments: a closing fence, then the closing marker (absorbing garbage before it). */
    private static Verdict close(CharSequence buf, Spec spec, Finding call, int endSoFar, int scan, boolean fenced,
                               Follow follow, int limit, boolean atEnd) {
        int k = Chars.skipBlanks(buf, scan, limit);
        int end = endSoFar;
        if (fenced) {
            if (k >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> close(b, spec, call, endSoFar, k, true, follow, l, e));
            }
            int f = k < limit ? Fence.close(buf, k, limit, atEnd) : -1;
            if (f == -2) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> close(b, spec, call, endSoFar, k, true, follow, l, e));
            }
            if (f >= 0) {
                return close(buf, spec, call, f, f, false, follow, limit, atEnd);
            }
        }
        if (spec.closers().isEmpty()) {
            return follow.after(buf, call, end, limit, atEnd);
        }
        if (k >= limit) {
            if (!atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> close(b, spec, call, endSoFar, k, false, follow, l, e));
            }
            return follow.after(buf, call, end, limit, atEnd);
        }
        for (String cl : spec.closers()) {
            int r = Chars.startsWith(buf, k, limit, cl);
            if (r == Chars.FULL) {
                return follow.after(buf, call, k + cl.length(), limit, atEnd);
            }
            if (r == Chars.PARTIAL && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> close(b, spec, call, endSoFar, k, false, follow, l, e));
            }
        }
        String closer = spec.closer();
        Closer.Ahead ahead = Closer.find(buf, k, limit, closer, spec.stop());
        int x = ahead.closerAt();
        int o = ahead.openerAt();
        if (x >= 0) {
            return follow.after(buf, call.withRepair(Repair.TRAILING_GARBAGE), x + closer.length(), limit, atEnd);
        }
        if (o < 0 && !atEnd) {
            RetryWhen h = RetryWhen.text(k, closer, spec.stop());
            return Verdict.needMore(h, (b, l, e) -> close(b, spec, call, endSoFar, k, false, follow, l, e));
        }
        return follow.after(buf, call, end, limit, atEnd);
    }

    /** Arguments that cannot be read: the error reaches the closing marker when one follows, else the brackets' end. */
    private static Verdict error(CharSequence buf, Config cfg, Spec spec, String shown, int itemStart, int from, int q,
                               ExtractionError.Kind kind, String message, Follow follow, int limit, boolean atEnd) {
        String closer = spec.closer();
        int end;
        if (closer != null) {
            // the closer, if it comes before another call opens
            end = Closer.spanEnd(buf, q, limit, atEnd, closer, spec.stop());
            if (end == Closer.WAIT) {
                RetryWhen h = RetryWhen.text(q, closer, spec.stop());
                return Verdict.needMore(h,
                        (b, l, e) -> error(b, cfg, spec, shown, itemStart, from, q, kind, message, follow, l, e));
            }
            if (end == Closer.NEITHER) {
                int bal = BracketBalance.end(buf, from, limit);
                end = bal < 0 ? limit : Math.max(bal, Math.min(q, limit));
            }
        } else {
            int o = Closer.find(buf, q, limit, null, spec.stop()).openerAt();
            // whichever comes first: the brackets balance, or another call opens (no need to look past it)
            int bal = BracketBalance.end(buf, from, o >= 0 ? o : limit);
            if (bal >= 0 && (o < 0 || bal <= o)) {
                end = Math.max(bal, Math.min(q, limit));
            } else if (o >= 0) {
                end = o;
            } else if (!atEnd) {
                RetryWhen h = spec.stop() == null ? RetryWhen.balance(from)
                        : RetryWhen.balance(from).or(RetryWhen.text(q, spec.stop()));
                return Verdict.needMore(h,
                        (b, l, e) -> error(b, cfg, spec, shown, itemStart, from, q, kind, message, follow, l, e));
            } else {
                end = limit;
            }
        }
        end = Math.min(limit, Math.max(end, itemStart + 1));
        Finding err = Finding.error(kind, message, shown, spec.format(), itemStart, end);
        return follow.after(buf, err, end, limit, atEnd);
    }

    /**
     * What follows a call inside a section: blanks and the next call's opener (the call is emitted and reading goes
     * on there), or the section's closing marker (absorbed), or anything else (the call ends at its own end).
     */
    public static Verdict next(CharSequence buf, Finding call, int end, int scan, String callOpen, List<String> sectionCloses,
                      IntFunction<Continuation> continuation, int limit, boolean atEnd) {
        int k = Chars.skipBlanks(buf, scan, limit);
        if (k >= limit) {
            if (!atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> next(b, call, end, k, callOpen, sectionCloses, continuation, l, e));
            }
            return Verdict.matched(end, List.of(call.span(call.start, end)));
        }
        int n = Chars.startsWith(buf, k, limit, callOpen);
        if (n == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1),
                    (b, l, e) -> next(b, call, end, k, callOpen, sectionCloses, continuation, l, e));
        }
        if (n == Chars.FULL) {
            return Verdict.matched(k, List.of(call.span(call.start, k)), continuation.apply(k));
        }
        for (String sc : sectionCloses) {
            int r = Chars.startsWith(buf, k, limit, sc);
            if (r == Chars.PARTIAL && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> next(b, call, end, k, callOpen, sectionCloses, continuation, l, e));
            }
            if (r == Chars.FULL) {
                int e = k + sc.length();
                return Verdict.matched(e, List.of(call.span(call.start, e)));
            }
        }
        return Verdict.matched(end, List.of(call.span(call.start, end)));
    }
}
