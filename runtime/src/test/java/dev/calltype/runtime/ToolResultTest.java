package dev.calltype.runtime;

import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import static org.assertj.core.api.Assertions.assertThat;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BinaryNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.node.ShortNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * A successful result's content is the text Jackson's {@code ObjectMapper} writes for its value, to
 * the character, whichever nodes the value holds: the ones {@code ToolResult} writes itself and the
 * ones it leaves to Jackson.
 */
class ToolResultTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** What a result's content was when every value went through the ObjectMapper. */
    private static String jacksonContent(JsonNode value) {
        if (value.isTextual()) {
            return value.textValue();
        }
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return value.toString();
        }
    }

    private static String content(JsonNode value) {
        return ToolResult.success("tool", null, value).content();
    }

    // ------------------------------------------------------------------ properties

    @Test
    void contentIsWhatTheObjectMapperWrites() {
        Property.forAll(3000, trees(3), value -> assertThat(content(value)).isEqualTo(jacksonContent(value)));
    }

    @Test
    void everyStringIsEscapedAsJacksonEscapesIt() {
        Property.forAll(2000, strings(), s -> {
            ObjectNode o = NODES.objectNode();
            o.put(s, s);
            assertThat(content(o)).isEqualTo(jacksonContent(o));
        });
    }

    private static Gen<String> strings() {
        return Gen.oneOf(
                Gen.strings(Gen.anyChar(), 40),
                Gen.strings(Gen.charRange('\u0000', '\u00ff'), 40),
                Gen.strings(Gen.chars("\"\\/\b\f\n\r\t\u0000\u001f\u007f\u0080\u2028\ud83d\ude00\ud800"), 12));
    }

    private static Gen<JsonNode> trees(int depth) {
        Gen<JsonNode> leaf = Gen.oneOf(
                Gen.strings(Gen.anyChar(), 16).map(TextNode::valueOf),
                Gen.strings(Gen.charRange(' ', '~'), 16).map(TextNode::valueOf),
                Gen.ints().map(IntNode::valueOf),
                Gen.shorts().map(ShortNode::valueOf),
                Gen.longs().map(LongNode::valueOf),
                Gen.of(Long.MIN_VALUE, Long.MAX_VALUE, (long) Integer.MIN_VALUE, 0L, -1L, 10L).map(LongNode::valueOf),
                Gen.bigIntegers(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)).map(BigIntegerNode::valueOf),
                Gen.doubles().map(DoubleNode::valueOf),
                Gen.of(-0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e-7, 1e21, 0.1, 1e7, 123456789.0,
                        Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY).map(DoubleNode::valueOf),
                Gen.floats().map(FloatNode::valueOf),
                Gen.of(-0.0f, 0.1f, Float.MAX_VALUE, Float.MIN_VALUE, Float.NaN, 1e10f).map(FloatNode::valueOf),
                Gen.bigDecimals(3).map(DecimalNode::valueOf),
                Gen.of("0", "0.00", "1E+10", "-1.5E-12", "123456789012345678901234567890.5", "1e400", "100")
                        .map(BigDecimal::new).map(DecimalNode::valueOf),
                Gen.of(BooleanNode.TRUE, BooleanNode.FALSE, NullNode.instance),
                Gen.of(new POJONode(List.of(1, "two")), new POJONode(null), new BinaryNode(new byte[] {1, 2, 3}),
                        MissingNode.getInstance()));
        if (depth == 0) {
            return leaf;
        }
        Gen<JsonNode> inner = trees(depth - 1);
        Gen<JsonNode> array = inner.list(4).map(items -> {
            ArrayNode a = NODES.arrayNode();
            items.forEach(a::add);
            return a;
        });
        Gen<JsonNode> object = Gen.maps(Gen.strings(Gen.anyChar(), 8), inner, 4).map(fields -> {
            ObjectNode o = NODES.objectNode();
            fields.forEach(o::set);
            return o;
        });
        return Gen.frequency(3, leaf, 2, array, 3, object);
    }

    // ------------------------------------------------------------------ examples

    @Test
    void aStringValueIsTheContentAsItIs() {
        assertThat(content(TextNode.valueOf("Done: \"x\"\n"))).isEqualTo("Done: \"x\"\n");
        assertThat(content(TextNode.valueOf(""))).isEmpty();
    }

    @Test
    void aRecordLikeObjectIsCompactJson() {
        ObjectNode o = NODES.objectNode();
        o.put("reference", "WH-1042-3-E-5003");
        o.put("quantity", 3);
        o.put("priority", "EXPRESS");
        o.put("deliverTo", "12 Harbour Road, 5003 Bergen");
        o.set("tags", NODES.arrayNode().add(1.5).add(NODES.nullNode()).add(true));
        assertThat(content(o)).isEqualTo("{\"reference\":\"WH-1042-3-E-5003\",\"quantity\":3,\"priority\":\"EXPRESS\","
                + "\"deliverTo\":\"12 Harbour Road, 5003 Bergen\",\"tags\":[1.5,null,true]}");
    }

    @Test
    void nonFiniteNumbersAndForeignNodesAreWrittenByJackson() {
        ObjectNode o = NODES.objectNode();
        o.put("nan", Double.NaN);
        o.put("inf", Float.NEGATIVE_INFINITY);
        o.putPOJO("pojo", List.of("a", 1));
        o.put("bytes", new byte[] {0, 1, 2});
        assertThat(content(o)).isEqualTo(jacksonContent(o))
                .isEqualTo("{\"nan\":\"NaN\",\"inf\":\"-Infinity\",\"pojo\":[\"a\",1],\"bytes\":\"AAEC\"}");
    }

    @Test
    void deeplyNestedValuesAreWrittenAsJacksonWritesThem() {
        for (int depth : new int[] {499, 500, 501, 999, 1000}) {
            JsonNode value = nested(depth);
            assertThat(content(value)).as("depth %d", depth).isEqualTo(jacksonContent(value));
        }
        // deeper than Jackson writes: the result cannot be made, as before
        JsonNode tooDeep = nested(1001);
        Throwable jackson = catchThrowable(() -> jacksonContent(tooDeep));
        assertThat(jackson).isNotNull();
        assertThatThrownBy(() -> content(tooDeep)).isInstanceOf(jackson.getClass())
                .hasMessage(jackson.getMessage());
    }

    private static JsonNode nested(int depth) {
        JsonNode value = NODES.numberNode(1);
        for (int i = 0; i < depth; i++) {
            value = i % 2 == 0 ? NODES.arrayNode().add(value) : NODES.objectNode().set("a", value);
        }
        return value;
    }

    @Test
    void aLongResultThenAShortOneOnTheSameThread() {
        String big = "x\u00e9\"".repeat(20_000);
        ArrayNode a = NODES.arrayNode().add(big).add(big);
        assertThat(content(a)).isEqualTo(jacksonContent(a));
        ObjectNode small = NODES.objectNode().put("n", 1);
        assertThat(content(small)).isEqualTo("{\"n\":1}");
    }

    @Test
    void aResultWrittenWhileAnotherIsBeingWrittenGetsItsOwnBuffer() {
        List<String> inner = new ArrayList<>();
        BigDecimal reentrant = new BigDecimal("1.5") {
            @Override
            public String toString() {
                inner.add(content(NODES.objectNode().put("inner", "x")));
                return super.toString();
            }
        };
        ObjectNode o = NODES.objectNode().put("a", "before");
        o.set("n", DecimalNode.valueOf(reentrant));
        o.put("b", "after");
        assertThat(content(o)).isEqualTo("{\"a\":\"before\",\"n\":1.5,\"b\":\"after\"}");
        assertThat(inner).containsExactly("{\"inner\":\"x\"}");
    }

    @Test
    void threadsWritingAtOnceEachGetTheirOwnText() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Boolean>> tasks = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int id = t;
                tasks.add(() -> {
                    for (int i = 0; i < 2000; i++) {
                        ObjectNode o = NODES.objectNode().put("thread", id).put("i", i).put("s", "v" + id + "-" + i);
                        if (!content(o).equals(jacksonContent(o))) {
                            return false;
                        }
                    }
                    return true;
                });
            }
            for (Future<Boolean> f : pool.invokeAll(tasks)) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void equalResultsHaveEqualContentAndValue() {
        ObjectNode a = NODES.objectNode().put("n", 1);
        ObjectNode b = NODES.objectNode().put("n", 1);
        assertThat(ToolResult.success("t", "1", a)).isEqualTo(ToolResult.success("t", "1", b))
                .hasSameHashCodeAs(ToolResult.success("t", "1", b));
        assertThat(ToolResult.success("t", "1", a).value()).isSameAs(a);
    }

    @Test
    void aResultGivenAsTextIsTheResultOfItsTree() {
        Property.forAll(3000, trees(3), value -> {
            if (value.isTextual() || value.isMissingNode()) {
                return; // a string's content is not JSON text; a missing node writes no JSON
            }
            ToolResult fromTree = ToolResult.success("t", "1", value);
            ToolResult fromText = ToolResult.successJson("t", "1", fromTree.content());
            assertThat(fromText).isEqualTo(fromTree).hasSameHashCodeAs(fromTree);
            assertThat(fromText.content()).isEqualTo(fromTree.content());
            assertThat(fromText.isError()).isFalse();
            assertThat(MAPPER.writeValueAsString(fromText.value())).isEqualTo(fromTree.content());
            assertThat(fromText.value()).isSameAs(fromText.value());
        });
    }

    @Test
    void aStringAndTheSameTextAsANumberAreDifferentResults() {
        assertThat(ToolResult.success("t", null, TextNode.valueOf("5")))
                .isNotEqualTo(ToolResult.success("t", null, IntNode.valueOf(5)))
                .isNotEqualTo(ToolResult.successJson("t", null, "5"));
        assertThat(ToolResult.successJson("t", null, "5")).isEqualTo(ToolResult.success("t", null, LongNode.valueOf(5)));
        assertThat(ToolResult.successJson("t", null, "\"x\"").content()).isEqualTo("\"x\"");
        assertThat(ToolResult.successJson("t", null, "\"x\"").value()).isEqualTo(TextNode.valueOf("x"));
        assertThat(ToolResult.failure("t", null, "5")).isNotEqualTo(ToolResult.successJson("t", null, "5"));
        assertThat(ToolResult.failure("t", null, "5").value()).isNull();
    }

    @Test
    void textThatIsNotJsonFailsWhenItsValueIsAskedFor() {
        ToolResult r = ToolResult.successJson("t", null, "{\"a\":");
        assertThat(r.content()).isEqualTo("{\"a\":");
        assertThatThrownBy(r::value).isInstanceOf(IllegalStateException.class);
    }
}
