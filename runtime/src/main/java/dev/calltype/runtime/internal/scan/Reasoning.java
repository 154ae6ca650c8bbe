package dev.calltype.runtime.internal.scan;


import java.util.List;

/**
 * Reasoning blocks {@code <think>…</think>}, {@code <thinking>…</thinking>}, Seed-OSS {@code <seed:think>…</seed:think>},
 * Mistral {@code [THINK]…[/THINK]} and K2 Horizon's {@code <ifm|think>…</ifm|think>} (one pair per reasoning effort:
 * {@code think}, {@code think_fast}, {@code think_faster}): the opening tag puts the driver in
 * reasoning mode until the closing tag (or the end), so the block is a REASONING segment, streamed as reasoning,
 * and not searched for calls unless the extractor is built to. A closing tag without an opening one (models whose
 * template opens the block in the prompt) is hidden as reasoning too; when it is the first reasoning marker of the
 * response, what precedes it is reasoning (the driver decides that before it reads the response: {@link #PAIRS}).
 */
public final class Reasoning implements Recognizer {

    /** A reasoning block's opening and closing tags. */
    public record Pair(String open, String close) {
    }

    /** Every family's reasoning markers. */
    public static final List<Pair> PAIRS = List.of(
            new Pair("<think>", "</think>"),
            new Pair("<thinking>", "</thinking>"),
            new Pair("<seed:think>", "</seed:think>"),   // Seed-OSS
            new Pair("[THINK]", "[/THINK]"),             // Mistral (Magistral)
            new Pair("<ifm|think>", "</ifm|think>"),     // K2 Horizon / K2-v3, by reasoning effort: high,
            new Pair("<ifm|think_fast>", "</ifm|think_fast>"),       // medium
            new Pair("<ifm|think_faster>", "</ifm|think_faster>"));  // low

    private final String close;

    /** A recognizer for an opening tag whose block ends at {@code close}; {@code null} for a stray closing tag. */
    public Reasoning(String close) {
        this.close = close;
    }

    @Override
    public Verdict match(CharSequence buf, At at, int limit, boolean atEnd) {
        List<Finding> tag = List.of(Finding.reasoning(at.pos(), at.markerEnd()));
        return close == null ? Verdict.matched(at.markerEnd(), tag) : Verdict.reasoning(at.markerEnd(), tag, close);
    }
}
