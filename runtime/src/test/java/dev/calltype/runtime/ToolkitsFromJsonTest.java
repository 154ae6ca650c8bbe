package dev.calltype.runtime;

import static dev.calltype.runtime.testing.Fixtures.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ToolkitsFromJsonTest {

    private final List<String> names = new ArrayList<>();
    private final List<ObjectNode> received = new ArrayList<>();

    private final Toolkit toolkit = Toolkits.fromJson(listing(), (name, arguments) -> {
        names.add(name);
        received.add(arguments);
        return arguments;
    });

    private static String listing() {
        try (InputStream in = ToolkitsFromJsonTest.class.getResourceAsStream("/toolkits/openai-tools.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private ToolResult call(String name, String arguments) {
        return toolkit.dispatch(ToolCall.of(name, object(arguments)).withId("call_1"));
    }

    private ObjectNode ok(String name, String arguments) {
        ToolResult result = call(name, arguments);
        assertThat(result.isError()).as(result.content()).isFalse();
        return received.get(received.size() - 1);
    }

    private String failure(String name, String arguments) {
        ToolResult result = call(name, arguments);
        assertThat(result.isError()).as(result.content()).isTrue();
        return result.content();
    }

    // --- coercion ------------------------------------------------------------------------------

    @Test
    void numericAndBooleanStringsAndEnumCaseAreCoercedAndDefaultsFilledIn() {
        ObjectNode args = ok("forecast", "{\"city\":\"Paris\",\"days\":\"5\",\"units\":\"Celsius\",\"detailed\":\"TRUE\"}");

        assertThat(args).isEqualTo(object("{\"city\":\"Paris\",\"days\":5,\"units\":\"celsius\",\"detailed\":true}"));
        assertThat(args.get("days").isInt()).isTrue();
    }

    @Test
    void missingOptionalParametersGetTheirDefaults() {
        ObjectNode args = ok("forecast", "{\"city\":\"Oslo\"}");

        assertThat(args).isEqualTo(object("{\"city\":\"Oslo\",\"days\":3,\"units\":\"celsius\"}"));
    }

    @Test
    void nullForAnOptionalParameterCountsAsLeavingItOut() {
        ObjectNode args = ok("forecast", "{\"city\":\"Oslo\",\"days\":null,\"date\":null}");

        assertThat(args).isEqualTo(object("{\"city\":\"Oslo\",\"days\":3,\"units\":\"celsius\"}"));
    }

    @Test
    void nullIsKeptWhereTheSchemaAllowsIt() {
        ObjectNode args = ok("send", "{\"to\":\"ada@example.com\",\"priority\":null}");

        assertThat(args.get("priority").isNull()).isTrue();
    }

    @Test
    void integralFloatIsAnIntegerAndNumericStringIsANumber() {
        ObjectNode args = ok("send", "{\"to\":\"ada@example.com\",\"step\":10.0,\"ratio\":\"0.25\"}");

        assertThat(args.get("step").isIntegralNumber()).isTrue();
        assertThat(args.get("step").intValue()).isEqualTo(10);
        assertThat(args.get("ratio").isNumber()).isTrue();
        assertThat(args.get("ratio").doubleValue()).isEqualTo(0.25);
    }

    @Test
    void aSingleValueBecomesAOneElementListAndListItemsAreCoerced() {
        ObjectNode args = ok("tag_notes", "{\"tags\":\"urgent\",\"ids\":[\"1\",2,3.0]}");

        assertThat(args).isEqualTo(object("{\"tags\":[\"urgent\"],\"ids\":[1,2,3]}"));
    }

    @Test
    void anObjectSentAsAStringIsDecodedAndItsFieldsCoerced() {
        ObjectNode args = ok("add_stock", "{\"item\":\"{\\\"sku\\\":\\\"A1\\\",\\\"quantity\\\":\\\"2\\\"}\"}");

        assertThat(args).isEqualTo(object("{\"item\":{\"sku\":\"A1\",\"quantity\":2}}"));
    }

    @Test
    void fieldsOfANestedObjectSentAtTheTopLevelAreMovedIntoIt() {
        ObjectNode args = ok("add_stock", "{\"sku\":\"A1\",\"quantity\":2,\"note\":\"x\"}");

        assertThat(args).isEqualTo(object("{\"item\":{\"sku\":\"A1\",\"quantity\":2},\"note\":\"x\"}"));
    }

    @Test
    void anyOfPicksTheAlternativeTheDiscriminatorNamesAndCoercesIt() {
        ObjectNode args = ok("draw", "{\"shape\":{\"type\":\"square\",\"side\":\"2\"}}");

        assertThat(args.at("/shape/side").doubleValue()).isEqualTo(2.0);
        assertThat(args.at("/shape/type").textValue()).isEqualTo("square");
    }

    @Test
    void dateTimeAcceptsAnOffsetOrALocalDateTime() {
        ok("send", "{\"to\":\"ada@example.com\",\"at\":\"2024-05-31T14:30:00+02:00\"}");
        ok("send", "{\"to\":\"ada@example.com\",\"at\":\"2024-05-31T14:30:00\"}");
    }

    @Test
    void undeclaredParametersPassThroughWhenTheSchemaAllowsThem() {
        ObjectNode args = ok("tag_notes", "{\"tags\":[\"a\"],\"colour\":\"red\"}");

        assertThat(args.get("colour").textValue()).isEqualTo("red");
    }

    @Test
    void argumentsTheHandlerReceivesAreValidForTheToolsSchema() {
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        String[][] calls = {
            {"forecast", "{\"city\":\"Paris\",\"days\":\"5\",\"units\":\"FAHRENHEIT\",\"date\":\"2024-05-31\"}"},
            {"add_stock", "{\"sku\":\"B7\",\"quantity\":\"4\"}"},
            {"tag_notes", "{\"tags\":\"x\",\"ids\":\"[1,2]\"}"},
            {"send", "{\"to\":\"ada@example.com\",\"ratio\":\"1\",\"step\":\"15\"}"},
            {"draw", "{\"shape\":{\"type\":\"CIRCLE\",\"radius\":\"1.5\"}}"},
        };
        for (String[] c : calls) {
            ObjectNode args = ok(c[0], c[1]);
            ToolSpec tool = toolkit.tools().stream().filter(t -> t.name().equals(c[0])).findFirst().orElseThrow();
            JsonSchema schema = factory.getSchema(tool.parameters());
            assertThat(schema.validate(args)).as(c[0] + " " + args).isEmpty();
        }
    }

    // --- problems ------------------------------------------------------------------------------

    @Test
    void aFractionIsNeverAnInteger() {
        assertThat(failure("forecast", "{\"city\":\"Paris\",\"days\":5.5}"))
                .contains("- parameter 'days' must be an integer, got 5.5");
        assertThat(names).isEmpty();
    }

    @Test
    void aMissingRequiredParameterIsReported() {
        assertThat(failure("forecast", "{\"days\":2}")).contains("- parameter 'city' is required");
    }

    @Test
    void everyProblemIsReportedAtOnceWithItsPathAndTheSignature() {
        String message = failure("add_stock", "{\"item\":{\"sku\":\"a1\",\"quantity\":\"many\"},\"extra\":1}");

        assertThat(message).isEqualTo("Invalid arguments for add_stock:\n"
                + "- parameter 'item.sku' must be a string matching the pattern ^[A-Z][0-9]+$, got \"a1\"\n"
                + "- parameter 'item.quantity' must be an integer, got \"many\"\n"
                + "- unknown parameter 'extra'; the parameters are: item, note\n"
                + "Signature: add_stock(item: {sku: string, quantity: integer}, note?: string)\n"
                + "Fix the arguments and call add_stock again.");
        assertThat(names).isEmpty();
    }

    @Test
    void anUnknownParameterGetsADidYouMean() {
        assertThat(failure("forecast", "{\"citty\":\"Paris\"}"))
                .contains("- unknown parameter 'citty' (did you mean 'city'?); the parameters are: city, days, units,"
                        + " date, detailed")
                .contains("- parameter 'city' is required");
    }

    @Test
    void numericBoundsAreChecked() {
        assertThat(failure("forecast", "{\"city\":\"Paris\",\"days\":0}"))
                .contains("parameter 'days' must be at least 1, got 0");
        assertThat(failure("forecast", "{\"city\":\"Paris\",\"days\":\"15\"}"))
                .contains("parameter 'days' must be at most 14, got \"15\"");
        assertThat(failure("send", "{\"to\":\"ada@example.com\",\"ratio\":0,\"step\":7}"))
                .contains("parameter 'ratio' must be greater than 0, got 0")
                .contains("parameter 'step' must be a multiple of 5, got 7");
    }

    @Test
    void stringLengthsAreCountedInCharacters() {
        assertThat(failure("forecast", "{\"city\":\"P\"}"))
                .contains("parameter 'city' must be at least 2 characters long, got \"P\"");
        assertThat(failure("forecast", "{\"city\":\"" + "x".repeat(41) + "\"}"))
                .contains("parameter 'city' must be at most 40 characters long");
        ok("forecast", "{\"city\":\"\uD83C\uDF0D\uD83C\uDF0E\"}");
    }

    @Test
    void enumValuesAreListed() {
        assertThat(failure("forecast", "{\"city\":\"Paris\",\"units\":\"kelvin\"}"))
                .contains("parameter 'units' must be one of \"celsius\", \"fahrenheit\", got \"kelvin\"");
    }

    @Test
    void arraySizesUniquenessAndItemsAreChecked() {
        assertThat(failure("tag_notes", "{\"tags\":[]}")).contains("parameter 'tags' must have at least 1 item, got 0");
        assertThat(failure("tag_notes", "{\"tags\":[\"a\",\"b\",\"c\",\"d\"]}"))
                .contains("parameter 'tags' must have at most 3 items, got 4");
        assertThat(failure("tag_notes", "{\"tags\":[\"a\",\"a\"]}"))
                .contains("parameter 'tags' must not contain the same item twice, got \"a\" more than once");
        assertThat(failure("tag_notes", "{\"tags\":[\"a\"],\"ids\":[1,\"x\",2.5]}"))
                .contains("parameter 'ids[1]' must be an integer, got \"x\"")
                .contains("parameter 'ids[2]' must be an integer, got 2.5");
    }

    @Test
    void formatsAreChecked() {
        assertThat(failure("forecast", "{\"city\":\"Paris\",\"date\":\"31/05/2024\"}"))
                .contains("parameter 'date' must be a date such as \"2024-05-31\", got \"31/05/2024\"");
        String message = failure("send", "{\"to\":\"not an address\",\"at\":\"tomorrow\",\"ref\":\"abc\","
                + "\"link\":\"/relative/path\"}");
        assertThat(message)
                .contains("parameter 'to' must be an email address such as \"ada@example.com\", got \"not an address\"")
                .contains("parameter 'at' must be a date-time with offset such as \"2024-05-31T14:30:00+02:00\", got \"tomorrow\"")
                .contains("parameter 'ref' must be a UUID")
                .contains("parameter 'link' must be an absolute URI");
    }

    @Test
    void aWrongDiscriminatorListsTheAllowedValues() {
        assertThat(failure("draw", "{\"shape\":{\"type\":\"hexagon\",\"side\":1}}"))
                .contains("parameter 'shape.type' must be one of \"circle\", \"square\", got \"hexagon\"");
        assertThat(failure("draw", "{\"shape\":{\"side\":1}}"))
                .contains("parameter 'shape.type' is required: one of \"circle\", \"square\"");
    }

    @Test
    void aMatchingDiscriminatorReportsThatAlternativesProblems() {
        assertThat(failure("draw", "{\"shape\":{\"type\":\"square\",\"side\":\"big\"}}"))
                .contains("- parameter 'shape.side' must be a number, got \"big\"");
    }

    @Test
    @Timeout(60)
    void aHugeExponentInAStringIsRefusedWithoutExpandingIt() {
        assertThat(failure("forecast", "{\"city\":\"Paris\",\"days\":\"1e999999999\"}"))
                .contains("parameter 'days' must be an integer, got \"1e999999999\"");
    }

    @Test
    void valuesNestedDeeperThanTheLimitAreAProblemNotACrash() {
        Toolkit tree = Toolkits.fromJson("{\"tools\":[{\"name\":\"tree\",\"inputSchema\":{\"type\":\"object\","
                + "\"properties\":{\"node\":{\"$ref\":\"#/$defs/N\"}},\"$defs\":{\"N\":{\"type\":\"object\","
                + "\"properties\":{\"child\":{\"$ref\":\"#/$defs/N\"}}}}}}]}", (n, a) -> a);
        String deep = "{\"child\":".repeat(200) + "{}" + "}".repeat(200);

        ToolResult result = tree.dispatch(ToolCall.of("tree", object("{\"node\":" + deep + "}")));

        assertThat(result.isError()).isTrue();
        assertThat(result.content()).contains("is nested too deeply");
    }

    // --- results -------------------------------------------------------------------------------

    @Test
    void theHandlersExceptionBecomesAFailureWithItsMessageOnly() {
        Toolkit failing = Toolkits.fromJson(listing(), (name, args) -> {
            throw new IllegalStateException("no weather station near " + args.get("city").textValue());
        });

        ToolResult result = failing.dispatch(ToolCall.of("forecast", object("{\"city\":\"Atlantis\"}")).withId("c7"));

        assertThat(result.isError()).isTrue();
        assertThat(result.callId()).isEqualTo("c7");
        assertThat(result.content()).isEqualTo("Tool forecast failed: no weather station near Atlantis");
    }

    @Test
    void anExceptionWithoutAMessageIsNotNamedByItsType() {
        Toolkit failing = Toolkits.fromJson(listing(), (name, args) -> {
            throw new UnsupportedOperationException();
        });

        assertThat(failing.dispatch(ToolCall.of("ping")).content()).isEqualTo("Tool ping failed.");
    }

    @Test
    void aNullResultIsAShortConfirmationAndAStringGoesBackAsItIs() {
        Toolkit quiet = Toolkits.fromJson(listing(), (name, args) -> name.equals("ping") ? null : TextNode.valueOf("sunny"));

        assertThat(quiet.dispatch(ToolCall.of("ping")).content()).isEqualTo("done");
        assertThat(quiet.dispatch(ToolCall.of("forecast", object("{\"city\":\"Rome\"}"))).content()).isEqualTo("sunny");
    }

    @Test
    void anObjectResultGoesBackAsJsonWithTheCallsId() {
        ToolResult result = call("forecast", "{\"city\":\"Rome\"}");

        assertThat(result.callId()).isEqualTo("call_1");
        assertThat(result.toolName()).isEqualTo("forecast");
        assertThat(result.content()).isEqualTo("{\"city\":\"Rome\",\"days\":3,\"units\":\"celsius\"}");
    }

    @Test
    void anUnknownToolListsTheAvailableTools() {
        ToolResult result = call("forcast", "{}");

        assertThat(result.isError()).isTrue();
        assertThat(result.content()).isEqualTo("There is no tool named \"forcast\". Did you mean \"forecast\"?"
                + " Available tools: forecast, add_stock, tag_notes, send, draw, ping.");
    }

    @Test
    void madeUpNamesAreShortenedAndEscapedInMessages() {
        ToolResult unknown = call("x".repeat(500), "{}");

        assertThat(unknown.content()).startsWith("There is no tool named \"" + "x".repeat(40)).hasSizeLessThan(250)
                .doesNotContain("x".repeat(100));
        assertThat(failure("forecast", "{\"city\":\"Paris\",\"bad\\nkey\":1}"))
                .contains("- unknown parameter 'bad\\u000akey'; the parameters are:");
    }

    @Test
    void theCallsArgumentsAreNotChanged() {
        ObjectNode arguments = object("{\"city\":\"Paris\",\"days\":\"5\"}");
        ObjectNode copy = arguments.deepCopy();

        toolkit.dispatch(ToolCall.of("forecast", arguments));

        assertThat(arguments).isEqualTo(copy);
    }

    @Test
    void handleExtractsCallsFromTextThenChecksThemAgainstTheSchema() {
        List<ToolResult> results = toolkit.handle("Checking.\n"
                + "<tool_call>{\"name\": \"forecast\", \"arguments\": {\"city\": \"Paris\", \"days\": \"4\"}}</tool_call>\n"
                + "<tool_call>{\"name\": \"forecast\", \"arguments\": {\"city\": \"Rome\", \"days\": 4.5}}</tool_call>");

        assertThat(results).hasSize(2);
        assertThat(results.get(0).content()).isEqualTo("{\"city\":\"Paris\",\"days\":4,\"units\":\"celsius\"}");
        assertThat(results.get(1).isError()).isTrue();
        assertThat(results.get(1).content()).contains("parameter 'days' must be an integer, got 4.5");
    }

    @Test
    void theExtractorIsMadeOnceOverEveryTool() {
        ToolCallExtractor extractor = toolkit.extractor();

        assertThat(toolkit.extractor()).isSameAs(extractor);
        assertThat(extractor.extract("ping()").calls()).extracting(ToolCall::name).containsExactly("ping");
        assertThat(extractor.extract("<tool_call>{\"name\": \"draw\", \"arguments\": {}}</tool_call>").calls())
                .extracting(ToolCall::name).containsExactly("draw");
    }

    @Test
    void positionalPythonicArgumentsAreMappedInTheSchemasOrder() {
        List<ToolResult> results = toolkit.handle("forecast(\"Oslo\", 2, \"Fahrenheit\")");

        assertThat(results).hasSize(1);
        assertThat(results.get(0).content()).isEqualTo("{\"city\":\"Oslo\",\"days\":2,\"units\":\"fahrenheit\"}");
    }

    // --- the toolkit -----------------------------------------------------------------------------

    @Test
    void schemasAndInstructionsAreRenderedFromTheListing() {
        assertThat(toolkit.schemaJson(SchemaDialect.OPENAI)).isEqualTo(SchemaDialects.render(toolkit.tools(), SchemaDialect.OPENAI));
        assertThat(toolkit.formatInstructions(PromptFormat.XML_TAGS))
                .contains("- forecast(city: string, days?: integer = 3, units?: \"celsius\"|\"fahrenheit\" = \"celsius\","
                        + " date?: string, detailed?: boolean) — Weather forecast for a city");
    }

    @Test
    void mcpAndAnthropicListingsWorkToo() {
        Toolkit mcp = Toolkits.fromJson("{\"tools\":[{\"name\":\"echo\",\"description\":\"Echo\",\"inputSchema\":"
                + "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}},\"required\":[\"n\"]}}]}", (n, a) -> a);
        Toolkit anthropic = Toolkits.fromJson("[{\"name\":\"echo\",\"input_schema\":"
                + "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}},\"required\":[\"n\"]}}]", (n, a) -> a);

        for (Toolkit t : List.of(mcp, anthropic)) {
            assertThat(t.dispatch(ToolCall.of("echo", object("{\"n\":\"4\"}"))).content()).isEqualTo("{\"n\":4}");
            assertThat(t.dispatch(ToolCall.of("echo", object("{}"))).content()).contains("parameter 'n' is required");
        }
    }

    @Test
    void anMcpReadOnlyHintMakesTheToolReadOnlyAndNothingElseDoes() {
        Toolkit mcp = Toolkits.fromJson("{\"tools\":["
                + "{\"name\":\"look\",\"inputSchema\":{\"type\":\"object\"},\"annotations\":{\"readOnlyHint\":true}},"
                + "{\"name\":\"wipe\",\"inputSchema\":{\"type\":\"object\"},\"annotations\":{\"readOnlyHint\":false}},"
                + "{\"name\":\"odd\",\"inputSchema\":{\"type\":\"object\"},\"annotations\":{\"readOnlyHint\":\"yes\"}},"
                + "{\"name\":\"plain\",\"inputSchema\":{\"type\":\"object\"}}]}", (n, a) -> a);
        assertThat(mcp.tools()).extracting(ToolSpec::name, ToolSpec::readOnly).containsExactly(
                tuple("look", true), tuple("wipe", false),
                tuple("odd", false), tuple("plain", false));
        assertThat(toolkit.tools()).noneMatch(ToolSpec::readOnly);
    }

    @Test
    void anUnreadableListingIsRejectedWithWhereItFailed() {
        assertThatThrownBy(() -> Toolkits.fromJson("[{\"type\":\"function\",", (n, a) -> a))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not valid JSON");
    }

    @Test
    void dispatchNeverThrowsForOddArguments() {
        String[] values = {"null", "true", "-0", "1e400", "\"\"", "[]", "{}", "[[[]]]", "\"{\\\"a\\\":\"", "\"\\u0000\"",
            "{\"type\":{}}", "[null]", "\"NaN\"", "1e-999", "\"-1e999999999\"", "123456789012345678901234567890"};
        for (ToolSpec tool : toolkit.tools()) {
            List<String> names = new ArrayList<>(tool.parameterOrder());
            names.add("unknown");
            for (String name : names) {
                for (String value : values) {
                    ToolResult result = toolkit.dispatch(ToolCall.of(tool.name(), object("{\"" + name + "\":" + value + "}")));
                    assertThat(result).isNotNull();
                    assertThat(result.content()).isNotNull();
                }
            }
        }
    }
}
