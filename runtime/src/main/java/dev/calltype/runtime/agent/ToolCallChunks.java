package dev.calltype.runtime.agent;

import java.util.ArrayList;
import java.util.List;

/**
 * Native tool calls put back together from the chunks a streaming server sends them in, the way OpenAI's own
 * clients do it and servers in the wild need: chunks of one index are one call, whatever their ids say (some
 * servers repeat the id on every chunk, some send it empty, some only once), the arguments are the chunks'
 * arguments joined, and a name split across chunks is joined too (a name repeated on every chunk is kept once).
 * Where a framework has dropped the index, a chunk starts a new call when it brings a new id, or a name or an id
 * after the current call's arguments are complete.
 *
 * <pre>{@code
 * ToolCallChunks chunks = new ToolCallChunks();
 * for (Delta d : stream) chunks.add(d.index(), d.id(), d.name(), d.arguments());
 * List<NativeTools.Call> calls = chunks.calls();
 * }</pre>
 *
 * <p>Not thread-safe: one per streamed reply.
 */
public final class ToolCallChunks {

    private final List<Slot> slots = new ArrayList<>();

    /** A new, empty merge. */
    public ToolCallChunks() {
    }

    /**
     * Adds one chunk.
     *
     * @param index the call's index as the server sent it, or {@code null} when the framework does not carry it
     * @param id the chunk's call id; {@code null} or blank for none
     * @param name the chunk's tool name or part of it; {@code null} or blank for none
     * @param arguments the chunk's part of the arguments; {@code null} for none
     */
    public void add(Integer index, String id, String name, String arguments) {
        String i = blank(id) ? null : id;
        String n = blank(name) ? null : name;
        String a = arguments == null ? "" : arguments;
        if (i == null && n == null && a.isEmpty()) {
            return;
        }
        Slot slot = find(index, i, n);
        if (slot == null) {
            slot = new Slot(index);
            slots.add(slot);
        }
        if (slot.id == null) {
            slot.id = i;
        }
        if (n != null && !n.contentEquals(slot.name)) {     // a name repeated on every chunk is kept once
            slot.name.append(n);
        }
        slot.arguments.append(a);
    }

    /** The slot a chunk continues, or {@code null} when it starts a call. */
    private Slot find(Integer index, String id, String name) {
        if (index != null) {
            for (int k = slots.size() - 1; k >= 0; k--) {
                Slot s = slots.get(k);
                if (index.equals(s.index)) {
                    // the same index with a different id is a new call (a server that numbers every call 0)
                    return id != null && s.id != null && !id.equals(s.id) ? null : s;
                }
            }
            return null;
        }
        if (slots.isEmpty()) {
            return null;
        }
        Slot last = slots.get(slots.size() - 1);
        boolean sameId = id != null && id.equals(last.id);
        if (id != null && last.id != null && !sameId) {
            return null;                                    // a new id
        }
        if (!sameId && (id != null || name != null) && complete(last.arguments)) {
            return null;                                    // a new name or id after whole arguments
        }
        return last;
    }

    /**
     * The calls, in the order their first chunks came.
     *
     * @return each call's name, joined arguments and id ({@code null} when no chunk had one)
     */
    public List<NativeTools.Call> calls() {
        List<NativeTools.Call> out = new ArrayList<>(slots.size());
        for (Slot s : slots) {
            out.add(new NativeTools.Call(s.name.toString(), s.arguments.toString(), s.id));
        }
        return out;
    }

    /**
     * Whether any chunk was added.
     *
     * @return {@code true} when there is at least one call
     */
    public boolean isEmpty() {
        return slots.isEmpty();
    }

    /** Whether the text is one whole JSON object or array: brackets balanced outside strings, and something in it. */
    static boolean complete(CharSequence json) {
        int depth = 0;
        boolean inString = false;
        boolean seen = false;
        for (int k = 0; k < json.length(); k++) {
            char c = json.charAt(k);
            if (inString) {
                if (c == '\\') {
                    k++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                depth++;
                seen = true;
            } else if (c == '}' || c == ']') {
                depth--;
            }
        }
        return seen && depth <= 0 && !inString;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** One call being put together. */
    private static final class Slot {
        final Integer index;
        String id;
        final StringBuilder name = new StringBuilder();
        final StringBuilder arguments = new StringBuilder();

        Slot(Integer index) {
            this.index = index;
        }
    }
}
