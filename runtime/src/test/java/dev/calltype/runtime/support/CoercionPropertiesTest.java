package dev.calltype.runtime.support;

import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ShortNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The readers' fast paths (ints without {@code BigDecimal}, paths joined only for a problem) answer
 * exactly as the general rules do: the same value or the same message, for every node.
 */
class CoercionPropertiesTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A reader's answer: its value, or the problems it added. */
    private record Answer(Object value, List<String> problems) {
    }

    private interface Reader {
        Object read(JsonNode node, String path, List<String> problems);
    }

    private static Answer answer(Reader reader, JsonNode node, String path) {
        List<String> problems = new ArrayList<>();
        Object value = reader.read(node, path, problems);
        return new Answer(value, problems);
    }

    // ------------------------------------------------------------------ integers and doubles

    @Test
    void integersReadAsThroughBigDecimal() {
        Property.forAll(4000, numbers(), CoercionPropertiesTest::readsAsThroughBigDecimal);
    }

    private static void readsAsThroughBigDecimal(JsonNode node) {
        assertThat(answer(Coercion::toInt, node, "n"))
                .isEqualTo(answer((n, p, q) -> referenceInteger(n, p, q, Integer.MIN_VALUE, Integer.MAX_VALUE,
                        Long::intValue), node, "n"));
        assertThat(answer(Coercion::toLong, node, "n"))
                .isEqualTo(answer((n, p, q) -> referenceInteger(n, p, q, Long.MIN_VALUE, Long.MAX_VALUE,
                        v -> v), node, "n"));
        assertThat(answer(Coercion::toShort, node, "n"))
                .isEqualTo(answer((n, p, q) -> referenceInteger(n, p, q, Short.MIN_VALUE, Short.MAX_VALUE,
                        Long::shortValue), node, "n"));
        assertThat(answer(Coercion::toByte, node, "n"))
                .isEqualTo(answer((n, p, q) -> referenceInteger(n, p, q, Byte.MIN_VALUE, Byte.MAX_VALUE,
                        Long::byteValue), node, "n"));
    }

    @Test
    void doublesReadAsThroughBigDecimal() {
        // Double.equals tells 0.0 from -0.0, and BigDecimal has no -0.0
        Property.forAll(4000, numbers(), node -> assertThat(answer(Coercion::toDouble, node, "x"))
                .isEqualTo(answer(CoercionPropertiesTest::referenceDouble, node, "x")));
    }

    private static Gen<JsonNode> numbers() {
        return Gen.oneOf(
                Gen.ints().map(IntNode::valueOf),
                Gen.ints(-300, 300).map(IntNode::valueOf),
                Gen.longs().map(LongNode::valueOf),
                Gen.of(Long.MIN_VALUE, Long.MAX_VALUE, (long) Integer.MAX_VALUE + 1, 1L << 53, (1L << 53) + 1)
                        .map(LongNode::valueOf),
                Gen.shorts().map(ShortNode::valueOf),
                Gen.bigIntegers(BigInteger.TEN.pow(25).negate(), BigInteger.TEN.pow(25)).map(BigIntegerNode::valueOf),
                Gen.doubles().map(DoubleNode::valueOf),
                Gen.of(-0.0, 0.0, 3.0, -7.0, 5.5, 1e300, 4.9e-324, Double.MAX_VALUE, Double.NaN,
                        Double.POSITIVE_INFINITY, 2147483648.0, -2147483649.0, 1e19).map(DoubleNode::valueOf),
                Gen.floats().map(FloatNode::valueOf),
                Gen.of(-0.0f, 0.1f, 3.0f, Float.NaN, Float.MAX_VALUE).map(FloatNode::valueOf),
                Gen.of("4.000", "1e2", "-0.0", "1e999999999", "12345678901234567890123")
                        .map(BigDecimal::new).map(DecimalNode::valueOf),
                numericText().map(TextNode::valueOf),
                Gen.of(BooleanNode.TRUE, NullNode.instance, NODES.objectNode(), NODES.arrayNode()));
    }

    private static Gen<String> numericText() {
        Gen<String> digits = Gen.strings(Gen.charRange('0', '9'), 1, 22);
        Gen<String> sign = Gen.of("", "-", "+", "--", " ", "\t");
        Gen<String> tail = Gen.of("", " ", ".0", ".5", "e2", "x", "\n");
        return Gen.oneOf(
                r -> sign.next(r) + digits.next(r) + tail.next(r),
                Gen.of("", "-", "+", "0", "-0", "+0", "007", "9223372036854775807", "9223372036854775808",
                        "-9223372036854775808", "999999999999999999", "-999999999999999999", "1000000000000000000",
                        "2147483647", "2147483648", "-2147483648", " 42 ", "١٢", "0x10", "1_000", "NaN", "Infinity",
                        ".5", "5.", "1e-2", "1E+2", "-1.0e1"),
                Gen.strings(Gen.chars("0123456789+-. eE"), 8));
    }

    /** The integer rule as it was written before the fast paths: through {@code BigDecimal}. */
    private static Object referenceInteger(JsonNode node, String path, List<String> problems, long min, long max,
                                           Function<Long, Object> narrow) {
        BigDecimal d = referenceExact(node);
        if (d == null) {
            problems.add(Coercion.mismatch(path, "an integer", node));
            return null;
        }
        if (d.precision() - d.scale() > 20) {
            problems.add(Coercion.mismatch(path, "an integer from " + min + " to " + max, node));
            return null;
        }
        BigInteger i;
        try {
            i = d.stripTrailingZeros().toBigIntegerExact();
        } catch (ArithmeticException e) {
            problems.add(Coercion.mismatch(path, "an integer", node));
            return null;
        }
        if (i.compareTo(BigInteger.valueOf(min)) < 0 || i.compareTo(BigInteger.valueOf(max)) > 0) {
            problems.add(Coercion.mismatch(path, "an integer from " + min + " to " + max, node));
            return null;
        }
        return narrow.apply(i.longValue());
    }

    /** The double rule as it was written before the fast paths. */
    private static Object referenceDouble(JsonNode node, String path, List<String> problems) {
        BigDecimal d = referenceExact(node);
        if (d == null) {
            problems.add(Coercion.mismatch(path, "a number", node));
            return null;
        }
        double v = d.doubleValue();
        if (Double.isInfinite(v)) {
            problems.add(Coercion.mismatch(path, "a number within the range of a double", node));
            return null;
        }
        return v;
    }

    /** The exact value as the engine reads it for every non-fast case (numbers and numeric strings). */
    private static BigDecimal referenceExact(JsonNode node) {
        return Coercion.exactNumber(node);
    }

    // ------------------------------------------------------------------ parent and member

    enum Units { CELSIUS, FAHRENHEIT }

    private interface MemberReader {
        Object read(JsonNode node, String parent, String member, List<String> problems);
    }

    @Test
    void aMemberReadsAsItsJoinedPath() {
        Property.forAll(1500, values(), parents(), CoercionPropertiesTest::readsAsItsJoinedPath);
    }

    private static void readsAsItsJoinedPath(JsonNode node, String parent) {
        String member = "quantity";
        String joined = Coercion.child(parent, member);
        check(node, parent, member, joined, Coercion::toStringValue, Coercion::toStringValue);
        check(node, parent, member, joined, Coercion::toChar, Coercion::toChar);
        check(node, parent, member, joined, Coercion::toBoolean, Coercion::toBoolean);
        check(node, parent, member, joined, Coercion::toInt, Coercion::toInt);
        check(node, parent, member, joined, Coercion::toLong, Coercion::toLong);
        check(node, parent, member, joined, Coercion::toShort, Coercion::toShort);
        check(node, parent, member, joined, Coercion::toByte, Coercion::toByte);
        check(node, parent, member, joined, Coercion::toBigInteger, Coercion::toBigInteger);
        check(node, parent, member, joined, Coercion::toDouble, Coercion::toDouble);
        check(node, parent, member, joined, Coercion::toFloat, Coercion::toFloat);
        check(node, parent, member, joined, Coercion::toBigDecimal, Coercion::toBigDecimal);
        check(node, parent, member, joined, Coercion::toUuid, Coercion::toUuid);
        check(node, parent, member, joined, Coercion::toUri, Coercion::toUri);
        check(node, parent, member, joined, Coercion::toLocalDate, Coercion::toLocalDate);
        check(node, parent, member, joined, Coercion::toLocalDateTime, Coercion::toLocalDateTime);
        check(node, parent, member, joined, Coercion::toOffsetDateTime, Coercion::toOffsetDateTime);
        check(node, parent, member, joined, Coercion::toInstant, Coercion::toInstant);
        check(node, parent, member, joined, Coercion::toDuration, Coercion::toDuration);
        check(node, parent, member, joined, (n, p, q) -> Coercion.toEnum(n, p, q, Units.values()),
                (n, p, m, q) -> Coercion.toEnum(n, p, m, q, Units.values()));
    }

    private static void check(JsonNode node, String parent, String member, String joined, Reader whole,
                              MemberReader split) {
        List<String> problems = new ArrayList<>();
        Object value = split.read(node, parent, member, problems);
        assertThat(new Answer(value, problems)).isEqualTo(answer(whole, node, joined));
    }

    @Test
    void aMemberIsCheckedAsItsJoinedPath() {
        Property.forAll(500, parents(), texts(), Gen.ints(), CoercionPropertiesTest::checkedAsItsJoinedPath);
    }

    private static void checkedAsItsJoinedPath(String parent, String text, int number) {
        String joined = Coercion.child(parent, "x");
        List<String> whole = new ArrayList<>();
        List<String> split = new ArrayList<>();
        ValueChecks.minimum(number, "10", joined, whole);
        ValueChecks.minimum(number, "10", parent, "x", split);
        ValueChecks.maximum(number, "10", joined, whole);
        ValueChecks.maximum(number, "10", parent, "x", split);
        ValueChecks.length(text, 2, 5, joined, whole);
        ValueChecks.length(text, 2, 5, parent, "x", split);
        ValueChecks.size(Math.floorMod(number, 8), 2, 5, joined, whole);
        ValueChecks.size(Math.floorMod(number, 8), 2, 5, parent, "x", split);
        ValueChecks.pattern(text, Pattern.compile("[a-z]+"), joined, whole);
        ValueChecks.pattern(text, Pattern.compile("[a-z]+"), parent, "x", split);
        ValueChecks.notBlank(text, joined, whole);
        ValueChecks.notBlank(text, parent, "x", split);
        ValueChecks.email(text, joined, whole);
        ValueChecks.email(text, parent, "x", split);
        assertThat(split).isEqualTo(whole);
    }

    private static Gen<JsonNode> values() {
        return Gen.oneOf(numbers(),
                Gen.of("x", "", "CELSIUS", "fahrenheit", "true", "FALSE", "2024-05-31", "2024-05-31T14:30:00",
                        "2024-05-31T14:30:00+02:00", "2024-05-31T12:30:00Z", "PT15M", "https://example.com/a",
                        "a b", "123e4567-e89b-12d3-a456-426614174000", " 7 ").map(TextNode::valueOf));
    }

    private static Gen<String> parents() {
        return Gen.of("", "item", "order.items[2]", "a.b");
    }

    private static Gen<String> texts() {
        return Gen.of("", " ", "ab", "abcdef", "a@b", "x y@z", "ABC", "é");
    }
}
