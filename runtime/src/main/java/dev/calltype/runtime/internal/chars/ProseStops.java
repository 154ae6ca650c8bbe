package dev.calltype.runtime.internal.chars;

import java.util.Arrays;
import java.util.List;

/**
 * Where prose may stop being plain prose: the scanner's fast path. From a position that is not at a line start,
 * {@link #skip} steps over every character that can neither start a candidate nor change the line state: line
 * breaks, braces and brackets (JSON in prose), {@code <} (most markers, every reasoning closer) and the first
 * characters of the other markers stop it. A backtick does not: a fence opens only at a line start, which the fast
 * path never crosses. A marker's first character that is common in prose ({@code T}, {@code A}, {@code f}) stops
 * it only when the next character is the second character of some marker, so {@code "for"} and {@code "The"} cost
 * one lookup more, not a candidate.
 *
 * <p>Over a {@code String} (batch), each stop character is found with {@link String#indexOf(int, int)} (a vector
 * intrinsic) and its next occurrence is kept in a per-response {@link Cursor}, so the text is read once per stop
 * character, close to memory speed. A first character whose markers all continue with a character that stops the
 * scan anyway ({@code ]} of {@code ]<]minimax[>}) is not searched for at all: it is looked at one position before
 * each such stop (and where the text ends), so it costs no pass of its own. Over other text (a streaming window) a
 * table lookup per character does it. Immutable; built once per extractor configuration, from its markers.
 */
public final class ProseStops {

    private static final byte PROSE = 0;
    private static final byte STOP = 1;
    /** Stops when the next character is in {@link #second} for this one (or the text ends before it). */
    private static final byte STOP_IF_PAIR = 2;

    private final byte[] kind = new byte[128];
    private final boolean[][] second = new boolean[128][];
    /** {@code STOP_IF_PAIR} characters whose every second character is a {@code STOP}: not searched for. */
    private final boolean[] beforeStop = new boolean[128];
    /** First characters outside ASCII. */
    private final String otherFirst;
    /** Every stop character, for the {@code indexOf} path. */
    private final char[] stops;

    /** @param markers every marker a recognizer is registered for */
    public ProseStops(List<String> markers) {
        for (char c : new char[] {'\n', '\r', '{', '[', '<'}) {
            kind[c] = STOP;
        }
        StringBuilder others = new StringBuilder();
        for (String m : markers) {
            char first = m.charAt(0);
            if (first >= 128) {
                if (others.indexOf(String.valueOf(first)) < 0) {
                    others.append(first);
                }
                continue;
            }
            if (kind[first] == STOP) {
                continue;
            }
            char next = m.length() > 1 ? m.charAt(1) : 0;
            if (m.length() == 1 || next >= 128) {
                kind[first] = STOP;
                continue;
            }
            kind[first] = STOP_IF_PAIR;
            if (second[first] == null) {
                second[first] = new boolean[128];
            }
            second[first][next] = true;
        }
        this.otherFirst = others.toString();
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 128; c++) {
            beforeStop[c] = kind[c] == STOP_IF_PAIR && onlyBeforeStops(second[c]);
            if (kind[c] != PROSE && !beforeStop[c]) {
                all.append(c);
            }
        }
        this.stops = all.append(otherFirst).toString().toCharArray();
    }

    /** Where each stop character occurs next in one text: state of one batch extraction. */
    public final class Cursor {
        /** {@code next[j]}: the first occurrence of {@code stops[j]} at or after {@code from[j]}, or MAX_VALUE. */
        private final int[] next = new int[stops.length];
        private final int[] from = new int[stops.length];

        public Cursor() {
            Arrays.fill(next, -1);
            Arrays.fill(from, Integer.MAX_VALUE);
        }

        /**
         * The first occurrence in {@code s} of {@code c}, one of the stop characters (MAX_VALUE: none), searched once
         * for a look-ahead and for the scan, which starts from it.
         */
        public int first(String s, char c) {
            int j = 0;
            while (stops[j] != c) {
                j++;
            }
            if (from[j] != 0) {
                int n = s.indexOf(c);
                next[j] = n < 0 ? Integer.MAX_VALUE : n;
                from[j] = 0;
            }
            return next[j];
        }
    }

    public Cursor cursor() {
        return new Cursor();
    }

    /** The first position in {@code [from, limit)} of {@code s} where the scanner must look closer, or {@code limit}. */
    public int skip(String s, Cursor cursor, int from, int limit) {
        int[] next = cursor.next;
        int[] base = cursor.from;
        while (true) {
            int best = Integer.MAX_VALUE;
            int which = -1;
            for (int j = 0; j < next.length; j++) {
                int n = next[j];
                if (n < from || base[j] > from) {
                    n = s.indexOf(stops[j], from);
                    n = n < 0 ? Integer.MAX_VALUE : n;
                    next[j] = n;
                    base[j] = from;
                }
                if (n < best) {
                    best = n;
                    which = j;
                }
            }
            if (best >= limit) {
                return limit - 1 >= from && isBeforeStop(s.charAt(limit - 1)) ? limit - 1 : limit;
            }
            if (best > from && pairsBefore(s.charAt(best - 1), s.charAt(best))) {
                return best - 1;
            }
            char c = stops[which];
            if (c >= 128 || kind[c] != STOP_IF_PAIR || best + 1 >= limit || pairs(c, s.charAt(best + 1))) {
                return best;
            }
            from = best + 1;
        }
    }

    /** The same over any text, by table lookup. */
    public int skip(CharSequence text, int from, int limit) {
        int i = from;
        for (; i < limit; i++) {
            char c = text.charAt(i);
            if (c >= 128) {
                if (otherFirst.indexOf(c) >= 0) {
                    return i;
                }
                continue;
            }
            byte k = kind[c];
            if (k == STOP || k == STOP_IF_PAIR && (i + 1 >= limit || pairs(c, text.charAt(i + 1)))) {
                return i;
            }
        }
        return i;
    }

    private boolean onlyBeforeStops(boolean[] next) {
        for (int n = 0; n < 128; n++) {
            if (next[n] && kind[n] != STOP) {
                return false;
            }
        }
        return true;
    }

    private boolean isBeforeStop(char c) {
        return c < 128 && beforeStop[c];
    }

    /** Whether {@code c}, found by nothing but the stop {@code next} after it, starts a marker there. */
    private boolean pairsBefore(char c, char next) {
        return isBeforeStop(c) && pairs(c, next);
    }

    private boolean pairs(char first, char next) {
        return next < 128 && second[first][next];
    }
}
