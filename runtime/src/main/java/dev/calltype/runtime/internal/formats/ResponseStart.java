package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * Outputs that begin mid-structure because the chat template wrote the start of the model's markup into the prompt,
 * read only at the response's first non-blank character (so their words cost the scan of prose nothing): gpt-oss
 * {@code  to=functions.NAME<|channel|>…} and Muse Glimmer {@code  to=self<|message|>} after the prompt's
 * {@code <|start|>assistant}, HyperCLOVA X {@code  -> tool/function_call} after {@code <|im_start|>assistant}.
 * (Functionary's {@code NAME\n{…}} after {@code >>>} is {@link Functionary#AT_START}.)
 */
final class ResponseStart implements Recognizer {

    static final ResponseStart INSTANCE = new ResponseStart();

    /** The longest run of blanks before the first word that is looked through. */
    private static final int MAX_BLANKS = 64;
    private static final String TO_FUNCTIONS = "to=functions.";
    private static final String[] MUSE = {"self", "user"};

    private ResponseStart() {
    }

    /** Whether a response starting with {@code c} may begin mid-structure. */
    static boolean mayStart(char c) {
        return c == 't' || c == '-' || Chars.isBlank(c);
    }

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        if (at.pos() != 0) {
            return Verdict.NO_MATCH;
        }
        int i = Chars.skipBlanks(buf, 0, Math.min(limit, MAX_BLANKS));
        if (i >= limit) {
            return atEnd ? Verdict.NO_MATCH : Verdict.needMore(RetryWhen.length(limit + 1));
        }
        int r = Chars.startsWith(buf, i, limit, TO_FUNCTIONS);
        if (r == Chars.FULL) {
            return new Harmony().match(buf, at.withMarkerEnd(i), limit, atEnd);
        }
        boolean more = r == Chars.PARTIAL;
        for (String recipient : MUSE) {
            String marker = "to=" + recipient + Harmony.MESSAGE;
            int m = Chars.startsWith(buf, i, limit, marker);
            if (m == Chars.FULL) {
                return at.cfg().on(WireFormat.ATEM)
                        ? MuseGlimmer.header(buf, recipient, 0, i + marker.length(), limit, atEnd) : Verdict.NO_MATCH;
            }
            more |= m == Chars.PARTIAL;
        }
        int h = Chars.startsWith(buf, i, limit, HyperClovaX.MARKER);
        if (h == Chars.FULL) {
            return HyperClovaX.BLOCK.match(buf, at.withMarkerEnd(i + HyperClovaX.MARKER.length()), limit, atEnd);
        }
        more |= h == Chars.PARTIAL;
        return more && !atEnd ? Verdict.needMore(RetryWhen.length(limit + 1)) : Verdict.NO_MATCH;
    }
}
