package dev.calltype.runtime.internal.json;

import dev.calltype.runtime.Repair;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link LenientJson#read} made of the text at one position.
 *
 * @param status how the read ended
 * @param value the value read when {@link Status#COMPLETE}, otherwise {@code null}
 * @param end when {@link Status#COMPLETE}, the index just past the value's last character (the limit when closing
 *     brackets were added); for an error, the index where reading stopped; for {@link Status#NEED_MORE}, the limit
 * @param repairs the repairs applied, each once, in the order first applied (empty for {@link Status#NEED_MORE})
 * @param autoClosed the containers (by identity) that were still open at the end of the text and were closed by the
 *     {@link Repair#MISSING_CLOSING_BRACKETS} repair; empty otherwise
 * @param overwritten per object (by identity), the string values a repeated key overwrote with a different value:
 *     key to the first value (the last one wins in the object; callers that must not guess, such as the tool name,
 *     look here)
 * @param problem what went wrong, for a person and a model; {@code null} when complete or when more text is needed
 * @param problemOffset the index where it went wrong; {@code -1} when there is no problem
 */
public record JsonRead(Status status, JsonNode value, int end, List<Repair> repairs, Set<JsonNode> autoClosed,
                Map<JsonNode, Map<String, String>> overwritten, String problem, int problemOffset) {

    /** How a read ended. */
    public enum Status {
        /** A value was read (perhaps with repairs). */
        COMPLETE,
        /** The value cannot be decided without the text at or past the limit, and the text may go on. */
        NEED_MORE,
        /** The text cannot be read as JSON, even leniently. */
        MALFORMED,
        /** The text ends inside a value that cannot be completed safely. */
        TRUNCATED,
        /** A limit (depth, string length, number length, payload size) was exceeded. */
        LIMIT_EXCEEDED
    }

    public JsonRead {
        repairs = List.copyOf(repairs);
        autoClosed = autoClosed.isEmpty() ? Set.of() : Collections.unmodifiableSet(autoClosed);
        overwritten = overwritten.isEmpty() ? Map.of() : Collections.unmodifiableMap(overwritten);
    }

    /** The first string value of {@code key} in {@code object} when a repeat of the key overwrote it, or null. */
    public String overwrittenString(JsonNode object, String key) {
        Map<String, String> m = overwritten.get(object);
        return m == null ? null : m.get(key);
    }

    /** True when a value was read. */
    public boolean isComplete() {
        return status == Status.COMPLETE;
    }

    /** True when {@code node} (by identity) was still open at the end of the text and was closed by repair. */
    public boolean wasAutoClosed(JsonNode node) {
        return autoClosed.contains(node);
    }

    public static Set<JsonNode> newIdentitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
