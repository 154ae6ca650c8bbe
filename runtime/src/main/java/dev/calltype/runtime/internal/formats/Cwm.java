package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.RawValues;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Recognizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * CWM (Code World Model): {@code <tool: LABEL>\nNAME REST\n</tool>}. The tool is the body's first word; the rest is
 * its arguments when it is a JSON object, else the single argument {@code command} (a shell line:
 * {@code <tool: bash>\nbash ls -la\n</tool>}).
 */
public final class Cwm implements Family, Recognizer {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, this);
    }

    public static final String OPEN = "<tool:";
    private static final String CLOSE = "</tool>";
    private static final int MAX_LABEL = 64;

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        if (!at.cfg().on(WireFormat.CWM)) {
            return Verdict.NO_MATCH;
        }
        int gt = ClosedBlock.labelEnd(buf, at.markerEnd(), limit, atEnd, MAX_LABEL, c -> c != '\n' && c != '<');
        if (gt == ClosedBlock.MORE) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (gt == ClosedBlock.NO_LABEL) {
            return Verdict.NO_MATCH;
        }
        return ClosedBlock.match(buf, at.cfg(), WireFormat.CWM, at.pos(), gt + 1, CLOSE, Cwm::call, gt + 1, limit,
                atEnd);
    }

    private static List<Finding> call(CharSequence buf, Config cfg, int start, int from, int to, int end) {
        if (to == end) {
            return List.of(); // the text ended inside the block: its raw text may be cut anywhere
        }
        int n = Chars.skipBlanks(buf, from, to);
        int e = n;
        while (e < to && !Chars.isBlank(buf.charAt(e))) {
            e++;
        }
        if (e == n) {
            return List.of();
        }
        String name = buf.subSequence(n, e).toString();
        String rest = Chars.trimmed(buf, e, to);
        ObjectNode args;
        JsonNode json = rest.startsWith("{") ? RawValues.json(rest, cfg.limits) : null;
        if (json != null && json.isObject()) {
            args = (ObjectNode) json;
        } else {
            args = JsonNodeFactory.instance.objectNode();
            args.put("command", rest);
        }
        return List.of(CallNormalizer.call(name, args, null, WireFormat.CWM, List.of(), start, end, cfg));
    }
}
