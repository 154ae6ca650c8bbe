package dev.calltype.runtime.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoercionTest {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    enum Units { CELSIUS, FAHRENHEIT }

    private final List<String> problems = new ArrayList<>();

    @Test
    void numericStringsAndWholeDecimalsBecomeIntegers() {
        assertThat(Coercion.toInt(TextNode.valueOf("3"), "n", problems)).isEqualTo(3);
        assertThat(Coercion.toInt(F.numberNode(3.0), "n", problems)).isEqualTo(3);
        assertThat(Coercion.toLong(F.numberNode(new BigDecimal("4.000")), "n", problems)).isEqualTo(4L);
        assertThat(problems).isEmpty();
    }

    @Test
    void lossyNumberIsAProblemNeverTruncated() {
        assertThat(Coercion.toInt(F.numberNode(5.5), "item.quantity", problems)).isNull();
        assertThat(problems).containsExactly("parameter 'item.quantity' must be an integer, got 5.5");
    }

    @Test
    void outOfRangeIntegerNamesTheRange() {
        assertThat(Coercion.toByte(F.numberNode(300), "b", problems)).isNull();
        assertThat(problems).containsExactly("parameter 'b' must be an integer from -128 to 127, got 300");
    }

    @Test
    void hugeExponentIsRefusedWithoutExpandingIt() {
        JsonNode huge = TextNode.valueOf("1e999999999");
        assertThat(Coercion.toInt(huge, "n", problems)).isNull();
        assertThat(Coercion.toLong(huge, "n", problems)).isNull();
        assertThat(Coercion.toBigInteger(huge, "n", problems)).isNull();
        assertThat(Coercion.toBigInteger(F.numberNode(new BigDecimal("1e999999999")), "n", problems)).isNull();
        assertThat(problems).hasSize(4);
        assertThat(Coercion.toBigInteger(TextNode.valueOf("12345678901234567890123"), "n", new ArrayList<>()))
                .isEqualTo(new BigInteger("12345678901234567890123"));
    }

    @Test
    void booleanStringsInAnyCase() {
        assertThat(Coercion.toBoolean(TextNode.valueOf("TRUE"), "b", problems)).isTrue();
        assertThat(Coercion.toBoolean(TextNode.valueOf("yes"), "b", problems)).isNull();
        assertThat(problems).containsExactly("parameter 'b' must be a boolean, got \"yes\"");
    }

    @Test
    void enumConstantsMatchIgnoringCaseAndListTheChoices() {
        assertThat(Coercion.toEnum(TextNode.valueOf("celsius"), "units", problems, Units.values()))
                .isEqualTo(Units.CELSIUS);
        assertThat(Coercion.toEnum(TextNode.valueOf("kelvin"), "units", problems, Units.values())).isNull();
        assertThat(problems).containsExactly(
                "parameter 'units' must be one of \"CELSIUS\", \"FAHRENHEIT\", got \"kelvin\"");
    }

    @Test
    void singleValueBecomesOneElementListAndJsonStringsAreDecoded() {
        assertThat(Coercion.toArray(TextNode.valueOf("a"), "tags", problems)).hasSize(1);
        assertThat(Coercion.toArray(TextNode.valueOf("[1, 2]"), "tags", problems)).hasSize(2);
        assertThat(Coercion.toObject(TextNode.valueOf("{\"sku\": \"A1\"}"), "item", problems).get("sku").textValue())
                .isEqualTo("A1");
        assertThat(problems).isEmpty();
    }

    @Test
    void datesParseInIsoFormAndExplainTheExpectedForm() {
        assertThat(Coercion.toLocalDate(TextNode.valueOf("2024-05-31"), "day", problems))
                .isEqualTo(LocalDate.of(2024, 5, 31));
        assertThat(Coercion.toLocalDate(TextNode.valueOf("May 31"), "day", problems)).isNull();
        assertThat(problems).containsExactly(
                "parameter 'day' must be a date such as \"2024-05-31\", got \"May 31\"");
    }

    @Test
    void localDateTimeAcceptsTheOffsetFormItsSchemaAdvertises() {
        assertThat(Coercion.toLocalDateTime(TextNode.valueOf("2024-05-31T14:30:00"), "at", problems))
                .isEqualTo(java.time.LocalDateTime.of(2024, 5, 31, 14, 30));
        assertThat(Coercion.toLocalDateTime(TextNode.valueOf("2024-05-31T14:30:00Z"), "at", problems))
                .isEqualTo(java.time.LocalDateTime.of(2024, 5, 31, 14, 30));
        assertThat(Coercion.toLocalDateTime(TextNode.valueOf("tomorrow"), "at", problems)).isNull();
        assertThat(problems).hasSize(1);
    }

    @Test
    void describedValuesAreBoundedAndEscaped() {
        String described = Coercion.describe(TextNode.valueOf("x".repeat(500) + "\u0000"));
        assertThat(described.length()).isLessThan(80);
        assertThat(Coercion.describe(TextNode.valueOf("a\u0001b"))).isEqualTo("\"a\\u0001b\"");
    }
}
