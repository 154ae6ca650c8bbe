package dev.calltype.runtime.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
 * <p>This is the one merge rule: {@code ToolLoop}'s model clients, the LangChain4j and Spring AI decorators and
 * {@code calltype-openai} all merge chunks here. Each chunk costs time in proportion to its own length: a chunk with
 * an index finds its call in one step, and whether a call's arguments are whole is kept up to date as they arrive.
 *
 * <p>Not thread-safe: one per streamed reply.
 */
public final class ToolCallChunks {

    /**
     * Told about the calls as their chunks arrive, in order; every method does nothing by default. Calls are
     * numbered from 0 in the order their first chunks came (not by the server's index, which may repeat).
     */
    public interface Listener {
        /**
         * Call {@code call} has a name (what has come of it so far).
         *
         * @param call the call's number
         * @param name its name so far
         * @param id its id when a chunk brought one by now, else {@code null}
         */
        default void started(int call, String name, String id) {
        }

        /**
         * The next piece of a started call's arguments (those that came before its name are passed on at its start).
         *
         * @param call the call's number
         * @param piece the piece, as sent
         */
        default void arguments(int call, String piece) {
        }

        /**
         * A call is complete because a later call has started (the last ones are complete when the reply ends:
         * {@link #calls()} from {@link #completed()} on).
         *
         * @param call the call's number
         * @param complete the call, as {@link #calls()} will give it
         */
        default void completed(int call, NativeTools.Call complete) {
        }
    }

    private static final Listener NONE = new Listener() {
    };

    private final List<Slot> slots = new ArrayList<>();
    /** The latest slot of each server index: a chunk with an index finds its call in one step. */
    private final Map<Integer, Slot> byIndex = new HashMap<>();
    private final Listener listener;
    private int completed;
    /** Slots looked at and argument characters read, for the test that the work is linear in the chunks. */
    private long steps;

    /** A new, empty merge. */
    public ToolCallChunks() {
        this(NONE);
    }

    /**
     * A new, empty merge that tells {@code listener} about the calls as they form.
     *
     * @param listener told about each call's start, argument pieces and completion, in order
     */
    public ToolCallChunks(Listener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Adds one chunk. Each chunk costs time in proportion to its own length, whatever came before it.
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
            slot = new Slot(slots.size());
            slots.add(slot);
            if (index != null) {
                byIndex.put(index, slot);
            }
            for (; completed < slot.number; completed++) {
                listener.completed(completed, slots.get(completed).call());
            }
        }
        if (slot.id == null) {
            slot.id = i;
        }
        if (n != null && !n.contentEquals(slot.name)) {     // a name repeated on every chunk is kept once
            slot.name.append(n);
        }
        slot.append(a);
        steps += a.length();
        if (!slot.started && slot.name.length() > 0) {
            slot.started = true;                            // the arguments so far are passed on with the start
            listener.started(slot.number, slot.name.toString(), slot.id);
            if (slot.arguments.length() > 0) {
                listener.arguments(slot.number, slot.arguments.toString());
            }
        } else if (slot.started && !a.isEmpty()) {
            listener.arguments(slot.number, a);
        }
    }

    /** The slot a chunk continues, or {@code null} when it starts a call. */
    private Slot find(Integer index, String id, String name) {
        if (index != null) {
            steps++;
            Slot s = byIndex.get(index);
            // the same index with a different id is a new call (a server that numbers every call 0)
            return s == null || id != null && s.id != null && !id.equals(s.id) ? null : s;
        }
        if (slots.isEmpty()) {
            return null;
        }
        steps++;
        Slot last = slots.get(slots.size() - 1);
        boolean sameId = id != null && id.equals(last.id);
        if (id != null && last.id != null && !sameId) {
            return null;                                    // a new id
        }
        if (!sameId && (id != null || name != null) && last.complete()) {
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
            out.add(s.call());
        }
        return out;
    }

    /**
     * How many calls the {@link Listener} was told are complete; the calls from this number on are complete only
     * when the reply ends.
     *
     * @return the number of calls reported complete
     */
    public int completed() {
        return completed;
    }

    /**
     * How many calls there are so far.
     *
     * @return the number of calls
     */
    public int size() {
        return slots.size();
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
        Slot s = new Slot(0);
        s.append(json);
        return s.complete();
    }

    /** Slots looked at and argument characters read so far (for tests: at most one look per chunk). */
    long steps() {
        return steps;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /**
     * One call being put together. Its arguments' bracket balance is kept up to date as pieces arrive, so that
     * whether they are whole is known without reading them again.
     */
    private static final class Slot {
        final int number;
        String id;
        boolean started;
        final StringBuilder name = new StringBuilder();
        final StringBuilder arguments = new StringBuilder();
        private int depth;
        private boolean inString;
        private boolean escaped;
        private boolean seen;

        Slot(int number) {
            this.number = number;
        }

        void append(CharSequence piece) {
            arguments.append(piece);
            for (int k = 0; k < piece.length(); k++) {
                char c = piece.charAt(k);
                if (escaped) {
                    escaped = false;
                } else if (inString) {
                    if (c == '\\') {
                        escaped = true;
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
        }

        boolean complete() {
            return seen && depth <= 0 && !inString;
        }

        NativeTools.Call call() {
            return new NativeTools.Call(name.toString(), arguments.toString(), id);
        }
    }
}
