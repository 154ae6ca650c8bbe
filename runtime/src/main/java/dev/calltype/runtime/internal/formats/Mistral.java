package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Verdict.Continuation;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.ArrayList;
import java.util.List;

/**
 * Mistral {@code [TOOL_CALLS]}: followed by a JSON array (or object) of calls, or, from tokenizer v11 on, by
 * {@code NAME{args}} or {@code NAME[ARGS]{args}} (with {@code [CALL_ID]id} before {@code [ARGS]} in later versions),
 * the marker repeated for each call.
 */
public final class Mistral implements Family, Recognizer {

    public static final String MARKER = "[TOOL_CALLS]";

    private static final JsonBlock ARRAY = JsonBlock.opener(WireFormat.MISTRAL, MARKER).recognizer();
    private static final ArgumentsAfterName.Spec ARGS = ArgumentsAfterName.after(WireFormat.MISTRAL).nextCallAt(MARKER).build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(MARKER, this);
    }

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!cfg.on(WireFormat.MISTRAL)) {
            return Verdict.NO_MATCH;
        }
        int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
        if (i >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1)); // the content decides who reads it
        }
        if (i < limit && buf.charAt(i) != '[' && buf.charAt(i) != '{') {
            int array = afterJunk(buf, i, limit, atEnd);
            if (array == MORE) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            if (array >= 0) {
                return junkSkipped(ARRAY.open(buf, cfg, at.pos(), array, false, limit, atEnd));
            }
        }
        if (i < limit && Chars.isIdentStart(buf.charAt(i))) {
            int j = i;
            while (j < limit && (Chars.isIdentPart(buf.charAt(j)) || buf.charAt(j) == '-' || buf.charAt(j) == '.')) {
                j++;
            }
            if (j >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            String name = buf.subSequence(i, j).toString();
            return v11(buf, cfg, at.pos(), name, j, limit, atEnd);
        }
        return ARRAY.open(buf, cfg, at.pos(), at.markerEnd(), false, limit, atEnd);
    }

    private static final int MAX_JUNK = 64;
    private static final int MORE = -2;

    /**
     * Where a list of calls {@code [{…}]} starts after text that is not a call ({@code ```json}, a stray token), the
     * text holding no {@code {} and no v11 {@code [ARGS]}/{@code [CALL_ID]} before it; -1 when there is none within
     * {@value #MAX_JUNK} characters, {@link #MORE} when the text ends first.
     */
    private static int afterJunk(CharSequence buf, int i, int limit, boolean atEnd) {
        int bound = Math.min(limit, i + MAX_JUNK);
        for (int k = i; k < bound; k++) {
            char c = buf.charAt(k);
            if (c == '{') {
                return -1;
            }
            if (c == '[') {
                if (Chars.startsWith(buf, k, limit, "[ARGS]") != Chars.NO
                        || Chars.startsWith(buf, k, limit, "[CALL_ID]") != Chars.NO) {
                    return -1;
                }
                int m = Chars.skipBlanks(buf, k + 1, limit);
                if (m >= limit) {
                    return atEnd ? -1 : MORE;
                }
                if (buf.charAt(m) == '{') {
                    return k;
                }
            }
        }
        return bound == limit && bound < i + MAX_JUNK && !atEnd ? MORE : -1;
    }

    /** The calls read after skipped text, marked {@link Repair#LEADING_GARBAGE}. */
    private static Verdict junkSkipped(Verdict read) {
        if (read instanceof Verdict.Found f) {
            List<Finding> findings = new ArrayList<>(f.findings().size());
            for (Finding it : f.findings()) {
                findings.add(it.isCall() ? it.withRepair(Repair.LEADING_GARBAGE) : it);
            }
            return new Verdict.Found(f.end(), findings, f.next() == null ? null
                    : (b, l, e) -> junkSkipped(f.next().run(b, l, e)), f.reasoningClose(), f.answerClose());
        }
        if (read instanceof Verdict.NeedMore m && m.resume() != null) {
            Continuation resume = m.resume();
            return new Verdict.NeedMore(m.retry(), (b, l, e) -> junkSkipped(resume.run(b, l, e)), m.started());
        }
        return read;
    }

    /** After the name: {@code [CALL_ID]id}, {@code [ARGS]}, then the arguments. */
    private Verdict v11(CharSequence buf, Config cfg, int pos, String name, int j, int limit, boolean atEnd) {
        String id = null;
        int k = j;
        int r = Chars.startsWith(buf, k, limit, "[CALL_ID]");
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> v11(b, cfg, pos, name, j, l, e),
                    new Verdict.Started(cfg.tools.display(name), -1, null));
        }
        if (r == Chars.FULL) {
            int s = k + 9;
            int e = Chars.indexOf(buf, "[ARGS]", s, limit);
            if (e < 0) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.text(s, "[ARGS]"), (b, l, x) -> v11(b, cfg, pos, name, j, l, x),
                            new Verdict.Started(cfg.tools.display(name), -1, null));
                }
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                        ErrorTexts.truncated(cfg.tools.display(name)), cfg.tools.display(name),
                        WireFormat.MISTRAL, pos, limit)));
            }
            id = Chars.trimmed(buf, s, e);
            k = e;
        }
        r = Chars.startsWith(buf, k, limit, "[ARGS]");
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> v11(b, cfg, pos, name, j, l, e),
                    new Verdict.Started(cfg.tools.display(name), -1, null));
        }
        if (r == Chars.FULL) {
            k += 6;
        }
        return ArgumentsAfterName.read(buf, cfg, ARGS, name, id, pos, k, ArgumentsAfterName.ALONE, limit, atEnd);
    }
}
