package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Families;
import dev.calltype.runtime.internal.scan.MarkerTable;
import dev.calltype.runtime.internal.scan.Reasoning;
import dev.calltype.runtime.internal.scan.Recognizer;

import java.util.List;
import java.util.stream.Stream;

/**
 * The formats every extractor is given: the model families, each one file in this package that registers its
 * markers ({@link Family}) and named in {@link FamilyTable} under the format it reads, then the
 * reasoning blocks and the generic recognizers (JSON in prose, fences, pythonic lines, calls the prompt opened).
 * Families whose markup has no marker of its own are read by the family whose marker they share ({@link Glm} and
 * {@link Qwen3Coder} inside {@link Hermes}'s {@code <tool_call>}).
 */
public final class Recognizers implements Families {

    /** Every family, in the order its markers are registered (the order matters only for equal markers). */
    private final List<Family> families;

    /**
     * The formats of these families and the generic recognizers.
     *
     * @param families the families, in the order their markers are registered
     */
    public Recognizers(List<Family> families) {
        this.families = List.copyOf(families);
    }

    /**
     * Markers that end a reasoning block without a closing tag and start markup after it: Kimi K2 Thinking opens its
     * tool-call section while {@code <think>} is still open; Muse Glimmer (and Harmony) start the next message with
     * {@code <|start|>assistant} when a {@code to=self} message ends without its {@code <|eom|>}; K2 Horizon closes
     * the block its prompt opened for one reasoning effort with another effort's closing tag.
     */
    private static final List<String> REASONING_ENDED_BY = Stream.concat(
            Stream.of(KimiK2.SECTION_BEGIN, MuseGlimmer.NEXT_ASSISTANT), K2Horizon.THINK_CLOSERS.stream()).toList();

    private static final Recognizer PROSE_JSON = new ProseJson();
    private static final Recognizer FENCE = new JsonFence();
    private static final Recognizer PYTHONIC_LINE = new PythonicLine();

    @Override
    public void register(Config cfg, MarkerTable t) {
        // reasoning blocks: not a format, always recognised
        for (Reasoning.Pair p : Reasoning.PAIRS) {
            t.add(p.open(), new Reasoning(p.close()));
            t.add(p.close(), new Reasoning(null));
        }
        for (Family f : families) {
            f.register(cfg, t);
        }
    }

    /** Whether the response's first character {@code c} may start markup that no marker announces. */
    @Override
    public boolean mayStartResponse(Config cfg, char c) {
        return ResponseStart.mayStart(c) || Functionary.mayStartResponse(cfg, c);
    }

    /**
     * The recognizers that apply at a candidate besides its markers: JSON in prose, fences, pythonic lines, and at
     * the start of the response a call whose opening the prompt holds.
     */
    @Override
    public void generic(Config cfg, char c, boolean responseStart, boolean lineStart, boolean pythonicAllowed,
                               List<Recognizer> out) {
        if (responseStart && ResponseStart.mayStart(c)) {
            out.add(ResponseStart.INSTANCE);
        }
        if (responseStart && Functionary.mayStartResponse(cfg, c)) {
            out.add(Functionary.AT_START);
        }
        if (c == '{' || c == '[') {
            out.add(PROSE_JSON);
        }
        if (c == '`' && lineStart) {
            out.add(FENCE);
        }
        if (pythonicAllowed && (lineStart ? c == '[' || Chars.isIdentStart(c) : c == '[' && !cfg.tools.isEmpty())) {
            out.add(PYTHONIC_LINE);
        }
    }

    @Override
    public List<String> reasoningEndedBy() {
        return REASONING_ENDED_BY;
    }
}
