package dev.calltype.runtime;

import dev.calltype.runtime.internal.pythonic.PyCall;
import dev.calltype.runtime.internal.pythonic.PyRead;
import dev.calltype.runtime.internal.pythonic.Pythonic;

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
import dev.calltype.runtime.internal.pythonic.PyRead.Status;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

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

    static Arbitrary<Lit> strings() {
        return Combinators.combine(
                Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(10),
                        Arbitraries.strings().withChars("'\"\\\n\tab{}()[],=").ofMaxLength(10)),
                Arbitraries.integers().between(0, 4))
                .as((s, style) -> new Lit(pyString(s, style), TextNode.valueOf(s)));
    }

    static Arbitrary<Lit> numbers() {
        Arbitrary<Lit> ints = Arbitraries.longs().map(v -> new Lit(Long.toString(v), json(Long.toString(v))));
        Arbitrary<Lit> hex = Arbitraries.longs().greaterOrEqual(0)
                .map(v -> new Lit("0x" + Long.toHexString(v), json(Long.toString(v))));
        Arbitrary<Lit> big = Arbitraries.bigIntegers().between(BigInteger.TEN.pow(25).negate(), BigInteger.TEN.pow(25))
                .map(v -> new Lit(v.toString(), json(v.toString())));
        Arbitrary<Lit> doubles = Arbitraries.doubles()
                .map(d -> new Lit(Double.toString(d), DoubleNode.valueOf(d)));
        Arbitrary<Lit> words = Arbitraries.of(new Lit("True", BooleanNode.TRUE), new Lit("False", BooleanNode.FALSE),
                new Lit("None", NullNode.instance), new Lit("true", BooleanNode.TRUE),
                new Lit("false", BooleanNode.FALSE), new Lit("null", NullNode.instance));
        return Arbitraries.oneOf(ints, hex, big, doubles, words);
    }

    static Arbitrary<Lit> values(int depth) {
        Arbitrary<Lit> leaf = Arbitraries.oneOf(strings(), numbers());
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Lit> inner = values(depth - 1);
        Arbitrary<String> sep = Arbitraries.of(", ", ",", ",\n  ", " , ");
        Arbitrary<Lit> list = Combinators.combine(inner.list().ofMaxSize(4), sep, Arbitraries.of(false, true))
                .as((items, s, tuple) -> {
                    ArrayNode a = JsonNodeFactory.instance.arrayNode();
                    List<String> parts = new ArrayList<>();
                    for (Lit l : items) {
                        a.add(l.expected());
                        parts.add(l.source());
                    }
                    String body = String.join(s, parts);
                    String src = tuple ? "(" + body + (items.size() == 1 ? "," : "") + ")" : "[" + body + "]";
                    return new Lit(src, a);
                });
        Arbitrary<Lit> dict = Combinators.combine(
                Arbitraries.maps(Arbitraries.strings().all().ofMaxLength(5), inner).ofMaxSize(4), sep)
                .as((fields, s) -> {
                    ObjectNode o = JsonNodeFactory.instance.objectNode();
                    List<String> parts = new ArrayList<>();
                    int style = 0;
                    for (Map.Entry<String, Lit> f : fields.entrySet()) {
                        o.set(f.getKey(), f.getValue().expected());
                        parts.add(pyString(f.getKey(), style++ % 4) + ": " + f.getValue().source());
                    }
                    return new Lit("{" + String.join(s, parts) + "}", o);
                });
        return Arbitraries.frequencyOf(Tuple.of(3, leaf), Tuple.of(1, list), Tuple.of(1, dict));
    }

    static Arbitrary<String> identifiers() {
        return Combinators.combine(Arbitraries.strings().withChars("abcxyz_").ofMinLength(1).ofMaxLength(3),
                        Arbitraries.strings().withChars("abz_09").ofMaxLength(4))
                .as((a, b) -> a + b)
                .filter(s -> !List.of("True", "False", "None", "true", "false", "null").contains(s));
    }

    @Provide
    Arbitrary<Call> calls() {
        Arbitrary<Lit> v = values(2);
        return Combinators.combine(identifiers(), Arbitraries.of("", "client.", "a.b."), v.list().ofMaxSize(3),
                        Arbitraries.maps(identifiers(), v).ofMaxSize(3), Arbitraries.of(", ", ",\n    ", ","))
                .as((name, prefix, pos, kws, sep) -> {
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
                });
    }

    @Provide
    Arbitrary<List<Call>> callLists() {
        return calls().list().ofMinSize(1).ofMaxSize(3);
    }

    private static final List<String> TOKENS = List.of("f(", "a.b(", "[", "]", "(", ")", "{", "}", ",", ":", "=",
            "x=", "'s'", "\"d\"", "'''t'''", "\"\"\"u\"\"\"", "r'\\n'", "f'x'", "b'y'", "'", "\"", "\\", "1", "-2.5e3",
            "0x1F", "1_0", "True", "None", "null", "os", ".", "*", "**", "+", " ", "\n", "\r\n", "lambda", "é",
            "\u0000", "\ud800", "\\N{BULLET}", "\\x4", "]]", "))");

    @Provide
    Arbitrary<String> tokenSoup() {
        return Arbitraries.of(TOKENS).list().ofMaxSize(25).map(l -> String.join("", l));
    }

    @Provide
    Arbitrary<String> mangledCalls() {
        Arbitrary<List<Tuple.Tuple3<Double, Boolean, String>>> edits = Combinators.combine(
                        Arbitraries.doubles().between(0, 1), Arbitraries.of(false, true), Arbitraries.of(TOKENS))
                .as(Tuple::of).list().ofMaxSize(3);
        return Combinators.combine(callLists(), edits).as((cs, es) -> {
            StringBuilder b = new StringBuilder(render(cs));
            for (Tuple.Tuple3<Double, Boolean, String> e : es) {
                int at = (int) (e.get1() * b.length());
                if (e.get2()) {
                    b.insert(at, e.get3());
                } else if (at < b.length()) {
                    b.deleteCharAt(at);
                }
            }
            return b.toString();
        });
    }

    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(40), tokenSoup(), mangledCalls());
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

    @Property(tries = 400)
    void generatedCallsReadAsTheirLiteralValues(@ForAll("callLists") List<Call> cs) {
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

    @Property(tries = 200)
    void everyPrefixOfAGeneratedCallNeedsMoreOrGivesTheFullResult(@ForAll("callLists") List<Call> cs) {
        assertPrefixStable(render(cs), LIMITS);
    }

    @Property(tries = 300)
    void everyPrefixOfMangledCallsNeedsMoreOrGivesTheFullResult(@ForAll("mangledCalls") String text) {
        assertPrefixStable(text, LIMITS);
    }

    @Property(tries = 500)
    void everyPrefixOfTokenSoupNeedsMoreOrGivesTheFullResult(@ForAll("tokenSoup") String text) {
        assertPrefixStable(text, LIMITS);
        assertPrefixStable(text, new ExtractionLimits(30, 3, 10, 4, 3, 100));
    }

    static void assertPrefixStable(String text, ExtractionLimits limits) {
        PyRead whole = Pythonic.read(text, 0, text.length(), true, limits);
        PyRead.Status head = Pythonic.callHead(text, 0, text.length(), true);
        for (int k = 0; k <= text.length(); k++) {
            String prefix = text.substring(0, k);
            PyRead part = Pythonic.read(prefix, 0, k, false, limits);
            if (part.status() != Status.NEED_MORE) {
                assertThat(part).as("cut at " + k + " of " + text).isEqualTo(whole);
            }
            PyRead.Status partHead = Pythonic.callHead(prefix, 0, k, false);
            if (partHead != Status.NEED_MORE) {
                assertThat(partHead).as("head cut at " + k + " of " + text).isEqualTo(head);
            }
        }
    }

    @Property(tries = 1000)
    void neverThrowsAndResultsAreConsistent(@ForAll("anyText") String text, @ForAll boolean atEnd) {
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
                    assertThat(r.calls()).isEmpty();
                    assertThat(r.problem()).isNotBlank();
                    assertThat(r.errorKind()).isNotNull();
                    assertThat(r.problemOffset()).isBetween(start, text.length());
                    if (!atEnd) {
                        assertThat(r.errorKind()).isNotEqualTo(ExtractionError.Kind.TRUNCATED);
                    }
                }
            }
            assertThat(Pythonic.callHead(text, start, text.length(), atEnd)).isNotNull();
        }
    }
}
