package dev.calltype.runtime.internal.answer;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.internal.scan.Reasoning;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.chars.Chars;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Follows a streaming response and reports each member of the top-level JSON object being written as soon as the
 * member is complete (the comma or closing brace after it arrived): one pass over the characters, with each
 * member's text read once more by {@link LenientJson}, so linear. Reasoning blocks are skipped; a new object
 * starts the members afresh.
 */
public final class MemberScanner {

    private static final int OUTSIDE = 0;
    private static final int OBJECT = 1;
    private static final int REASONING = 2;

    private final StringBuilder text = new StringBuilder();
    private final BiConsumer<String, JsonNode> onMember;
    private final Runnable onObjectStart;
    private int pos;
    private int state = OUTSIDE;
    private String closeTag;
    private int depth;
    private char quote;
    private boolean escaped;
    private int memberStart;
    private boolean closed;

    /**
     * @param onMember told each complete member of the object being written, by name
     * @param onObjectStart told when a new top-level object starts (its members so far are forgotten)
     */
    public MemberScanner(BiConsumer<String, JsonNode> onMember, Runnable onObjectStart) {
        this.onMember = onMember;
        this.onObjectStart = onObjectStart;
    }

    /** The whole text so far. */
    public CharSequence text() {
        return text;
    }

    /** Whether the last object started has been closed. */
    public boolean closed() {
        return closed;
    }

    /** Adds a delta and reports what it completed. */
    public void accept(CharSequence delta) {
        text.append(delta);
        int n = text.length();
        while (pos < n) {
            char c = text.charAt(pos);
            if (state == REASONING) {
                int end = Chars.indexOf(text, closeTag, pos, n);
                if (end < 0) {
                    pos = Math.max(pos, n - closeTag.length() + 1);
                    return;
                }
                pos = end + closeTag.length();
                state = OUTSIDE;
                continue;
            }
            if (state == OUTSIDE) {
                if (c == '<' || c == '[') {
                    int r = reasoning(n);
                    if (r == -2) {
                        return; // a tag may be starting: wait for more
                    }
                    if (r >= 0) {
                        pos = r;
                        state = REASONING;
                        continue;
                    }
                }
                if (c == '{') {
                    state = OBJECT;
                    depth = 1;
                    quote = 0;
                    escaped = false;
                    closed = false;
                    memberStart = pos + 1;
                    onObjectStart.run();
                }
                pos++;
                continue;
            }
            if (quote != 0) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
                if (depth == 0) {
                    member(pos);
                    state = OUTSIDE;
                    closed = true;
                }
            } else if (c == ',' && depth == 1) {
                member(pos);
                memberStart = pos + 1;
            }
            pos++;
        }
    }

    /** Where a reasoning block opening at {@link #pos} has its content; -1 for none; -2 when more text is needed. */
    private int reasoning(int n) {
        for (Reasoning.Pair p : Reasoning.PAIRS) {
            int r = Chars.startsWith(text, pos, n, p.open());
            if (r == Chars.FULL) {
                closeTag = p.close();
                return pos + p.open().length();
            }
            if (r == Chars.PARTIAL) {
                return -2;
            }
        }
        return -1;
    }

    private void member(int end) {
        String member = "{" + text.substring(memberStart, end) + "}";
        JsonRead r = LenientJson.read(member, 0, member.length(), true, ExtractionLimits.DEFAULTS);
        if (r.isComplete() && r.autoClosed().isEmpty() && r.value() instanceof ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                onMember.accept(e.getKey(), e.getValue());
            }
        }
    }
}
