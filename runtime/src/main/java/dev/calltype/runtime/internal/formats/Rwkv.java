package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

import java.util.ArrayList;
import java.util.List;

/**
 * RWKV's label before a fenced call (vLLM {@code rwkv}): {@code **Tool Call:**}, then on a line of its own a
 * {@code ```json} fence holding the call. The fence is read as every fence is ({@link JsonFence}, format
 * {@link WireFormat#JSON_FENCE}); the label is the call's markup when the fence holds a call, and prose otherwise.
 */
final class Rwkv implements Family {

    static final String LABEL = "**Tool Call:**";
    private static final Recognizer FENCE = new JsonFence();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(LABEL, (buf, at, limit, atEnd) -> at.cfg().on(WireFormat.JSON_FENCE)
                ? fenceAfter(buf, at, limit, atEnd) : Verdict.NO_MATCH);
    }

    private static Verdict fenceAfter(CharSequence buf, Recognizer.At at, int limit, boolean atEnd) {
        int fence = Chars.skipBlanks(buf, at.markerEnd(), limit);
        if (fence >= limit) {
            return atEnd ? Verdict.NO_MATCH : Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (buf.charAt(fence) != '`' || buf.charAt(fence - 1) != '\n') {
            return Verdict.NO_MATCH; // the fence starts a line of its own
        }
        Verdict v = FENCE.match(buf, new Recognizer.At(fence, fence, '\n', true, at.cfg()), limit, atEnd);
        if (v instanceof Verdict.NeedMore more) {
            return Verdict.needMore(more.retry(), (b, l, e) -> fenceAfter(b, at, l, e));
        }
        if (!(v instanceof Verdict.Found found) || found.findings().isEmpty()) {
            return Verdict.NO_MATCH; // a fence of data: the label is prose, and the fence is read as prose is
        }
        List<Finding> items = new ArrayList<>(found.findings());
        items.set(0, items.get(0).span(at.pos(), items.get(0).end));
        return new Verdict.Found(found.end(), items, found.next(), found.reasoningClose(), found.answerClose());
    }
}
