package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.CallSection;
import dev.calltype.runtime.internal.scan.Continuation;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;

import java.util.List;
import java.util.Set;

/**
 * Solar Open (Upstage): one call per {@code <|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V
 * <|tool_arg:end|>…<|tool_call:end|>}. Values are raw text, typed by the tool's schema. Solar Open 100B writes
 * {@code <|tool_calls|><|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{…}<|tool_call:end|>…<|calls|>}
 * with JSON arguments; the section tokens are optional (a response may start at the first call's begin token).
 */
public final class SolarOpen implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(START, ClosedBlock.afterMarker(WireFormat.SOLAR_OPEN, END, SolarOpen::call));
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

    private static List<Finding> call(CharSequence buf, Config cfg, int start, int from, int to, int end) {
        Chars.Found head = Chars.firstOf(buf, from, to, "\n", ARG);
        int nameEnd = head == null ? to : head.at();
        String name = Chars.trimmed(buf, from, nameEnd);
        RawArguments args = new RawArguments(name, cfg);
        int j = nameEnd;
        while (true) {
            j = Chars.skipBlanks(buf, j, to);
            if (j >= to) {
                break;
            }
            if (Chars.startsWith(buf, j, to, ARG) != Chars.FULL) {
                return List.of(ClosedBlock.invalid("the call to \"" + name + "\" must list its arguments as "
                        + ARG + "K" + VALUE + "V" + ARG_END, name, WireFormat.SOLAR_OPEN, start, end));
            }
            int ks = j + ARG.length();
            int v = Chars.indexOf(buf, VALUE, ks, to);
            if (v < 0) {
                return List.of(ClosedBlock.invalid("an argument of \"" + name + "\" has no " + VALUE, name,
                        WireFormat.SOLAR_OPEN, start, end));
            }
            String key = Chars.trimmed(buf, ks, v);
            int vs = v + VALUE.length();
            Chars.Found stop = Chars.firstOf(buf, vs, to, ARG_END, ARG);
            int ve = stop == null ? to : stop.at();
            if (!args.args().has(key) && !args.put(key, Chars.rawValue(buf, vs, ve))) {
                break;
            }
            j = stop != null && stop.which() == 0 ? ve + ARG_END.length() : ve;
        }
        return List.of(args.call(WireFormat.SOLAR_OPEN, start, end));
    }
}
