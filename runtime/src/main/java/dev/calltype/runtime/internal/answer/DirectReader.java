package dev.calltype.runtime.internal.answer;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.internal.json.LenientJson;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Binds an answer's JSON straight into its Java value as the lenient reader's tokens come ({@link LenientJson.Tokens}),
 * with no tree in between: the fast path for an answer that fits its type as written. It takes only what the tree
 * readers would take in the same way (every member known and written once, required ones not {@code null}, each
 * scalar read by the same coercion without a problem); on anything else it gives up, and the caller reads the value through the tree,
 * which reports what is wrong. So a value bound here is the value the tree readers give, with the same repairs.
 *
 * <p>Its recursion follows the shape, which the type fixes, not the text.
 */
public final class DirectReader {

    /**
     * A value bound.
     *
     * @param value the Java value
     * @param end where its JSON ends in the text
     * @param repairs the repairs the lenient reader made, in the order first made
     */
    public record Bound(Object value, int end, List<Repair> repairs) {
    }

    /** A member written as {@code null}, until the record is made. */
    private static final Object ABSENT = new Object();

    private final LenientJson.Tokens tokens;
    private final int maxRecordDepth;
    private final List<String> problems = new ArrayList<>(1);
    /**
     * The members of the record being read at each record depth, and the elements of the sequence being read at each
     * depth: reused from one record or sequence to the next at the same depth (a record is made, and a sequence
     * copied, before the next one there starts), so reading many small ones allocates only what they keep.
     */
    private final List<Object[]> memberArrays = new ArrayList<>();
    private final List<List<Object>> elementLists = new ArrayList<>();

    private DirectReader(LenientJson.Tokens tokens, int maxRecordDepth) {
        this.tokens = tokens;
        this.maxRecordDepth = maxRecordDepth;
    }

    /**
     * Binds the value whose JSON starts at {@code start} (an object for a record shape).
     *
     * @param maxRecordDepth how deep records may nest, as the tree readers allow
     * @return the value, or {@code null} when this path gives up
     */
    public static Bound read(CharSequence text, int start, ExtractionLimits limits, Shape shape, int maxRecordDepth) {
        DirectReader r = new DirectReader(new LenientJson.Tokens(text, start, limits), maxRecordDepth);
        Object value = r.value(shape, 0, 0);
        return value == null ? null : new Bound(value, r.tokens.position(), List.copyOf(r.tokens.repairs()));
    }

    private Object value(Shape shape, int depth, int recordDepth) {
        int c = tokens.next();
        if (c < 0) {
            return null;
        }
        if (shape instanceof Shape.Scalar s) {
            return scalar(s, c);
        }
        if (depth >= tokens.maxDepth()) {
            return null;
        }
        if (shape instanceof Shape.Sequence q) {
            return c == '[' ? sequence(q, depth, recordDepth) : null;
        }
        Shape.Record r = (Shape.Record) shape;
        return c == '{' && recordDepth < maxRecordDepth ? record(r, depth, recordDepth + 1) : null;
    }

    /**
     * The scalar whose token starts with {@code c}, the next character (-1 for none); called straight from the
     * loops over members and elements, so that the common values take no trip through {@link #value}.
     */
    private Object scalar(Shape.Scalar s, int c) {
        if (c < 0 || c == '{' || c == '[') {
            return null;
        }
        if (s.text) {
            String text = tokens.string(); // a string as written needs no node
            if (text != null) {
                return text;
            }
        }
        if (s.plain != null && tokens.number()) {
            Object v = s.plain.bind(tokens.unscaled(), tokens.scale()); // a plain number needs no node
            if (v != null) {
                tokens.consumeNumber();
                return v;
            }
        }
        JsonNode node = tokens.scalar();
        if (node == null || node.isNull()) {
            return null;
        }
        Object v = s.read.read(node, problems);
        return problems.isEmpty() ? v : null;
    }

    private Object sequence(Shape.Sequence q, int depth, int recordDepth) {
        tokens.consume();
        List<Object> out = elements(depth);
        int c = tokens.next();
        while (c != ']') {
            Object element = q.element instanceof Shape.Scalar s ? scalar(s, c)
                    : value(q.element, depth + 1, recordDepth);
            if (element == null) {
                return null;
            }
            out.add(element);
            c = afterValue(']');
            if (c < 0) {
                return null;
            }
        }
        tokens.consume();
        return q.set ? Collections.unmodifiableSet(new LinkedHashSet<>(out))
                : Collections.unmodifiableList(new ArrayList<>(out));
    }

    /** The scratch list for the sequence at {@code depth}, empty. */
    private List<Object> elements(int depth) {
        while (elementLists.size() <= depth) {
            elementLists.add(null);
        }
        List<Object> out = elementLists.get(depth);
        if (out == null) {
            out = new ArrayList<>();
            elementLists.set(depth, out);
        } else {
            out.clear();
        }
        return out;
    }

    /** The scratch array for the members of a record of {@code size} members at {@code recordDepth}, cleared. */
    private Object[] members(int recordDepth, int size) {
        while (memberArrays.size() <= recordDepth) {
            memberArrays.add(null);
        }
        Object[] members = memberArrays.get(recordDepth);
        if (members == null || members.length != size) {
            members = new Object[size];
            memberArrays.set(recordDepth, members);
        } else {
            Arrays.fill(members, null);
        }
        return members;
    }

    /**
     * After an element or member: past a {@code ','}, the next character (a trailing comma before {@code closer}
     * recorded as the tree reader records it), or {@code closer} itself; -1 when neither follows.
     */
    private int afterValue(char closer) {
        int c = tokens.next();
        if (c == ',') {
            tokens.consume();
            c = tokens.next();
            if (c == closer) {
                tokens.repaired(Repair.TRAILING_COMMA);
            }
            return c;
        }
        return c == closer ? c : -1;
    }

    private Object record(Shape.Record r, int depth, int recordDepth) {
        tokens.consume();
        String[] names = r.names;
        Object[] members = members(recordDepth, names.length);
        int found = 0; // members read so far: where the next one is looked for first
        int c = tokens.next();
        while (c != '}') {
            if (c < 0) {
                return null;
            }
            int at = tokens.key(names, found);
            if (at < 0 || members[at] != null || tokens.next() != ':') {
                return null; // unknown or repeated: the tree readers say which
            }
            tokens.consume();
            Shape member = r.members[at];
            Object v;
            if (member instanceof Shape.Absent a) {
                c = tokens.next();
                if (c == 'n' || c == 'N') {
                    JsonNode node = tokens.scalar();
                    if (node == null || !node.isNull()) {
                        return null;
                    }
                    v = ABSENT;
                } else {
                    v = value(a.value, depth + 1, recordDepth);
                    v = v == null || !a.optional ? v : Optional.of(v);
                }
            } else if (member instanceof Shape.Scalar s) {
                v = scalar(s, tokens.next());
            } else {
                v = value(member, depth + 1, recordDepth);
            }
            if (v == null) {
                return null;
            }
            members[at] = v;
            found++;
            c = afterValue('}');
            if (c < 0) {
                return null;
            }
        }
        tokens.consume();
        for (int i = 0; i < members.length; i++) {
            if (members[i] == null || members[i] == ABSENT) {
                if (!(r.members[i] instanceof Shape.Absent a)) {
                    return null; // a required member left out or null: the tree readers say so
                }
                members[i] = a.whenAbsent;
            }
        }
        try {
            return r.make.make(members);
        } catch (RuntimeException e) {
            return null; // the record's constructor refused: the tree readers report it
        }
    }
}
