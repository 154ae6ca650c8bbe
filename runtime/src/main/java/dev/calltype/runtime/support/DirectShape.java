package dev.calltype.runtime.support;

import dev.calltype.runtime.internal.answer.Shape;
import dev.calltype.runtime.internal.args.JsonCoercion;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The shape of an answer type that generated {@code <Type>Answer} classes hand to
 * {@link AnswerSupport#parse(CharSequence, AnswerTexts, AnswerSupport.Reader, DirectShape)}, so that an answer that
 * fits its type as written is bound straight from the text instead of through a JSON tree. The processor makes one
 * for records of scalars, enums, lists, sets and such records, optional or nullable members included, but no
 * defaulted or constrained ones; the scalars
 * are read by the same {@code Coercion} methods as the tree readers. Support for generated code, no API.
 */
public final class DirectShape {

    /** Reads one scalar, as a {@code Coercion} method does. */
    @FunctionalInterface
    public interface Scalar {
        /**
         * Reads the node.
         *
         * @param node a string, number or literal node
         * @param problems where a problem is added
         * @return the value, or {@code null} after adding a problem
         */
        Object read(JsonNode node, List<String> problems);
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

    private final Shape shape;

    private DirectShape(Shape shape) {
        this.shape = shape;
    }

    Shape shape() {
        return shape;
    }

    /** A scalar or enum read by {@code read}. */
    public static DirectShape scalar(Scalar read) {
        return new DirectShape(Shape.scalar(read::read));
    }

    /** An {@code int}, read as {@code Coercion.toInt} reads it. */
    public static DirectShape intValue() {
        return INT;
    }

    /** A {@code long}, read as {@code Coercion.toLong} reads it. */
    public static DirectShape longValue() {
        return LONG;
    }

    /** A {@code BigDecimal}, read as {@code Coercion.toBigDecimal} reads it. */
    public static DirectShape bigDecimal() {
        return BIG_DECIMAL;
    }

    // a number written plainly is bound by the coercion's own rule for one, without a node
    private static final DirectShape INT = new DirectShape(Shape.number((n, p) -> Coercion.toInt(n, "", p),
            JsonCoercion::intOfPlain));
    private static final DirectShape LONG = new DirectShape(Shape.number((n, p) -> Coercion.toLong(n, "", p),
            JsonCoercion::longOfPlain));
    private static final DirectShape BIG_DECIMAL = new DirectShape(Shape.number(
            (n, p) -> Coercion.toBigDecimal(n, "", p), JsonCoercion::decimalOfPlain));

    /** A {@code String}, read as {@code Coercion.toStringValue} reads it. */
    public static DirectShape text() {
        return TEXT;
    }

    private static final DirectShape TEXT = new DirectShape(Shape.text());

    /** A record member of type {@code Optional}: empty when left out or {@code null}. */
    public static DirectShape optional(DirectShape value) {
        return new DirectShape(Shape.absentAs(value.shape, java.util.Optional.empty(), true));
    }

    /**
     * A record member that need not be given: {@code whenAbsent} ({@code null}, or a primitive's zero) when left
     * out or {@code null}.
     */
    public static DirectShape orElse(DirectShape value, Object whenAbsent) {
        return new DirectShape(Shape.absentAs(value.shape, whenAbsent, false));
    }

    /** A list (or collection) of {@code element}. */
    public static DirectShape list(DirectShape element) {
        return new DirectShape(Shape.sequence(element.shape, false));
    }

    /** A set of {@code element}. */
    public static DirectShape set(DirectShape element) {
        return new DirectShape(Shape.sequence(element.shape, true));
    }

    /**
     * A record.
     *
     * @param names its members' JSON names, in declaration order
     * @param make makes it from the members' values, in that order
     * @param members the members' shapes, in that order
     */
    public static DirectShape record(List<String> names, Make make, DirectShape... members) {
        Shape[] shapes = new Shape[members.length];
        for (int i = 0; i < members.length; i++) {
            shapes[i] = members[i].shape;
        }
        return new DirectShape(Shape.record(names, make::make, List.of(shapes)));
    }
}
