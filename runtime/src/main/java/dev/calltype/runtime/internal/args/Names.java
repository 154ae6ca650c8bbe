package dev.calltype.runtime.internal.args;

import java.util.List;
import java.util.function.Function;

/**
 * How names a model wrote are compared with declared ones: the folded form that ignores case and the separators
 * {@code _ - . space} ({@code getWeather}, {@code get-weather} and {@code GET_WEATHER} all fold to
 * {@code getweather}), and the edit distance behind "did you mean". Each caller keeps its own rule for which
 * distance is close enough.
 */
public final class Names {

    private Names() {
    }

    /**
     * The one rule by which every toolkit and {@code ToolLoop} read a tool name a model wrote: the item named
     * exactly so, else the one item whose name {@linkplain #fold folds} to the same text; {@code null} when there
     * is none or more than one.
     */
    public static <T> T resolve(String name, List<T> items, Function<T, String> nameOf) {
        if (name == null) {
            return null;
        }
        for (T item : items) {
            if (nameOf.apply(item).equals(name)) {
                return item;
            }
        }
        String folded = fold(name);
        T found = null;
        for (T item : items) {
            if (fold(nameOf.apply(item)).equals(folded)) {
                if (found != null) {
                    return null;
                }
                found = item;
            }
        }
        return found;
    }

    /** Lower case, separators {@code _ - . space} dropped. */
    public static String fold(String name) {
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            i += Character.charCount(c);
            if (c != '_' && c != '-' && c != '.' && c != ' ') {
                b.appendCodePoint(Character.toLowerCase(c));
            }
        }
        return b.toString();
    }

    /**
     * Levenshtein distance (insertions, deletions and substitutions of single characters). Quadratic: callers
     * bound the names they pass.
     */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
