package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every supported type through the generated dispatcher: what is read, what is coerced, what is
 * refused, and how the return value is written back.
 */
class EchoDispatchTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static Toolkit echo;

    @BeforeAll
    static void compile() {
        echo = Compiled.of(Sources.echo()).toolkit("com.example.types.EchoTools", "com.example.types.Echo");
    }

    static ToolResult call(String tool, String arguments) {
        try {
            return echo.dispatch(ToolCall.of(tool, (ObjectNode) JSON.readTree(arguments)).withId("call-1"));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static String ok(String tool, String arguments) {
        ToolResult r = call(tool, arguments);
        assertThat(r.isError()).as("%s(%s) failed: %s", tool, arguments, r.content()).isFalse();
        assertThat(r.callId()).isEqualTo("call-1");
        assertThat(r.toolName()).isEqualTo(tool);
        return r.content();
    }

    static String error(String tool, String arguments) {
        ToolResult r = call(tool, arguments);
        assertThat(r.isError()).as("%s(%s) should fail but gave %s", tool, arguments, r.content()).isTrue();
        assertThat(r.value()).isNull();
        return r.content();
    }

    @Test
    void scalarsAreReadAndWrittenBack() {
        assertThat(ok("text", "{\"value\":\"héllo \\\"w\\\"\"}")).isEqualTo("héllo \"w\"");
        assertThat(ok("letter", "{\"value\":\"x\"}")).isEqualTo("x");
        assertThat(ok("flag", "{\"value\":true}")).isEqualTo("true");
        assertThat(ok("tiny", "{\"value\":-128}")).isEqualTo("-128");
        assertThat(ok("small", "{\"value\":32767}")).isEqualTo("32767");
        assertThat(ok("number", "{\"value\":42}")).isEqualTo("42");
        assertThat(ok("big", "{\"value\":9007199254740993}")).isEqualTo("9007199254740993");
        assertThat(ok("single", "{\"value\":1.5}")).isEqualTo("1.5");
        assertThat(ok("real", "{\"value\":-0.25}")).isEqualTo("-0.25");
        assertThat(ok("boxed", "{\"value\":5}")).isEqualTo("5");
        assertThat(ok("decimal", "{\"value\":\"12.50\"}")).isEqualTo("12.50");
        assertThat(ok("huge", "{\"value\":123456789012345678901234567890}"))
                .isEqualTo("123456789012345678901234567890");
    }

    @Test
    void formattedStringsAreParsed() {
        assertThat(ok("id", "{\"value\":\"123e4567-e89b-12d3-a456-426614174000\"}"))
                .isEqualTo("123e4567-e89b-12d3-a456-426614174000");
        assertThat(ok("link", "{\"value\":\"https://example.com/a?b=c\"}")).isEqualTo("https://example.com/a?b=c");
        assertThat(ok("day", "{\"value\":\"2024-05-31\"}")).isEqualTo("2024-05-31");
        assertThat(ok("moment", "{\"value\":\"2024-05-31T14:30:00\"}")).isEqualTo("2024-05-31T14:30");
        assertThat(ok("stamp", "{\"value\":\"2024-05-31T14:30:00+02:00\"}")).isEqualTo("2024-05-31T14:30+02:00");
        assertThat(ok("instant", "{\"value\":\"2024-05-31T12:30:00Z\"}")).isEqualTo("2024-05-31T12:30:00Z");
        assertThat(ok("span", "{\"value\":\"PT15M\"}")).isEqualTo("PT15M");
    }

    @Test
    void badFormattedStringsAreProblemsWithAnExample() {
        assertThat(error("day", "{\"value\":\"31/05/2024\"}"))
                .contains("parameter 'value' must be a date such as \"2024-05-31\", got \"31/05/2024\"");
        assertThat(error("id", "{\"value\":\"nope\"}")).contains("parameter 'value' must be a UUID");
        assertThat(error("span", "{\"value\":15}")).contains("parameter 'value' must be a duration");
    }

    @Test
    void numbersInStringsAreCoerced() {
        assertThat(ok("number", "{\"value\":\"3\"}")).isEqualTo("3");
        assertThat(ok("real", "{\"value\":\"2.5\"}")).isEqualTo("2.5");
        assertThat(ok("big", "{\"value\":\" 12 \"}")).isEqualTo("12");
    }

    @Test
    void booleanStringsAreCoerced() {
        assertThat(ok("flag", "{\"value\":\"true\"}")).isEqualTo("true");
        assertThat(ok("flag", "{\"value\":\"FALSE\"}")).isEqualTo("false");
        assertThat(error("flag", "{\"value\":\"yes\"}")).contains("parameter 'value' must be a boolean, got \"yes\"");
    }

    @Test
    void integralFloatsBecomeIntegers() {
        assertThat(ok("number", "{\"value\":3.0}")).isEqualTo("3");
        assertThat(ok("big", "{\"value\":1e3}")).isEqualTo("1000");
    }

    @Test
    void lossyNumbersAreRefusedNeverTruncated() {
        assertThat(error("number", "{\"value\":5.5}")).contains("parameter 'value' must be an integer, got 5.5");
        assertThat(error("tiny", "{\"value\":300}"))
                .contains("parameter 'value' must be an integer from -128 to 127, got 300");
        assertThat(error("number", "{\"value\":\"many\"}"))
                .contains("parameter 'value' must be an integer, got \"many\"");
        assertThat(error("huge", "{\"value\":1.5}")).contains("must be an integer");
    }

    @Test
    void narrowIntegersPublishTheRangeTheDispatcherTakes() {
        // the schema (and so every prompt and grammar made from it) admits exactly what the dispatcher reads
        assertThat(range("tiny")).isEqualTo("-128..127");
        assertThat(range("small")).isEqualTo("-32768..32767");
        assertThat(range("number")).isEqualTo("..");
    }

    private static String range(String tool) {
        com.fasterxml.jackson.databind.JsonNode value = echo.tools().stream().filter(t -> t.name().equals(tool))
                .findFirst().orElseThrow().parameters().at("/properties/value");
        return value.path("minimum").asText("") + ".." + value.path("maximum").asText("");
    }

    @Test
    void aSingleValueBecomesAListOfOne() {
        assertThat(ok("numbers", "{\"values\":7}")).isEqualTo("[7]");
        assertThat(ok("words", "{\"values\":\"solo\"}")).isEqualTo("[\"solo\"]");
        assertThat(ok("ints", "{\"values\":3}")).isEqualTo("[3]");
    }

    @Test
    void listsSetsAndArraysAreRead() {
        assertThat(ok("numbers", "{\"values\":[1,\"2\",3.0]}")).isEqualTo("[1,2,3]");
        assertThat(ok("colors", "{\"values\":[\"red\",\"RED\",\"dark-blue\"]}")).isEqualTo("[\"RED\",\"DARK_BLUE\"]");
        assertThat(ok("strings", "{\"values\":[\"a\",\"b\"]}")).isEqualTo("[\"a\",\"b\"]");
        assertThat(ok("grid", "{\"values\":[[1,2],[3]]}")).isEqualTo("[[1,2],[3]]");
        assertThat(ok("numbers", "{\"values\":\"[4,5]\"}")).isEqualTo("[4,5]");
    }

    @Test
    void elementProblemsCarryTheirIndex() {
        String message = error("numbers", "{\"values\":[1,\"x\",2.5,null]}");
        assertThat(message).contains("parameter 'values[1]' must be an integer, got \"x\"")
                .contains("parameter 'values[2]' must be an integer, got 2.5")
                .contains("parameter 'values[3]' must not be null");
        assertThat(error("grid", "{\"values\":[[1],[2,\"z\"]]}"))
                .contains("parameter 'values[1][1]' must be an integer, got \"z\"");
    }

    @Test
    void enumConstantsMatchInAnyCase() {
        assertThat(ok("color", "{\"value\":\"RED\"}")).isEqualTo("RED");
        assertThat(ok("color", "{\"value\":\"red\"}")).isEqualTo("RED");
        assertThat(ok("color", "{\"value\":\"Dark Blue\"}")).isEqualTo("DARK_BLUE");
        assertThat(error("color", "{\"value\":\"green\"}"))
                .contains("parameter 'value' must be one of \"RED\", \"DARK_BLUE\", got \"green\"");
    }

    @Test
    void mapsAreReadWithKeyPaths() {
        assertThat(ok("counts", "{\"values\":{\"a\":1,\"b\":\"2\"}}")).isEqualTo("{\"a\":1,\"b\":2}");
        assertThat(error("counts", "{\"values\":{\"a\":\"x\"}}"))
                .contains("parameter 'values.a' must be an integer, got \"x\"");
        assertThat(ok("routes", "{\"value\":{\"home\":[{\"x\":1,\"y\":2}]}}"))
                .isEqualTo("{\"home\":[{\"x\":1,\"y\":2}]}");
        assertThat(error("routes", "{\"value\":{\"home\":[{\"x\":1,\"y\":\"far\"}]}}"))
                .contains("parameter 'value.home[0].y' must be an integer, got \"far\"");
    }

    @Test
    void anObjectSentAsAStringIsDecoded() {
        assertThat(ok("point", "{\"value\":\"{\\\"x\\\":1,\\\"y\\\":2}\"}")).isEqualTo("{\"x\":1,\"y\":2}");
        assertThat(ok("counts", "{\"values\":\"{\\\"a\\\":1}\"}")).isEqualTo("{\"a\":1}");
        assertThat(error("point", "{\"value\":\"not json\"}"))
                .contains("parameter 'value' must be an object, got \"not json\"");
    }

    @Test
    void optionalParametersMayBeOmittedOrNull() {
        assertThat(ok("maybe", "{}")).isEqualTo("null");
        assertThat(ok("maybe", "{\"value\":null}")).isEqualTo("null");
        assertThat(ok("maybe", "{\"value\":\"here\"}")).isEqualTo("here");
        assertThat(ok("optional_number", "{}")).isEqualTo("0");
    }

    @Test
    void defaultsApplyWhenAnArgumentIsOmitted() {
        assertThat(ok("defaults", "{}")).isEqualTo("7 [a, b] Point[x=1, y=2]");
        assertThat(ok("defaults", "{\"n\":1,\"tags\":[],\"at\":{\"x\":0,\"y\":0}}")).isEqualTo("1 [] Point[x=0, y=0]");
        assertThat(ok("defaults", "{\"n\":null}")).isEqualTo("7 [a, b] Point[x=1, y=2]");
    }

    @Test
    void requiredArgumentsMustBePresentAndNotNull() {
        assertThat(error("pair", "{\"second\":1}")).contains("parameter 'first' is required");
        assertThat(error("pair", "{\"first\":null,\"second\":1}")).contains("parameter 'first' is required, got null");
        assertThat(error("point", "{\"value\":{\"x\":1}}")).contains("parameter 'value.y' is required");
    }

    @Test
    void everyProblemIsReportedAtOnceWithTheSignature() {
        String message = error("constrained", "{\"n\":0,\"items\":[\"a\",\"b\",\"c\",\"d\"],\"email\":\"nobody\","
                + "\"name\":\"\",\"extra\":true}");
        assertThat(message).startsWith("Invalid arguments for constrained:\n")
                .contains("- unknown parameter 'extra' (expected: n, items, email, name)")
                .contains("- parameter 'n' must be at least 1, got 0")
                .contains("- parameter 'items' must have at most 3 items, got 4")
                .contains("- parameter 'email' must be an e-mail address, got \"nobody\"")
                .contains("- parameter 'name' must have at least 1 character, got \"\"")
                .contains("\nSignature: constrained(n: integer, items: string[], email: string, name: string)");
        assertThat(error("constrained", "{\"n\":11,\"items\":[],\"email\":\"a@b.c\",\"name\":\"x\"}"))
                .contains("parameter 'n' must be at most 10, got 11");
        assertThat(ok("constrained", "{\"n\":10,\"items\":[],\"email\":\"a@b.c\",\"name\":\"x\"}")).isEqualTo("ok");
    }

    @Test
    void unknownParametersAreReportedWithASuggestion() {
        assertThat(error("pair", "{\"First\":\"a\",\"second\":1}"))
                .contains("unknown parameter 'First'; did you mean 'first'? (expected: first, second)")
                .contains("parameter 'first' is required");
        assertThat(error("nothing", "{\"x\":1}")).contains("unknown parameter 'x' (this takes no parameters)");
    }

    @Test
    void parameterNamesFollowParamName() {
        assertThat(ok("named", "{\"full_name\":\"Ada Lovelace\"}")).isEqualTo("Ada Lovelace");
        assertThat(error("named", "{\"fullName\":\"Ada\"}")).contains("did you mean 'full_name'?");
    }

    @Test
    void recordsAreReadAndWrittenFieldByField() {
        assertThat(ok("point", "{\"value\":{\"x\":\"1\",\"y\":2.0}}")).isEqualTo("{\"x\":1,\"y\":2}");
        assertThat(error("point", "{\"value\":{\"x\":1,\"y\":2,\"z\":3}}"))
                .contains("unknown parameter 'value.z' (expected: x, y)");
    }

    @Test
    void flatFieldsMoveIntoTheNestedParameter() {
        assertThat(ok("point", "{\"x\":1,\"y\":2}")).isEqualTo("{\"x\":1,\"y\":2}");
        assertThat(ok("point", "{\"value\":{\"x\":1},\"y\":2}")).isEqualTo("{\"x\":1,\"y\":2}");
    }

    @Test
    void sealedTypesAreChosenByTheirDiscriminator() {
        assertThat(ok("shape", "{\"value\":{\"type\":\"circle\",\"radius\":2}}"))
                .isEqualTo("{\"type\":\"circle\",\"radius\":2.0}");
        assertThat(ok("shape", "{\"value\":{\"type\":\"Square\",\"side\":1.5}}"))
                .isEqualTo("{\"type\":\"square\",\"side\":1.5,\"label\":null}");
        assertThat(ok("shape", "{\"value\":{\"type\":\"SQUARE\",\"side\":1,\"label\":\"s\"}}"))
                .isEqualTo("{\"type\":\"square\",\"side\":1.0,\"label\":\"s\"}");
        assertThat(error("shape", "{\"value\":{\"type\":\"triangle\",\"side\":1}}"))
                .contains("parameter 'value.type' must be one of \"circle\", \"square\", got \"triangle\"");
    }

    @Test
    void sealedTypesWithoutADiscriminatorAreMatchedByFieldsInOrder() {
        assertThat(ok("shape", "{\"value\":{\"radius\":3}}")).isEqualTo("{\"type\":\"circle\",\"radius\":3.0}");
        assertThat(ok("shape", "{\"value\":{\"side\":3}}")).startsWith("{\"type\":\"square\"");
        assertThat(ok("shape", "{\"side\":4,\"label\":\"flat\"}")).isEqualTo("{\"type\":\"square\",\"side\":4.0,\"label\":\"flat\"}");
        assertThat(error("shape", "{\"value\":{\"corners\":3}}"))
                .contains("parameter 'value.type' is required to tell which kind of object this is: one of \"circle\","
                        + " \"square\"");
    }

    @Test
    void recursiveRecordsAreReadAtAnyDepth() {
        String tree = "{\"label\":\"a\",\"children\":[{\"label\":\"b\",\"children\":[{\"label\":\"c\",\"children\":[]}]}]}";
        assertThat(ok("tree", "{\"value\":" + tree + "}")).isEqualTo(tree);
        assertThat(error("tree", "{\"value\":{\"label\":\"a\",\"children\":[{\"label\":1,\"children\":[{}]}]}}"))
                .contains("parameter 'value.children[0].children[0].label' is required");
    }

    @Test
    void recursionDeeperThanTheLimitIsAProblemNotAStackOverflow() {
        StringBuilder deep = new StringBuilder();
        int levels = 150;
        for (int i = 0; i < levels; i++) {
            deep.append("{\"label\":\"x\",\"children\":[");
        }
        deep.append("{\"label\":\"leaf\",\"children\":[]}");
        for (int i = 0; i < levels; i++) {
            deep.append("]}");
        }
        assertThat(error("tree", "{\"value\":" + deep + "}")).contains("is nested more than 100 levels deep");
    }

    @Test
    void voidToolsConfirm() {
        assertThat(ok("nothing", "{}")).isEqualTo("Done: nothing completed.");
    }

    @Test
    void unknownReturnTypesAreWrittenByDataBinding() {
        assertThat(ok("opaque", "{\"name\":\"abc\"}")).isEqualTo("{\"name\":\"abc\",\"length\":3}");
    }

    @Test
    void exceptionsFromToolsBecomeFailuresWithoutStackTraces() {
        String message = error("fails", "{\"why\":\"disk full\"}");
        assertThat(message).isEqualTo("Tool fails failed: disk full");
        assertThat(error("npe", "{}")).isEqualTo("Tool npe failed.");
    }

    @Test
    void staticToolsAreCalledOnTheClass() {
        assertThat(ok("shout", "{\"s\":\"hey\"}")).isEqualTo("HEY");
    }

    @Test
    void unknownToolsListTheAvailableTools() {
        ToolResult r = echo.dispatch(ToolCall.of("txet"));
        assertThat(r.isError()).isTrue();
        assertThat(r.toolName()).isEqualTo("txet");
        assertThat(r.content()).startsWith(
                "There is no tool named \"txet\". Did you mean \"text\"? Available tools: text, letter,");
    }

    @Test
    void toolNamesAreMatchedLikeTheExtractorMatchesThem() {
        ToolResult r = echo.dispatch(ToolCall.of("optionalNumber"));
        assertThat(r.isError()).as(r.content()).isFalse();
        assertThat(r.toolName()).isEqualTo("optional_number");
    }

    @Test
    void dispatchNeverThrowsForWhateverArgumentsArrive() throws Exception {
        String[] junk = {"{\"value\":[[[[[]]]]]}", "{\"value\":{\"a\":{\"b\":{}}}}", "{\"values\":\"[\"}",
                "{\"value\":\"\\u0000\"}", "{\"value\":-1e999}", "{\"value\":\"NaN\"}", "{\"values\":{\"\":null}}",
                "{\"value\":{\"type\":null}}", "{\"value\":{\"type\":{\"x\":1}}}"};
        for (var spec : echo.tools()) {
            for (String args : junk) {
                ToolResult r = echo.dispatch(ToolCall.of(spec.name(), (ObjectNode) JSON.readTree(args)));
                assertThat(r.content()).isNotNull();
            }
        }
    }
}
