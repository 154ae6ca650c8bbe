package dev.calltype.runtime.internal.answer;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Follows one JSON value while it streams, for {@link AnswerFinder}: counts its brackets (outside strings) to see
 * where it may close, and for an object, reads each top-level member as soon as the comma or brace after it arrived
 * (its text read once more by {@link LenientJson}), so a preview can show it. One pass over the characters. The
 * bracket count is a hint: the finder's lenient read of the whole value decides.
 */
public final class MemberScanner {

    private final boolean object;
    private final Map<String, JsonNode> members = new LinkedHashMap<>();
    private int pos;
    private int depth;
    private char quote;
    private boolean escaped;
    private int memberStart;
    private boolean closed;
    private int changes;

    /**
     * @param start where the value starts (its {@code {}, {@code [} or {@code "})
     * @param object whether to read the members of an object
     */
    MemberScanner(int start, boolean object) {
        this.pos = start;
        this.object = object;
        this.memberStart = start + 1;
    }

    /** Whether the value's brackets (or its quotes) have closed. */
    public boolean closed() {
        return closed;
    }

    /** The complete members so far, by name, in the order first written (a repeated member keeps the last value). */
    public Map<String, JsonNode> members() {
        return members;
    }

    /** How many times a member was added or changed: a preview needs updating when this moved. */
    public int changes() {
        return changes;
    }

    /** Goes on over {@code text[.., n)}. */
    void advance(CharSequence text, int n) {
        while (pos < n && !closed) {
            char c = text.charAt(pos);
            if (quote != 0) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == quote) {
                    quote = 0;
                    closed = depth == 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
                if (depth <= 0) {
                    member(text, pos);
                    closed = true;
                }
            } else if (c == ',' && depth == 1) {
                member(text, pos);
                memberStart = pos + 1;
            }
            pos++;
        }
    }

    private void member(CharSequence text, int end) {
        if (!object) {
            return;
        }
        String member = "{" + text.subSequence(memberStart, end) + "}";
        JsonRead r = LenientJson.read(member, 0, member.length(), true, ExtractionLimits.DEFAULTS);
        if (r.isComplete() && r.autoClosed().isEmpty() && r.value() instanceof ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode before = members.put(e.getKey(), e.getValue());
                if (!e.getValue().equals(before)) {
                    changes++;
                }
            }
        }
    }
}
