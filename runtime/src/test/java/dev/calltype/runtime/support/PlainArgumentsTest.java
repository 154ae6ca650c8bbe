package dev.calltype.runtime.support;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plain-object fast path reads exactly the members Jackson's strict parser reads, node for node, or declines:
 * never a different value, never a text the strict parser refuses.
 */
class PlainArgumentsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ExtractionLimits LIMITS = ExtractionLimits.DEFAULTS;
    private static final List<String> NAMES = List.of("sku", "quantity", "priority", "address", "tags");

    @Test
    void aPlainObjectOfParametersIsReadNodeForNode() {
        JsonNode[] m = PlainArguments.read(" {\"sku\":\"WH-1042\", \"quantity\":3,\n\"address\":{\"street\":\"12 Harbour"
                + " Road\",\"n\":[1,-2,true,null,{}]},\"tags\":[]}\r\n", NAMES, LIMITS);
        assertThat(m).isNotNull();
        assertThat(m[0]).isEqualTo(TextNode.valueOf("WH-1042"));
        assertThat(m[1]).isEqualTo(IntNode.valueOf(3));
        assertThat(m[2]).isNull();
        assertThat(m[3].toString()).isEqualTo("{\"street\":\"12 Harbour Road\",\"n\":[1,-2,true,null,{}]}");
        assertThat(m[4].isArray()).isTrue();
        assertThat(PlainArguments.read("{\"quantity\":12345678901}", NAMES, LIMITS)[1])
                .isEqualTo(LongNode.valueOf(12345678901L));
        assertThat(PlainArguments.read("{}", NAMES, LIMITS)).containsOnlyNulls();
    }

    @Test
    void anythingButAPlainObjectOfKnownMembersIsDeclined() {
        for (String text : List.of("", " ", "[]", "{\"sku\":\"a\\nb\"}", "{\"sku\":1.5}", "{\"sku\":1e3}",
                "{\"other\":1}", "{\"sku\":1,\"sku\":2}", "{\"address\":{\"a\":1,\"a\":2}}", "{'sku':1}",
                "{\"sku\":1,}", "{\"sku\":01}", "{\"sku\":-}", "{\"sku\":tru}", "{\"sku\":1} x", "{\"sku\":1}{}",
                "{\"sku\":\"a\tb\"}", "\u00a0{}", "{\"sku\":1234567890123456789}", "{\"sku\":[[[[[[[[[1]]]]]]]]]}",
                "{\"sku\":\"open}", "{\"sku\" 1}", "{\"sku\":NaN}", "{\"sku\":1 /* c */}")) {
            assertThat(PlainArguments.read(text, NAMES, LIMITS)).as(text).isNull();
        }
        assertThat(PlainArguments.read("{\"sku\":\"abcdef\"}", NAMES, LIMITS.withMaxStringChars(5))).isNull();
        assertThat(PlainArguments.read("{\"sku\":123456}", NAMES, LIMITS.withMaxNumberDigits(5))).isNull();
        assertThat(PlainArguments.read("{\"address\":{\"a\":{}}}", NAMES, LIMITS.withMaxDepth(2))).isNull();
        assertThat(PlainArguments.read("{\"sku\":\"abc\"}", NAMES, LIMITS.withMaxPayloadChars(5))).isNull();
        assertThat(PlainArguments.read("{\"skus\":1}", NAMES, LIMITS)).isNull();
        assertThat(PlainArguments.read("{\"sk\":1}", NAMES, LIMITS)).isNull();
    }

    @Test
    void onlyNamesWrittenWithoutEscapesArePlain() {
        assertThat(ResultWriter.plain("sku")).isTrue();
        assertThat(ResultWriter.plain("caf\u00e9 name")).isTrue();
        assertThat(ResultWriter.plain("a\\b")).isFalse();
        assertThat(ResultWriter.plain("a\"b")).isFalse();
        assertThat(ResultWriter.plain("a\tb")).isFalse();
    }

    @Test
    void whatItReadsIsWhatTheStrictParserReads() {
        Property.forAll(5000, texts(), text -> {
            JsonNode[] members = PlainArguments.read(text, NAMES, LIMITS);
            if (members == null) {
                return;
            }
            JsonNode tree = JSON.readTree(text); // throws when the text is not strict JSON: then the test fails
            assertThat(tree.isObject()).isTrue();
            int present = 0;
            for (int i = 0; i < NAMES.size(); i++) {
                assertThat(members[i]).isEqualTo(tree.get(NAMES.get(i)));
                present += members[i] == null ? 0 : 1;
            }
            assertThat(present).isEqualTo(tree.size());
        });
    }

    /** Argument texts near the plain ones: JSON, almost JSON, with and without the parameters' names. */
    private static Gen<String> texts() {
        Gen<String> strings = Gen.oneOf(Gen.strings(Gen.anyChar(), 8),
                Gen.strings(Gen.chars("ab \"\\\u0001\u007f\ud800\udc00\u2028/"), 6),
                Gen.strings(Gen.charRange('a', 'z'), 6)).map(s -> '"' + s + '"');
        Gen<String> numbers = Gen.oneOf(Gen.ints().map(String::valueOf), Gen.longs().map(String::valueOf),
                Gen.of("0", "-0", "01", "-", "1.0", "1e2", "12345678901234567890", "999999999999999999",
                        "-2147483649", "2147483648"));
        Gen<String> scalars = Gen.oneOf(strings, numbers, Gen.of("true", "false", "null", "tru", "nul", "NaN"));
        Gen<String> values = Gen.oneOf(scalars,
                scalars.list(3).map(l -> "[" + String.join(",", l) + "]"),
                Gen.of("street", "a", "b").flatMap(k -> scalars.map(v -> "{\"" + k + "\":" + v + "}")),
                Gen.of("{\"a\":1,\"a\":2}", "[[]]", "{\"x\":[{\"y\":{}}]}", "[1,]", "{,}"));
        Gen<String> keys = Gen.oneOf(Gen.of(NAMES), Gen.of("other", "Sku", "sku ", "s\\u006bu"));
        Gen<String> blanks = Gen.of("", "", " ", "\n", "\t", "\r\n", "\u00a0", "\f");
        Gen<String> member = keys.flatMap(k -> blanks.flatMap(b -> values.map(v -> "\"" + k + "\"" + b + ":" + b + v)));
        return member.list(0, 4).flatMap(ms -> blanks.flatMap(b -> Gen.of(",", ", ", ",,", " ,").flatMap(sep ->
                Gen.of("{%s}", " {%s} ", "{%s", "{%s}}", "[%s]", "{%s} 1").map(shape ->
                        b + String.format(shape, String.join(sep, ms)) + b))));
    }
}
