package dev.calltype.runtime;

import java.util.ArrayList;
import java.util.List;

/** Dividing one matched span among the calls found in it, so that the segments tile the text. */
final class Spans {

    private Spans() {
    }

    /**
     * The items with spans tiling {@code [start, end)}. Several calls read from one JSON value (an array of calls,
     * or a {@code tool_calls} wrapper) are divided at the commas between the elements of the outermost array that
     * has one element per call; the first call also takes the markup before the value, the last the markup after.
     */
    static List<Item> distribute(CharSequence buf, List<Item> items, int start, int end, int valueStart,
                                 int valueEnd) {
        int n = items.size();
        List<Item> out = new ArrayList<>(n);
        if (n == 1) {
            out.add(items.get(0).span(start, end));
            return out;
        }
        int[] cuts = elementStarts(buf, valueStart, Math.min(valueEnd, end), n);
        for (int i = 0; i < n; i++) {
            int from;
            int to;
            if (cuts == null) {
                from = i == 0 ? start : end;
                to = end;
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
    static List<Item> tile(List<Item> items, int[] starts, int start, int end) {
        List<Item> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            int from = i == 0 ? start : starts[i];
            int to = i == items.size() - 1 ? end : starts[i + 1];
            out.add(items.get(i).span(from, to));
        }
        return out;
    }

    /**
     * The start of each element of the outermost array in {@code buf[from, to)} that has exactly {@code n}
     * elements, or {@code null}. One pass over the text, strings skipped.
     */
    static int[] elementStarts(CharSequence buf, int from, int to, int n) {
        // per open array: where it opened and the commas at its own level
        List<int[]> arrays = new ArrayList<>();   // {openPos, depth}
        List<List<Integer>> commas = new ArrayList<>();
        List<Integer> stack = new ArrayList<>();  // -1 for an object, else index into arrays
        int bestOpen = Integer.MAX_VALUE;
        int[] best = null;
        char quote = 0;
        boolean escape = false;
        for (int i = from; i < to; i++) {
            char c = buf.charAt(i);
            if (quote != 0) {
                if (escape) {
                    escape = false;
                } else if (c == '\\') {
                    escape = true;
                } else if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            switch (c) {
                case '"', '\'' -> quote = c;
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
                            List<Integer> cs = commas.get(top);
                            int open = arrays.get(top)[0];
                            if (cs.size() == n - 1 && open < bestOpen) {
                                int[] starts = new int[n];
                                starts[0] = open + 1;
                                for (int k = 0; k < cs.size(); k++) {
                                    starts[k + 1] = cs.get(k) + 1;
                                }
                                best = starts;
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
        return best;
    }
}
