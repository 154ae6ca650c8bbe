package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.google.testing.compile.JavaFileObjects;
import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.testsupport.Gen;
import dev.calltype.testsupport.Property;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A generated toolkit's native dispatch ({@code dispatchNative}, what the LangChain4j and Spring AI adapters call)
 * answers every argument text exactly as reading the call with the toolkit's extractor and dispatching it does:
 * well-formed arguments of the schema's types (the fast path), and everything near them — wrong types, nulls,
 * missing and unknown members, duplicates, escapes, lone surrogates, decimals, big numbers, blanks, broken syntax,
 * names that are not exact. Texts are generated from each tool's schema, for every tool of two toolkits, and of
 * the two combined with a toolkit made at run time ({@code Toolkits.combine}, whose native dispatch hands a call of
 * a generated part's tool to that part).
 */
class NativeDispatchTest {

    private static final List<Toolkit> TOOLKITS;

    static {
        List<JavaFileObject> sources = new ArrayList<>(List.of(Sources.echo()));
        sources.add(JavaFileObjects.forSourceString("com.example.fuzz.Mirror", GeneratedDispatcherFuzzTest.MIRROR));
        Compiled compiled = Compiled.of(sources.toArray(new JavaFileObject[0]));
        TOOLKITS = List.of(compiled.toolkit("com.example.types.EchoTools", "com.example.types.Echo"),
                compiled.toolkit("com.example.fuzz.MirrorTools", "com.example.fuzz.Mirror"));
    }

    /** The result by the extractor, as the adapters read every native call before the fast path. */
    private static ToolResult byExtractor(Toolkit toolkit, String name, String text, String id) {
        Extraction read = toolkit.extractor().readNativeCall(name, text, id);
        return read.hasCalls() ? toolkit.dispatch(read.calls().get(0))
                : ToolResult.failure(name, id, read.correctionPrompt().orElseThrow());
    }

    @Test
    void generatedToolkitsDispatchNativeCallsThemselves() {
        for (Toolkit toolkit : TOOLKITS) {
            assertThat(ownNativeDispatch(toolkit)).isTrue();
            assertThat(toolkit.ownsNativeDispatch()).as("declared, so a combined toolkit hands calls to it").isTrue();
        }
    }

    @Test
    void aWellFormedCallRunsTheToolAsTheExtractorsCallDoes() {
        String booking = "{\"city\":\"Bergen\",\"nights\":3,\"guests\":[\"Ana\",\"Bo\"],\"color\":\"DARK_BLUE\","
                + "\"code\":\"AB12\",\"stops\":[{\"x\":1,\"y\":2}],\"extras\":{\"bed\":1},\"note\":null}";
        Toolkit mirror = TOOLKITS.get(1);
        ToolResult fast = mirror.dispatchNative("book", booking, "call_1");
        assertThat(fast.isError()).as(fast.content()).isFalse();
        assertThat(fast).isEqualTo(byExtractor(mirror, "book", booking, "call_1"));
        assertThat(fast.value().path("guests").toString()).isEqualTo("[\"Ana\",\"Bo\"]");
        assertThat(fast.value().path("color").asText()).isEqualTo("DARK_BLUE");
    }

    @Test
    void everyTextIsAnsweredAsTheExtractorAndDispatchAnswerIt() {
        int ran = 0;
        for (Toolkit toolkit : TOOLKITS) {
            ran += answeredAsByTheExtractor(toolkit, 150);
        }
        // the generated texts reach the tools, not only their failures
        assertThat(ran).as("calls that ran").isGreaterThan(1000);
    }

    @Test
    void combinedToolkitsAnswerEveryTextAsTheirExtractorAndDispatchAnswerIt() {
        Toolkit lookup = Toolkits.fromJson("[{\"type\": \"function\", \"function\": {\"name\": \"lookup\", "
                + "\"parameters\": {\"type\": \"object\", \"properties\": {\"city\": {\"type\": \"string\"}, "
                + "\"nights\": {\"type\": \"integer\"}}, \"required\": [\"city\"]}}}]",
                (tool, args) -> TextNode.valueOf("found " + args));
        Toolkit all = Toolkits.combine(TOOLKITS.get(0), lookup, TOOLKITS.get(1));
        assertThat(ownNativeDispatch(all)).isTrue();
        assertThat(all.ownsNativeDispatch()).isTrue();
        assertThat(answeredAsByTheExtractor(all, 60)).as("calls that ran").isGreaterThan(300);
    }

    /**
     * Checks {@code tries} generated native calls of each of the toolkit's tools: its native dispatch answers each
     * as its extractor and dispatch do.
     *
     * @return how many of them ran their tool
     */
    private static int answeredAsByTheExtractor(Toolkit toolkit, int tries) {
        int[] ran = new int[1];
        for (ToolSpec tool : toolkit.tools()) {
            Property.forAll(tries, texts(tool), names(tool.name()), Gen.of("call_7", "", " "), (text, name, id) -> {
                ToolResult fast = toolkit.dispatchNative(name, text, id);
                ToolResult slow = byExtractor(toolkit, name, text, id);
                assertThat(fast).isEqualTo(slow);
                assertThat(fast.content()).isEqualTo(slow.content());
                assertThat(fast.toolName()).isEqualTo(slow.toolName());
                assertThat(fast.callId()).isEqualTo(slow.callId());
                ran[0] += fast.isError() ? 0 : 1;
            });
        }
        return ran[0];
    }

    private static Gen<String> names(String name) {
        return Gen.frequency(12, Gen.constant(name), 1, Gen.of(name.toUpperCase(), name + "x", "", " " + name),
                1, Gen.constant((String) null));
    }

    // ------------------------------------------------------------------ texts from the schema

    private static Gen<String> texts(ToolSpec tool) {
        JsonNode schema = tool.parameters();
        List<String> names = new ArrayList<>();
        schema.path("properties").fieldNames().forEachRemaining(names::add);
        Gen<List<String>> members = r -> {
            List<String> out = new ArrayList<>();
            for (String name : names) {
                int roll = r.nextInt(20);
                if (roll == 0) {
                    continue; // missing
                }
                Gen<String> value = roll == 1 ? nearby() : good(schema.path("properties").path(name), schema, 0);
                out.add(quote(roll == 2 ? name.toUpperCase() : name) + ":" + value.next(r));
            }
            int extra = r.nextInt(12);
            if (extra == 0) {
                out.add("\"unknown\":1");
            } else if (extra == 1 && !out.isEmpty()) {
                out.add(out.get(0)); // a duplicate
            }
            return out;
        };
        return members.flatMap(ms -> Gen.of(",", ", ", ",\n  ").flatMap(sep ->
                Gen.frequency(10, Gen.of("{%s}", " {%s}\n", "{ %s }"), 1,
                        Gen.of("{%s,}", "{%s", "[%s]", "{%s} {}", "\u00a0{%s}", "{%s}}", "")).map(shape ->
                        String.format(shape, String.join(sep, ms)))));
    }

    /** A value of the schema's type, as a model would send it (plain, or with escapes and the like). */
    private static Gen<String> good(JsonNode schema, JsonNode root, int depth) {
        JsonNode ref = schema.get("$ref");
        if (ref != null) {
            return good(root.path("$defs").path(ref.asText().substring("#/$defs/".length())), root, depth);
        }
        JsonNode anyOf = schema.get("anyOf");
        if (anyOf != null) {
            List<Gen<String>> options = new ArrayList<>();
            anyOf.forEach(s -> options.add(good(s, root, depth)));
            return r -> options.get(r.nextInt(options.size())).next(r);
        }
        if (schema.has("enum")) {
            List<String> constants = new ArrayList<>();
            schema.get("enum").forEach(c -> constants.add(c.isNull() ? "null" : quote(c.asText())));
            return Gen.of(constants);
        }
        JsonNode type = schema.path("type");
        String t = type.isArray() ? type.path(0).asText() : type.asText();
        if (depth > 3) {
            return Gen.constant("null");
        }
        switch (t) {
            case "string":
                String format = schema.path("format").asText("");
                switch (format) {
                    case "date": return Gen.of("\"2026-11-24\"", "\"2026-02-30\"");
                    case "date-time": return Gen.of("\"2026-11-24T10:15:30Z\"", "\"2026-11-24T10:15:30+01:00\"");
                    case "uuid": return Gen.of("\"123e4567-e89b-12d3-a456-426614174000\"");
                    case "uri": return Gen.of("\"https://example.com/a?b=c\"");
                    case "email": return Gen.of("\"ana@example.com\"", "\"not an email\"");
                    case "duration": return Gen.of("\"PT15M\"");
                    default: return Gen.frequency(6, Gen.of("\"AB12\"", "\"Bergen\"", "\"x\"", "\"\"", "\"  \""),
                            3, Gen.strings(Gen.charRange('a', 'z'), 1, 12).map(NativeDispatchTest::quote),
                            1, Gen.of("\"a\\nb\"", "\"\\u00e9\"", "\"\ud800\"", "\"\ud83d\ude00\"", "\"a\\\"b\""));
                }
            case "integer":
                return Gen.frequency(8, Gen.ints(-3, 40).map(String::valueOf), 1,
                        Gen.of("2147483648", "12345678901234567890", "-0", "7.0", "1e1", "\"5\""),
                        1, Gen.longs().map(String::valueOf));
            case "number":
                return Gen.frequency(4, Gen.ints(-3, 400).map(String::valueOf), 2,
                        Gen.of("0.5", "1e-3", "12.50", "1e400", "\"2.5\""));
            case "boolean":
                return Gen.frequency(6, Gen.of("true", "false"), 1, Gen.of("\"true\"", "1"));
            case "array": {
                Gen<String> item = good(schema.path("items"), root, depth + 1);
                return item.list(0, 3).map(l -> "[" + String.join(",", l) + "]");
            }
            case "object": {
                JsonNode properties = schema.path("properties");
                if (!properties.isObject() || properties.isEmpty()) {
                    Gen<String> value = good(schema.path("additionalProperties"), root, depth + 1);
                    return Gen.strings(Gen.charRange('a', 'c'), 1, 2).flatMap(k -> value.map(v ->
                            "{" + quote(k) + ":" + v + "}"));
                }
                List<String> keys = new ArrayList<>();
                List<Gen<String>> values = new ArrayList<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    keys.add(e.getKey());
                    values.add(good(e.getValue(), root, depth + 1));
                }
                return r -> {
                    List<String> out = new ArrayList<>();
                    for (int i = 0; i < keys.size(); i++) {
                        if (r.nextInt(15) != 0) {
                            out.add(quote(keys.get(i)) + ":" + values.get(i).next(r));
                        }
                    }
                    return "{" + String.join(",", out) + "}";
                };
            }
            default:
                return nearby();
        }
    }

    /** Values of the wrong type, or odd ones. */
    private static Gen<String> nearby() {
        return Gen.of("null", "\"\"", "0", "-1", "1.5", "true", "[]", "{}", "[1,2]", "{\"a\":1}", "\"RED\"",
                "\"text\"", "99999999999999999999", "'single'", "tru");
    }

    private static String quote(String s) {
        return '"' + s + '"';
    }

    /** Whether the toolkit's class overrides {@link Toolkit#dispatchNative} (a native dispatch of its own). */
    private static boolean ownNativeDispatch(Object toolkit) {
        try {
            return toolkit.getClass().getMethod("dispatchNative", String.class, CharSequence.class, String.class)
                    .getDeclaringClass() != Toolkit.class;
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }
}
