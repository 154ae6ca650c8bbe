package dev.calltype.runtime;

import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.json.LenientJson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.internal.json.JsonRead.Status;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

class LenientJsonPropertiesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ExtractionLimits LIMITS = ExtractionLimits.DEFAULTS;
    static final String GEMMA_QUOTE = "<|\"|>";

    // ------------------------------------------------------------------ generators

    static Arbitrary<JsonNode> trees(int depth) {
        Arbitrary<JsonNode> leaf = Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(12).map(TextNode::valueOf),
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(12).map(TextNode::valueOf),
                Arbitraries.integers().map(IntNode::valueOf),
                Arbitraries.longs().map(LongNode::valueOf),
                Arbitraries.bigIntegers().between(java.math.BigInteger.TEN.pow(30).negate(),
                        java.math.BigInteger.TEN.pow(30)).map(BigIntegerNode::valueOf),
                Arbitraries.doubles().map(DoubleNode::valueOf),
                Arbitraries.of(-0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e-7, 1e21, 0.1)
                        .map(DoubleNode::valueOf),
                Arbitraries.of(BooleanNode.TRUE, BooleanNode.FALSE, NullNode.instance));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<JsonNode> inner = trees(depth - 1);
        Arbitrary<JsonNode> array = inner.list().ofMaxSize(4).map(items -> {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            items.forEach(a::add);
            return a;
        });
        Arbitrary<JsonNode> object = Arbitraries.maps(Arbitraries.strings().all().ofMaxLength(6), inner).ofMaxSize(4)
                .map(fields -> {
                    ObjectNode o = JsonNodeFactory.instance.objectNode();
                    fields.forEach(o::set);
                    return o;
                });
        return Arbitraries.frequencyOf(Tuple.of(3, leaf), Tuple.of(2, array), Tuple.of(2, object));
    }

    @Provide
    Arbitrary<String> jacksonTexts() {
        return Combinators.combine(trees(3), Arbitraries.of(false, true)).as((tree, pretty) -> {
            try {
                return pretty ? MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree)
                        : MAPPER.writeValueAsString(tree);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    private static final List<String> TOKENS = List.of("{", "}", "[", "]", ",", ":", "\"a\"", "'b'", "\"x\\\"y\"",
            "\"O'Reilly\"", "'say \"hi\"'", "“q”", "‘s’", "1", "-2.5e3", "0", "12", "true", "True", "None", "nul",
            "NaN", "//c\n", "/*c*/", "/", " ", "\n", "\r\n", "\t", "key", "x-y", "\\", "\"", "'", ".", "e", "+", "-",
            "\\u00e9", "\"\\u12", "\u0000", "\ud800", "}}", "]]", GEMMA_QUOTE, "<|", "{\"k\":", "[1,", "\"a\":{\"b\":");

    @Provide
    Arbitrary<String> tokenSoup() {
        return Arbitraries.of(TOKENS).list().ofMaxSize(30).map(l -> String.join("", l));
    }

    @Provide
    Arbitrary<String> mangledJson() {
        Arbitrary<List<Tuple.Tuple3<Double, Integer, String>>> edits = Combinators.combine(
                Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(0, 2), Arbitraries.of(TOKENS))
                .as(Tuple::of).list().ofMaxSize(4);
        return Combinators.combine(jacksonTexts(), edits).as((text, es) -> {
            StringBuilder b = new StringBuilder(text);
            for (Tuple.Tuple3<Double, Integer, String> e : es) {
                int at = (int) (e.get1() * b.length());
                switch (e.get2()) {
                    case 0 -> b.insert(at, e.get3());
                    case 1 -> {
                        if (at < b.length()) {
                            b.deleteCharAt(at);
                        }
                    }
                    default -> {
                        if (at < b.length() && b.charAt(at) == '"') {
                            b.setCharAt(at, '\'');
                        }
                    }
                }
            }
            return b.toString();
        });
    }

    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(40), tokenSoup(), mangledJson());
    }

    // ------------------------------------------------------------------ properties

    @Property(tries = 400)
    void jacksonOutputReadsAsJacksonReadsItWithNoRepairs(@ForAll("jacksonTexts") String text) throws Exception {
        JsonRead r = LenientJson.read(text, 0, text.length(), true, LIMITS);
        assertThat(r.status()).as(r.problem()).isEqualTo(Status.COMPLETE);
        assertThat(r.value()).isEqualTo(MAPPER.readTree(text));
        assertThat(r.repairs()).isEmpty();
        assertThat(r.end()).isEqualTo(text.length());
        assertThat(r.autoClosed()).isEmpty();
    }

    @Property(tries = 150)
    void everyPrefixOfValidJsonNeedsMoreOrGivesTheFullResult(@ForAll("jacksonTexts") String text) {
        assertPrefixStable(text, null);
    }

    @Property(tries = 300)
    void everyPrefixOfMangledJsonNeedsMoreOrGivesTheFullResult(@ForAll("mangledJson") String text) {
        assertPrefixStable(text, null);
    }

    @Property(tries = 500)
    void everyPrefixOfTokenSoupNeedsMoreOrGivesTheFullResult(@ForAll("tokenSoup") String text) {
        assertPrefixStable(text, null);
        assertPrefixStable(text, GEMMA_QUOTE);
    }

    @Property(tries = 200)
    void prefixStabilityHoldsUnderTightLimits(@ForAll("tokenSoup") String text) {
        ExtractionLimits tight = new ExtractionLimits(25, 3, 10, 4, 3, 100);
        String full = text;
        JsonRead whole = LenientJson.read(full, 0, full.length(), true, tight);
        for (int k = 0; k <= full.length(); k++) {
            JsonRead part = LenientJson.read(full.substring(0, k), 0, k, false, tight);
            assertSameOrNeedMore(full, k, part, whole);
        }
    }

    static void assertPrefixStable(String text, String rawQuote) {
        JsonRead whole = LenientJson.read(text, 0, text.length(), true, LIMITS, rawQuote);
        for (int k = 0; k <= text.length(); k++) {
            JsonRead part = LenientJson.read(text.substring(0, k), 0, k, false, LIMITS, rawQuote);
            assertSameOrNeedMore(text, k, part, whole);
        }
    }

    private static void assertSameOrNeedMore(String text, int k, JsonRead part, JsonRead whole) {
        if (part.status() == Status.NEED_MORE) {
            return;
        }
        String why = "cut at " + k + " of " + text;
        assertThat(part.status()).as(why).isEqualTo(whole.status());
        assertThat(part.value()).as(why).isEqualTo(whole.value());
        assertThat(part.end()).as(why).isEqualTo(whole.end());
        assertThat(part.repairs()).as(why).isEqualTo(whole.repairs());
        assertThat(part.problem()).as(why).isEqualTo(whole.problem());
        assertThat(part.problemOffset()).as(why).isEqualTo(whole.problemOffset());
        assertThat(part.autoClosed()).as(why).hasSameSizeAs(whole.autoClosed());
    }

    @Property(tries = 1000)
    void neverThrowsAndResultsAreConsistent(@ForAll("anyText") String text, @ForAll boolean atEnd) {
        for (int start : new int[] {0, text.length() / 2}) {
            JsonRead r = LenientJson.read(text, start, text.length(), atEnd, LIMITS, GEMMA_QUOTE);
            JsonRead plain = LenientJson.read(text, start, text.length(), atEnd, LIMITS);
            for (JsonRead x : List.of(r, plain)) {
                switch (x.status()) {
                    case COMPLETE -> {
                        assertThat(x.value()).isNotNull();
                        assertThat(x.end()).isBetween(start + 1, text.length());
                        assertThat(x.problem()).isNull();
                    }
                    case NEED_MORE -> assertThat(atEnd).isFalse();
                    default -> {
                        assertThat(x.value()).isNull();
                        assertThat(x.problem()).isNotBlank();
                        assertThat(x.problemOffset()).isBetween(start, text.length());
                    }
                }
                if (!atEnd) {
                    assertThat(x.status()).isNotEqualTo(Status.TRUNCATED);
                }
            }
        }
        assertThat(LenientJson.skipExtraClosers(text, 0, text.length())).isBetween(0, text.length());
    }

    @Property(tries = 200)
    void repairsAreListedOnce(@ForAll("mangledJson") String text) {
        JsonRead r = LenientJson.read(text, 0, text.length(), true, LIMITS);
        assertThat(r.repairs()).doesNotHaveDuplicates();
        if (r.status() == Status.COMPLETE) {
            assertThat(r.repairs().contains(Repair.MISSING_CLOSING_BRACKETS)).isEqualTo(!r.autoClosed().isEmpty());
        }
    }
}
