package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

/**
 * Liquid LFM2: {@code <|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>}, pythonic calls. openPangu v2
 * writes a JSON list of calls between the same two tokens ({@link Pangu}); the content's first significant
 * character, past an optional {@code [}, decides which family reads it: {@code {} is openPangu v2's JSON (a list
 * required, a lone object an error), anything else LFM2's pythonic list.
 */
public final class Lfm2 implements Family {

    static final String OPEN = "<|tool_call_start|>";
    static final String CLOSE = "<|tool_call_end|>";
    /** How far blanks may run before the content is decided without them (beyond it, LFM2 reads it). */
    private static final int LOOK = 256;

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(OPEN, new SharedTokens(JsonBlock.tags(WireFormat.LFM2, OPEN, CLOSE).pythonicAllowed().recognizer(),
                Pangu.v2(OPEN, CLOSE)));
    }

    /** {@code <|tool_call_start|>}: openPangu v2's JSON when the content starts with an object, else LFM2's calls. */
    private record SharedTokens(Recognizer lfm2, Recognizer pangu) implements Recognizer {
        @Override
        public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
            int end = (int) Math.min(limit, (long) at.markerEnd() + LOOK);
            int i = Chars.skipBlanks(buf, at.markerEnd(), end);
            if (i < end && buf.charAt(i) == '[') {
                i = Chars.skipBlanks(buf, i + 1, end);
            }
            if (i >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1)); // the content decides who reads it
            }
            if (i < end && buf.charAt(i) == '{') {
                return at.cfg().on(WireFormat.PANGU) ? pangu.match(buf, at, limit, atEnd) : Verdict.NO_MATCH;
            }
            return lfm2.match(buf, at, limit, atEnd);
        }
    }
}
