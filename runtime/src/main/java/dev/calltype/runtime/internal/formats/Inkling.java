package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.Recognizer;


/**
 * Inkling: a model message addressed to a tool, {@code <|message_model|>NAME<|content_invoke_tool_json|>{"name": N,
 * "args": {…}}<|end_message|>}. The header is part of the call's markup; the JSON is read by {@link JsonBlock}.
 */
public final class Inkling implements Family, Recognizer {

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(HEADER, this);
        markers.add(INVOKE, json);
    }

    public static final String HEADER = "<|message_model|>";
    public static final String INVOKE = "<|content_invoke_tool_json|>";
    private static final int MAX_NAME = 256;

    private final JsonBlock json = JsonBlock.tags(WireFormat.INKLING, INVOKE, "<|end_message|>").recognizer();

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        if (!at.cfg().on(WireFormat.INKLING)) {
            return Verdict.NO_MATCH;
        }
        int i = at.markerEnd();
        int max = Math.min(limit, i + MAX_NAME);
        while (i < max && buf.charAt(i) != '<' && buf.charAt(i) != '\n') {
            i++;
        }
        if (i >= limit) {
            return !atEnd && limit < at.markerEnd() + MAX_NAME ? Verdict.needMore(RetryWhen.length(limit + 1)) : Verdict.NO_MATCH;
        }
        int r = Chars.startsWith(buf, i, limit, INVOKE);
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1));
        }
        if (r != Chars.FULL) {
            return Verdict.NO_MATCH;
        }
        return json.open(buf, at.cfg(), at.pos(), i + INVOKE.length(), false, limit, atEnd);
    }
}
