package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * Claude-style XML: {@code <function_calls><invoke name="N"><parameter name="K">V</parameter></invoke>…</function_calls>},
 * Anthropic's prompt-based tool format, which models trained on it write (the same invocations dots.llm, DSML and
 * ATEM write under their own tags). Olmo 3 writes pythonic calls under the same section tag ({@link Olmo3}); the
 * content's first significant character decides: {@code <} is an invocation read here, anything else Olmo 3's.
 * Values are typed by the tool's schema, as in every invocation family.
 */
public final class FunctionCallsXml implements Family {

    static final String OPEN = "<function_calls>";
    static final String CLOSE = "</function_calls>";
    /** How far blanks may run before the content is decided without them (beyond it, Olmo 3 reads it). */
    private static final int LOOK = 256;
    private static final XmlInvokes.Spec SPEC = XmlInvokes.plain(WireFormat.FUNCTION_CALLS_XML, OPEN, CLOSE);

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes invokes = new XmlInvokes(SPEC);
        markers.add(OPEN, (buf, at, limit, atEnd) -> {
            Boolean tag = opensWithTag(buf, at, limit, atEnd);
            return tag == null ? Verdict.needMore(RetryWhen.length(limit + 1))
                    : tag ? invokes.match(buf, at, limit, atEnd) : Verdict.NO_MATCH;
        });
    }

    /**
     * Whether the section's content starts with an opening tag (an invocation), past blanks: {@code null} while the
     * text does not say yet. An empty section ({@code </function_calls>} next) is Olmo 3's.
     */
    static Boolean opensWithTag(CharSequence buf, Recognizer.At at, int limit, boolean atEnd) {
        int end = (int) Math.min(limit, (long) at.markerEnd() + LOOK);
        int i = Chars.skipBlanks(buf, at.markerEnd(), end);
        if (i + 1 >= limit && !atEnd) {
            return null;
        }
        return i + 1 < end && buf.charAt(i) == '<' && buf.charAt(i + 1) != '/';
    }
}
