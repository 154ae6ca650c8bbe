package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.internal.chars.QuoteTracker;

import java.util.ArrayList;
import java.util.List;

/** Dividing one matched span among the calls found in it, so that the segments tile the text. */
public final class SpanDivider {

    private SpanDivider() {
    }

    /**
     * The items with spans tiling {@code [start, end)}. Several calls read from one JSON value (an array of calls,
     * or a {@code tool_calls} wrapper) are divided at the commas between the elements of the outermost array that
     * has one element per call; the first call also takes the markup before the value, the last the markup after.
     */
    public static List<Finding> distribute(CharSequence buf, List<Finding> items, int start, int end, int valueStart,
                                 int valueEnd) {
        int n = items.size();
        List<Finding> out = new ArrayList<>(n);
        if (n == 1) {
            out.add(items.get(0).span(start, end));
            return out;
        }
        int[] cuts = elementStarts(buf, valueStart, Math.min(valueEnd, end), n);
        for (int i = 0; i < n; i++) {
            int from;
            int to;
            if (cuts == null) {
                // The text does not show the elements (lenient reading found them): equal shares, none empty.
                long len = (long) end - start;
                from = i == 0 ? start : (int) (start + len * i / n);
                to = i == n - 1 ? end : (int) (start + len * (i + 1) / n);
            } else {
                from = i == 0 ? start : cuts[i];
                to = i == n - 1 ? end : cuts[i + 1];
            }
            out.add(items.get(i).span(from, to));
        }
        return out;
    }

    /**
     * Splits a list of items at the given positions (each item i starts at {@code starts[i]}); the first takes
     * everything from {@code start}, the last everything to {@code end}.
     */
    public static List<Finding> tile(List<Finding> items, int[] starts, int start, int end) {
        List<Finding> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            int from = i == 0 ? start : starts[i];
            int to = i == items.size() - 1 ? end : starts[i + 1];
            out.add(items.get(i).span(from, to));
        }
        return out;
    }

    /**
     * The start of each element of the outermost array in {@code buf[from, to)} that has exactly {@code n}
     * elements, or {@code null}. One pass over the text, strings and comments skipped; an array the text leaves open
     * (closed by repair) counts as ending at {@code to}.
     */
    public static int[] elementStarts(CharSequence buf, int from, int to, int n) {
        // per open array: where it opened and the commas at its own level
        List<int[]> arrays = new ArrayList<>();   // {openPos, depth}
        List<List<Integer>> commas = new ArrayList<>();
        List<Integer> stack = new ArrayList<>();  // -1 for an object, else index into arrays
        int bestOpen = Integer.MAX_VALUE;
        int[] best = null;
        QuoteTracker strings = new QuoteTracker();
        for (int i = from; i < to; i++) {
            char c = buf.charAt(i);
            if (strings.consume(c)) {
                continue;
            }
            if (c == '/' && i + 1 < to && (buf.charAt(i + 1) == '/' || buf.charAt(i + 1) == '*')) {
                i = commentEnd(buf, i, to) - 1;
                continue;
            }
            switch (c) {
                case '{' -> stack.add(-1);
                case '[' -> {
                    arrays.add(new int[]{i, stack.size()});
                    commas.add(new ArrayList<>());
                    stack.add(arrays.size() - 1);
                }
                case ',' -> {
                    if (!stack.isEmpty() && stack.get(stack.size() - 1) >= 0) {
                        commas.get(stack.get(stack.size() - 1)).add(i);
                    }
                }
                case '}', ']' -> {
                    if (!stack.isEmpty()) {
                        int top = stack.remove(stack.size() - 1);
                        if (top >= 0) {
                            int open = arrays.get(top)[0];
                            if (commas.get(top).size() == n - 1 && open < bestOpen) {
                                best = starts(open, commas.get(top));
                                bestOpen = open;
                            }
                            commas.set(top, null);
                        }
                    }
                }
                default -> {
                }
            }
        }
        for (int top : stack) {
            if (top >= 0 && commas.get(top).size() == n - 1 && arrays.get(top)[0] < bestOpen) {
                bestOpen = arrays.get(top)[0];
                best = starts(bestOpen, commas.get(top));
            }
        }
        return best;
    }

    private static int[] starts(int open, List<Integer> commas) {
        int[] starts = new int[commas.size() + 1];
        starts[0] = open + 1;
        for (int k = 0; k < commas.size(); k++) {
            starts[k + 1] = commas.get(k) + 1;
        }
        return starts;
    }

    /** The end of the {@code //} or {@code /*} comment at {@code i}: after its line or its closing, or {@code to}. */
    private static int commentEnd(CharSequence buf, int i, int to) {
        boolean line = buf.charAt(i + 1) == '/';
        for (int k = i + 2; k < to; k++) {
            char c = buf.charAt(k);
            if (line ? c == '\n' || c == '\r' : c == '*' && k + 1 < to && buf.charAt(k + 1) == '/') {
                return line ? k : k + 2;
            }
        }
        return to;
    }
}
