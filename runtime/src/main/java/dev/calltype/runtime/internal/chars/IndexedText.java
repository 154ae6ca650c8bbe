package dev.calltype.runtime.internal.chars;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The text the scanner reads, remembering where the strings recognizers search for (closers, openers, line
 * breaks) occur, so that no text is searched twice for the same string: "where is the next {@code </tool_call>}?"
 * asked by a million unclosed {@code <tool_call>} candidates costs one pass over the text in all, not one pass each.
 *
 * <p>Per string it keeps the interval of positions already tested and the occurrences found in it. Answers are a
 * pure function of the text ({@link #next}: the first occurrence at or after {@code from} lying entirely before
 * {@code limit}), so batch and streaming, which see the same characters at the same positions, get the same
 * answers. The driver raises a floor as candidates move on ({@link #floor}); queries never go below it, knowledge
 * below it is dropped, so memory is bounded by the open candidate and every position is tested at most once per
 * string.
 */
public final class IndexedText implements CharSequence {

    /** The strings remembered at most (all come from the configuration and the recognizers; this is a safeguard). */
    private static final int MAX_STRINGS = 128;
    /** The key for {@link #nextLineBreak}: {@code \n} or {@code \r}. */
    private static final String LINE_BREAK = "\n|\r";

    private final CharSequence text;
    private final Map<String, Occurrences> memo = new HashMap<>();
    private int floor;
    /** Where the prose stop characters occur next (batch over a {@code String} only). */
    private ProseStops.Cursor proseCursor;
    /** Characters recognizers have read through this (a work measure: the driver budgets re-reading with it). */
    public long reads;

    public IndexedText(CharSequence text) {
        this.text = text;
    }

    /** The text this reads (a streaming window or the whole response). */
    public CharSequence text() {
        return text;
    }

    /** No search will start before {@code pos} from now on. */
    public void floor(int pos) {
        if (pos > floor) {
            floor = pos;
        }
    }

    /** The first index {@code >= from} where {@code s} occurs entirely before {@code limit}, or -1. */
    public int next(String s, int from, int limit) {
        Occurrences o = occurrences(s, from);
        return o == null ? PlainSearch.scan(text, s, from, limit) : o.next(text, from, limit);
    }

    /** The index of the next {@code \n} or {@code \r} at or after {@code from}, before {@code limit}, or -1. */
    public int nextLineBreak(int from, int limit) {
        Occurrences o = occurrences(LINE_BREAK, from);
        return o == null ? PlainSearch.scanLineBreak(text, from, limit) : o.next(text, from, limit);
    }

    private Occurrences occurrences(String key, int from) {
        if (from < floor) {
            return null;
        }
        Occurrences o = memo.get(key);
        if (o == null) {
            if (memo.size() >= MAX_STRINGS) {
                return null;
            }
            o = new Occurrences(key == LINE_BREAK ? null : key);
            memo.put(key, o);
        }
        o.dropBefore(floor);
        return o;
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public char charAt(int index) {
        reads++;
        return text.charAt(index);
    }

    /**
     * The text under a {@code IndexedText}, for copying ranges out in bulk ({@code StringBuilder.append} copies a
     * {@code String} range directly but a {@code CharSequence} one character at a time).
     */
    public static CharSequence unwrap(CharSequence b) {
        return b instanceof IndexedText r ? r.text : b;
    }

    /** {@link ProseStops#skip} over the text, counting what it reads. */
    public int skipProse(ProseStops stops, int from, int limit) {
        int end;
        if (text instanceof String s) {
            end = stops.skip(s, proseCursor(stops), from, limit);
        } else {
            end = stops.skip(text, from, limit);
        }
        reads += end - from;
        return end;
    }

    /**
     * In a whole response (a {@code String}): the first index of {@code c}, one of the prose stop characters, or
     * MAX_VALUE when there is none; the prose scan starts from this search instead of repeating it
     * ({@link ProseStops.Cursor#first}). -1 over other text.
     */
    public int firstProseStop(ProseStops stops, char c) {
        return text instanceof String s ? proseCursor(stops).first(s, c) : -1;
    }

    private ProseStops.Cursor proseCursor(ProseStops stops) {
        if (proseCursor == null) {
            proseCursor = stops.cursor();
        }
        return proseCursor;
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        reads += end - start;
        return text.subSequence(start, end);
    }

    @Override
    public String toString() {
        return text.toString();
    }

    /**
     * Where one string occurs: every position in {@code [lo, hi)} has been tested, and {@code at[head, tail)} are
     * the ones where it occurs, ascending.
     */
    private static final class Occurrences {
        private final String s;
        private int lo = -1;
        private int hi;
        private int[] at = new int[8];
        private int head;
        private int tail;

        /** {@code s == null}: line breaks. */
        public Occurrences(String s) {
            this.s = s;
        }

        public void dropBefore(int floor) {
            if (lo < 0 || hi <= floor) {
                lo = floor;
                hi = floor;
                head = 0;
                tail = 0;
                return;
            }
            while (head < tail && at[head] < floor) {
                head++;
            }
            lo = Math.max(lo, floor);
        }

        public int next(CharSequence b, int from, int limit) {
            int len = s == null ? 1 : s.length();
            int lastStart = limit - len;
            int k = firstAtLeast(from);
            if (k < tail) {
                return at[k] <= lastStart ? at[k] : -1;
            }
            // nothing known at or after from: test on from hi (the positions in between are tested once, here)
            for (int i = hi; i <= lastStart; i++) {
                if (s == null ? isLineBreak(b.charAt(i)) : b.charAt(i) == s.charAt(0) && PlainSearch.startsWith(b, i, limit,
                        s) == PlainSearch.FULL) {
                    add(i);
                    hi = i + 1;
                    if (i >= from) {
                        return i;
                    }
                }
            }
            hi = Math.max(hi, lastStart + 1);
            return -1;
        }

        private static boolean isLineBreak(char c) {
            return c == '\n' || c == '\r';
        }

        private int firstAtLeast(int from) {
            int a = head;
            int z = tail;
            while (a < z) {
                int m = (a + z) >>> 1;
                if (at[m] < from) {
                    a = m + 1;
                } else {
                    z = m;
                }
            }
            return a;
        }

        private void add(int pos) {
            if (tail == at.length) {
                if (head > at.length / 2) {
                    System.arraycopy(at, head, at, 0, tail - head);
                    tail -= head;
                    head = 0;
                } else {
                    at = Arrays.copyOf(at, at.length * 2);
                }
            }
            at[tail++] = pos;
        }
    }
}
