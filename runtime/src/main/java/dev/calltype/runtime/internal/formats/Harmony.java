package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.NamedArgs;
import dev.calltype.runtime.internal.scan.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Hint;
import dev.calltype.runtime.internal.scan.Item;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Match;
import dev.calltype.runtime.internal.scan.Recognizer;

import java.util.List;

/**
 * gpt-oss Harmony messages: {@code <|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}<|call|>}
 * (the recipient may also sit in the role header, before {@code <|channel|>}). A message addressed to a function is
 * a call; an {@code analysis} message is reasoning; anything else is left as it is.
 */
public final class Harmony implements Family, Recognizer {

    public static final String MESSAGE = "<|message|>";
    private static final int MAX_HEADER = 512;
    private static final NamedArgs.Spec ARGS = NamedArgs.after(WireFormat.HARMONY)
            .closedBy("<|call|>", "<|end|>", "<|return|>").nextCallAt("<|start|>").build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        markers.add("<|start|>", this);
        markers.add("<|channel|>", this);
    }

    @Override
    public Match match(CharSequence buf, At at, int limit, boolean atEnd) {
        Config cfg = at.cfg();
        int pos = at.pos();
        int bound = Math.min(limit, pos + MAX_HEADER);
        int m = Chars.indexOf(buf, MESSAGE, at.markerEnd(), bound);
        if (m < 0) {
            return bound == limit && !atEnd ? Match.needMore(Hint.text(at.markerEnd(), MESSAGE)) : Match.NO_MATCH;
        }
        int next = Chars.indexOf(buf, "<|start|>", at.markerEnd(), m);
        if (next >= 0) {
            return Match.NO_MATCH; // the header belongs to a later message
        }
        String header = buf.subSequence(at.markerEnd(), m).toString();
        int to = header.indexOf("to=");
        if (to >= 0 && (to == 0 || !Chars.isIdentPart(header.charAt(to - 1)))) {
            if (!cfg.on(WireFormat.HARMONY)) {
                return Match.NO_MATCH;
            }
            int s = to + 3;
            int e = s;
            while (e < header.length() && !Chars.isBlank(header.charAt(e)) && header.charAt(e) != '<') {
                e++;
            }
            String recipient = header.substring(s, e);
            String name = recipient.startsWith("functions.") ? recipient.substring("functions.".length()) : recipient;
            if (name.isEmpty()) {
                return Match.NO_MATCH;
            }
            return NamedArgs.read(buf, cfg, ARGS, name, null, pos, m + MESSAGE.length(), NamedArgs.ALONE, limit, atEnd);
        }
        String full = buf.subSequence(pos, m).toString();
        int ch = full.lastIndexOf("<|channel|>");
        if (ch >= 0 && full.substring(ch + "<|channel|>".length()).trim().startsWith("analysis")) {
            int end = m + MESSAGE.length();
            return Match.reasoning(end, List.of(Item.reasoning(pos, end)), "<|end|>");
        }
        return Match.NO_MATCH;
    }
}
