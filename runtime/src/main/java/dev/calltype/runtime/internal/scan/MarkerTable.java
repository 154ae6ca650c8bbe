package dev.calltype.runtime.internal.scan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The markers that open tool-call markup ({@code <tool_call>}, {@code [TOOL_CALLS]}, {@code <｜tool▁calls▁begin｜>},
 * …), each with its recognizer, in a trie: finding which markers start at a position costs at most the length of
 * the longest marker, however many are registered.
 */
public final class MarkerTable {

    /** A marker and the recognizer for what it opens. */
    public record Entry(String marker, Recognizer recognizer) {
    }

    /** The markers found at a position, longest first; {@code open} when the text ends inside a longer one. */
    public record Found(List<Entry> entries, boolean open) {
    }

    private static final class Node {
        public final Map<Character, Node> next = new HashMap<>(4);
        public final List<Entry> here = new ArrayList<>(1);
    }

    private final Node root = new Node();
    private final boolean[] asciiFirst = new boolean[128];
    /** First characters outside ASCII (a handful at most), searched without allocating. */
    private String otherFirst = "";

    private final List<String> markers = new ArrayList<>();

    public void add(String marker, Recognizer r) {
        if (marker == null || marker.isEmpty()) {
            return;
        }
        markers.add(marker);
        Node n = root;
        for (int i = 0; i < marker.length(); i++) {
            n = n.next.computeIfAbsent(marker.charAt(i), k -> new Node());
        }
        n.here.add(new Entry(marker, r));
        char first = marker.charAt(0);
        if (first < 128) {
            asciiFirst[first] = true;
        } else if (otherFirst.indexOf(first) < 0) {
            otherFirst += first;
        }
    }

    /** Whether some marker starts with {@code c}. */
    public boolean startsMarker(char c) {
        return c < 128 ? asciiFirst[c] : otherFirst.indexOf(c) >= 0;
    }

    /** Every marker registered, in the order added. */
    public List<String> markers() {
        return List.copyOf(markers);
    }

    /**
     * Whether a marker starts at {@code pos}, or the text ends inside one: {@link #find} would find something.
     * Allocates nothing.
     */
    public boolean mayStart(CharSequence b, int pos, int limit) {
        Node n = root;
        for (int i = pos; ; i++) {
            if (!n.here.isEmpty()) {
                return true;
            }
            if (i >= limit) {
                return !n.next.isEmpty();
            }
            n = n.next.get(b.charAt(i));
            if (n == null) {
                return false;
            }
        }
    }

    public Found find(CharSequence b, int pos, int limit) {
        List<Entry> found = new ArrayList<>(1);
        Node n = root;
        int i = pos;
        while (true) {
            if (!n.here.isEmpty()) {
                found.addAll(0, n.here);
            }
            if (n.next.isEmpty()) {
                return new Found(found, false);
            }
            if (i >= limit) {
                return new Found(found, true);
            }
            Node child = n.next.get(b.charAt(i));
            if (child == null) {
                return new Found(found, false);
            }
            n = child;
            i++;
        }
    }
}
