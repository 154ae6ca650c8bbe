package dev.calltype.runtime.internal.json;

import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

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
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.internal.json.JsonRead.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

class LenientJsonPropertiesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ExtractionLimits LIMITS = ExtractionLimits.DEFAULTS;
    static final String GEMMA_QUOTE = "<|\"|>";

    // ------------------------------------------------------------------ generators

    static Gen<JsonNode> trees(int depth) {
        Gen<JsonNode> leaf = Gen.oneOf(
                Gen.strings(Gen.anyChar(), 12).map(TextNode::valueOf),
                Gen.strings(Gen.charRange(' ', '~'), 12).map(TextNode::valueOf),
                Gen.ints().map(IntNode::valueOf),
                Gen.longs().map(LongNode::valueOf),
                Gen.bigIntegers(java.math.BigInteger.TEN.pow(30).negate(), java.math.BigInteger.TEN.pow(30))
                        .map(BigIntegerNode::valueOf),
                Gen.doubles().map(DoubleNode::valueOf),
                Gen.of(-0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e-7, 1e21, 0.1).map(DoubleNode::valueOf),
                Gen.of(BooleanNode.TRUE, BooleanNode.FALSE, NullNode.instance));
        if (depth == 0) {
            return leaf;
        }
        Gen<JsonNode> inner = trees(depth - 1);
        Gen<JsonNode> array = inner.list(4).map(items -> {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            items.forEach(a::add);
            return a;
        });
        Gen<JsonNode> object = Gen.maps(Gen.strings(Gen.anyChar(), 6), inner, 4).map(fields -> {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            fields.forEach(o::set);
            return o;
        });
        return Gen.frequency(3, leaf, 2, array, 2, object);
    }

    static Gen<String> jacksonTexts() {
        Gen<JsonNode> trees = trees(3);
        return r -> {
            JsonNode tree = trees.next(r);
            boolean pretty = r.nextBoolean();
            try {
                return pretty ? MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree)
                        : MAPPER.writeValueAsString(tree);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        };
    }

    private static final List<String> TOKENS = List.of("{", "}", "[", "]", ",", ":", "\"a\"", "'b'", "\"x\\\"y\"",
            "\"O'Reilly\"", "'say \"hi\"'", "“q”", "‘s’", "1", "-2.5e3", "0", "12", "true", "True", "None", "nul",
            "NaN", "//c\n", "/*c*/", "/", " ", "\n", "\r\n", "\t", "key", "x-y", "\\", "\"", "'", ".", "e", "+", "-",
            "\\u00e9", "\"\\u12", "\u0000", "\ud800", "}}", "]]", GEMMA_QUOTE, "<|", "{\"k\":", "[1,", "\"a\":{\"b\":");

    static Gen<String> tokenSoup() {
        return Gen.joined(Gen.of(TOKENS), 30);
    }

    /** An edit of a text: where (0 to 1 of its length), what to do (insert, delete, requote), what to insert. */
    private record Edit(double at, int kind, String token) {
    }

    static Gen<String> mangledJson() {
        Gen<Double> at = Gen.doubles(0, 1);
        Gen<Integer> kind = Gen.ints(0, 2);
        Gen<String> token = Gen.of(TOKENS);
        Gen<List<Edit>> edits = ((Gen<Edit>) r -> new Edit(at.next(r), kind.next(r), token.next(r))).list(4);
        Gen<String> texts = jacksonTexts();
        return r -> {
            StringBuilder b = new StringBuilder(texts.next(r));
            for (Edit e : edits.next(r)) {
                int i = (int) (e.at() * b.length());
                switch (e.kind()) {
                    case 0 -> b.insert(i, e.token());
                    case 1 -> {
                        if (i < b.length()) {
                            b.deleteCharAt(i);
                        }
                    }
                    default -> {
                        if (i < b.length() && b.charAt(i) == '"') {
                            b.setCharAt(i, '\'');
                        }
                    }
                }
            }
            return b.toString();
        };
    }

    static Gen<String> anyText() {
        return Gen.oneOf(Gen.strings(Gen.anyChar(), 40), tokenSoup(), mangledJson());
    }

    // ------------------------------------------------------------------ properties

    @Test
    void jacksonOutputReadsAsJacksonReadsItWithNoRepairs() {
        Property.forAll(400, jacksonTexts(), text -> {
            JsonRead r = LenientJson.read(text, 0, text.length(), true, LIMITS);
            assertThat(r.status()).as(r.problem()).isEqualTo(Status.COMPLETE);
            assertThat(r.value()).isEqualTo(MAPPER.readTree(text));
            assertThat(r.repairs()).isEmpty();
            assertThat(r.end()).isEqualTo(text.length());
            assertThat(r.autoClosed()).isEmpty();
        });
    }

    @Test
    void everyPrefixOfValidJsonNeedsMoreOrGivesTheFullResult() {
        Property.forAll(150, jacksonTexts(), text -> assertPrefixStable(text, null));
    }

    @Test
    void everyPrefixOfMangledJsonNeedsMoreOrGivesTheFullResult() {
        Property.forAll(300, mangledJson(), text -> assertPrefixStable(text, null));
    }

    @Test
    void everyPrefixOfTokenSoupNeedsMoreOrGivesTheFullResult() {
        Property.forAll(500, tokenSoup(), text -> {
            assertPrefixStable(text, null);
            assertPrefixStable(text, GEMMA_QUOTE);
        });
    }

    @Test
    void prefixStabilityHoldsUnderTightLimits() {
        ExtractionLimits tight = new ExtractionLimits(25, 3, 10, 4, 3, 100);
        Property.forAll(200, tokenSoup(), text -> {
            JsonRead whole = LenientJson.read(text, 0, text.length(), true, tight);
            for (int k = 0; k <= text.length(); k++) {
                JsonRead part = LenientJson.read(text.substring(0, k), 0, k, false, tight);
                assertSameOrNeedMore(text, k, part, whole);
            }
        });
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

    @Test
    void neverThrowsAndResultsAreConsistent() {
        Property.forAll(1000, anyText(), Gen.booleans(), LenientJsonPropertiesTest::consistentResults);
    }

    private static void consistentResults(String text, boolean atEnd) {
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

    @Test
    void repairsAreListedOnce() {
        Property.forAll(200, mangledJson(), text -> {
            JsonRead r = LenientJson.read(text, 0, text.length(), true, LIMITS);
            assertThat(r.repairs()).doesNotHaveDuplicates();
            if (r.status() == Status.COMPLETE) {
                assertThat(r.repairs().contains(Repair.MISSING_CLOSING_BRACKETS)).isEqualTo(!r.autoClosed().isEmpty());
            }
        });
    }
}
