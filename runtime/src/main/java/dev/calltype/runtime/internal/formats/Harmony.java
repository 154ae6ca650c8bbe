package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.ArgumentsAfterName;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Recognizer;
import dev.calltype.runtime.internal.scan.RetryWhen;
import dev.calltype.runtime.internal.scan.Verdict;

import java.util.List;

/**
 * gpt-oss Harmony messages: {@code <|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}<|call|>}
 * (the recipient may also sit in the role header, before {@code <|channel|>}). A message addressed to a function is
 * a call; an {@code analysis} message is reasoning; anything else is left as it is. When the prompt ends with the
 * role header's {@code <|start|>assistant}, the output begins mid-header:
 * {@code  to=functions.NAME<|channel|>commentary <|constrain|>json<|message|>{…}<|call|>}; the recipient followed by
 * Harmony's {@code <|message|>} token is unambiguous, so that header is read as one too ({@link ResponseStart}).
 */
public final class Harmony implements Family, Recognizer {

    public static final String MESSAGE = "<|message|>";
    private static final int MAX_HEADER = 512;
    private static final ArgumentsAfterName.Spec ARGS = ArgumentsAfterName.after(WireFormat.HARMONY)
            .closedBy("<|call|>", "<|end|>", "<|return|>").nextCallAt("<|start|>").build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add("<|start|>", this);
        markers.add("<|channel|>", this);
    }

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        int pos = at.pos();
        int bound = Math.min(limit, pos + MAX_HEADER);
        int m = Chars.indexOf(buf, MESSAGE, at.markerEnd(), bound);
        if (m < 0) {
            return bound == limit && !atEnd ? Verdict.needMore(RetryWhen.text(at.markerEnd(), MESSAGE)) : Verdict.NO_MATCH;
        }
        int next = Chars.indexOf(buf, "<|start|>", at.markerEnd(), m);
        if (next >= 0) {
            return Verdict.NO_MATCH; // the header belongs to a later message
        }
        String header = buf.subSequence(at.markerEnd(), m).toString();
        int to = header.indexOf("to=");
        if (to >= 0 && (to == 0 || !Chars.isIdentPart(header.charAt(to - 1)))) {
            if (!cfg.on(WireFormat.HARMONY)) {
                return Verdict.NO_MATCH;
            }
            int s = to + 3;
            int e = s;
            while (e < header.length() && !Chars.isBlank(header.charAt(e)) && header.charAt(e) != '<') {
                e++;
            }
            String recipient = header.substring(s, e);
            if (!recipient.startsWith("functions.") && cfg.on(WireFormat.ATEM)) {
                Verdict muse = MuseGlimmer.header(buf, recipient, pos, m + MESSAGE.length(), limit, atEnd);
                if (muse != null) {
                    return muse;
                }
            }
            String name = recipient.startsWith("functions.") ? recipient.substring("functions.".length()) : recipient;
            if (name.isEmpty()) {
                return Verdict.NO_MATCH;
            }
            return ArgumentsAfterName.read(buf, cfg, ARGS, name, null, pos, m + MESSAGE.length(), ArgumentsAfterName.ALONE, limit, atEnd);
        }
        String full = buf.subSequence(pos, m).toString();
        int ch = full.lastIndexOf("<|channel|>");
        if (ch >= 0 && full.substring(ch + "<|channel|>".length()).trim().startsWith("analysis")) {
            int end = m + MESSAGE.length();
            return Verdict.reasoning(end, List.of(Finding.reasoning(pos, end)), "<|end|>");
        }
        return Verdict.NO_MATCH;
    }
}
