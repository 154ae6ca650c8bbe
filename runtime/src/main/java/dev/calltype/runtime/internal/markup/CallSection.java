package dev.calltype.runtime.internal.markup;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Verdict.Continuation;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.List;
import java.util.Set;

/**
 * A section of calls between special tokens, each call a header naming the tool, a header end token, and the
 * arguments (Kimi K2, DeepSeek V3 / V3.1): {@code SECTION_BEGIN CALL_BEGIN header HEADER_END {…} CALL_END …
 * SECTION_END}. The section markers are optional; each call is emitted as soon as the next begins or the section
 * ends. What the header means is the format's: a {@link Header} reads it.
 */
public final class CallSection implements Recognizer {

    /** The longest header read before it must have ended. */
    private static final int MAX_HEADER = 512;

    /** Reads one call from its header: the name (and perhaps id) it gives, then the arguments at {@code argsAt}. */
    @FunctionalInterface
    public interface Header {
        /**
         * @param header the header's text, trimmed
         * @param again the step that reads this call again from its begin token (to wait for more text)
         * @param follow what to do after the call: the next call of the section, or its end
         */
        public Verdict read(CharSequence buf, Config cfg, String header, int itemStart, int argsAt, Continuation again,
                          ArgumentsAfterName.Follow follow, int limit, boolean atEnd);
    }

    /**
     * How one format writes its section.
     *
     * @param formats the formats this section may hold (the recognizer is off when none is on)
     * @param sectionFormat the format an empty or truncated section is reported in
     * @param headerFormat the format a call with an unreadable header is reported in
     * @param bareFirstCall whether the first call's begin token may be left out right after the section's opener
     */
    public record Spec(Set<WireFormat> formats, WireFormat sectionFormat, WireFormat headerFormat, String sectionBegin,
                       String sectionEnd, String callBegin, String headerEnd, String callEnd, Header header,
                       boolean bareFirstCall) {

        /** A section whose every call opens with its begin token. */
        public Spec(Set<WireFormat> formats, WireFormat sectionFormat, WireFormat headerFormat, String sectionBegin,
                    String sectionEnd, String callBegin, String headerEnd, String callEnd, Header header) {
            this(formats, sectionFormat, headerFormat, sectionBegin, sectionEnd, callBegin, headerEnd, callEnd, header,
                    false);
        }
    }

    private final Spec spec;

    public CallSection(Spec spec) {
        this.spec = spec;
    }

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        boolean on = false;
        for (WireFormat f : spec.formats()) {
            on |= cfg.on(f);
        }
        if (!on) {
            return Verdict.NO_MATCH;
        }
        int pos = at.pos();
        if (Chars.startsWith(buf, pos, limit, spec.sectionBegin()) == Chars.FULL) {
            int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
            if (i >= limit) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.length(limit + 1));
                }
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                        ErrorTexts.truncatedBlock(), null, spec.sectionFormat(), pos, limit)));
            }
            int r = Chars.startsWith(buf, i, limit, spec.callBegin());
            if (r == Chars.PARTIAL && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            if (r != Chars.FULL) {
                return spec.bareFirstCall() ? bare(buf, cfg, pos, i, limit, atEnd) : noise(buf, cfg, pos, i, limit, atEnd);
            }
            return call(buf, cfg, pos, i + spec.callBegin().length(), limit, atEnd);
        }
        return call(buf, cfg, pos, pos + spec.callBegin().length(), limit, atEnd);
    }

    /**
     * After the section's opener, when the spec allows it, a first call whose begin token was left out
     * ({@code SECTION header HEADER_END {…}}, as DeepSeek R1 writes after {@code <｜tool▁calls｜>}): its header is one
     * word ending at the header end token, before the section's end. The call is read with
     * {@link Repair#MISSING_TAGS}; anything else is an empty section.
     */
    private Verdict bare(CharSequence buf, Config cfg, int pos, int i, int limit, boolean atEnd) {
        String headerEnd = spec.headerEnd();
        int x = Chars.indexOf(buf, headerEnd, i, Math.min(limit, i + MAX_HEADER + headerEnd.length()));
        int sectionEnd = Chars.indexOf(buf, spec.sectionEnd(), i, x < 0 ? limit : x);
        if (x < 0 && sectionEnd < 0 && limit - i < MAX_HEADER + headerEnd.length() && !atEnd) {
            return Verdict.needMore(RetryWhen.text(i, headerEnd), (b, l, e) -> bare(b, cfg, pos, i, l, e));
        }
        if (x < 0 || sectionEnd >= 0 || !oneWord(buf, i, x)) {
            return noise(buf, cfg, pos, i, limit, atEnd);
        }
        Verdict v = spec.header().read(buf, cfg, Chars.trimmed(buf, i, x), pos, x + headerEnd.length(),
                (b, l, e) -> bare(b, cfg, pos, i, l, e), repaired(follow(cfg), Repair.MISSING_TAGS), limit, atEnd);
        return v == Verdict.NO_MATCH ? noise(buf, cfg, pos, i, limit, atEnd) : v;
    }

    /**
     * Text between the section's opener and its first call's begin token ({@code SECTION noise CALL_BEGIN …}, which
     * vLLM and SGLang look past): hidden in the call's span, and the call read with {@link Repair#LEADING_GARBAGE}. No
     * begin token before the section's end leaves the section empty, and so does text holding a header's end token (a
     * call written without its begin token, which is not skipped in silence).
     */
    private Verdict noise(CharSequence buf, Config cfg, int pos, int i, int limit, boolean atEnd) {
        int b = Chars.indexOf(buf, spec.callBegin(), i, limit);
        int s = Chars.indexOf(buf, spec.sectionEnd(), i, b < 0 ? limit : b);
        if (s < 0 && b >= 0 && Chars.indexOf(buf, spec.headerEnd(), i, b) >= 0) {
            s = b;
        }
        if (s >= 0 || (b < 0 && atEnd)) {
            return empty(buf, pos, i, limit, atEnd);
        }
        if (b < 0) {
            return Verdict.needMore(RetryWhen.text(i, spec.callBegin()).or(RetryWhen.text(i, spec.sectionEnd())),
                    (bb, l, e) -> noise(bb, cfg, pos, i, l, e));
        }
        return call(buf, cfg, pos, b + spec.callBegin().length(), repaired(follow(cfg), Repair.LEADING_GARBAGE), limit,
                atEnd);
    }

    /** Whether {@code [from, to)} is one word between blanks: no whitespace and no markup inside. */
    private static boolean oneWord(CharSequence buf, int from, int to) {
        int a = Chars.skipBlanks(buf, from, to);
        int n = 0;
        for (int k = a; k < to; k++) {
            char ch = buf.charAt(k);
            if (Character.isWhitespace(ch)) {
                return Chars.skipBlanks(buf, k, to) == to && n > 0;
            }
            if (ch == '<' || ch == '>' || ch == '{') {
                return false;
            }
            n++;
        }
        return n > 0;
    }

    /** {@code follow}, with the call it is given marked {@code repair}. */
    private static ArgumentsAfterName.Follow repaired(ArgumentsAfterName.Follow follow, Repair repair) {
        return (buf, call, end, limit, atEnd) -> follow.after(buf, call.isCall() ? call.withRepair(repair) : call, end,
                limit, atEnd);
    }

    /** A section with no call: an error up to its end marker (or the end). */
    private Verdict empty(CharSequence buf, int pos, int i, int limit, boolean atEnd) {
        String end = spec.sectionEnd();
        int x = Chars.indexOf(buf, end, i, limit);
        if (x < 0 && !atEnd) {
            return Verdict.needMore(RetryWhen.text(i, end), (b, l, e) -> empty(b, pos, i, l, e));
        }
        int e = x < 0 ? limit : x + end.length();
        return Verdict.matched(e, List.of(Finding.error(ExtractionError.Kind.INVALID_CALL_SYNTAX,
                ErrorTexts.invalid("the tool-call section holds no call"), null, spec.sectionFormat(), pos, e)));
    }

    /** One call whose header starts at {@code h}, after its begin token; its span starts at {@code itemStart}. */
    private Verdict call(CharSequence buf, Config cfg, int itemStart, int h, int limit, boolean atEnd) {
        return call(buf, cfg, itemStart, h, follow(cfg), limit, atEnd);
    }

    /** {@link #call(CharSequence, Config, int, int, int, boolean)}, going on with {@code follow} after it. */
    private Verdict call(CharSequence buf, Config cfg, int itemStart, int h, ArgumentsAfterName.Follow follow,
                         int limit, boolean atEnd) {
        String headerEnd = spec.headerEnd();
        int x = Chars.indexOf(buf, headerEnd, h, Math.min(limit, h + MAX_HEADER + headerEnd.length()));
        if (x < 0) {
            if (limit - h < MAX_HEADER + headerEnd.length() && !atEnd) {
                return Verdict.needMore(RetryWhen.text(h, headerEnd),
                        (b, l, e) -> call(b, cfg, itemStart, h, follow, l, e));
            }
            ExtractionError.Kind kind = atEnd && limit - h < MAX_HEADER ? ExtractionError.Kind.TRUNCATED
                    : ExtractionError.Kind.INVALID_CALL_SYNTAX;
            return bad(buf, itemStart, h, kind, kind == ExtractionError.Kind.TRUNCATED
                    ? ErrorTexts.truncated(null)
                    : ErrorTexts.invalid("the call's header does not end with " + headerEnd), limit, atEnd);
        }
        String header = Chars.trimmed(buf, h, x);
        Continuation again = (b, l, e) -> call(b, cfg, itemStart, h, follow, l, e);
        return spec.header().read(buf, cfg, header, itemStart, x + headerEnd.length(), again, follow, limit, atEnd);
    }

    private ArgumentsAfterName.Follow follow(Config cfg) {
        return (buf, call, end, limit, atEnd) -> ArgumentsAfterName.next(buf, call, end, end, spec.callBegin(),
                List.of(spec.sectionEnd()), k -> (b, l, e) -> call(b, cfg, k, k + spec.callBegin().length(), l, e), limit, atEnd);
    }

    private Verdict bad(CharSequence buf, int itemStart, int h, ExtractionError.Kind kind, String message, int limit,
                      boolean atEnd) {
        int end;
        if (kind == ExtractionError.Kind.TRUNCATED) {
            end = limit;
        } else {
            String callEnd = spec.callEnd();
            int x = Chars.indexOf(buf, callEnd, h, limit);
            if (x < 0 && !atEnd) {
                return Verdict.needMore(RetryWhen.text(h, callEnd),
                        (b, l, e) -> bad(b, itemStart, h, kind, message, l, e));
            }
            end = x < 0 ? limit : x + callEnd.length();
        }
        return Verdict.matched(end, List.of(Finding.error(kind, message, null, spec.headerFormat(), itemStart, end)));
    }
}
