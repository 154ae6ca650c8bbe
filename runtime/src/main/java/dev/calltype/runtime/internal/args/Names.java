package dev.calltype.runtime.internal.args;

import java.util.List;
import java.util.function.Function;

/**
 * How names a model wrote are compared with declared ones: the folded form that ignores case and the separators
 * {@code _ - . space} ({@code getWeather}, {@code get-weather} and {@code GET_WEATHER} all fold to
 * {@code getweather}), and the one "did you mean" rule ({@link #closest}) that generated toolkits, dynamic
 * toolkits and the extractor all use, so the same typo gets the same suggestion wherever it is reported.
 */
public final class Names {

    private Names() {
    }

    /**
     * The one rule by which every toolkit, {@code ToolLoop}, the framework adapters and the extractor read a tool
     * name a model wrote: the item named exactly so, else the one item whose name {@linkplain #fold folds} to the
     * same text; failing both, the same two steps for the name's last dotted segment ({@code functions.get_weather},
     * {@code tools.getWeather}, {@code a.b.GET-WEATHER} all mean {@code get_weather}); {@code null} when there is
     * none or more than one.
     */
    public static <T> T resolve(String name, List<T> items, Function<T, String> nameOf) {
        return resolve(name, written -> whole(written, items, nameOf));
    }

    /**
     * {@link #resolve(String, List, Function)} over any lookup: {@code whole} finds the item a name means as a whole
     * (exactly, else by its folded form; {@code null} for none or more than one), and this applies it to the name,
     * then to its last dotted segment. The extractor's table ({@link KnownTools}) looks up by hash; toolkits scan.
     */
    public static <T> T resolve(String name, Function<String, T> whole) {
        if (name == null || name.isEmpty()) {
            return null;
        }
        T found = whole.apply(name);
        if (found != null) {
            return found;
        }
        int dot = name.lastIndexOf('.');
        return dot >= 0 && dot < name.length() - 1 ? whole.apply(name.substring(dot + 1)) : null;
    }

    /** The item named exactly {@code name}, else the one whose name folds as it does; {@code null} for none or more. */
    private static <T> T whole(String name, List<T> items, Function<T, String> nameOf) {
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

    /** Names longer than this are not compared by edit distance (it is quadratic). */
    private static final int MAX_COMPARED = 64;

    /**
     * The candidate a misspelt {@code name} most likely meant, or {@code null}: one that folds to the same text
     * ({@code getWeather} for {@code get_weather}); else the first at the smallest edit distance between folded
     * forms, when that is at most half the name's length and at most 2 (none for a one-character name), a name of 3
     * or more characters contained in the other counting as distance 1 ({@code weather} for {@code get_weather}).
     */
    public static String closest(String name, Iterable<String> candidates) {
        if (name == null) {
            return null;
        }
        String f = fold(name);
        if (f.isEmpty()) {
            return null;
        }
        int allowed = Math.min(2, f.length() / 2);
        String best = null;
        int bestDistance = allowed + 1;
        for (String candidate : candidates) {
            String g = fold(candidate);
            if (g.equals(f)) {
                return candidate;
            }
            int d;
            if (Math.min(f.length(), g.length()) >= 3 && (g.contains(f) || f.contains(g))) {
                d = 1;
            } else if (f.length() > MAX_COMPARED || g.length() > MAX_COMPARED
                    || Math.abs(f.length() - g.length()) > allowed) {
                continue;
            } else {
                d = distance(f, g);
            }
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return best;
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
