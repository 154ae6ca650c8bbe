package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.markup.JsonBlock;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;
import dev.calltype.runtime.internal.scan.ErrorTexts;

import java.util.List;

/**
 * Mistral {@code [TOOL_CALLS]}: followed by a JSON array (or object) of calls, or, from tokenizer v11 on, by
 * {@code NAME{args}} or {@code NAME[ARGS]{args}} (with {@code [CALL_ID]id} before {@code [ARGS]} in later versions),
 * the marker repeated for each call.
 */
public final class Mistral implements Family, Recognizer {

    public static final String MARKER = "[TOOL_CALLS]";

    private static final JsonBlock ARRAY = JsonBlock.opener(WireFormat.MISTRAL, MARKER).recognizer();
    private static final ArgumentsAfterName.Spec ARGS = ArgumentsAfterName.after(WireFormat.MISTRAL).nextCallAt(MARKER).build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add(MARKER, this);
    }

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        if (!cfg.on(WireFormat.MISTRAL)) {
            return Verdict.NO_MATCH;
        }
        int i = Chars.skipBlanks(buf, at.markerEnd(), limit);
        if (i >= limit && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1)); // the content decides who reads it
        }
        if (i < limit && Chars.isIdentStart(buf.charAt(i))) {
            int j = i;
            while (j < limit && (Chars.isIdentPart(buf.charAt(j)) || buf.charAt(j) == '-' || buf.charAt(j) == '.')) {
                j++;
            }
            if (j >= limit && !atEnd) {
                return Verdict.needMore(RetryWhen.length(limit + 1));
            }
            String name = buf.subSequence(i, j).toString();
            return v11(buf, cfg, at.pos(), name, j, limit, atEnd);
        }
        return ARRAY.open(buf, cfg, at.pos(), at.markerEnd(), false, limit, atEnd);
    }

    /** After the name: {@code [CALL_ID]id}, {@code [ARGS]}, then the arguments. */
    private Verdict v11(CharSequence buf, Config cfg, int pos, String name, int j, int limit, boolean atEnd) {
        String id = null;
        int k = j;
        int r = Chars.startsWith(buf, k, limit, "[CALL_ID]");
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> v11(b, cfg, pos, name, j, l, e),
                    new Verdict.Started(JsonBlock.display(name, cfg), -1, null));
        }
        if (r == Chars.FULL) {
            int s = k + 9;
            int e = Chars.indexOf(buf, "[ARGS]", s, limit);
            if (e < 0) {
                if (!atEnd) {
                    return Verdict.needMore(RetryWhen.text(s, "[ARGS]"), (b, l, x) -> v11(b, cfg, pos, name, j, l, x),
                            new Verdict.Started(JsonBlock.display(name, cfg), -1, null));
                }
                return Verdict.matched(limit, List.of(Finding.error(ExtractionError.Kind.TRUNCATED,
                        ErrorTexts.truncated(JsonBlock.display(name, cfg)), JsonBlock.display(name, cfg),
                        WireFormat.MISTRAL, pos, limit)));
            }
            id = Chars.trimmed(buf, s, e);
            k = e;
        }
        r = Chars.startsWith(buf, k, limit, "[ARGS]");
        if (r == Chars.PARTIAL && !atEnd) {
            return Verdict.needMore(RetryWhen.length(limit + 1), (b, l, e) -> v11(b, cfg, pos, name, j, l, e),
                    new Verdict.Started(JsonBlock.display(name, cfg), -1, null));
        }
        if (r == Chars.FULL) {
            k += 6;
        }
        return ArgumentsAfterName.read(buf, cfg, ARGS, name, id, pos, k, ArgumentsAfterName.ALONE, limit, atEnd);
    }
}
