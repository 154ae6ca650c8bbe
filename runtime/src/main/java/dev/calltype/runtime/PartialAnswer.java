package dev.calltype.runtime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A preview of a streaming answer ({@link AnswerStream}): the members of what would be the answer if the response
 * ended now, each read into its Java type, whether that value is whole, and the revision it belongs to. Within a
 * revision snapshots only grow and a member keeps its value; a higher revision replaces everything shown before
 * (later text changed which value is the answer). Immutable.
 */
public final class PartialAnswer {

    private final Map<String, Object> members;
    private final boolean complete;
    private final int revision;

    /**
     * A snapshot in the first revision.
     *
     * @param members the complete members by JSON name, in the order written, each read into its Java type
     * @param complete whether the value shown is whole and reads into the type
     */
    public PartialAnswer(Map<String, Object> members, boolean complete) {
        this(members, complete, 0);
    }

    /**
     * A snapshot.
     *
     * @param members the complete members by JSON name, in the order written, each read into its Java type
     * @param complete whether the value shown is whole and reads into the type
     * @param revision how many times what was shown before was replaced
     */
    public PartialAnswer(Map<String, Object> members, boolean complete, int revision) {
        this.members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        this.complete = complete;
        this.revision = revision;
    }

    /**
     * How many times the stream replaced what it had shown: a snapshot with a higher revision than the last one a
     * listener drew replaces it (redraw from this snapshot); with the same revision it only adds members.
     *
     * @return the revision, from 0
     */
    public int revision() {
        return revision;
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
     * Whether a member was written completely: it keeps its value for the rest of this revision (only a new
     * revision replaces it).
     *
     * @param member the member's JSON name
     * @return whether it is complete
     */
    public boolean isFinal(String member) {
        return members.containsKey(member);
    }

    /**
     * Whether the value shown is whole and reads into the type: the answer found so far, not an object still being
     * written.
     *
     * @return {@code true} once it was read whole
     */
    public boolean complete() {
        return complete;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PartialAnswer p && members.equals(p.members) && complete == p.complete
                && revision == p.revision;
    }

    @Override
    public int hashCode() {
        return (members.hashCode() * 31 + Boolean.hashCode(complete)) * 31 + revision;
    }

    @Override
    public String toString() {
        return "PartialAnswer" + members + (complete ? " (complete)" : "") + (revision > 0 ? " r" + revision : "");
    }
}
