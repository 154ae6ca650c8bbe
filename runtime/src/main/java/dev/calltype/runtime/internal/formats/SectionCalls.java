package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.scan.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.internal.scan.Hint;
import dev.calltype.runtime.internal.scan.Item;
import dev.calltype.runtime.internal.scan.Match;
import dev.calltype.runtime.internal.text.Messages;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.WireFormat;

import java.util.List;

/**
 * Formats that write a section of calls, each call a header naming the tool and a JSON arguments object between
 * special tokens: Kimi K2
 * {@code <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{…}<|tool_call_end|>…<|tool_calls_section_end|>}
 * (the id is {@code functions.NAME:IDX}) and DeepSeek V3 / V3.1
 * {@code <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>…}
 * (V3.1: {@code NAME<｜tool▁sep｜>{…}}). The section markers are optional; each call is emitted as soon as the next
 * begins or the section ends.
 */
public final class SectionCalls implements Recognizer {

    public static final String DS_BAR = "\uFF5C";
    public static final String DS_SPACE = "\u2581";
    public static final String DS_CALLS_BEGIN = "<" + DS_BAR + "tool" + DS_SPACE + "calls" + DS_SPACE + "begin" + DS_BAR + ">";
    public static final String DS_CALLS_END = "<" + DS_BAR + "tool" + DS_SPACE + "calls" + DS_SPACE + "end" + DS_BAR + ">";
    public static final String DS_CALL_BEGIN = "<" + DS_BAR + "tool" + DS_SPACE + "call" + DS_SPACE + "begin" + DS_BAR + ">";
    public static final String DS_CALL_END = "<" + DS_BAR + "tool" + DS_SPACE + "call" + DS_SPACE + "end" + DS_BAR + ">";
    public static final String DS_SEP = "<" + DS_BAR + "tool" + DS_SPACE + "sep" + DS_BAR + ">";
    /** DeepSeek R1's opener of the section, {@code <｜tool▁calls｜>}. */
    public static final String DS_CALLS_R1 = "<" + DS_BAR + "tool" + DS_SPACE + "calls" + DS_BAR + ">";

    public static final String KIMI_SECTION_BEGIN = "<|tool_calls_section_begin|>";
    public static final String KIMI_SECTION_END = "<|tool_calls_section_end|>";
    public static final String KIMI_CALL_BEGIN = "<|tool_call_begin|>";
    public static final String KIMI_ARGS_BEGIN = "<|tool_call_argument_begin|>";
    public static final String KIMI_CALL_END = "<|tool_call_end|>";

    private static final int MAX_HEADER = 512;

    private final boolean kimi;

    private SectionCalls(boolean kimi) {
        this.kimi = kimi;
    }

    public static SectionCalls kimi() {
        return new SectionCalls(true);
    }

    public static SectionCalls deepSeek() {
        return new SectionCalls(false);
    }

    private String sectionBegin() {
        return kimi ? KIMI_SECTION_BEGIN : DS_CALLS_BEGIN;
    }

    private String callBegin() {
        return kimi ? KIMI_CALL_BEGIN : DS_CALL_BEGIN;
    }

    private List<String> sectionEnd() {
        return List.of(kimi ? KIMI_SECTION_END : DS_CALLS_END);
    }

    @Override
    public Match match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (kimi ? !cfg.on(WireFormat.KIMI_K2) : !(cfg.on(WireFormat.DEEPSEEK_V3) || cfg.on(WireFormat.DEEPSEEK_V31))) {
            return Match.NO_MATCH;
        }
        int pos = at.pos();
        int cursor = at.markerEnd();
        if (Chars.startsWith(buf, pos, limit, sectionBegin()) == Chars.FULL
                || !kimi && Chars.startsWith(buf, pos, limit, DS_CALLS_R1) == Chars.FULL) {
            int i = Chars.skipBlanks(buf, cursor, limit);
            if (i >= limit) {
                if (!atEnd) {
                    return Match.needMore(Hint.length(limit + 1));
                }
                return Match.matched(limit, List.of(Item.error(ExtractionError.Kind.TRUNCATED,
                        Messages.truncatedBlock(), null, kimi ? WireFormat.KIMI_K2 : WireFormat.DEEPSEEK_V3, pos,
                        limit)));
            }
            int r = Chars.startsWith(buf, i, limit, callBegin());
            if (r == Chars.PARTIAL && !atEnd) {
                return Match.needMore(Hint.length(limit + 1));
            }
            if (r != Chars.FULL) {
                return empty(buf, pos, i, limit, atEnd);
            }
            return call(buf, cfg, pos, i, limit, atEnd);
        }
        return call(buf, cfg, pos, pos, limit, atEnd);
    }

    /** Whether a Kimi call id is a bare counter ({@code 0}, {@code 1}) without the tool's name. */
    private static boolean isCounter(String id) {
        if (id.isEmpty()) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            if (id.charAt(i) < '0' || id.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** A section with no call: an error up to its end marker (or the end). */
    private Match empty(CharSequence buf, int pos, int i, int limit, boolean atEnd) {
        String end = sectionEnd().get(0);
        int x = Chars.indexOf(buf, end, i, limit);
        if (x < 0 && !atEnd) {
            return Match.needMore(Hint.text(i, end), (b, l, e) -> empty(b, pos, i, l, e));
        }
        int e = x < 0 ? limit : x + end.length();
        return Match.matched(e, List.of(Item.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                Messages.invalid("the tool-call section holds no call"), null,
                kimi ? WireFormat.KIMI_K2 : WireFormat.DEEPSEEK_V3, pos, e)));
    }

    /** One call whose begin token is at {@code i}; its span starts at {@code itemStart}. */
    private Match call(CharSequence buf, Config cfg, int itemStart, int i, int limit, boolean atEnd) {
        int h = i + callBegin().length();
        String headerEnd = kimi ? KIMI_ARGS_BEGIN : DS_SEP;
        int x = Chars.indexOf(buf, headerEnd, h, Math.min(limit, h + MAX_HEADER + headerEnd.length()));
        WireFormat format = kimi ? WireFormat.KIMI_K2 : WireFormat.DEEPSEEK_V31;
        if (x < 0) {
            if (limit - h < MAX_HEADER + headerEnd.length() && !atEnd) {
                return Match.needMore(Hint.text(h, headerEnd), (b, l, e) -> call(b, cfg, itemStart, i, l, e));
            }
            ExtractionError.Kind kind = atEnd && limit - h < MAX_HEADER ? ExtractionError.Kind.TRUNCATED
                    : ExtractionError.Kind.INVALID_CALL_SYNTAX;
            return bad(buf, cfg, itemStart, h, kind, kind == ExtractionError.Kind.TRUNCATED
                    ? Messages.truncated(null)
                    : Messages.invalid("the call's header does not end with " + headerEnd), format, limit, atEnd);
        }
        String header = Chars.trimmed(buf, h, x);
        int argsAt = x + headerEnd.length();
        if (kimi) {
            String name = header;
            if (name.startsWith("functions.")) {
                name = name.substring("functions.".length());
            }
            int colon = name.lastIndexOf(':');
            if (colon > 0) {
                name = name.substring(0, colon);
            }
            if (isCounter(name) && cfg.tools.specs().size() == 1) {
                name = cfg.tools.specs().get(0).name(); // a bare counter id: the only tool there is
            }
            NamedArgs.Spec spec = new NamedArgs.Spec(WireFormat.KIMI_K2, List.of(KIMI_CALL_END), KIMI_CALL_BEGIN,
                    null, false);
            return NamedArgs.read(buf, cfg, spec, name, header, itemStart, argsAt, follow(cfg), limit, atEnd);
        }
        if (!cfg.on(header.equals("function") ? WireFormat.DEEPSEEK_V3 : WireFormat.DEEPSEEK_V31)) {
            return Match.NO_MATCH;
        }
        if (header.equals("function")) {
            // V3: function<｜tool▁sep｜>NAME, newline, fenced JSON
            int eol = Chars.lineEnd(buf, argsAt, limit);
            if (eol >= limit && !atEnd) {
                return Match.needMore(Hint.text(argsAt, "\n"), (b, l, e) -> call(b, cfg, itemStart, i, l, e));
            }
            String name = Chars.trimmed(buf, argsAt, eol);
            NamedArgs.Spec spec = new NamedArgs.Spec(WireFormat.DEEPSEEK_V3, List.of(DS_CALL_END), DS_CALL_BEGIN,
                    null, true);
            return NamedArgs.read(buf, cfg, spec, name, null, itemStart, eol, follow(cfg), limit, atEnd);
        }
        NamedArgs.Spec spec = new NamedArgs.Spec(WireFormat.DEEPSEEK_V31, List.of(DS_CALL_END), DS_CALL_BEGIN, null,
                true);
        return NamedArgs.read(buf, cfg, spec, header, null, itemStart, argsAt, follow(cfg), limit, atEnd);
    }

    private NamedArgs.Follow follow(Config cfg) {
        return (buf, call, end, limit, atEnd) -> NamedArgs.next(buf, call, end, end, callBegin(), sectionEnd(),
                k -> (b, l, e) -> call(b, cfg, k, k, l, e), limit, atEnd);
    }

    private Match bad(CharSequence buf, Config cfg, int itemStart, int h, ExtractionError.Kind kind, String message,
                      WireFormat format, int limit, boolean atEnd) {
        int end;
        if (kind == ExtractionError.Kind.TRUNCATED) {
            end = limit;
        } else {
            String callEnd = kimi ? KIMI_CALL_END : DS_CALL_END;
            int x = Chars.indexOf(buf, callEnd, h, limit);
            if (x < 0 && !atEnd) {
                return Match.needMore(Hint.text(h, callEnd),
                        (b, l, e) -> bad(b, cfg, itemStart, h, kind, message, format, l, e));
            }
            end = x < 0 ? limit : x + callEnd.length();
        }
        return Match.matched(end, List.of(Item.error(kind, message, null, format, itemStart, end)));
    }
}
