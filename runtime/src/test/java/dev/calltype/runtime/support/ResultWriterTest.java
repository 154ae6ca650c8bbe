package dev.calltype.runtime.support;

import dev.calltype.runtime.ToolResult;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Results written straight to text ({@link ResultWriter}) are the results the generated writers made before, when
 * they built a tree of Jackson nodes and {@link ToolResult#success} wrote it with the {@code ObjectMapper}: the
 * same content to the character, equal results, and a {@link ToolResult#value()} that writes back to the same
 * text. Each generated value is written both ways: the tree as the old writers built it, node type for node type.
 */
class ResultWriterTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A record, as a generated writer writes one: its members in order. */
    record Point(String name, double x, Object tags) {
    }

    /** A value to be written through the primitive overload ({@code number(int)} …) rather than the boxed one. */
    record Primitive(Object value) {
    }

    @Test
    void everyValueIsWrittenAsTheTreeOfItWasWritten() {
        Property.forAll(4000, values(3), v -> {
            ToolResult before = ToolResult.success("tool", "call_1", tree(v));
            ResultWriter out = new ResultWriter();
            write(v, out);
            ToolResult after = out.result("tool", "call_1");
            assertThat(after.content()).isEqualTo(before.content());
            assertThat(after).isEqualTo(before).hasSameHashCodeAs(before);
            assertThat(after.isError()).isFalse();
            // the same JSON (a non-finite number, which Jackson writes as a string, reads back as that string)
            assertThat(MAPPER.writeValueAsString(after.value())).isEqualTo(MAPPER.writeValueAsString(before.value()));
        });
    }

    @Test
    void aStringWrittenAsTheWholeResultIsItsTextAsItIs() throws JsonProcessingException {
        ResultWriter out = new ResultWriter().string("a \"quoted\"\nline");
        ToolResult r = out.result("t", null);
        assertThat(r.content()).isEqualTo("a \"quoted\"\nline");
        assertThat(r.value().textValue()).isEqualTo("a \"quoted\"\nline");
        assertThat(out.toString()).isEqualTo(MAPPER.writeValueAsString("a \"quoted\"\nline"));
        ResultWriter inArray = new ResultWriter().array(List.of("x"), (e, o) -> o.string(e));
        assertThat(inArray.result("t", null).content()).isEqualTo("[\"x\"]");
    }

    @Test
    void aRecordWithNestedContainersIsCompactJson() {
        ResultWriter out = new ResultWriter().begin();
        out.name("type").string("card");
        out.name("m").object(Map.of("k", List.of(1, 2)), (e, o) -> o.array(e, (n, p) -> p.number(n)));
        out.name("o").optional(Optional.empty(), (e, o) -> o.string(e));
        out.name("a").array(new int[] {1, 2});
        out.name("z").bool(true);
        out.end();
        assertThat(out.result("t", null).content())
                .isEqualTo("{\"type\":\"card\",\"m\":{\"k\":[1,2]},\"o\":null,\"a\":[1,2],\"z\":true}");
    }

    @Test
    void aPlainFieldNameIsWrittenAsNameWritesIt() {
        Property.forAll(1000, Gen.strings(Gen.charRange(' ', '~'), 12).filter(n -> n.indexOf('"') < 0
                && n.indexOf('\\') < 0), n -> {
            String byName = new ResultWriter().begin().name(n).number(1).name("b").nul().end().toString();
            String byField = new ResultWriter().begin().field(n).number(1).field("b").nul().end().toString();
            assertThat(byField).isEqualTo(byName);
        });
    }

    // ------------------------------------------------------------------ the values

    private static Gen<Object> values(int depth) {
        Gen<Object> leaf = Gen.oneOf(
                Gen.strings(Gen.anyChar(), 16),
                Gen.strings(Gen.chars("\"\\/\b\f\n\r\t\u0000\u001f\u007f\u0080\u2028\ud83d\ude00\ud800ab"), 12),
                Gen.anyChar(),
                Gen.ints(), Gen.shorts(), Gen.ints(-128, 127).map(Integer::byteValue),
                Gen.longs(), Gen.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L),
                Gen.bigIntegers(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)),
                Gen.doubles(),
                Gen.of(-0.0, Double.MIN_VALUE, Double.MAX_VALUE, 1e-7, 1e21, 0.1, 1e7, Double.NaN,
                        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY),
                Gen.floats(), Gen.of(-0.0f, 0.1f, Float.MAX_VALUE, Float.MIN_VALUE, Float.NaN, 1e10f),
                Gen.bigDecimals(3),
                Gen.of("0", "0.00", "1E+10", "-1.5E-12", "123456789012345678901234567890.5", "1e400", "100", "1.50")
                        .map(BigDecimal::new),
                Gen.of(Boolean.TRUE, Boolean.FALSE),
                Gen.constant(null),
                Gen.of(DayOfWeek.values()),
                Gen.of(new UUID(1, 2), new UUID(-1, 42)));
        Gen<Object> scalar = Gen.frequency(3, leaf, 1, leaf.map(ResultWriterTest::primitive));
        Gen<Object> primitiveArrays = Gen.oneOf(
                Gen.ints().list(4).map(l -> l.stream().mapToInt(Integer::intValue).toArray()),
                Gen.longs().list(4).map(l -> l.stream().mapToLong(Long::longValue).toArray()),
                Gen.doubles().list(4).map(l -> l.stream().mapToDouble(Double::doubleValue).toArray()),
                Gen.floats().list(3).map(l -> {
                    float[] a = new float[l.size()];
                    for (int i = 0; i < a.length; i++) {
                        a[i] = l.get(i);
                    }
                    return a;
                }),
                Gen.shorts().list(3).map(l -> {
                    short[] a = new short[l.size()];
                    for (int i = 0; i < a.length; i++) {
                        a[i] = l.get(i);
                    }
                    return a;
                }),
                Gen.of(new byte[] {-128, 0, 127}, new byte[0]),
                Gen.strings(Gen.anyChar(), 4).map(String::toCharArray),
                Gen.of(new boolean[] {true, false}, new boolean[0]),
                Gen.constant((int[]) null));
        if (depth == 0) {
            return Gen.frequency(4, scalar, 1, primitiveArrays);
        }
        Gen<Object> inner = values(depth - 1);
        Gen<Object> list = inner.list(4).map(l -> (Object) new ArrayList<>(l));
        Gen<Object> array = inner.list(3).map(l -> (Object) l.toArray());
        Gen<Object> map = Gen.maps(Gen.strings(Gen.anyChar(), 8), inner, 4)
                .map(m -> (Object) new LinkedHashMap<Object, Object>(m));
        Gen<Object> optional = inner.map(v -> (Object) Optional.ofNullable(v));
        Gen<Object> point = Gen.strings(Gen.anyChar(), 6).flatMap(name -> Gen.doubles().flatMap(x ->
                inner.map(tags -> (Object) new Point(name, x, tags))));
        return Gen.oneOf(scalar, primitiveArrays, list, array, map, optional, point, Gen.constant(null));
    }

    private static Object primitive(Object v) {
        return v instanceof Number || v instanceof Boolean ? new Primitive(v) : v;
    }

    // ------------------------------------------------------------------ written straight to text

    @SuppressWarnings("unchecked")
    private static void write(Object v, ResultWriter out) {
        if (v == null) {
            out.nul();
        } else if (v instanceof Primitive p) {
            Object x = p.value();
            if (x instanceof Integer i) {
                out.number(i.intValue());
            } else if (x instanceof Short s) {
                out.number(s.shortValue());
            } else if (x instanceof Byte b) {
                out.number(b.byteValue());
            } else if (x instanceof Long l) {
                out.number(l.longValue());
            } else if (x instanceof Float f) {
                out.number(f.floatValue());
            } else if (x instanceof Double d) {
                out.number(d.doubleValue());
            } else if (x instanceof Boolean b) {
                out.bool(b.booleanValue());
            } else {
                out.number((Number) x);
            }
        } else if (v instanceof String s) {
            out.string(s);
        } else if (v instanceof Number n) {
            out.number(n);
        } else if (v instanceof Boolean b) {
            out.bool(b);
        } else if (v instanceof Enum<?> e) {
            out.enumName(e);
        } else if (v instanceof Point p) {
            out.begin();
            out.name("name").string(p.name());
            out.name("x").number(p.x());
            write(p.tags(), out.name("tags"));
            out.end();
        } else if (v instanceof List<?> l) {
            out.array((List<Object>) l, ResultWriterTest::write);
        } else if (v instanceof Object[] a) {
            out.array(a, ResultWriterTest::write);
        } else if (v instanceof Map<?, ?> m) {
            out.object((Map<String, Object>) m, ResultWriterTest::write);
        } else if (v instanceof Optional<?> o) {
            out.optional((Optional<Object>) o, ResultWriterTest::write);
        } else if (v instanceof int[] a) {
            out.array(a);
        } else if (v instanceof long[] a) {
            out.array(a);
        } else if (v instanceof double[] a) {
            out.array(a);
        } else if (v instanceof float[] a) {
            out.array(a);
        } else if (v instanceof short[] a) {
            out.array(a);
        } else if (v instanceof byte[] a) {
            out.array(a);
        } else if (v instanceof char[] a) {
            out.array(a);
        } else if (v instanceof boolean[] a) {
            out.array(a);
        } else {
            out.string(v); // Character, UUID
        }
    }

    // ------------------------------------------------------------------ the tree the writers built before

    private static JsonNode tree(Object v) {
        if (v == null) {
            return NullNode.instance;
        }
        if (v instanceof Primitive p) {
            return tree(p.value());
        }
        if (v instanceof String s) {
            return NODES.textNode(s);
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return NODES.numberNode(((Number) v).intValue());
        }
        if (v instanceof Long l) {
            return NODES.numberNode(l);
        }
        if (v instanceof Float f) {
            return NODES.numberNode(f);
        }
        if (v instanceof Double d) {
            return NODES.numberNode(d);
        }
        if (v instanceof BigInteger i) {
            return NODES.numberNode(i);
        }
        if (v instanceof BigDecimal d) {
            return NODES.numberNode(d);
        }
        if (v instanceof Boolean b) {
            return NODES.booleanNode(b);
        }
        if (v instanceof Enum<?> e) {
            return NODES.textNode(e.name());
        }
        if (v instanceof Point p) {
            ObjectNode o = NODES.objectNode();
            o.set("name", tree(p.name()));
            o.set("x", NODES.numberNode(p.x()));
            o.set("tags", tree(p.tags()));
            return o;
        }
        if (v instanceof List<?> l) {
            ArrayNode a = NODES.arrayNode();
            l.forEach(e -> a.add(tree(e)));
            return a;
        }
        if (v instanceof Object[] arr) {
            return tree(java.util.Arrays.asList(arr));
        }
        if (v instanceof Map<?, ?> m) {
            ObjectNode o = NODES.objectNode();
            m.forEach((k, e) -> o.set((String) k, tree(e)));
            return o;
        }
        if (v instanceof Optional<?> o) {
            return o.isEmpty() ? NullNode.instance : tree(o.get());
        }
        ArrayNode a = NODES.arrayNode();
        if (v instanceof int[] x) {
            for (int e : x) {
                a.add(e);
            }
        } else if (v instanceof long[] x) {
            for (long e : x) {
                a.add(e);
            }
        } else if (v instanceof double[] x) {
            for (double e : x) {
                a.add(e);
            }
        } else if (v instanceof float[] x) {
            for (float e : x) {
                a.add(e);
            }
        } else if (v instanceof short[] x) {
            for (short e : x) {
                a.add(e);
            }
        } else if (v instanceof byte[] x) {
            for (byte e : x) {
                a.add(e);
            }
        } else if (v instanceof char[] x) {
            for (char e : x) {
                a.add(String.valueOf(e));
            }
        } else if (v instanceof boolean[] x) {
            for (boolean e : x) {
                a.add(e);
            }
        } else {
            return NODES.textNode(v.toString()); // Character, UUID
        }
        return a;
    }
}
