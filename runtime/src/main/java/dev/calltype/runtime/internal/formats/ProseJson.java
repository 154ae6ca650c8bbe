package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Balance;
import dev.calltype.runtime.internal.scan.Calls;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Hint;
import dev.calltype.runtime.internal.scan.Item;
import dev.calltype.runtime.internal.scan.Match;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.ShapeProbe;
import dev.calltype.runtime.internal.text.Messages;

import java.util.List;

/**
 * JSON embedded in prose, or making up the whole response: a brace or bracket that starts a value which is
 * tool-shaped (a name beside arguments, a {@code tool_calls} / {@code tool_call} / {@code tool_request} /
 * {@code function} wrapper, OpenAI and Anthropic shapes, a bare array of calls) and names a known tool. Anything
 * else is data and stays prose, silently, even when malformed: only a clear call attempt (a tool name beside an
 * arguments key, read before the point where the JSON breaks) becomes an error.
 *
 * <p>Rejected data is skipped as a whole ({@link Match#skip}): the driver does not look for calls inside it.
 */
public final class ProseJson implements Recognizer {

    @Override
    public Match match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!cfg.on(WireFormat.EMBEDDED_JSON)) {
            return Match.NO_MATCH;
        }
        int pos = at.pos();
        JsonRead r = LenientJson.read(buf, pos, limit, atEnd, cfg.limits);
        switch (r.status()) {
            case NEED_MORE -> {
                return Match.needMore(Hint.balance(pos));
            }
            case COMPLETE -> {
                List<Item> items = Calls.fromJson(buf, r, false, WireFormat.EMBEDDED_JSON, pos, r.end(), pos, cfg);
                return items == null ? Match.skip(r.end()) : Match.matched(r.end(), items);
            }
            default -> {
                return failed(buf, cfg, pos, r, limit, atEnd, WireFormat.EMBEDDED_JSON);
            }
        }
    }

    /**
     * JSON in prose that cannot be read: an error when a known tool is named beside an arguments key before the
     * problem, else data up to the problem.
     */
    public static Match failed(CharSequence buf, Config cfg, int pos, JsonRead r, int limit, boolean atEnd,
                        WireFormat format) {
        int q = r.status() == JsonRead.Status.TRUNCATED ? limit : Math.max(pos + 1, r.problemOffset());
        ShapeProbe.Probe p = ShapeProbe.scan(buf, pos, Math.min(limit, q + 1));
        boolean attempt = p.name() != null && p.argsKey()
                && (cfg.tools.isEmpty() || cfg.tools.find(p.name()) != null);
        if (!attempt) {
            return Match.skip(q);
        }
        String name = JsonBlock.display(p.name(), cfg);
        ExtractionError.Kind kind = Messages.kind(r);
        String message = Messages.failedRead(name, r);
        int end = kind == ExtractionError.Kind.TRUNCATED ? limit : extent(buf, pos, q, limit, atEnd);
        if (end < 0) {
            return Match.needMore(Hint.balance(pos), (b, l, e) -> failed(b, cfg, pos, r, l, e, format));
        }
        return Match.matched(end, List.of(Item.error(kind, message, name, format, pos, end)));
    }

    /** How far a broken value reaches: where its brackets balance, else the end; -1 when more text is needed. */
    public static int extent(CharSequence buf, int pos, int q, int limit, boolean atEnd) {
        int b = Balance.end(buf, pos, limit);
        if (b < 0) {
            return atEnd ? limit : -1;
        }
        return Math.max(b, Math.min(limit, q));
    }
}
