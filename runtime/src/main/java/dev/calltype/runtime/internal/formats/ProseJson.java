package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.chars.BracketBalance;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.ShapeProbe;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.List;

/**
 * JSON embedded in prose, or making up the whole response: a brace or bracket that starts a value which is
 * tool-shaped (a name beside arguments, a {@code tool_calls} / {@code tool_call} / {@code tool_request} /
 * {@code function} wrapper, OpenAI and Anthropic shapes, a bare array of calls) and names a known tool. Anything
 * else is data and stays prose, silently, even when malformed: only a clear call attempt (a tool name beside an
 * arguments key, read before the point where the JSON breaks) becomes an error.
 *
 * <p>Rejected data is skipped as a whole ({@link Verdict#skip}): the driver does not look for calls inside it.
 */
public final class ProseJson implements Recognizer {

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!cfg.on(WireFormat.EMBEDDED_JSON)) {
            return Verdict.NO_MATCH;
        }
        int pos = at.pos();
        JsonRead r = LenientJson.read(buf, pos, limit, atEnd, cfg.limits);
        switch (r.status()) {
            case NEED_MORE -> {
                return Verdict.needMore(RetryWhen.balance(pos));
            }
            case COMPLETE -> {
                List<Finding> items = CallNormalizer.fromJson(buf, r, false, WireFormat.EMBEDDED_JSON, pos, r.end(), pos, cfg);
                if (items == null) {
                    return Verdict.skip(r.end());
                }
                return buf.charAt(pos) == '{' ? single(buf, cfg, pos, r.end(), items, limit, atEnd)
                        : Verdict.matched(r.end(), items);
            }
            default -> {
                return failed(buf, cfg, pos, r, limit, atEnd, WireFormat.EMBEDDED_JSON);
            }
        }
    }

    /**
     * A call written as one bare object {@code [pos, end)} is a call only when no other object follows it (blanks
     * between): calls in JSON are one object or a list of them (as Ollama's JSON templates read them), so objects side
     * by side are an error, and none of them runs.
     */
    private static Verdict single(CharSequence buf, Config cfg, int pos, int end, List<Finding> items, int limit,
                                  boolean atEnd) {
        int next = Chars.skipBlanks(buf, end, limit);
        if (next >= limit) {
            return atEnd ? Verdict.matched(end, items) : Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (buf.charAt(next) != '{') {
            return Verdict.matched(end, items);
        }
        int last = end;
        int count = 1;
        while (next < limit && buf.charAt(next) == '{') {
            JsonRead r = LenientJson.read(buf, next, limit, atEnd, cfg.limits);
            if (r.status() == JsonRead.Status.NEED_MORE) {
                return Verdict.needMore(RetryWhen.balance(next));
            }
            if (r.status() != JsonRead.Status.COMPLETE) {
                break;
            }
            last = r.end();
            count++;
            next = Chars.skipBlanks(buf, last, limit);
            if (next >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
        }
        String name = items.get(0).name;
        return Verdict.matched(last, List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                ErrorTexts.invalid(count + " JSON objects side by side: calls written as JSON are one object or a list "
                        + "of them ([{…}, {…}]), so none was run"), name, WireFormat.EMBEDDED_JSON, pos, last)));
    }

    /**
     * JSON in prose that cannot be read: an error when a known tool is named beside an arguments key before the
     * problem, else data up to the problem. When the problem is a {@code {} where a key belongs, the error ends there
     * and the scan goes on from that brace, so a call written again after a broken start is read.
     */
    public static Verdict failed(CharSequence buf, Config cfg, int pos, JsonRead r, int limit, boolean atEnd,
                        WireFormat format) {
        int q = r.status() == JsonRead.Status.TRUNCATED ? limit : Math.max(pos + 1, r.problemOffset());
        ShapeProbe.Probe p = ShapeProbe.scan(buf, pos, Math.min(limit, q + 1));
        boolean attempt = p.name() != null && p.argsKey()
                && (cfg.tools.isEmpty() || cfg.tools.find(p.name()) != null);
        if (!attempt) {
            return Verdict.skip(q);
        }
        String name = cfg.tools.display(p.name());
        ExtractionError.Kind kind = ErrorTexts.kind(r);
        String message = ErrorTexts.failedRead(name, r);
        // an object opening where the broken one needed a key or a value starts over: the broken call is reported up
        // to it, and the object is read on its own (a model restarting its call, as SGLang's Llama 3.2 reader keeps it)
        boolean restart = kind != ExtractionError.Kind.TRUNCATED && q > pos && q < limit && buf.charAt(q) == '{';
        int end = kind == ExtractionError.Kind.TRUNCATED ? limit : restart ? q : extent(buf, pos, q, limit, atEnd);
        if (end < 0) {
            return Verdict.needMore(RetryWhen.balance(pos), (b, l, e) -> failed(b, cfg, pos, r, l, e, format));
        }
        return Verdict.matched(end, List.of(Finding.error(kind, message, name, format, pos, end)));
    }

    /** How far a broken value reaches: where its brackets balance, else the end; -1 when more text is needed. */
    public static int extent(CharSequence buf, int pos, int q, int limit, boolean atEnd) {
        int b = BracketBalance.end(buf, pos, limit);
        if (b < 0) {
            return atEnd ? limit : -1;
        }
        return Math.max(b, Math.min(limit, q));
    }
}
