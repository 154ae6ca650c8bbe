package dev.calltype.runtime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a streaming answer holds so far: the members of the answer's object that are complete, each read into its
 * Java type (a member's value is final once it is here), and whether the object itself is complete. Immutable.
 */
public final class PartialAnswer {

    private final Map<String, Object> members;
    private final boolean complete;

    /**
     * A snapshot.
     *
     * @param members the complete members by JSON name, in the order written, each read into its Java type
     * @param complete whether the answer's object has been closed
     */
    public PartialAnswer(Map<String, Object> members, boolean complete) {
        this.members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        this.complete = complete;
    }

    /**
     * The complete members so far.
     *
     * @return member values by JSON name, in the order written
     */
    public Map<String, Object> members() {
        return members;
    }

    /**
     * A complete member's value, typed.
     *
     * @param member the member's JSON name
     * @param type the Java type of the member's value (boxed for primitives, raw for generic types)
     * @param <V> that type
     * @return the value, or empty while the member is not complete (or not there)
     * @throws ClassCastException when the member holds another type
     */
    public <V> Optional<V> get(String member, Class<V> type) {
        return Optional.ofNullable(type.cast(members.get(member)));
    }

    /**
     * Whether a member's value is final: written completely, so it is what the whole answer will hold.
     *
     * @param member the member's JSON name
     * @return whether it is complete
     */
    public boolean isFinal(String member) {
        return members.containsKey(member);
    }

    /**
     * Whether the answer's object is complete.
     *
     * @return {@code true} once its closing brace arrived
     */
    public boolean complete() {
        return complete;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PartialAnswer p && members.equals(p.members) && complete == p.complete;
    }

    @Override
    public int hashCode() {
        return members.hashCode() * 31 + Boolean.hashCode(complete);
    }

    @Override
    public String toString() {
        return "PartialAnswer" + members + (complete ? " (complete)" : "");
    }
}
