package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.json.LimitProblems;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * MiniMax-M3: every tag carries the namespace token {@code ]<]minimax[>[} (blanks allowed after it):
 * {@code NS<tool_call>NS<invoke name="N">NS<K>V NS</K>…NS</invoke>…NS</tool_call>}; a parameter is a tag named
 * after it. Values are raw text typed by the tool's schema. A parameter holding nested tags is an object of those
 * tags (a tag given twice, an array of its values), shaped by the schema: members typed by their properties, and an
 * array parameter's repeated child tag ({@code <items><item>…</item><item>…</item></items>}) its items.
 */
public final class MinimaxM3 implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, ClosedBlock.afterMarker(WireFormat.MINIMAX_M3, CLOSE, MinimaxM3::invokes));
    }

    public static final String NS = "]<]minimax[>[";
    public static final String OPEN = NS + "<tool_call>";
    private static final String CLOSE = NS + "</tool_call>";
    private static final String INVOKE = "<invoke name=";

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
                items.add(ClosedBlock.cutWhere(to == end, ClosedBlock.invalid("a call is not closed with " + close,
                        null, WireFormat.MINIMAX_M3, j, to)));
                return items;
            }
            String name = XmlInvokes.headerName(buf, t + INVOKE.length(), gt);
            items.add(invoke(buf, cfg, name, gt + 1, x, j, x + close.length()));
            j = x + close.length();
        }
        return items;
    }

    /** A parameter holding nested tags, being read: its key and the object its children fill. */
    private record Open(String key, ObjectNode value) {
    }

    /**
     * One call's parameters: {@code NS<K>V NS</K>}, or {@code NS<K>} followed by nested parameter tags, read as an
     * object (a key given twice gives an array). Read without recursion; nesting is bounded by {@code maxDepth}.
     */
    private static Finding invoke(CharSequence buf, Config cfg, String name, int from, int to, int start, int end) {
        RawArguments raw = new RawArguments(name, cfg);
        ObjectNode args = raw.args();
        Deque<Open> open = new ArrayDeque<>();
        Set<JsonNode> lists = Collections.newSetFromMap(new IdentityHashMap<>());
        int j = from;
        while (true) {
            j = Chars.skipBlanks(buf, j, to);
            ObjectNode into = open.isEmpty() ? args : open.peek().value();
            if (j >= to) {
                if (open.isEmpty()) {
                    break;
                }
                return ClosedBlock.invalid("the parameter \"" + open.peek().key() + "\" of \"" + name
                        + "\" is not closed with " + NS + "</" + open.peek().key() + ">", name, WireFormat.MINIMAX_M3,
                        start, end);
            }
            int t = tag(buf, j, to);
            int gt = t < 0 ? -1 : Chars.indexOf(buf, ">", t, to);
            if (gt < 0) {
                return ClosedBlock.invalid("the arguments of \"" + name + "\" must be written " + NS + "<K>V" + NS
                        + "</K>", name, WireFormat.MINIMAX_M3, start, end);
            }
            if (buf.charAt(t + 1) == '/') {
                String key = buf.subSequence(t + 2, gt).toString().strip();
                if (open.isEmpty() || !open.peek().key().equals(key)) {
                    return ClosedBlock.invalid("the closing tag " + NS + "</" + key + "> of \"" + name
                            + "\" closes no open parameter", name, WireFormat.MINIMAX_M3, start, end);
                }
                Open done = open.pop();
                put(open.isEmpty() ? args : open.peek().value(), done.key(), done.value(), lists);
                j = gt + 1;
                continue;
            }
            String key = buf.subSequence(t + 1, gt).toString().strip();
            int v = gt + 1;
            int child = tag(buf, v, to);
            if (child >= 0 && buf.charAt(child + 1) != '/') {
                if (open.size() + 2 >= cfg.limits.maxDepth()) {
                    return Finding.error(ExtractionError.Kind.LIMIT_EXCEEDED, ErrorTexts.limit(LimitProblems.depth(
                            cfg.limits)), name, WireFormat.MINIMAX_M3, start, end);
                }
                open.push(new Open(key, JsonNodeFactory.instance.objectNode()));
                j = v;
                continue;
            }
            int ns = Chars.indexOf(buf, NS, v, to);
            int ct = ns < 0 ? -1 : tag(buf, ns, to);
            String closeTag = "</" + key + ">";
            if (ct < 0 || Chars.startsWith(buf, ct, to, closeTag) != Chars.FULL) {
                return ClosedBlock.invalid("the parameter \"" + key + "\" of \"" + name + "\" is not closed with "
                        + NS + closeTag, name, WireFormat.MINIMAX_M3, start, end);
            }
            JsonNode value = raw.value(key, Chars.rawValue(buf, v, ns), open.isEmpty());
            if (value == null) {
                break;
            }
            put(into, key, value, lists);
            j = ct + closeTag.length();
        }
        raw.shapeNested();
        return raw.call(WireFormat.MINIMAX_M3, start, end);
    }

    /**
     * Sets {@code key}; a key given again turns its value into an array of every value given ({@code lists}: the
     * arrays made so).
     */
    private static void put(ObjectNode into, String key, JsonNode value, Set<JsonNode> lists) {
        JsonNode was = into.get(key);
        if (was == null) {
            into.set(key, value);
        } else if (lists.contains(was)) {
            ((ArrayNode) was).add(value);
        } else {
            ArrayNode list = into.putArray(key);
            list.add(was).add(value);
            lists.add(list);
        }
    }
}
