package dev.calltype.runtime;

import dev.calltype.runtime.internal.answer.MemberScanner;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * A typed answer read while its response streams: fed the text deltas, it reports the answer's members as each
 * completes ({@link PartialAnswer}), and at the end gives the same {@link ParsedAnswer} as
 * {@link AnswerType#parse} of the whole text. Linear in the text. For one response; not thread-safe.
 *
 * @param <T> the answer's type
 */
public final class AnswerStream<T> {

    private final AnswerType<T> type;
    private final BiFunction<String, JsonNode, Object> members;
    private final MemberScanner scanner;
    private final Map<String, Object> complete = new LinkedHashMap<>();
    private PartialAnswer partial = new PartialAnswer(Map.of(), false);
    private boolean changed;

    /**
     * A stream over a type.
     *
     * @param type the answer type, which parses the whole text at the end
     * @param members reads one member of the answer's object into its Java type: the value, or {@code null} when
     *     the type has no such member or the value does not fit (an answer that is not an object has none)
     */
    public AnswerStream(AnswerType<T> type, BiFunction<String, JsonNode, Object> members) {
        this.type = Objects.requireNonNull(type, "type");
        this.members = Objects.requireNonNull(members, "members");
        this.scanner = new MemberScanner(this::member, () -> {
            complete.clear();
            changed = true;
        });
    }

    private void member(String name, JsonNode value) {
        Object typed = members.apply(name, value);
        if (typed != null) {
            complete.put(name, typed);
        } else {
            complete.remove(name);
        }
        changed = true;
    }

    /**
     * Adds the next piece of the response.
     *
     * @param delta the text that arrived
     * @return the answer's complete members so far
     */
    public PartialAnswer accept(CharSequence delta) {
        scanner.accept(delta);
        if (changed || scanner.closed() != partial.complete()) {
            partial = new PartialAnswer(complete, scanner.closed());
            changed = false;
        }
        return partial;
    }

    /**
     * The answer's complete members so far.
     *
     * @return the latest snapshot
     */
    public PartialAnswer partial() {
        return partial;
    }

    /**
     * Ends the response.
     *
     * @return what {@link AnswerType#parse} makes of the whole text
     */
    public ParsedAnswer<T> finish() {
        return type.parse(scanner.text());
    }
}
