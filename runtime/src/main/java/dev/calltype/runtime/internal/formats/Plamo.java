package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.RawValues;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * PLaMo 3: {@code <|plamo:begin_tool_requests:plamo|>} holding requests
 * {@code <|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>N<|plamo:end_tool_name:plamo|>
 * <|plamo:begin_tool_arguments:plamo|>{json}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>},
 * closed by {@code <|plamo:end_tool_requests:plamo|>}. The JSON may follow the constrained-decoding tokens
 * {@code <|plamo:constrain|>json<|plamo:msg|>} (or {@code <|plamo:msg|>}). A request that cannot be read is an error;
 * the others are kept.
 */
public final class Plamo implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, ClosedBlock.afterMarker(WireFormat.PLAMO3, CLOSE, Plamo::requests));
    }

    public static final String OPEN = tag("begin_tool_requests");
    private static final String CLOSE = tag("end_tool_requests");
    private static final String REQUEST = tag("begin_tool_request");
    private static final String REQUEST_END = tag("end_tool_request");
    private static final String NAME = tag("begin_tool_name");
    private static final String NAME_END = tag("end_tool_name");
    private static final String ARGS = tag("begin_tool_arguments");
    private static final String ARGS_END = tag("end_tool_arguments");

    private static final String CONSTRAIN = "<|plamo:constrain|>";
    private static final String MSG = "<|plamo:msg|>";

    /**
     * Where the JSON starts after the arguments tag: past the constrained-decoding tokens newer templates have the
     * model write there ({@code <|plamo:constrain|>json<|plamo:msg|>}, or {@code <|plamo:msg|>} alone).
     */
    private static int argumentsStart(CharSequence buf, int from, int to) {
        int i = Chars.skipBlanks(buf, from, to);
        if (Chars.startsWith(buf, i, to, CONSTRAIN) == Chars.FULL) {
            int m = Chars.indexOf(buf, MSG, i, Math.min(to, i + CONSTRAIN.length() + 16 + MSG.length()));
            return m < 0 ? from : m + MSG.length();
        }
        return Chars.startsWith(buf, i, to, MSG) == Chars.FULL ? i + MSG.length() : from;
    }

    private static String tag(String t) {
        return "<|plamo:" + t + ":plamo|>";
    }

    private static List<Finding> requests(CharSequence buf, Config cfg, int start, int from, int to, int end) {
        return ClosedBlock.each(buf, from, to, REQUEST, REQUEST_END, WireFormat.PLAMO3,
                (f, t, rs, re) -> ClosedBlock.cutWhere(to == end && re == to, request(buf, cfg, f, t, rs, re)));
    }

    private static Finding request(CharSequence buf, Config cfg, int from, int to, int rs, int re) {
        int n = Chars.skipBlanks(buf, from, to);
        int ne = Chars.startsWith(buf, n, to, NAME) == Chars.FULL ? Chars.indexOf(buf, NAME_END, n, to) : -1;
        if (ne < 0) {
            return ClosedBlock.invalid("a call must name its tool in " + NAME + "…" + NAME_END, null,
                    WireFormat.PLAMO3, rs, re);
        }
        String name = Chars.trimmed(buf, n + NAME.length(), ne);
        int a = Chars.skipBlanks(buf, ne + NAME_END.length(), to);
        int ae = Chars.startsWith(buf, a, to, ARGS) == Chars.FULL ? Chars.indexOf(buf, ARGS_END, a, to) : -1;
        if (ae < 0) {
            return ClosedBlock.invalid("the call to \"" + name + "\" must give its arguments in " + ARGS + "…"
                    + ARGS_END, name, WireFormat.PLAMO3, rs, re);
        }
        JsonNode args = RawValues.json(buf.subSequence(argumentsStart(buf, a + ARGS.length(), ae), ae).toString(),
                cfg.limits);
        if (args == null || !args.isObject()) {
            return ClosedBlock.invalid("the arguments of \"" + name + "\" must be a JSON object", name,
                    WireFormat.PLAMO3, rs, re);
        }
        return CallNormalizer.call(name, (ObjectNode) args, null, WireFormat.PLAMO3, List.of(), rs, re, cfg);
    }

}
