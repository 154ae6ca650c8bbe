package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

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

    @Property(tries = 3000)
    void contentIsWhatTheObjectMapperWrites(@ForAll("trees") JsonNode value) {
        assertThat(content(value)).isEqualTo(jacksonContent(value));
    }

    @Property(tries = 2000)
    void everyStringIsEscapedAsJacksonEscapesIt(@ForAll("strings") String s) {
        ObjectNode o = NODES.objectNode();
        o.put(s, s);
        assertThat(content(o)).isEqualTo(jacksonContent(o));
    }

    @Provide
    Arbitrary<String> strings() {
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(40),
                Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(40),
                Arbitraries.strings().withChars("\"\\/\b\f\n\r\t\u0000\u001f\u007f\u0080\u2028\ud83d\ude00\ud800")
                        .ofMaxLength(12));
    }

    @Provide
    Arbitrary<JsonNode> trees() {
        return trees(3);
    }

    private static Arbitrary<JsonNode> trees(int depth) {
        Arbitrary<JsonNode> leaf = Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(16).map(TextNode::valueOf),
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(16).map(TextNode::valueOf),
                Arbitraries.integers().map(IntNode::valueOf),
                Arbitraries.shorts().map(ShortNode::valueOf),
                Arbitraries.longs().map(LongNode::valueOf),
                Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, (long) Integer.MIN_VALUE, 0L, -1L, 10L)
                        .map(LongNode::valueOf),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30))
                        .map(BigIntegerNode::valueOf),
                Arbitraries.doubles().map(DoubleNode::valueOf),
                Arbitraries.of(-0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e-7, 1e21, 0.1, 1e7, 123456789.0,
                        Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY).map(DoubleNode::valueOf),
                Arbitraries.floats().map(FloatNode::valueOf),
                Arbitraries.of(-0.0f, 0.1f, Float.MAX_VALUE, Float.MIN_VALUE, Float.NaN, 1e10f).map(FloatNode::valueOf),
                Arbitraries.bigDecimals().ofScale(3).map(DecimalNode::valueOf),
                Arbitraries.of("0", "0.00", "1E+10", "-1.5E-12", "123456789012345678901234567890.5", "1e400", "100")
                        .map(BigDecimal::new).map(DecimalNode::valueOf),
                Arbitraries.of(BooleanNode.TRUE, BooleanNode.FALSE, NullNode.instance),
                Arbitraries.of(new POJONode(List.of(1, "two")), new POJONode(null), new BinaryNode(new byte[] {1, 2, 3}),
                        MissingNode.getInstance()));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<JsonNode> inner = trees(depth - 1);
        Arbitrary<JsonNode> array = inner.list().ofMaxSize(4).map(items -> {
            ArrayNode a = NODES.arrayNode();
            items.forEach(a::add);
            return a;
        });
        Arbitrary<JsonNode> object = Arbitraries.maps(Arbitraries.strings().all().ofMaxLength(8), inner).ofMaxSize(4)
                .map(fields -> {
                    ObjectNode o = NODES.objectNode();
                    fields.forEach(o::set);
                    return o;
                });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, leaf), net.jqwik.api.Tuple.of(2, array), net.jqwik.api.Tuple.of(3, object));
    }

    // ------------------------------------------------------------------ examples

    @Example
    void aStringValueIsTheContentAsItIs() {
        assertThat(content(TextNode.valueOf("Done: \"x\"\n"))).isEqualTo("Done: \"x\"\n");
        assertThat(content(TextNode.valueOf(""))).isEmpty();
    }

    @Example
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

    @Example
    void nonFiniteNumbersAndForeignNodesAreWrittenByJackson() {
        ObjectNode o = NODES.objectNode();
        o.put("nan", Double.NaN);
        o.put("inf", Float.NEGATIVE_INFINITY);
        o.putPOJO("pojo", List.of("a", 1));
        o.put("bytes", new byte[] {0, 1, 2});
        assertThat(content(o)).isEqualTo(jacksonContent(o))
                .isEqualTo("{\"nan\":\"NaN\",\"inf\":\"-Infinity\",\"pojo\":[\"a\",1],\"bytes\":\"AAEC\"}");
    }

    @Example
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

    @Example
    void aLongResultThenAShortOneOnTheSameThread() {
        String big = "x\u00e9\"".repeat(20_000);
        ArrayNode a = NODES.arrayNode().add(big).add(big);
        assertThat(content(a)).isEqualTo(jacksonContent(a));
        ObjectNode small = NODES.objectNode().put("n", 1);
        assertThat(content(small)).isEqualTo("{\"n\":1}");
    }

    @Example
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

    @Example
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

    @Example
    void equalResultsHaveEqualContentAndValue() {
        ObjectNode a = NODES.objectNode().put("n", 1);
        ObjectNode b = NODES.objectNode().put("n", 1);
        assertThat(ToolResult.success("t", "1", a)).isEqualTo(ToolResult.success("t", "1", b))
                .hasSameHashCodeAs(ToolResult.success("t", "1", b));
        assertThat(ToolResult.success("t", "1", a).value()).isSameAs(a);
    }
}
