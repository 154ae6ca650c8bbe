package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.CallSection;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Continuation;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

import java.util.Set;

/**
 * DeepSeek, whose special tokens use a full-width bar {@code ｜} (U+FF5C) and a lower block {@code ▁} (U+2581):
 * <ul>
 *   <li>V3 / R1: {@code <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>…<｜tool▁calls▁end｜>}</li>
 *   <li>V3.1: {@code <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>…}</li>
 *   <li>DSML (V3.2): {@code <｜DSML｜function_calls><｜DSML｜invoke name="N"><｜DSML｜parameter name="K" string="true">V</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>}</li>
 * </ul>
 * The section tokens of V3 / V3.1 are optional. R1 also opens its section with {@code <｜tool▁calls｜>} (its chat
 * template's spelling in some releases), read as the same section.
 */
public final class DeepSeek implements Family {

    public static final String BAR = "\uFF5C";
    public static final String SPACE = "\u2581";
    public static final String CALLS_BEGIN = token("tool" + SPACE + "calls" + SPACE + "begin");
    /** R1's shorter spelling of the section's opening token. */
    public static final String CALLS = token("tool" + SPACE + "calls");
    public static final String CALLS_END = token("tool" + SPACE + "calls" + SPACE + "end");
    public static final String CALL_BEGIN = token("tool" + SPACE + "call" + SPACE + "begin");
    public static final String CALL_END = token("tool" + SPACE + "call" + SPACE + "end");
    public static final String SEP = token("tool" + SPACE + "sep");

    private static final ArgumentsAfterName.Spec V3_ARGS = ArgumentsAfterName.after(WireFormat.DEEPSEEK_V3)
            .closedBy(CALL_END).nextCallAt(CALL_BEGIN).fencesAllowed().build();
    private static final ArgumentsAfterName.Spec V31_ARGS = ArgumentsAfterName.after(WireFormat.DEEPSEEK_V31)
            .closedBy(CALL_END).nextCallAt(CALL_BEGIN).fencesAllowed().build();

    private static final CallSection SECTION = section(CALLS_BEGIN);
    private static final CallSection R1_SECTION = section(CALLS);

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(CALLS_BEGIN, SECTION);
        markers.add(CALLS, R1_SECTION);
        markers.add(CALL_BEGIN, SECTION);
        XmlInvokes.addSection(markers, dsml("function_calls"));
        XmlInvokes.addSection(markers, dsml("tool_calls"));
    }

    /** V3 / V3.1 calls in a section opened by {@code begin}. */
    private static CallSection section(String begin) {
        return new CallSection(new CallSection.Spec(Set.of(WireFormat.DEEPSEEK_V3, WireFormat.DEEPSEEK_V31),
                WireFormat.DEEPSEEK_V3, WireFormat.DEEPSEEK_V31, begin, CALLS_END, CALL_BEGIN, SEP, CALL_END,
                DeepSeek::call));
    }

    /** {@code <｜NAME｜>}. */
    private static String token(String name) {
        return "<" + BAR + name + BAR + ">";
    }

    /** DSML invocations in the section {@code <｜DSML｜SECTION>}. */
    private static XmlInvokes.Spec dsml(String section) {
        String open = "<" + BAR + "DSML" + BAR;
        String close = "</" + BAR + "DSML" + BAR;
        return XmlInvokes.of(WireFormat.DEEPSEEK_DSML)
                .section(open + section + ">", close + section + ">")
                .invokeTags(open, close)
                .stringAttribute()
                .build();
    }

    /** A call's header: {@code function} then the name on the next line (V3), or the name itself (V3.1). */
    private static Verdict call(CharSequence buf, Config cfg, String header, int itemStart, int argsAt,
                              Continuation again, ArgumentsAfterName.Follow follow, int limit,
                              boolean atEnd) {
        boolean v3 = header.equals("function");
        if (!cfg.on(v3 ? WireFormat.DEEPSEEK_V3 : WireFormat.DEEPSEEK_V31)) {
            return Verdict.NO_MATCH;
        }
        if (v3) {
            int eol = Chars.lineEnd(buf, argsAt, limit);
            if (eol >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.text(argsAt, "\n"), again);
            }
            String name = Chars.trimmed(buf, argsAt, eol);
            return ArgumentsAfterName.read(buf, cfg, V3_ARGS, name, null, itemStart, eol, follow, limit, atEnd);
        }
        return ArgumentsAfterName.read(buf, cfg, V31_ARGS, header, null, itemStart, argsAt, follow, limit, atEnd);
    }
}
