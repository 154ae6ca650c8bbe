package dev.calltype.runtime.internal.pythonic;

import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.internal.pythonic.PyRead.Status;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PythonicPropertiesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ExtractionLimits LIMITS = ExtractionLimits.DEFAULTS;

    /** A Python literal as written, and the JSON value it must read as. */
    record Lit(String source, JsonNode expected) {
    }

    /** A call as written, and what it must read as. */
    record Call(String source, String name, List<JsonNode> positional, List<Map.Entry<String, JsonNode>> keywords) {
    }

    // ------------------------------------------------------------------ generators

    static String pyString(String s, int style) {
        char q = style % 2 == 0 ? '\'' : '"';
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                b.append("\\\\");
            } else if (c == q) {
                b.append('\\').append(c);
            } else if (c == '\n') {
                b.append("\\n");
            } else if (c == '\r') {
                b.append("\\r");
            } else if (c < 0x20) {
                b.append(String.format("\\x%02x", (int) c));
            } else {
                b.append(c);
            }
        }
        String quote = style >= 2 ? String.valueOf(q).repeat(3) : String.valueOf(q);
        String prefix = style == 4 ? "u" : "";
        return prefix + quote + b + quote;
    }

    static Gen<Lit> strings() {
        Gen<String> text = Gen.oneOf(Gen.strings(Gen.anyChar(), 10), Gen.strings(Gen.chars("'\"\\\n\tab{}()[],="), 10));
        Gen<Integer> style = Gen.ints(0, 4);
        return r -> {
            String s = text.next(r);
            return new Lit(pyString(s, style.next(r)), TextNode.valueOf(s));
        };
    }

    static Gen<Lit> numbers() {
        Gen<Lit> ints = Gen.longs().map(v -> new Lit(Long.toString(v), json(Long.toString(v))));
        Gen<Lit> hex = Gen.longs(0, Long.MAX_VALUE).map(v -> new Lit("0x" + Long.toHexString(v), json(Long.toString(v))));
        Gen<Lit> big = Gen.bigIntegers(BigInteger.TEN.pow(25).negate(), BigInteger.TEN.pow(25))
                .map(v -> new Lit(v.toString(), json(v.toString())));
        Gen<Lit> doubles = Gen.doubles().map(d -> new Lit(Double.toString(d), DoubleNode.valueOf(d)));
        Gen<Lit> words = Gen.of(new Lit("True", BooleanNode.TRUE), new Lit("False", BooleanNode.FALSE),
                new Lit("None", NullNode.instance), new Lit("true", BooleanNode.TRUE),
                new Lit("false", BooleanNode.FALSE), new Lit("null", NullNode.instance));
        return Gen.oneOf(ints, hex, big, doubles, words);
    }

    static Gen<Lit> values(int depth) {
        Gen<Lit> leaf = Gen.oneOf(strings(), numbers());
        if (depth == 0) {
            return leaf;
        }
        Gen<Lit> inner = values(depth - 1);
        Gen<String> sep = Gen.of(", ", ",", ",\n  ", " , ");
        Gen<List<Lit>> listItems = inner.list(4);
        Gen<Lit> list = r -> {
            List<Lit> items = listItems.next(r);
            String s = sep.next(r);
            boolean tuple = r.nextBoolean();
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            List<String> parts = new ArrayList<>();
            for (Lit l : items) {
                a.add(l.expected());
                parts.add(l.source());
            }
            String body = String.join(s, parts);
            String src = tuple ? "(" + body + (items.size() == 1 ? "," : "") + ")" : "[" + body + "]";
            return new Lit(src, a);
        };
        Gen<Map<String, Lit>> dictFields = Gen.maps(Gen.strings(Gen.anyChar(), 5), inner, 4);
        Gen<Lit> dict = r -> {
            Map<String, Lit> fields = dictFields.next(r);
            String s = sep.next(r);
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            List<String> parts = new ArrayList<>();
            int style = 0;
            for (Map.Entry<String, Lit> f : fields.entrySet()) {
                o.set(f.getKey(), f.getValue().expected());
                parts.add(pyString(f.getKey(), style++ % 4) + ": " + f.getValue().source());
            }
            return new Lit("{" + String.join(s, parts) + "}", o);
        };
        return Gen.frequency(3, leaf, 1, list, 1, dict);
    }

    static Gen<String> identifiers() {
        Gen<String> head = Gen.strings(Gen.chars("abcxyz_"), 1, 3);
        Gen<String> tail = Gen.strings(Gen.chars("abz_09"), 4);
        Gen<String> both = r -> head.next(r) + tail.next(r);
        return both.filter(s -> !List.of("True", "False", "None", "true", "false", "null").contains(s));
    }

    static Gen<Call> calls() {
        Gen<Lit> v = values(2);
        Gen<String> names = identifiers();
        Gen<String> prefixes = Gen.of("", "client.", "a.b.");
        Gen<List<Lit>> positionals = v.list(3);
        Gen<Map<String, Lit>> keywordArgs = Gen.maps(identifiers(), v, 3);
        Gen<String> seps = Gen.of(", ", ",\n    ", ",");
        return r -> {
            String name = names.next(r);
            String prefix = prefixes.next(r);
            List<Lit> pos = positionals.next(r);
            Map<String, Lit> kws = keywordArgs.next(r);
            String sep = seps.next(r);
            List<String> parts = new ArrayList<>();
            List<JsonNode> positional = new ArrayList<>();
            List<Map.Entry<String, JsonNode>> keywords = new ArrayList<>();
            for (Lit l : pos) {
                parts.add(l.source());
                positional.add(l.expected());
            }
            for (Map.Entry<String, Lit> k : kws.entrySet()) {
                parts.add(k.getKey() + "=" + k.getValue().source());
                keywords.add(Map.entry(k.getKey(), k.getValue().expected()));
            }
            return new Call(prefix + name + "(" + String.join(sep, parts) + ")", name, positional, keywords);
        };
    }

    static Gen<List<Call>> callLists() {
        return calls().list(1, 3);
    }

    private static final List<String> TOKENS = List.of("f(", "a.b(", "[", "]", "(", ")", "{", "}", ",", ":", "=",
            "x=", "'s'", "\"d\"", "'''t'''", "\"\"\"u\"\"\"", "r'\\n'", "f'x'", "b'y'", "'", "\"", "\\", "1", "-2.5e3",
            "0x1F", "1_0", "True", "None", "null", "os", ".", "*", "**", "+", " ", "\n", "\r\n", "lambda", "é",
            "\u0000", "\ud800", "\\N{BULLET}", "\\x4", "]]", "))");

    static Gen<String> tokenSoup() {
        return Gen.joined(Gen.of(TOKENS), 25);
    }

    /** An edit of a text: where (0 to 1 of its length), insert or delete, and what to insert. */
    private record Edit(double at, boolean insert, String token) {
    }

    static Gen<String> mangledCalls() {
        Gen<Double> at = Gen.doubles(0, 1);
        Gen<String> token = Gen.of(TOKENS);
        Gen<List<Edit>> edits = ((Gen<Edit>) r -> new Edit(at.next(r), r.nextBoolean(), token.next(r))).list(3);
        Gen<List<Call>> calls = callLists();
        return r -> {
            StringBuilder b = new StringBuilder(render(calls.next(r)));
            for (Edit e : edits.next(r)) {
                int i = (int) (e.at() * b.length());
                if (e.insert()) {
                    b.insert(i, e.token());
                } else if (i < b.length()) {
                    b.deleteCharAt(i);
                }
            }
            return b.toString();
        };
    }

    static Gen<String> anyText() {
        return Gen.oneOf(Gen.strings(Gen.anyChar(), 40), tokenSoup(), mangledCalls());
    }

    static String render(List<Call> cs) {
        if (cs.size() == 1) {
            return cs.get(0).source();
        }
        List<String> srcs = new ArrayList<>();
        cs.forEach(c -> srcs.add(c.source()));
        return "[" + String.join(", ", srcs) + "]";
    }

    static JsonNode json(String s) {
        try {
            return MAPPER.readTree(s);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    // ------------------------------------------------------------------ properties

    @Test
    void generatedCallsReadAsTheirLiteralValues() {
        Property.forAll(400, callLists(), PythonicPropertiesTest::readsAsItsLiteralValues);
    }

    private static void readsAsItsLiteralValues(List<Call> cs) {
        String text = render(cs);
        PyRead r = Pythonic.read(text, 0, text.length(), true, LIMITS);
        assertThat(r.status()).as(r.problem() + " in " + text).isEqualTo(Status.COMPLETE);
        assertThat(r.end()).isEqualTo(text.length());
        assertThat(r.calls()).hasSize(cs.size());
        for (int i = 0; i < cs.size(); i++) {
            PyCall got = r.calls().get(i);
            Call want = cs.get(i);
            assertThat(got.name()).isEqualTo(want.name());
            assertThat(got.positional()).as(text).isEqualTo(want.positional());
            assertThat(got.keywords()).as(text).isEqualTo(want.keywords());
            assertThat(got.repairs()).isEmpty();
            assertThat(text.substring(got.start(), got.end())).isEqualTo(want.source());
        }
    }

    @Test
    void everyPrefixOfAGeneratedCallNeedsMoreOrGivesTheFullResult() {
        Property.forAll(200, callLists(), cs -> assertPrefixStable(render(cs), LIMITS));
    }

    @Test
    void everyPrefixOfMangledCallsNeedsMoreOrGivesTheFullResult() {
        Property.forAll(300, mangledCalls(), text -> assertPrefixStable(text, LIMITS));
    }

    @Test
    void everyPrefixOfTokenSoupNeedsMoreOrGivesTheFullResult() {
        Property.forAll(500, tokenSoup(), text -> {
            assertPrefixStable(text, LIMITS);
            assertPrefixStable(text, new ExtractionLimits(30, 3, 10, 4, 3, 100));
        });
    }

    static void assertPrefixStable(String text, ExtractionLimits limits) {
        PyRead whole = Pythonic.read(text, 0, text.length(), true, limits);
        PyRead.Status head = PyHead.callHead(text, 0, text.length(), true);
        for (int k = 0; k <= text.length(); k++) {
            String prefix = text.substring(0, k);
            PyRead part = Pythonic.read(prefix, 0, k, false, limits);
            if (part.status() != Status.NEED_MORE) {
                assertThat(part).as("cut at " + k + " of " + text).isEqualTo(whole);
            }
            PyRead.Status partHead = PyHead.callHead(prefix, 0, k, false);
            if (partHead != Status.NEED_MORE) {
                assertThat(partHead).as("head cut at " + k + " of " + text).isEqualTo(head);
            }
        }
    }

    @Test
    void neverThrowsAndResultsAreConsistent() {
        Property.forAll(1000, anyText(), Gen.booleans(), PythonicPropertiesTest::consistentResults);
    }

    private static void consistentResults(String text, boolean atEnd) {
        for (int start : new int[] {0, text.length() / 2}) {
            PyRead r = Pythonic.read(text, start, text.length(), atEnd, LIMITS);
            switch (r.status()) {
                case COMPLETE -> {
                    assertThat(r.calls()).isNotEmpty();
                    assertThat(r.end()).isBetween(start + 1, text.length());
                    assertThat(r.errorKind()).isNull();
                    for (PyCall c : r.calls()) {
                        assertThat(c.start()).isBetween(start, c.end());
                        assertThat(c.end()).isLessThanOrEqualTo(r.end());
                        assertThat(text.charAt(c.end() - 1)).isEqualTo(')');
                        assertThat(c.keywords()).extracting(Map.Entry::getKey).doesNotHaveDuplicates();
                    }
                }
                case NEED_MORE -> assertThat(atEnd).isFalse();
                case NOT_A_CALL -> assertThat(r.problem()).isNull();
                default -> {
                    if (!r.calls().isEmpty()) {
                        // a list that stopped at a call after others: the calls read whole before it, then that call
                        assertThat(r.errorKind()).isEqualTo(ExtractionError.Kind.INVALID_CALL_SYNTAX);
                        PyCall failed = r.calls().get(r.calls().size() - 1);
                        assertThat(failed.problem()).isEqualTo(r.problem());
                        assertThat(failed.end()).isEqualTo(r.end());
                        for (PyCall c : r.calls().subList(0, r.calls().size() - 1)) {
                            assertThat(c.end()).isLessThanOrEqualTo(failed.start());
                            assertThat(text.charAt(c.end() - 1)).isEqualTo(')');
                        }
                    }
                    assertThat(r.problem()).isNotBlank();
                    assertThat(r.errorKind()).isNotNull();
                    assertThat(r.problemOffset()).isBetween(start, text.length());
                    if (!atEnd) {
                        assertThat(r.errorKind()).isNotEqualTo(ExtractionError.Kind.TRUNCATED);
                    }
                }
            }
            assertThat(PyHead.callHead(text, start, text.length(), atEnd)).isNotNull();
        }
    }
}
