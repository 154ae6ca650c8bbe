package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.args.RawValues;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.scan.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Recognizer;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * MiniMax-M3: every tag carries the namespace token {@code ]<]minimax[>[} (blanks allowed after it):
 * {@code NS<tool_call>NS<invoke name="N">NS<K>V NS</K>…NS</invoke>…NS</tool_call>}; a parameter is a tag named
 * after it. Values are raw text typed by the tool's schema. A parameter holding nested tags (an object or array
 * written as tags) is reported as an error for its call, never dropped.
 */
public final class MinimaxM3 implements Family, Recognizer {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, this);
    }

    public static final String NS = "]<]minimax[>[";
    public static final String OPEN = NS + "<tool_call>";
    private static final String CLOSE = NS + "</tool_call>";
    private static final String INVOKE = "<invoke name=";

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        if (!at.cfg().on(WireFormat.MINIMAX_M3)) {
            return Verdict.NO_MATCH;
        }
        return ClosedBlock.match(buf, at.cfg(), WireFormat.MINIMAX_M3, at.pos(), at.markerEnd(), CLOSE,
                MinimaxM3::invokes, at.markerEnd(), limit, atEnd);
    }

    /** The index just past {@code NS} and the blanks after it at {@code j} (blanks before it skipped), or -1. */
    private static int tag(CharSequence buf, int j, int to) {
        int k = Chars.skipBlanks(buf, j, to);
        if (Chars.startsWith(buf, k, to, NS) != Chars.FULL) {
            return -1;
        }
        k = Chars.skipBlanks(buf, k + NS.length(), to);
        return k < to && buf.charAt(k) == '<' ? k : -1;
    }

    private static List<Finding> invokes(CharSequence buf, Config cfg, int start, int from, int to, int end) {
        List<Finding> items = new ArrayList<>();
        int j = from;
        while (Chars.skipBlanks(buf, j, to) < to) {
            int t = tag(buf, j, to);
            if (t < 0 || Chars.startsWith(buf, t, to, INVOKE) != Chars.FULL) {
                items.add(ClosedBlock.invalid("expected " + NS + INVOKE + "\"…\"> to start a call", null,
                        WireFormat.MINIMAX_M3, j, to));
                return items;
            }
            int gt = Chars.indexOf(buf, ">", t, to);
            String close = NS + "</invoke>";
            int x = gt < 0 ? -1 : Chars.indexOf(buf, close, gt, to);
            if (x < 0) {
                items.add(ClosedBlock.invalid("a call is not closed with " + close, null, WireFormat.MINIMAX_M3, j, to));
                return items;
            }
            String name = XmlInvokes.headerName(buf, t + INVOKE.length(), gt);
            items.add(invoke(buf, cfg, name, gt + 1, x, j, x + close.length()));
            j = x + close.length();
        }
        return items;
    }

    private static Finding invoke(CharSequence buf, Config cfg, String name, int from, int to, int start, int end) {
        KnownTools.Found found = cfg.tools.find(name);
        ToolSpec tool = found == null ? null : found.spec();
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        boolean typed = false;
        int j = from;
        while (Chars.skipBlanks(buf, j, to) < to) {
            int t = tag(buf, j, to);
            int gt = t < 0 ? -1 : Chars.indexOf(buf, ">", t, to);
            if (gt < 0) {
                return ClosedBlock.invalid("the arguments of \"" + name + "\" must be written " + NS + "<K>V" + NS
                        + "</K>", name, WireFormat.MINIMAX_M3, start, end);
            }
            String key = buf.subSequence(t + 1, gt).toString().strip();
            int v = gt + 1;
            int ns = Chars.indexOf(buf, NS, v, to);
            int ct = ns < 0 ? -1 : tag(buf, ns, to);
            String closeTag = "</" + key + ">";
            if (ct < 0 || Chars.startsWith(buf, ct, to, closeTag) != Chars.FULL) {
                return ClosedBlock.invalid("the parameter \"" + key + "\" of \"" + name + "\" holds nested tags or is "
                        + "not closed with " + NS + closeTag + ": write its value as JSON text", name,
                        WireFormat.MINIMAX_M3, start, end);
            }
            RawValues.Typed typedValue = RawValues.typed(tool, key, Chars.rawValue(buf, v, ns), cfg.limits);
            args.set(key, typedValue.value());
            typed |= typedValue.changed();
            j = ct + closeTag.length();
        }
        List<Repair> repairs = typed ? List.of(Repair.VALUES_TYPED_BY_SCHEMA) : List.of();
        return CallNormalizer.call(name, args, null, WireFormat.MINIMAX_M3, repairs, start, end, cfg);
    }
}
