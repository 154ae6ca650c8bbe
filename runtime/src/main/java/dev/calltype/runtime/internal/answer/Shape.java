package dev.calltype.runtime.internal.answer;

import dev.calltype.runtime.internal.args.JsonCoercion;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * The shape of an answer type as {@link DirectReader} binds it: scalars read by the same coercions the generated
 * tree readers use, lists and sets of a shape, and records of such members, which may be optional or nullable. A
 * type with anything else (defaulted or constrained members, maps, arrays, sealed or recursive types) has no shape
 * and is read through the tree only.
 */
public abstract sealed class Shape permits Shape.Scalar, Shape.Sequence, Shape.Absent, Shape.Record {

    /** Reads one scalar node into its Java value, adding a problem when it does not fit. */
    @FunctionalInterface
    public interface ScalarRead {
        /**
         * Reads the node.
         *
         * @param node a string, number or literal node
         * @param problems where a problem is added
         * @return the value, or {@code null} after adding a problem
         */
        Object read(JsonNode node, List<String> problems);
    }

    /**
     * Binds a number written plainly without making a node, by the same coercion as the scalar's {@link ScalarRead}
     * (see {@code LenientJson.Tokens#number}).
     */
    @FunctionalInterface
    public interface PlainNumber {
        /**
         * Binds the number {@code unscaled} over ten to the {@code scale}.
         *
         * @return the value, or {@code null} when the node reader decides (it then says what does not fit)
         */
        Object bind(long unscaled, int scale);
    }

    /** Makes a record from its members' values, in declaration order. */
    @FunctionalInterface
    public interface Make {
        /**
         * Makes the record.
         *
         * @param members the values, one per member
         * @return the record
         */
        Object make(Object[] members);
    }

    private Shape() {
    }

    /** A scalar read by {@code read}. */
    public static Shape scalar(ScalarRead read) {
        return new Scalar(Objects.requireNonNull(read, "read"), null, false);
    }

    /** A number read by {@code read}, and bound by {@code plain} where it is written plainly. */
    public static Shape number(ScalarRead read, PlainNumber plain) {
        return new Scalar(Objects.requireNonNull(read, "read"), Objects.requireNonNull(plain, "plain"), false);
    }

    /**
     * A {@code String}: a JSON string as written, or a number or literal as {@code JsonCoercion.toStringValue} reads
     * it.
     */
    public static Shape text() {
        return TEXT;
    }

    private static final Shape TEXT = new Scalar((node, problems) -> JsonCoercion.toStringValue(node, "", problems),
            null, true);

    /**
     * A record member that may be left out or {@code null}: {@code whenAbsent} then (an empty {@code Optional},
     * {@code null} or a primitive's zero), and otherwise its value, wrapped in an {@code Optional} when
     * {@code optional}.
     */
    public static Shape absentAs(Shape value, Object whenAbsent, boolean optional) {
        if (value instanceof Absent) {
            throw new IllegalArgumentException("a member's shape is wrapped once");
        }
        return new Absent(Objects.requireNonNull(value, "value"), whenAbsent, optional);
    }

    /** A list of {@code element}, or a set when {@code set}. */
    public static Shape sequence(Shape element, boolean set) {
        return new Sequence(Objects.requireNonNull(element, "element"), set);
    }

    /** A record with these JSON member names and shapes, in declaration order, made by {@code make}. */
    public static Shape record(List<String> names, Make make, List<Shape> members) {
        if (names.size() != members.size()) {
            throw new IllegalArgumentException(names.size() + " names for " + members.size() + " members");
        }
        return new Record(names.toArray(new String[0]), members.toArray(new Shape[0]),
                Objects.requireNonNull(make, "make"));
    }

    /**
     * A scalar; {@code text} for a {@code String}, which a JSON string gives as written; {@code plain} (or
     * {@code null}) for a number, which binds a number written plainly.
     */
    static final class Scalar extends Shape {
        final ScalarRead read;
        final PlainNumber plain;
        final boolean text;

        Scalar(ScalarRead read, PlainNumber plain, boolean text) {
            this.read = read;
            this.plain = plain;
            this.text = text;
        }
    }

    /** A list or a set. */
    static final class Sequence extends Shape {
        final Shape element;
        final boolean set;

        Sequence(Shape element, boolean set) {
            this.element = element;
            this.set = set;
        }
    }

    /** A member that may be absent. */
    static final class Absent extends Shape {
        final Shape value;
        final Object whenAbsent;
        final boolean optional;

        Absent(Shape value, Object whenAbsent, boolean optional) {
            this.value = value;
            this.whenAbsent = whenAbsent;
            this.optional = optional;
        }
    }

    /** A record. */
    static final class Record extends Shape {
        final String[] names;
        final Shape[] members;
        final Make make;

        Record(String[] names, Shape[] members, Make make) {
            this.names = names;
            this.members = members;
            this.make = make;
        }
    }
}
