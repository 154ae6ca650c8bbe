package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;

import java.util.List;

/**
 * Solar Open (Upstage): one call per {@code <|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V
 * <|tool_arg:end|>…<|tool_call:end|>}. Values are raw text, typed by the tool's schema.
 */
public final class SolarOpen implements Family {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(START, ClosedBlock.afterMarker(WireFormat.SOLAR_OPEN, END, SolarOpen::call));
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
