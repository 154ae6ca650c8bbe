package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.CallSection;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Verdict.Continuation;

import java.util.Set;

/**
 * DeepSeek, whose special tokens use a full-width bar {@code ｜} (U+FF5C) and a lower block {@code ▁} (U+2581):
 * <ul>
 *   <li>V3 / R1: {@code <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>…<｜tool▁calls▁end｜>}</li>
 *   <li>V3.1: {@code <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>…}</li>
 *   <li>DSML (V3.2): {@code <｜DSML｜function_calls><｜DSML｜invoke name="N"><｜DSML｜parameter name="K" string="true">V</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>}
 *   (V4: the section {@code tool_calls}; V4.1: a space after the bar and the section {@code calls},
 *   {@code <｜DSML｜ calls><｜DSML｜ invoke name="N"><｜DSML｜ parameter name="K" string="true">V</｜DSML｜ parameter></｜DSML｜ invoke></｜DSML｜ calls>})</li>
 * </ul>
 * The section tokens of V3 / V3.1 are optional. R1 also opens its section with {@code <｜tool▁calls｜>} (its chat
 * template's spelling in some releases), read as the same section. Every token may also be written with an ASCII
 * {@code |} for the bar.
 */
public final class DeepSeek implements Family {

    public static final String BAR = "\uFF5C";
    public static final String SPACE = "\u2581";
    /** The tokens as the tokenizer writes them, with the full-width bar. */
    private static final Spelling TOKENS = new Spelling(BAR);
    /**
     * The same tokens written with an ASCII {@code |} (as some servers' detokenizers and fine-tunes print them); read
     * the same way, each spelling closed by its own.
     */
    private static final Spelling ASCII = new Spelling("|");
    public static final String CALLS_BEGIN = TOKENS.callsBegin;
    /** R1's shorter spelling of the section's opening token. */
    public static final String CALLS = TOKENS.calls;
    public static final String CALLS_END = TOKENS.callsEnd;
    public static final String CALL_BEGIN = TOKENS.callBegin;
    public static final String CALL_END = TOKENS.callEnd;
    public static final String SEP = TOKENS.sep;

    @Override
    public void register(Config cfg, MarkerTable markers) {
        TOKENS.register(markers);
        ASCII.register(markers);
    }

    /** One spelling of DeepSeek's tokens ({@code <｜tool▁sep｜>} or {@code <|tool▁sep|>}) and its readers. */
    private static final class Spelling {
        final String callsBegin;
        final String calls;
        final String callsEnd;
        final String callBegin;
        final String callEnd;
        final String sep;
        final String bar;
        final ArgumentsAfterName.Spec v3Args;
        final ArgumentsAfterName.Spec v31Args;

        Spelling(String bar) {
            this.bar = bar;
            callsBegin = token(bar, "tool" + SPACE + "calls" + SPACE + "begin");
            calls = token(bar, "tool" + SPACE + "calls");
            callsEnd = token(bar, "tool" + SPACE + "calls" + SPACE + "end");
            callBegin = token(bar, "tool" + SPACE + "call" + SPACE + "begin");
            callEnd = token(bar, "tool" + SPACE + "call" + SPACE + "end");
            sep = token(bar, "tool" + SPACE + "sep");
            v3Args = ArgumentsAfterName.after(WireFormat.DEEPSEEK_V3).closedBy(callEnd).nextCallAt(callBegin)
                    .fencesAllowed().build();
            v31Args = ArgumentsAfterName.after(WireFormat.DEEPSEEK_V31).closedBy(callEnd).nextCallAt(callBegin)
                    .fencesAllowed().build();
        }

        void register(MarkerTable markers) {
            CallSection section = section(callsBegin, false);
            markers.add(callsBegin, section);
            // R1's short opener: its first call's begin token may be left out (as llama.cpp reads R1); after the full
            // opener it may not (vLLM reads no call from <｜tool▁calls▁begin｜>NAME<｜tool▁sep｜>…)
            markers.add(calls, section(calls, true));
            markers.add(callBegin, section);
            XmlInvokes.addSection(markers, dsml("", "function_calls"));
            XmlInvokes.addSection(markers, dsml("", "tool_calls"));
            // V4.1 writes a space after the bar: <｜DSML｜ calls><｜DSML｜ invoke name="N"><｜DSML｜ parameter …>
            XmlInvokes.addSection(markers, dsml(" ", "calls"));
        }

        /** V3 / V3.1 calls in a section opened by {@code begin}; {@code bare}: see {@link CallSection.Spec}. */
        private CallSection section(String begin, boolean bare) {
            return new CallSection(new CallSection.Spec(Set.of(WireFormat.DEEPSEEK_V3, WireFormat.DEEPSEEK_V31),
                    WireFormat.DEEPSEEK_V3, WireFormat.DEEPSEEK_V31, begin, callsEnd, callBegin, sep, callEnd,
                    this::call, bare));
        }

        /** DSML invocations in the section {@code <｜DSML｜SECTION>}, each tag's name after {@code space}. */
        private XmlInvokes.Spec dsml(String space, String section) {
            return markupLanguage(WireFormat.DEEPSEEK_DSML, bar, "DSML", space, section);
        }

        /** A call's header: {@code function} then the name on the next line (V3), or the name itself (V3.1). */
        private Verdict call(CharSequence buf, Config cfg, String header, int itemStart, int argsAt,
                             Continuation again, ArgumentsAfterName.Follow follow, int limit, boolean atEnd) {
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
                return ArgumentsAfterName.read(buf, cfg, v3Args, name, null, itemStart, eol, follow, limit, atEnd);
            }
            return ArgumentsAfterName.read(buf, cfg, v31Args, header, null, itemStart, argsAt, follow, limit, atEnd);
        }
    }

    /**
     * Invocations in DSML's shape under the markup's name {@code language} ({@code DSML}; GigaChat 3.5's
     * {@code GCML}): {@code <｜LANGUAGE｜SECTION><｜LANGUAGE｜invoke name="N"><｜LANGUAGE｜parameter name="K"
     * string="true">V</｜LANGUAGE｜parameter></｜LANGUAGE｜invoke></｜LANGUAGE｜SECTION>}, each tag's name after
     * {@code space}.
     */
    static XmlInvokes.Spec markupLanguage(WireFormat format, String bar, String language, String space, String section) {
        String open = "<" + bar + language + bar + space;
        String close = "</" + bar + language + bar + space;
        return XmlInvokes.of(format)
                .section(open + section + ">", close + section + ">")
                .invokeTags(open, close)
                .stringAttribute()
                .build();
    }

    /** {@code <｜NAME｜>} with the given bar. */
    private static String token(String bar, String name) {
        return "<" + bar + name + bar + ">";
    }
}
