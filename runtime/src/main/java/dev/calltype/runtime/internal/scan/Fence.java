package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.internal.chars.Chars;

import java.util.Locale;
import java.util.Set;

/** Markdown code fences: the opening line and its language. */
public final class Fence {

    /** Languages whose fences may hold JSON calls ({@code ""} is an unlabeled fence). */
    public static final Set<String> JSON = Set.of("", "json", "json5", "jsonc", "jsonl", "tool_call", "tool_calls",
            "tool_code", "tool", "function_call");
    /** Languages whose fences may hold pythonic calls. */
    public static final Set<String> PYTHON = Set.of("", "python", "py", "python3", "tool_code", "tool_call", "tool_calls");

    /** An opening fence line: where its content starts and its language (lower case). */
    public record Open(int contentStart, String language) {
    }

    /** Not a fence: three backticks do not start here. */
    public static final Open NOT = new Open(-1, null);

    private Fence() {
    }

    /**
     * Reads an opening fence at {@code i}: {@link #NOT}, {@code null} when more text is needed, or the fence.
     */
    public static Open open(CharSequence b, int i, int limit, boolean atEnd) {
        int r = Chars.startsWith(b, i, limit, "```");
        if (r == Chars.NO) {
            return NOT;
        }
        if (r == Chars.PARTIAL) {
            return atEnd ? NOT : null;
        }
        int j = i + 3;
        while (j < limit && b.charAt(j) == '`') {
            j++;
        }
        int eol = Chars.lineEnd(b, j, limit);
        if (eol >= limit && !atEnd) {
            return null;
        }
        // inline code such as ```x```: a backtick later on the line. Asked of the indexed text before the label is
        // read, so that only the last fence of a line reads its label (fences repeated on one line read it once)
        if (Chars.indexOf(b, "`", j, eol) >= 0) {
            return NOT;
        }
        String lang = Chars.trimmed(b, j, eol).toLowerCase(Locale.ROOT);
        int content = eol;
        if (content < limit && b.charAt(content) == '\r') {
            content++;
        }
        if (content < limit && b.charAt(content) == '\n') {
            content++;
        }
        return new Open(content, lang);
    }

    /**
     * The end of a closing fence at {@code i} (three or more backticks), {@code -1} when there is none, or
     * {@code -2} when more text is needed.
     */
    public static int close(CharSequence b, int i, int limit, boolean atEnd) {
        int r = Chars.startsWith(b, i, limit, "```");
        if (r == Chars.NO) {
            return -1;
        }
        if (r == Chars.PARTIAL) {
            return atEnd ? -1 : -2;
        }
        int j = i + 3;
        while (j < limit && b.charAt(j) == '`') {
            j++;
        }
        if (j >= limit && !atEnd) {
            return -2;
        }
        return j;
    }
}
