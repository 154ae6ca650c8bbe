package dev.calltype.runtime.constraint;

import java.util.List;
import java.util.Objects;

/**
 * A GBNF grammar for llama.cpp ({@code llama-server}'s {@code grammar} field), with what a lazy grammar needs.
 *
 * @param text the grammar text, rule {@code root} first
 * @param lazy whether it is meant to apply only from a trigger on ({@code grammar_lazy: true}); a lazy grammar
 *     also accepts free text around calls, so it reads the same whether the engine starts it at the trigger or at
 *     the start of the output
 * @param triggers the words that open a call, for {@code grammar_triggers} (each as {@code {"type": 1, "value": w}},
 *     llama.cpp's word trigger) and {@code preserved_tokens}; empty for a grammar that is not lazy
 */
public record GbnfGrammar(String text, boolean lazy, List<String> triggers) {

    /**
     * Checks and copies the components.
     *
     * @param text the grammar text
     * @param lazy whether it applies from a trigger on
     * @param triggers the trigger words
     */
    public GbnfGrammar {
        Objects.requireNonNull(text, "text");
        triggers = List.copyOf(triggers);
    }
}
