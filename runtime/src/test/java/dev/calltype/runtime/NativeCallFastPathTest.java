package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ToolCallExtractor#readNativeCall}'s strict fast path ({@link StrictArguments}) beside the lenient engine
 * alone ({@link ToolCallExtractor#readNativeCallLeniently}): well-formed arguments take the fast path and give the
 * identical call (the same node types, keys in the same order), and every text it declines — malformed, repaired,
 * at a limit — gets exactly the lenient engine's calls, repairs, errors, segments and correction prompt.
 */
class NativeCallFastPathTest {

    private static final List<ToolSpec> TOOLS = ToolSpecs.fromJson("""
            [
              {"type": "function", "function": {"name": "reserve", "description": "Reserve stock",
                "parameters": {"type": "object", "properties": {
                  "sku": {"type": "string"}, "quantity": {"type": "integer"}, "address": {"type": "object"}},
                  "required": ["sku"]}}},
              {"type": "function", "function": {"name": "get_weather", "description": "Weather for a city",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}
            ]
            """);
    private static final ToolCallExtractor EXTRACTOR = ToolCallExtractor.builder().tools(TOOLS).build();
    private static final ToolCallExtractor ANY_TOOL = ToolCallExtractor.builder().build();
    /** Small limits, so that texts at and just past each limit can be written out. */
    private static final ToolCallExtractor SMALL = ToolCallExtractor.builder().tools(TOOLS)
            .limits(new ExtractionLimits(60, 3, 10, 8, 6, 1000)).build();

    private static final List<String> WELL_FORMED = List.of(
            "{\"sku\":\"WH-1042\",\"quantity\":3,\"priority\":\"EXPRESS\","
                    + "\"address\":{\"street\":\"12 Harbour Road\",\"city\":\"Bergen\",\"postcode\":\"5003\"}}",
            "{}",
            " \r\n\t{ \"city\" : \"Z\u00fcrich \u6771\u4eac\" }\r\n",
            "{\"\":\"empty key\",\"a\":[],\"b\":{},\"c\":[[1,[2]],{\"d\":null}],\"e\":true,\"f\":false}",
            "{\"ints\":[0,-0,7,-12,2147483647,2147483648,-2147483648,-2147483649,9223372036854775807,"
                    + "9223372036854775808,-9223372036854775809,123456789012345678901234567890]}",
            "{\"decimals\":[1.5,0.1,-0.0,0.0,1e5,1E-3,2.5e+3,1e400,1e-400,3.141592653589793238462643383279,"
                    + "1.7976931348623157e308,4.9e-324,100.0]}",
            "{\"escapes\":\"line\\nbreak \\\"quoted\\\" back\\\\slash \\/ \\u00e9 \\uD83D\\uDE00 \\b\\f\\r\\t\"}",
            "{\"lone\":\"\\uD800 and \\uDC00\",\"nul\":\"\\u0000\",\"raw\":\"\uD83D\uDE00 \u007F \u2028\"}",
            "{\"sku\":\"WH-1\",\"address\":{\"lines\":[\"a\",\"b\"],\"geo\":{\"lat\":60.39,\"lon\":5.32}}}");

    private static final List<String> MALFORMED = List.of(
            "{'sku': 'WH-1'}", "{sku: \"WH-1\"}", "{\"sku\": \"WH-1\",}", "{\"a\": [1, 2,]}",
            "{\"sku\": \"WH-1\" // note\n}", "{/* c */ \"sku\": 1}", "{\"ok\": True, \"no\": None}",
            "{\"sku\": \"a\", \"sku\": \"b\"}", "{\"sku\": \"a\", \"sku\": \"a\"}", "{\"a\": {\"x\": 1, \"x\": 2}}",
            "{\"sku\": \"tab\there\"}", "{\"sku\": \"new\nline\"}", "{\"sku\": \"O\\'Reilly\"}",
            "{\"sku\": \"\\d\"}", "{\"sku\": \"\\u12\"}", "{\u201Csku\u201D: \u201CWH\u201D}",
            "{\"sku\": \"WH-1\"", "{\"sku\": \"WH", "{\"sku\":", "{\"a\": [1, 2", "{\"sku\": \"WH-1\"}}",
            "{\"sku\": \"WH-1\"} trailing", "{\"a\": 1}{\"b\": 2}", "{\"a\": 1} {\"b\": 2}",
            "{\"query\": \"x\"}</tool_call><tool_call>{\"name\": \"x\", \"arguments\": {}}", "[\"WH-1\", 3]",
            "\"just text\"", "42", "null", "true", "", "   ", "\uFEFF{\"sku\": \"WH-1\"}",
            "\u00A0{\"sku\": \"WH-1\"}", "{\"sku\":\u00A0\"WH-1\"}", "{\"sku\": \"WH-1\"}\u2028",
            "{\"q\": NaN}", "{\"q\": Infinity}", "{\"q\": 01}", "{\"q\": +1}", "{\"q\": .5}", "{\"q\": 1.}",
            "{\"q\": 1e}", "{\"q\": -}", "{\"q\": tru}", "{\"q\": nul}", "{\"q\": \"unterminated}",
            "{\"a\" 1}", "{\"a\": 1 \"b\": 2}", "{,}", "{\"a\":}", "}", "{", "\u0000{}", "{\"a\":1}\u0000");

    @Test
    void wellFormedArgumentsTakeTheFastPathAndGiveTheIdenticalCall() {
        for (String args : WELL_FORMED) {
            assertThat(StrictArguments.read(args, ExtractionLimits.DEFAULTS)).as(args).isNotNull();
            for (String name : List.of("reserve", "get_weather")) {
                Extraction fast = EXTRACTOR.readNativeCall(name, args, "call_1");
                assertThat(fast.calls()).as(args).hasSize(1);
                assertSame(fast, EXTRACTOR.readNativeCallLeniently(name, args, "call_1"), args);
            }
            assertSame(ANY_TOOL.readNativeCall("anything", args, null),
                    ANY_TOOL.readNativeCallLeniently("anything", args, null), args);
        }
    }

    @Test
    void theFastPathReadsTheSameNodeTypesAsTheLenientReader() {
        ToolCall call = EXTRACTOR.readNativeCall("reserve", WELL_FORMED.get(4), null).calls().get(0);
        assertThat(types(call.arguments().get("ints"))).isEqualTo(
                "[INT, INT, INT, INT, INT, LONG, INT, LONG, LONG, BIG_INTEGER, BIG_INTEGER, BIG_INTEGER]");
        call = EXTRACTOR.readNativeCall("reserve", WELL_FORMED.get(5), null).calls().get(0);
        assertThat(types(call.arguments().get("decimals"))).isEqualTo(
                "[DOUBLE, DOUBLE, DOUBLE, DOUBLE, DOUBLE, DOUBLE, DOUBLE, BIG_DECIMAL, BIG_DECIMAL, BIG_DECIMAL, DOUBLE, "
                        + "DOUBLE, DOUBLE]");
    }

    @Test
    void nameResultsAreTheSameOnBothPaths() {
        String args = WELL_FORMED.get(0);
        for (String name : new String[] {"Reserve", "getWeather", "reserv", "delete_everything", "", " ", null}) {
            assertSame(EXTRACTOR.readNativeCall(name, args, "c"), EXTRACTOR.readNativeCallLeniently(name, args, "c"),
                    name + " " + args);
        }
        Extraction unknown = EXTRACTOR.readNativeCall("delete_everything", args, "c");
        assertThat(unknown.calls()).isEmpty();
        assertThat(unknown.errors().get(0).kind()).isEqualTo(ExtractionError.Kind.UNKNOWN_TOOL);
        assertThat(EXTRACTOR.readNativeCall("Reserve", args, "c").calls().get(0).repairs())
                .containsExactly(Repair.NAME_NORMALIZED);
    }

    @Test
    void malformedArgumentsAreDeclinedAndGetTheLenientEnginesResult() {
        for (String args : MALFORMED) {
            assertThat(StrictArguments.read(args, ExtractionLimits.DEFAULTS)).as(args).isNull();
            assertSame(EXTRACTOR.readNativeCall("reserve", args, "c"),
                    EXTRACTOR.readNativeCallLeniently("reserve", args, "c"), args);
        }
        Extraction repaired = EXTRACTOR.readNativeCall("reserve", "{'sku': 'WH-1', quantity: 3,}", "c");
        assertThat(repaired.calls().get(0).repairs())
                .contains(Repair.SINGLE_QUOTES, Repair.UNQUOTED_KEYS, Repair.TRAILING_COMMA);
        Extraction duplicated = EXTRACTOR.readNativeCall("reserve", "{\"sku\": \"a\", \"sku\": \"b\"}", "c");
        assertThat(duplicated.calls().get(0).repairs()).contains(Repair.DUPLICATE_KEYS);
        Extraction truncated = EXTRACTOR.readNativeCall("reserve", "{\"sku\": \"WH", "c");
        assertThat(truncated.errors()).singleElement()
                .satisfies(e -> assertThat(e.kind()).isEqualTo(ExtractionError.Kind.TRUNCATED));
        assertThat(truncated.correctionPrompt()).isPresent();
    }

    @Test
    void textsAtAndPastEachLimitGetTheLenientEnginesResult() {
        String depthAtLimit = "{\"a\":{\"b\":[1]}}";
        String depthPast = "{\"a\":{\"b\":[[1]]}}";
        String stringAtLimit = "{\"sku\":\"12345678\"}";
        String stringPast = "{\"sku\":\"123456789\"}";
        String keyPast = "{\"123456789\":1}";
        String escapedAtLimit = "{\"sku\":\"\\u0041234567\\n\"}";
        String numberAtLimit = "{\"q\":123456}";
        String numberPast = "{\"q\":1234567}";
        String decimalPast = "{\"q\":1.23456}";
        String payloadAtLimit = "{\"ab\":[" + "1,".repeat(25) + "1]}";
        String payloadPast = "{\"abc\":[" + "1,".repeat(25) + "1]}";
        assertThat(payloadAtLimit).hasSize(60);
        for (String args : List.of(depthAtLimit, stringAtLimit, escapedAtLimit, numberAtLimit, payloadAtLimit)) {
            assertThat(StrictArguments.read(args, SMALL.limits())).as(args).isNotNull();
            assertThat(SMALL.readNativeCall("reserve", args, "c").calls()).as(args).hasSize(1);
        }
        for (String args : List.of(depthPast, stringPast, keyPast, numberPast, decimalPast, payloadPast)) {
            assertThat(StrictArguments.read(args, SMALL.limits())).as(args).isNull();
        }
        for (String args : List.of(depthAtLimit, depthPast, stringAtLimit, stringPast, keyPast, escapedAtLimit,
                numberAtLimit, numberPast, decimalPast, payloadAtLimit, payloadPast)) {
            assertSame(SMALL.readNativeCall("reserve", args, "c"), SMALL.readNativeCallLeniently("reserve", args, "c"),
                    args);
        }
        assertThat(SMALL.readNativeCall("reserve", depthPast, "c").errors().get(0).kind())
                .isEqualTo(ExtractionError.Kind.LIMIT_EXCEEDED);
    }

    /** Seeded mutations of the well-formed texts: whatever the fast path does with them, the results agree. */
    @Test
    void mutatedArgumentsGetTheSameResultOnBothPaths() {
        Random random = new Random(15);
        String alphabet = "{}[]:,\"'\\ \n\t0123456789.-+eEtrufalsnTFN/*u\u00A0\uFEFF\u201C\u0001abc";
        int fast = 0;
        for (int i = 0; i < 10_000; i++) {
            StringBuilder text = new StringBuilder(WELL_FORMED.get(random.nextInt(WELL_FORMED.size())));
            for (int edits = 1 + random.nextInt(3); edits > 0 && text.length() > 0; edits--) {
                int at = random.nextInt(text.length());
                switch (random.nextInt(3)) {
                    case 0 -> text.deleteCharAt(at);
                    case 1 -> text.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> text.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            String args = text.toString();
            if (StrictArguments.read(args, ExtractionLimits.DEFAULTS) != null) {
                fast++;
            }
            assertSame(EXTRACTOR.readNativeCall("reserve", args, "c"),
                    EXTRACTOR.readNativeCallLeniently("reserve", args, "c"), args);
        }
        assertThat(fast).as("mutations the fast path read").isBetween(100, 9_900);
    }

    private static void assertSame(Extraction actual, Extraction expected, String input) {
        assertThat(actual.calls()).as(input).isEqualTo(expected.calls());
        for (int i = 0; i < actual.calls().size(); i++) {
            assertThat(types(actual.calls().get(i).arguments())).as(input)
                    .isEqualTo(types(expected.calls().get(i).arguments()));
            assertThat(actual.calls().get(i).arguments().toString()).as(input)
                    .isEqualTo(expected.calls().get(i).arguments().toString());
        }
        assertThat(actual.errors()).as(input).isEqualTo(expected.errors());
        assertThat(actual.text()).as(input).isEqualTo(expected.text());
        assertThat(actual.segments()).as(input).isEqualTo(expected.segments());
        assertThat(actual.correctionPrompt()).as(input).isEqualTo(expected.correctionPrompt());
    }

    /** The node classes of a tree, in document order, e.g. {@code {a=Int, b=[Text]}}. */
    private static String types(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                out.add(e.getKey() + "=" + types(e.getValue()));
            }
            return "{" + String.join(", ", out) + "}";
        }
        if (node.isArray()) {
            node.forEach(e -> out.add(types(e)));
            return out.toString();
        }
        return node.isNumber() ? node.numberType().toString() : node.getClass().getSimpleName().replace("Node", "");
    }
}
