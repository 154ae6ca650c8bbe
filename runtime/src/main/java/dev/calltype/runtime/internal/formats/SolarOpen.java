package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.CallSection;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Verdict.Continuation;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.List;
import java.util.Set;

/**
 * Solar Open (Upstage): one call per {@code <|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V
 * <|tool_arg:end|>…<|tool_call:end|>}. Values are raw text, typed by the tool's schema. Solar Open 100B writes
 * {@code <|tool_calls|><|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{…}<|tool_call:end|>…<|calls|>}
 * with JSON arguments; the section tokens are optional (a response may start at the first call's begin token).
 * A call whose end token was dropped ends where the next call starts ({@link Repair#MISSING_TAGS}), when its name
 * line is complete; an argument restarted before its name ended is skipped.
 */
public final class SolarOpen implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(START, (buf, at, limit, atEnd) -> !at.cfg().on(WireFormat.SOLAR_OPEN) ? Verdict.NO_MATCH
                : block(buf, at.cfg(), at.pos(), at.markerEnd(), at.markerEnd(), limit, atEnd));
        markers.add(SECTION_BEGIN, SECTION);
        markers.add(CALL_BEGIN, SECTION);
    }

    private static final String SECTION_BEGIN = "<|tool_calls|>";
    private static final String SECTION_END = "<|calls|>";
    private static final String CALL_BEGIN = "<|tool_call:begin|>";
    private static final String NAME = "<|tool_call:name|>";
    private static final String ARGS_BEGIN = "<|tool_call:args|>";
    private static final String CALL_END = "<|tool_call:end|>";

    private static final ArgumentsAfterName.Spec ARGS = ArgumentsAfterName.after(WireFormat.SOLAR_OPEN)
            .closedBy(CALL_END).nextCallAt(CALL_BEGIN).build();

    private static final CallSection SECTION = new CallSection(new CallSection.Spec(Set.of(WireFormat.SOLAR_OPEN),
            WireFormat.SOLAR_OPEN, WireFormat.SOLAR_OPEN, SECTION_BEGIN, SECTION_END, CALL_BEGIN, ARGS_BEGIN, CALL_END,
            SolarOpen::header));

    /** A 100B call's header {@code ID<|tool_call:name|>NAME}: the name, and the id before it (when there is one). */
    private static Verdict header(CharSequence buf, Config cfg, String header, int itemStart, int argsAt,
                                  Continuation again, ArgumentsAfterName.Follow follow, int limit, boolean atEnd) {
        int n = header.indexOf(NAME);
        String name = n < 0 ? header : header.substring(n + NAME.length()).trim();
        String id = n <= 0 ? null : header.substring(0, n).trim();
        return ArgumentsAfterName.read(buf, cfg, ARGS, name, id == null || id.isEmpty() ? null : id, itemStart,
                argsAt, follow, limit, atEnd);
    }

    public static final String START = "<|tool_call:start|>";
    private static final String END = "<|tool_call:end|>";
    private static final String ARG = "<|tool_arg:start|>";
    private static final String VALUE = "<|tool_arg:value|>";
    private static final String ARG_END = "<|tool_arg:end|>";

    /**
     * The call whose content starts at {@code from}: it ends at its end token, or, when the model dropped that, where
     * the next call starts (searched for from {@code scan}). A call left open at the end of the text is truncated.
     */
    private static Verdict block(CharSequence buf, Config cfg, int start, int from, int scan, int limit, boolean atEnd) {
        Chars.Found f = Chars.firstOf(buf, scan, limit, END, START);
        if (f == null) {
            if (atEnd) {
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                        ErrorTexts.truncatedBlock(), null, WireFormat.SOLAR_OPEN, start, limit)));
            }
            int again = Math.max(from, limit - START.length() + 1);
            return Verdict.needMore(RetryWhen.text(again, END, START),
                    (b, l, e) -> block(b, cfg, start, from, again, l, e));
        }
        boolean cut = f.which() == 1;
        int end = cut ? f.at() : f.at() + END.length();
        return Verdict.matched(end, List.of(call(buf, cfg, start, from, f.at(), end, cut)));
    }

    /**
     * One call, {@code cut} when the next call starts before its end token: then it is read only when its name line
     * is complete ({@link Repair#MISSING_TAGS}). A name never ended by its line break is an error, not a call.
     */
    private static Finding call(CharSequence buf, Config cfg, int start, int from, int to, int end, boolean cut) {
        Chars.Found head = Chars.firstOf(buf, from, to, "\n", ARG);
        int nameEnd = head == null ? to : head.at();
        String name = Chars.trimmed(buf, from, nameEnd);
        if (head == null) {
            return ClosedBlock.invalid(cut ? "a new call starts before the name of this one ends"
                    : "the name of the call must end its line", name.isEmpty() ? null : name, WireFormat.SOLAR_OPEN,
                    start, end);
        }
        RawArguments args = new RawArguments(name, cfg);
        boolean repaired = cut;
        int j = nameEnd;
        while (true) {
            j = Chars.skipBlanks(buf, j, to);
            if (j >= to) {
                break;
            }
            if (Chars.startsWith(buf, j, to, ARG) != Chars.FULL) {
                return ClosedBlock.invalid("the call to \"" + name + "\" must list its arguments as "
                        + ARG + "K" + VALUE + "V" + ARG_END, name, WireFormat.SOLAR_OPEN, start, end);
            }
            int ks = j + ARG.length();
            Chars.Found kf = Chars.firstOf(buf, ks, to, VALUE, ARG);
            if (kf == null) {
                return ClosedBlock.invalid("an argument of \"" + name + "\" has no " + VALUE, name,
                        WireFormat.SOLAR_OPEN, start, end);
            }
            if (kf.which() == 1) {
                // an argument restarted before its name ended: the fragment carries no value, the next one is read
                repaired = true;
                j = kf.at();
                continue;
            }
            int v = kf.at();
            String key = Chars.trimmed(buf, ks, v);
            int vs = v + VALUE.length();
            Chars.Found stop = Chars.firstOf(buf, vs, to, ARG_END, ARG);
            int ve = stop == null ? to : stop.at();
            if (!args.args().has(key) && !args.put(key, Chars.rawValue(buf, vs, ve))) {
                break;
            }
            j = stop != null && stop.which() == 0 ? ve + ARG_END.length() : ve;
        }
        return args.call(WireFormat.SOLAR_OPEN, start, end, repaired ? List.of(Repair.MISSING_TAGS) : List.of());
    }
}
