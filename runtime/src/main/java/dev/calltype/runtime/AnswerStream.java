package dev.calltype.runtime;

import dev.calltype.runtime.internal.answer.AnswerEngine;

import java.util.Map;
import java.util.Objects;

/**
 * A typed answer read while its response streams: fed the text deltas, it previews the answer's members
 * ({@link PartialAnswer}), and at the end gives the same {@link ParsedAnswer} as {@link AnswerType#parse} of the
 * whole text, decided by the same code. Linear in the text. For one response; not thread-safe.
 *
 * <p>A preview shows what would be the answer if the response ended with no other value: the answer found so far
 * once one was read whole ({@link PartialAnswer#complete()}), and before that the members of the object being written
 * that are complete. Later text can still change which value is the answer (a corrected answer written after it, a
 * closing reasoning tag whose opening was in the prompt, a cut-off ending): then the next snapshot has a higher
 * {@link PartialAnswer#revision()} and <em>replaces</em> what was shown. Within one revision, snapshots only grow: a
 * member once shown keeps its value. After {@link #finish()}, {@link #partial()} is the answer's own members (or none
 * when it has errors), in a new revision when anything shown before differs, so the last revision a listener saw never
 * shows a value the answer does not hold.
 *
 * @param <T> the answer's type
 */
public final class AnswerStream<T> {

    private final AnswerEngine<T> engine;
    private final StringBuilder text = new StringBuilder();
    private PartialAnswer partial = new PartialAnswer(Map.of(), false, 0);
    private Map<String, Object> shown = Map.of();
    private ParsedAnswer<T> finished;

    /**
     * A stream over an answer engine; generated answer types make one in {@code streaming()}.
     *
     * @param engine the engine, for one response
     */
    public AnswerStream(AnswerEngine<T> engine) {
        this.engine = Objects.requireNonNull(engine, "engine");
    }

    /**
     * Adds the next piece of the response.
     *
     * @param delta the text that arrived
     * @return the preview so far
     * @throws IllegalStateException after {@link #finish()}
     */
    public PartialAnswer accept(CharSequence delta) {
        if (finished != null) {
            throw new IllegalStateException("the stream was finished");
        }
        text.append(delta);
        engine.advance(text);
        return show(engine.preview(), engine.settled());
    }

    private PartialAnswer show(Map<String, Object> members, boolean complete) {
        if (members == shown && complete == partial.complete()) {
            return partial;
        }
        int revision = partial.revision();
        for (Map.Entry<String, Object> e : partial.members().entrySet()) {
            if (!members.containsKey(e.getKey()) || !Objects.equals(members.get(e.getKey()), e.getValue())) {
                revision++;
                break;
            }
        }
        shown = members;
        partial = new PartialAnswer(members, complete, revision);
        return partial;
    }

    /**
     * The preview so far; after {@link #finish()}, the answer's members.
     *
     * @return the latest snapshot
     */
    public PartialAnswer partial() {
        return partial;
    }

    /**
     * Ends the response. Calling it again gives the same result.
     *
     * @return what {@link AnswerType#parse} makes of the whole text
     */
    public ParsedAnswer<T> finish() {
        if (finished == null) {
            finished = engine.finish(text);
            show(engine.preview(), engine.settled());
        }
        return finished;
    }
}
