package dev.calltype.runtime.internal.answer;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.internal.scan.Reasoning;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.scan.Fence;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the JSON values in a model's response that may be its answer: one left-to-right scan. Reasoning blocks
 * (every pair {@link Reasoning#PAIRS} knows) are skipped, and a closing tag without an opening one makes what came
 * before it reasoning; every {@code {} or {@code [} outside them starts a lenient read ({@link LenientJson}), a
 * value read is a candidate and the scan goes on after it; a read that fails goes on where it failed, so no
 * character is scanned more than twice. A ```json fence whose content is a JSON string is read too (an object
 * sent as a string).
 *
 * <p>With the answer type's {@link Shape}, an object is first bound straight into the type; only when that gives up
 * (the value does not fit as written) is it read again as a tree, so a character is then scanned at most three times.
 */
public final class AnswerFinder {

    /**
     * One value found.
     *
     * @param start where it starts in the text
     * @param read what the lenient reader made of it (for a value bound directly: complete, with its end and
     *     repairs, and no tree)
     * @param bound the Java value {@link DirectReader} bound, or {@code null} when the value was read as a tree
     */
    public record Candidate(int start, JsonRead read, Object bound) {
    }

    /**
     * What the scan found.
     *
     * @param candidates the values, in text order
     * @param inReasoning whether the text ends inside a reasoning block
     * @param visibleStart where the text after the last reasoning block starts
     */
    public record Found(List<Candidate> candidates, boolean inReasoning, int visibleStart) {
    }

    private AnswerFinder() {
    }

    /** Scans the whole text, reading every value as a tree. */
    public static Found find(CharSequence text, ExtractionLimits limits) {
        return find(text, limits, null, 0);
    }

    /**
     * Scans the whole text; an object is first bound straight into the type when {@code direct} is given
     * ({@link DirectReader}), and read as a tree when that gives up.
     *
     * @param direct the answer type's shape, or {@code null} to read every value as a tree
     * @param maxRecordDepth how deep records may nest
     */
    public static Found find(CharSequence text, ExtractionLimits limits, Shape direct, int maxRecordDepth) {
        List<Candidate> out = new ArrayList<>();
        int n = text.length();
        int visible = 0;
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '<' || c == '[') {
                int reasoning = reasoningEnd(text, i, n);
                if (reasoning == -1) {
                    return new Found(out, true, n);
                }
                if (reasoning > i) {
                    i = reasoning;
                    visible = i;
                    continue;
                }
                int stray = strayClose(text, i, n);
                if (stray > i) {
                    out.clear();
                    i = stray;
                    visible = i;
                    continue;
                }
            }
            if (c == '`') {
                Fence.Open open = Fence.open(text, i, n, true);
                if (open != null && open != Fence.NOT) {
                    int j = Chars.skipBlanks(text, open.contentStart(), n);
                    if (Fence.JSON.contains(open.language()) && j < n && text.charAt(j) == '"') {
                        i = read(text, j, n, limits, out);
                    } else {
                        i = Math.max(open.contentStart(), i + 1);
                    }
                    continue;
                }
            }
            if (c == '{' && direct != null) {
                DirectReader.Bound b = DirectReader.read(text, i, limits, direct, maxRecordDepth);
                if (b != null) {
                    out.add(new Candidate(i, new JsonRead(JsonRead.Status.COMPLETE, null, b.end(), b.repairs(),
                            Set.of(), Map.of(), null, -1), b.value()));
                    i = b.end();
                    continue;
                }
            }
            if (c == '{' || c == '[') {
                i = read(text, i, n, limits, out);
                continue;
            }
            i++;
        }
        return new Found(out, false, visible);
    }

    /** Reads one value at {@code i}; where the scan goes on. */
    private static int read(CharSequence text, int i, int n, ExtractionLimits limits, List<Candidate> out) {
        JsonRead r = LenientJson.read(text, i, n, true, limits);
        switch (r.status()) {
            case COMPLETE -> {
                out.add(new Candidate(i, r, null));
                return Math.max(r.end(), i + 1);
            }
            case TRUNCATED -> {
                out.add(new Candidate(i, r, null));
                return n;
            }
            case LIMIT_EXCEEDED -> {
                out.add(new Candidate(i, r, null));
                return Math.max(r.problemOffset(), i + 1);
            }
            default -> {
                if (text.charAt(i) != '[') {
                    out.add(new Candidate(i, r, null));
                }
                return Math.max(r.problemOffset(), i + 1);
            }
        }
    }

    /** The end of a reasoning block opening at {@code i}; {@code i} when none opens here; -1 when it never ends. */
    private static int reasoningEnd(CharSequence text, int i, int n) {
        for (Reasoning.Pair p : Reasoning.PAIRS) {
            if (Chars.startsWith(text, i, n, p.open()) == Chars.FULL) {
                int close = Chars.indexOf(text, p.close(), i + p.open().length(), n);
                return close < 0 ? -1 : close + p.close().length();
            }
        }
        return i;
    }

    /** The end of a closing reasoning tag at {@code i} (the block was opened by the prompt); {@code i} when none. */
    private static int strayClose(CharSequence text, int i, int n) {
        for (Reasoning.Pair p : Reasoning.PAIRS) {
            if (Chars.startsWith(text, i, n, p.close()) == Chars.FULL) {
                return i + p.close().length();
            }
        }
        return i;
    }
}
