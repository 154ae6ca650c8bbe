package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.RawValues;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.markup.Closer;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * GLM-4.5 and later: {@code <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value>…</tool_call>}, values raw
 * text typed by the tool's schema; also {@code <tool_call>NAME {json}</tool_call>}. It has no marker of its own:
 * {@link ToolCallTag} hands it the content of a {@code <tool_call>} that starts with a bare name.
 */
public final class Glm {

    private final String open;
    private final String close;
    /** The pair tags: {@code arg_key}/{@code arg_value} named with a prefix (LongCat's {@code longcat_}). */
    private final Pairs tags;
    private final WireFormat format;

    /**
     * How a family names its pair tags: {@code <PREFIX KEY>K</PREFIX KEY><PREFIX VALUE>V</PREFIX VALUE>}, each name
     * followed by {@code suffix} (Hunyuan's {@code :opensource}), and, when {@code type} is not {@code null}, an
     * optional {@code <PREFIX TYPE>T</PREFIX TYPE>} between key and value that types the value where no schema
     * does (K2 Horizon's {@code <ifm|arg_type>}).
     */
    record Pairs(String prefix, String suffix, String key, String value, String type) {

        static final Pairs GLM = new Pairs("", "", "arg_key", "arg_value", null);

        static Pairs prefixed(String prefix) {
            return new Pairs(prefix, "", "arg_key", "arg_value", null);
        }

        String open(String name) {
            return "<" + prefix + name + suffix + ">";
        }

        String close(String name) {
            return "</" + prefix + name + suffix + ">";
        }
    }

    /** The reader for content between {@code open} and {@code close}. */
    public Glm(String open, String close) {
        this(open, close, Pairs.GLM, WireFormat.GLM);
    }

    /**
     * The reader for content between {@code open} and {@code close} whose pair tags are named with {@code tagPrefix}
     * ({@code <longcat_arg_key>}), its calls in {@code format}.
     */
    Glm(String open, String close, String tagPrefix, WireFormat format) {
        this(open, close, Pairs.prefixed(tagPrefix), format);
    }

    /** The reader for content between {@code open} and {@code close} whose pair tags are {@code tags}. */
    Glm(String open, String close, Pairs tags, WireFormat format) {
        this.open = open;
        this.close = close;
        this.tags = tags;
        this.format = format;
    }

    /**
     * GLM-4.5+: {@code NAME<arg_key>K</arg_key><arg_value>V</arg_value>…</tool_call>}; also {@code NAME {json}}, and
     * GLM-5.3-Flash's {@code NAME>{json}}.
     * Read once the closing tag is there.
     */
    public Verdict read(CharSequence buf, Config cfg, int pos, int nameStart, int nameEnd, int limit, boolean atEnd) {
        String name = buf.subSequence(nameStart, nameEnd).toString();
        String shown = cfg.tools.display(name);
        int afterName = afterName(buf, nameEnd, limit);
        int k = Chars.skipBlanks(buf, afterName, limit);
        if (k < limit && buf.charAt(k) == '>') {
            // GLM-5.3-Flash: NAME>{json}
            int j = Chars.skipBlanks(buf, k + 1, limit);
            if (j >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1),
                        (b, l, e) -> read(b, cfg, pos, nameStart, nameEnd, l, e));
            }
            if (j < limit && buf.charAt(j) == '{') {
                return glmJson(buf, cfg, pos, name, j, limit, atEnd);
            }
        }
        if (k < limit && buf.charAt(k) == '{') {
            return glmJson(buf, cfg, pos, name, k, limit, atEnd);
        }
        Closer.Ahead ahead = pastValues(buf, nameEnd, limit, atEnd);
        int x = ahead == null ? -1 : ahead.closerAt();
        int o = ahead == null ? -1 : ahead.openerAt();
        if (x < 0) {
            if (!atEnd && o < 0) {
                return Verdict.needMore(
                        RetryWhen.text(nameEnd, close, open, tags.close(tags.value()), tags.open(tags.key())),
                        (b, l, e) -> read(b, cfg, pos, nameStart, nameEnd, l, e),
                        new Verdict.Started(shown, nameEnd, close));
            }
            int end = o >= 0 ? o : limit;
            if (endsWith(buf, afterName, end, tags.close(tags.value()))) {
                // the response ended, or the next call began, after a complete value: the call's closing tag was
                // dropped, and every value is there
                Finding call = pairs(buf, cfg, format, name, tags, afterName, end, pos, end);
                return Verdict.matched(end, List.of(call.isCall() ? call.withRepair(Repair.MISSING_TAGS) : call));
            }
            return Verdict.matched(end, List.of(Finding.error(ExtractionError.Kind.TRUNCATED, ErrorTexts.truncated(shown),
                    shown, format, pos, end)));
        }
        int end = x + close.length();
        return Verdict.matched(end, List.of(pairs(buf, cfg, format, name, tags, afterName, x, pos, end)));
    }

    /**
     * The call's closing tag, or another call's opening tag, from {@code from}, past the complete values on the way:
     * a value may hold the format's own tags as text ({@code <arg_value>Wrap it in <tool_call></arg_value>}). A value
     * ends at its {@code </arg_value>}, or, left unclosed, before the next {@code <arg_key>} (as {@link #pairs} reads
     * it); an unclosed value is searched through for the call's end, so it never runs into the next call (vLLM's and
     * SGLang's GLM parsers end a call at its first {@code </tool_call>}). A value with neither after it is searched
     * through once the text has ended; {@code null} while it may still close.
     */
    private Closer.Ahead pastValues(CharSequence buf, int from, int limit, boolean atEnd) {
        String valueOpen = tags.open(tags.value());
        String valueClose = tags.close(tags.value());
        String keyOpen = tags.open(tags.key());
        int j = from;
        while (true) {
            Chars.Found f = Chars.firstOf(buf, j, limit, close, open, valueOpen);
            if (f == null || f.which() < 2) {
                return f == null ? new Closer.Ahead(-1, -1)
                        : f.which() == 0 ? new Closer.Ahead(f.at(), -1) : new Closer.Ahead(-1, f.at());
            }
            int vs = f.at() + valueOpen.length();
            Chars.Found e = Chars.firstOf(buf, vs, limit, valueClose, keyOpen);
            if (e == null && !atEnd) {
                return null;
            }
            if (e == null || e.which() == 1) {
                Closer.Ahead ahead = Closer.find(buf, vs, e == null ? limit : e.at(), close, open);
                if (e == null || ahead.closerAt() >= 0 || ahead.openerAt() >= 0) {
                    return ahead;
                }
                j = e.at();
            } else {
                j = e.at() + valueClose.length();
            }
        }
    }

    /** Whether {@code buf[from, to)}, trailing blanks left out, ends with {@code s}. */
    static boolean endsWith(CharSequence buf, int from, int to, String s) {
        int e = trimEnd(buf, from, to);
        return e - from >= s.length() && Chars.startsWith(buf, e - s.length(), e, s) == Chars.FULL;
    }

    /**
     * The call to {@code name} whose arguments are the pairs {@code <arg_key>K</arg_key><arg_value>V</arg_value>}
     * in {@code [from, to)}, every tag's name starting with {@code prefix} (LongCat's {@code longcat_}) and carrying
     * {@code suffix} (Hunyuan's {@code :opensource}; GLM's none), spanning
     * {@code [start, end)}. Values are raw text typed by the tool's schema. A value whose {@code <arg_value>} is
     * missing (the value follows its key and ends at {@code </arg_value>}) or whose {@code </arg_value>} is missing
     * (it ends at the next {@code <arg_key>} or at the end of the call) is read, with {@link Repair#MISSING_TAGS}; a
     * pair written otherwise, or a key or value over the string limit, is an error for the call.
     */
    static Finding pairs(CharSequence buf, Config cfg, WireFormat format, String name, String prefix, String suffix,
                         int from, int to, int start, int end) {
        return pairs(buf, cfg, format, name, new Pairs(prefix, suffix, "arg_key", "arg_value", null), from, to, start,
                end);
    }

    /** {@link #pairs(CharSequence, Config, WireFormat, String, String, String, int, int, int, int)} with these tags. */
    static Finding pairs(CharSequence buf, Config cfg, WireFormat format, String name, Pairs tags, int from, int to,
                         int start, int end) {
        String keyOpen = tags.open(tags.key());
        String keyClose = tags.close(tags.key());
        String valueOpen = tags.open(tags.value());
        String valueClose = tags.close(tags.value());
        String typeOpen = tags.type() == null ? null : tags.open(tags.type());
        String typeClose = tags.type() == null ? null : tags.close(tags.type());
        String shown = cfg.tools.display(name);
        RawArguments args = new RawArguments(name, cfg);
        boolean repaired = false;
        int j = from;
        while (true) {
            j = skipGaps(buf, j, to);
            if (j >= to) {
                break;
            }
            int ks = Chars.startsWith(buf, j, to, keyOpen) == Chars.FULL ? j + keyOpen.length() : -1;
            int ke = ks < 0 ? -1 : Chars.indexOf(buf, keyClose, ks, to);
            int vo = ke < 0 ? -1 : skipGaps(buf, ke + keyClose.length(), to);
            String type = null;
            if (vo >= 0 && typeOpen != null && Chars.startsWith(buf, vo, to, typeOpen) == Chars.FULL) {
                int te = Chars.indexOf(buf, typeClose, vo + typeOpen.length(), to);
                if (te >= 0) {
                    type = Chars.trimmed(buf, vo + typeOpen.length(), te);
                    vo = Chars.skipBlanks(buf, te + typeClose.length(), to);
                }
            }
            boolean opened = vo >= 0 && Chars.startsWith(buf, vo, to, valueOpen) == Chars.FULL;
            int vs = opened ? vo + valueOpen.length() : vo;
            // the value ends at its closing tag, or, left unclosed, at the next key or the end of the call
            Chars.Found first = vs < 0 ? null : Chars.firstOf(buf, vs, to, valueClose, keyOpen);
            boolean closed = first != null && first.which() == 0;
            int ve = vs < 0 || !opened && !closed ? -1 : first == null ? to : first.at();
            if (ve < 0) {
                return Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                        ErrorTexts.invalid("the call to " + Chars.quoted(shown) + " must list its arguments as "
                                + keyOpen + "K" + keyClose + valueOpen + "V" + valueClose), shown, format, start, end);
            }
            String raw = Chars.rawValue(buf, vs, closed ? ve : trimEnd(buf, vs, ve));
            if (!args.put(Chars.trimmed(buf, ks, ke), raw, jsonStringDecoded(raw, cfg), type)) {
                break;
            }
            repaired |= !opened || !closed;
            j = closed ? ve + valueClose.length() : ve;
        }
        Finding call = args.call(format, start, end);
        return repaired && call.isCall() ? call.withRepair(Repair.MISSING_TAGS) : call;
    }

    /**
     * Past blanks between two tags of a call, and the line breaks some models write out as the two characters
     * {@code \n} there (GLM-4.6 at times, as after the name: see {@link #afterName}).
     */
    private static int skipGaps(CharSequence buf, int i, int to) {
        int j = Chars.skipBlanks(buf, i, to);
        while (j + 1 < to && buf.charAt(j) == '\\' && buf.charAt(j + 1) == 'n') {
            j = Chars.skipBlanks(buf, j + 2, to);
        }
        return j;
    }

    /** {@code to}, blanks before it left out (down to {@code from}). */
    private static int trimEnd(CharSequence buf, int from, int to) {
        int e = to;
        while (e > from && Character.isWhitespace(buf.charAt(e - 1))) {
            e--;
        }
        return e;
    }

    /** {@code <tool_call>NAME {json}</tool_call>}. */
    private Verdict glmJson(CharSequence buf, Config cfg, int pos, String name, int k, int limit, boolean atEnd) {
        JsonRead r = LenientJson.read(buf, k, limit, atEnd, cfg.limits);
        String shown = cfg.tools.display(name);
        if (r.status() == JsonRead.Status.NEED_MORE) {
            return Verdict.needMore(RetryWhen.balance(k), (b, l, e) -> glmJson(b, cfg, pos, name, k, l, e),
                    new Verdict.Started(shown, k, null));
        }
        Finding item;
        int valueEnd;
        if (r.isComplete()) {
            item = CallNormalizer.call(name, r, null, format, pos, r.end(), cfg);
            valueEnd = r.end();
        } else {
            ExtractionError.Kind kind = ErrorTexts.kind(r);
            String message = ErrorTexts.failedRead(shown, r);
            item = Finding.error(kind, message, shown, format, pos, limit);
            if (kind == ExtractionError.Kind.TRUNCATED) {
                return Verdict.matched(limit, List.of(item));
            }
            valueEnd = Math.max(k + 1, r.problemOffset());
        }
        return closeAfter(buf, item, valueEnd, valueEnd, limit, atEnd);
    }

    /** Absorbs blanks, garbage and the closing tag after a call's end, when the closing tag follows. */
    private Verdict closeAfter(CharSequence buf, Finding item, int end, int scan, int limit, boolean atEnd) {
        Closer.Ahead ahead = Closer.find(buf, scan, limit, close, open);
        int x = ahead.closerAt();
        int o = ahead.openerAt();
        if (x >= 0) {
            int e = x + close.length();
            Finding it = item.span(item.start, e);
            if (Chars.skipBlanks(buf, end, x) < x && it.isCall()) {
                it = it.withRepair(Repair.TRAILING_GARBAGE);
            }
            return Verdict.matched(e, List.of(it));
        }
        if (o < 0 && !atEnd) {
            return Verdict.needMore(RetryWhen.text(scan, close, open), (b, l, e) -> closeAfter(b, item, end, scan, l, e));
        }
        return Verdict.matched(end, List.of(item.span(item.start, end)));
    }

    /**
     * Past what some models write between the name and the first {@code <arg_key>}: the two characters {@code \n}
     * written out (Ling 3, GLM), Hunyuan's {@code <tool_sep>}.
     */
    private static int afterName(CharSequence buf, int i, int limit) {
        int j = i;
        while (j + 1 < limit && buf.charAt(j) == '\\' && buf.charAt(j + 1) == 'n') {
            j += 2;
        }
        int k = Chars.skipBlanks(buf, j, limit);
        return Chars.startsWith(buf, k, limit, "<tool_sep>") == Chars.FULL ? k + 10 : j;
    }

    /**
     * A value written as one JSON string literal ({@code <arg_value>"Seoul"</arg_value>}, as HyperCLOVA X and other
     * GLM-style emitters encode strings) is its content; any other value is as written.
     */
    static String jsonStringDecoded(String raw, Config cfg) {
        String t = raw.strip();
        if (t.length() < 2 || t.charAt(0) != '"' || t.charAt(t.length() - 1) != '"') {
            return raw;
        }
        JsonNode v = RawValues.json(t, cfg.limits);
        return v != null && v.isTextual() ? v.textValue() : raw;
    }
}
