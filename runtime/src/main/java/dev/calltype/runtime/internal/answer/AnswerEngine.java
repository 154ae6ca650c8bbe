package dev.calltype.runtime.internal.answer;

import dev.calltype.runtime.ParsedAnswer;
import java.util.Map;

/**
 * An answer read while its response streams, behind {@link dev.calltype.runtime.AnswerStream}: the same finder and
 * the same rule for which value is the answer as a parse of the whole text, fed the text as it grows.
 *
 * @param <T> the answer's type
 */
public interface AnswerEngine<T> {

    /**
     * Goes on over the text so far.
     *
     * @param text everything received, which holds what was given before and more
     */
    void advance(CharSequence text);

    /**
     * The typed members of what would be the answer if the text ended with no other value: the answer found so far
     * when there is one ({@link #settled()}), else the members of the object being written that are complete. The same
     * instance while nothing changed.
     *
     * @return member values by JSON name
     */
    Map<String, Object> preview();

    /**
     * Whether {@link #preview()} is a whole value that reads into the type.
     *
     * @return whether the value it shows is complete
     */
    boolean settled();

    /**
     * Ends the text: what a parse of the whole of it gives; {@link #preview()} then shows that answer's members, or
     * none when it has errors.
     *
     * @param text the whole text
     * @return the answer or its errors
     */
    ParsedAnswer<T> finish(CharSequence text);
}
