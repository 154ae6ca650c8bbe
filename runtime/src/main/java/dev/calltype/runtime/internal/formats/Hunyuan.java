package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.Repair;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Recognizer;

import java.util.List;

/**
 * {@code <tool_calls>}: Hunyuan V3/V4 write {@code <tool_call>NAME<tool_sep><arg_key>K</arg_key><arg_value>V
 * </arg_value>…</tool_call>} inside it, every tag optionally carrying the checkpoint's suffix
 * ({@code <tool_calls:opensource>}, {@code <arg_key:opensource>}); Hunyuan-A13B, Jamba and MiniMax-M1 write JSON
 * ({@link WireFormat#TOOL_CALLS_TAG}, read by {@link JsonBlock}). The content decides.
 */
public final class Hunyuan implements Family, Recognizer {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add("<tool_calls>", this);
        markers.add("<tool_calls:", this);
    }

    private static final int MAX_SUFFIX = 64;

    private final JsonBlock json = JsonBlock.tags(WireFormat.TOOL_CALLS_TAG, "<tool_calls>", "</tool_calls>").recognizer();

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        int m = at.markerEnd();
        String suffix = "";
        if (buf.charAt(m - 1) == ':') {
            int gt = ClosedBlock.labelEnd(buf, m, limit, atEnd, MAX_SUFFIX, c -> Chars.isNameChar((char) c));
            if (gt == ClosedBlock.MORE) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            if (gt == ClosedBlock.NO_LABEL) {
                return Verdict.NO_MATCH;
            }
            suffix = ":" + buf.subSequence(m, gt);
            m = gt + 1;
        }
        int i = Chars.skipBlanks(buf, m, limit);
        if (i >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        String call = "<tool_call" + suffix + ">";
        int r = i < limit ? Chars.startsWith(buf, i, limit, call) : Chars.NO;
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (r != Chars.FULL) {
            return suffix.isEmpty() ? json.match(buf, at, limit, atEnd) : Verdict.NO_MATCH;
        }
        if (!at.cfg().on(WireFormat.HUNYUAN)) {
            return Verdict.NO_MATCH;
        }
        String s = suffix;
        return ClosedBlock.match(buf, at.cfg(), WireFormat.HUNYUAN, at.pos(), i, "</tool_calls" + s + ">",
                (b, cfg, start, from, to, end) -> calls(b, cfg, s, from, to, to == end), i, limit, atEnd);
    }

    /** The calls of a section's content {@code [from, to)}; {@code open}: the text ended inside the section. */
    private static List<Finding> calls(CharSequence buf, Config cfg, String s, int from, int to, boolean open) {
        return ClosedBlock.each(buf, from, to, "<tool_call" + s + ">", "</tool_call" + s + ">", WireFormat.HUNYUAN,
                (f, t, start, end) -> call(buf, cfg, s, f, t, start, end, open && t == to));
    }

    /**
     * One call: the name (up to {@code <tool_sep>} or the first {@code <arg_key>}), then GLM's pairs
     * ({@link Glm#pairs}). A call not closed before its section ends, or the next call begins, is an error, never a
     * call (HY V4). One the text ended inside ({@code cut}) is read as GLM reads one (repaired,
     * {@link Repair#MISSING_TAGS}) when its last value is complete, the driver's to run or refuse by how the text
     * ended; else it is a {@link dev.calltype.runtime.ExtractionError.Kind#TRUNCATED} error.
     */
    private static Finding call(CharSequence buf, Config cfg, String s, int from, int to, int start, int end,
                                boolean cut) {
        String sep = "<tool_sep" + s + ">";
        Chars.Found head = Chars.firstOf(buf, from, to, sep, "<arg_key" + s + ">");
        int nameEnd = head == null ? to : head.at();
        String name = literalNewlineTrimmed(Chars.trimmed(buf, from, nameEnd));
        int pairs = head != null && head.which() == 0 ? nameEnd + sep.length() : nameEnd;
        if (end == to) {
            if (!cut || !Glm.endsWith(buf, pairs, to, "</arg_value" + s + ">")) {
                // the section closed, or the next call began, while this call was still open: which of its text is
                // arguments is not certain
                return ClosedBlock.cutWhere(cut, ClosedBlock.invalid("the call is not closed with </tool_call" + s
                        + "> before its section ends", name.isEmpty() ? null : cfg.tools.display(name),
                        WireFormat.HUNYUAN, start, end));
            }
            Finding call = Glm.pairs(buf, cfg, WireFormat.HUNYUAN, name, "", s, pairs, to, start, end);
            return call.isCall() ? call.withRepair(Repair.MISSING_TAGS) : call;
        }
        return Glm.pairs(buf, cfg, WireFormat.HUNYUAN, name, "", s, pairs, to, start, end);
    }

    /** A name followed by the two characters {@code \n} (written out, not a line break) loses them (Ling 3, GLM). */
    static String literalNewlineTrimmed(String name) {
        String n = name;
        while (n.endsWith("\\n")) {
            n = n.substring(0, n.length() - 2).strip();
        }
        return n;
    }
}
