package dev.calltype.runtime;

import dev.calltype.runtime.internal.args.SchemaNodes;
import dev.calltype.runtime.testing.Fixtures;

import static dev.calltype.runtime.testing.Fixtures.object;
import static dev.calltype.runtime.testing.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SchemaDialectsTest {

    private static final String DRAFT = "https://json-schema.org/draft/2020-12/schema";

    private static final JsonSchema META = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(SchemaLocation.of(DRAFT));

    @Test
    void jsonSchemaMapsEachToolToItsSchemaWithTheDraftFirst() {
        String json = SchemaDialects.render(List.of(Fixtures.weather(), Fixtures.ping()), SchemaDialect.JSON_SCHEMA);

        assertThat(json).isEqualTo("{\"get_weather\":{\"$schema\":\"" + DRAFT + "\",\"type\":\"object\",\"properties\":{"
                + "\"city\":{\"type\":\"string\",\"description\":\"City name\"},"
                + "\"units\":{\"type\":\"string\",\"enum\":[\"celsius\",\"fahrenheit\"],\"default\":\"celsius\"}},"
                + "\"required\":[\"city\"],\"additionalProperties\":false},"
                + "\"ping\":{\"$schema\":\"" + DRAFT + "\",\"type\":\"object\",\"properties\":{},"
                + "\"additionalProperties\":false}}");
    }

    @Test
    void jsonSchemaOutputIsValidAgainstTheDraft202012MetaSchema() {
        JsonNode all = Fixtures.tree(SchemaDialects.render(Fixtures.all(), SchemaDialect.JSON_SCHEMA));

        assertThat(all.size()).isEqualTo(4);
        for (Map.Entry<String, JsonNode> tool : all.properties()) {
            assertThat(META.validate(tool.getValue())).as(tool.getKey()).isEmpty();
        }
    }

    @Test
    void metaSchemaValidationCatchesAMisspeltType() {
        Set<ValidationMessage> errors = META.validate(object("{\"type\":\"strnig\"}"));

        assertThat(errors).isNotEmpty();
    }

    @Test
    void strictAndGeminiParametersAreStillValidSchemas() {
        for (SchemaDialect dialect : List.of(SchemaDialect.OPENAI_STRICT, SchemaDialect.GEMINI)) {
            JsonNode tools = Fixtures.tree(SchemaDialects.render(Fixtures.all(), dialect));
            for (JsonNode tool : tools) {
                JsonNode parameters = tool.has("function") ? tool.get("function").get("parameters") : tool.get("parameters");
                assertThat(META.validate(parameters)).as(dialect + " " + tool).isEmpty();
            }
        }
    }

    @Test
    void openAiWrapsEachToolAsAFunctionAndLeavesOutAnEmptyDescription() {
        String json = SchemaDialects.render(List.of(Fixtures.weather(), Fixtures.ping()), SchemaDialect.OPENAI);

        assertThat(json).isEqualTo("[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"description\":\"Current weather for a city\",\"parameters\":" + Fixtures.WEATHER_SCHEMA + "}},"
                + "{\"type\":\"function\",\"function\":{\"name\":\"ping\",\"parameters\":" + Fixtures.PING_SCHEMA + "}}]");
    }

    @Test
    void strictModeRequiresEveryPropertyAndMakesOptionalOnesNullableWithoutDefaults() {
        String json = SchemaDialects.render(List.of(Fixtures.weather()), SchemaDialect.OPENAI_STRICT);

        assertThat(json).isEqualTo("[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
                + "\"description\":\"Current weather for a city\",\"strict\":true,\"parameters\":{"
                + "\"type\":\"object\",\"properties\":{"
                + "\"city\":{\"type\":\"string\",\"description\":\"City name\"},"
                + "\"units\":{\"type\":[\"string\",\"null\"],\"enum\":[\"celsius\",\"fahrenheit\",null]}},"
                + "\"required\":[\"city\",\"units\"],\"additionalProperties\":false}}}]");
    }

    @Test
    void strictModeWrapsAnOptionalReferenceInAnyOfWithNullKeepingTheDescriptionOutside() {
        ToolSpec tool = spec("restock", "", "{\"type\":\"object\",\"properties\":{"
                + "\"item\":{\"description\":\"The item\",\"$ref\":\"#/$defs/Finding\"}},"
                + "\"$defs\":{\"Finding\":" + Fixtures.ITEM_DEF + "}}");

        ObjectNode strict = SchemaDialects.strict(tool.parameters());

        assertThat(SchemaNodes.write(strict)).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"item\":{\"description\":\"The item\",\"anyOf\":[{\"$ref\":\"#/$defs/Finding\"},{\"type\":\"null\"}]}},"
                + "\"required\":[\"item\"],\"additionalProperties\":false,"
                + "\"$defs\":{\"Finding\":" + Fixtures.ITEM_DEF + "}}");
    }

    @Test
    void strictModeReachesNestedObjectsAndKeepsAPropertyNamedDefault() {
        ToolSpec tool = spec("configure", "", "{\"type\":\"object\",\"properties\":{"
                + "\"opts\":{\"type\":\"object\",\"description\":\"Options\",\"properties\":{"
                + "\"depth\":{\"type\":\"integer\",\"default\":2},"
                + "\"default\":{\"type\":\"boolean\"}},\"required\":[\"default\"]},"
                + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"k\":{\"type\":\"string\"}}}}},"
                + "\"required\":[\"opts\",\"tags\"]}");

        String json = SchemaNodes.write(SchemaDialects.strict(tool.parameters()));

        assertThat(json).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"opts\":{\"type\":\"object\",\"description\":\"Options\",\"properties\":{"
                + "\"depth\":{\"type\":[\"integer\",\"null\"]},"
                + "\"default\":{\"type\":\"boolean\"}},\"required\":[\"depth\",\"default\"],\"additionalProperties\":false},"
                + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"k\":{\"type\":[\"string\",\"null\"]}},"
                + "\"required\":[\"k\"],\"additionalProperties\":false}}},"
                + "\"required\":[\"opts\",\"tags\"],\"additionalProperties\":false}");
    }

    @Test
    void strictModeDoesNotAddNullTwiceToAnAlreadyNullableProperty() {
        ToolSpec tool = spec("t", "", "{\"type\":\"object\",\"properties\":{"
                + "\"a\":{\"type\":[\"integer\",\"null\"]},\"b\":{\"enum\":[\"x\",null]}}}");

        String json = SchemaNodes.write(SchemaDialects.strict(tool.parameters()));

        assertThat(json).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"a\":{\"type\":[\"integer\",\"null\"]},\"b\":{\"enum\":[\"x\",null]}},"
                + "\"required\":[\"a\",\"b\"],\"additionalProperties\":false}");
    }

    @Test
    void anthropicUsesInputSchema() {
        String json = SchemaDialects.render(List.of(Fixtures.weather()), SchemaDialect.ANTHROPIC);

        assertThat(json).isEqualTo("[{\"name\":\"get_weather\",\"description\":\"Current weather for a city\","
                + "\"input_schema\":" + Fixtures.WEATHER_SCHEMA + "}]");
    }

    @Test
    void anEmptyDescriptionIsLeftOutInEveryDialect() {
        for (SchemaDialect dialect : SchemaDialect.values()) {
            assertThat(SchemaDialects.render(List.of(Fixtures.ping()), dialect)).as(dialect.name())
                    .doesNotContain("description");
        }
        assertThat(SchemaDialects.render(List.of(Fixtures.ping()), SchemaDialect.OPENAI_STRICT))
                .isEqualTo("[{\"type\":\"function\",\"function\":{\"name\":\"ping\",\"strict\":true,\"parameters\":"
                        + Fixtures.PING_SCHEMA + "}}]");
    }

    @Test
    void mcpListsToolsWithInputSchema() {
        String json = SchemaDialects.render(List.of(Fixtures.weather()), SchemaDialect.MCP);

        assertThat(json).isEqualTo("{\"tools\":[{\"name\":\"get_weather\",\"description\":\"Current weather for a city\","
                + "\"inputSchema\":" + Fixtures.WEATHER_SCHEMA + "}]}");
    }

    @Test
    void geminiInlinesReferencesAndDropsDefsAndAdditionalProperties() {
        String json = SchemaDialects.render(List.of(Fixtures.stock()), SchemaDialect.GEMINI);

        assertThat(json).isEqualTo("[{\"name\":\"add_stock\",\"description\":\"Add stock for an item\\nThe second line is not shown.\","
                + "\"parameters\":{\"type\":\"object\",\"properties\":{"
                + "\"item\":{\"type\":\"object\",\"description\":\"The item\",\"properties\":{"
                + "\"sku\":{\"type\":\"string\",\"pattern\":\"^[A-Z][0-9]+$\"},"
                + "\"quantity\":{\"type\":\"integer\",\"minimum\":1}},\"required\":[\"sku\",\"quantity\"]},"
                + "\"note\":{\"type\":\"string\"}},\"required\":[\"item\"]}}]");
    }

    @Test
    void geminiExpandsARecursiveReferenceThreeLevelsDeepThenStopsAtObject() {
        String level3 = section("{\"type\":\"object\"}");
        String level2 = section(level3);
        String level1 = section(level2);

        String json = SchemaDialects.render(List.of(Fixtures.outline()), SchemaDialect.GEMINI);

        assertThat(json).isEqualTo("[{\"name\":\"outline\",\"description\":\"Outline a document\",\"parameters\":{"
                + "\"type\":\"object\",\"properties\":{\"root\":" + level1 + "},\"required\":[\"root\"]}}]");
    }

    private static String section(String children) {
        return "{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"},"
                + "\"children\":{\"type\":\"array\",\"items\":" + children + "}},\"required\":[\"title\"]}";
    }

    @Test
    void geminiStopsMutualRecursionAndUnresolvableReferences() {
        ToolSpec tool = spec("t", "", "{\"type\":\"object\",\"properties\":{"
                + "\"a\":{\"$ref\":\"#/$defs/A\"},\"x\":{\"$ref\":\"https://example.com/remote.json\"}},"
                + "\"$defs\":{\"A\":{\"type\":\"object\",\"properties\":{\"b\":{\"$ref\":\"#/$defs/B\"}}},"
                + "\"B\":{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/A\"}}}}}");

        JsonNode gemini = SchemaDialects.gemini(tool.parameters());

        assertThat(SchemaNodes.write(gemini)).doesNotContain("$ref").doesNotContain("$defs");
        assertThat(SchemaNodes.write(gemini.at("/properties/a/properties/b/properties/a")))
                .isEqualTo("{\"type\":\"object\",\"properties\":{\"b\":{\"type\":\"object\"}}}");
        assertThat(SchemaNodes.write(gemini.at("/properties/x"))).isEqualTo("{\"type\":\"object\"}");
    }

    @Test
    void geminiCountsRecursionFromTheRootWhenTheRecursiveRecordIsNested() {
        ToolSpec tool = spec("publish", "", "{\"type\":\"object\",\"properties\":{"
                + "\"doc\":{\"$ref\":\"#/$defs/Document\"}},\"required\":[\"doc\"],"
                + "\"$defs\":{\"Document\":{\"type\":\"object\",\"properties\":{\"root\":{\"$ref\":\"#/$defs/Section\"}}},"
                + "\"Section\":" + Fixtures.SECTION_DEF + "}}");
        String level3 = section("{\"type\":\"object\"}");
        String level2 = section(level3);

        String json = SchemaNodes.write(SchemaDialects.gemini(tool.parameters()));

        assertThat(json).isEqualTo("{\"type\":\"object\",\"properties\":{\"doc\":{\"type\":\"object\",\"properties\":{"
                + "\"root\":" + level2 + "}}},\"required\":[\"doc\"]}");
    }

    @Test
    void geminiInlinesADeepChainOfDifferentRecordsCompletely() {
        ToolSpec tool = spec("ship", "", "{\"type\":\"object\",\"properties\":{\"order\":{\"$ref\":\"#/$defs/Order\"}},"
                + "\"$defs\":{"
                + "\"Order\":{\"type\":\"object\",\"properties\":{\"customer\":{\"$ref\":\"#/$defs/Customer\"}}},"
                + "\"Customer\":{\"type\":\"object\",\"properties\":{\"address\":{\"$ref\":\"#/$defs/Address\"}}},"
                + "\"Address\":{\"type\":\"object\",\"properties\":{\"geo\":{\"$ref\":\"#/$defs/Geo\"}}},"
                + "\"Geo\":{\"type\":\"object\",\"properties\":{\"lat\":{\"type\":\"number\"}}}}}");

        JsonNode gemini = SchemaDialects.gemini(tool.parameters());

        assertThat(gemini.at("/properties/order/properties/customer/properties/address/properties/geo/properties/lat/type")
                .textValue()).isEqualTo("number");
    }

    @Test
    void geminiKeepsAPropertyNamedLikeADroppedKeyword() {
        ToolSpec tool = spec("t", "", "{\"type\":\"object\",\"properties\":{"
                + "\"additionalProperties\":{\"type\":\"string\"},\"$defs\":{\"type\":\"integer\"}},"
                + "\"additionalProperties\":false}");

        String json = SchemaNodes.write(SchemaDialects.gemini(tool.parameters()));

        assertThat(json).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"additionalProperties\":{\"type\":\"string\"},\"$defs\":{\"type\":\"integer\"}}}");
    }

    @Test
    void renderingLeavesTheToolsSchemasUnchanged() {
        List<ToolSpec> tools = Fixtures.all();
        List<ObjectNode> before = new ArrayList<>();
        for (ToolSpec tool : tools) {
            before.add(tool.parameters().deepCopy());
        }

        for (SchemaDialect dialect : SchemaDialect.values()) {
            SchemaDialects.render(tools, dialect);
        }

        for (int i = 0; i < tools.size(); i++) {
            assertThat(tools.get(i).parameters()).isEqualTo(before.get(i));
        }
    }

    @Test
    void renderingTheSameToolsTwiceGivesTheSameText() {
        for (SchemaDialect dialect : SchemaDialect.values()) {
            assertThat(SchemaDialects.render(Fixtures.all(), dialect)).isEqualTo(SchemaDialects.render(Fixtures.all(), dialect));
        }
    }

    @Test
    void twoToolsWithOneNameAreRejected() {
        assertThatThrownBy(() -> SchemaDialects.render(List.of(Fixtures.ping(), Fixtures.ping()), SchemaDialect.OPENAI))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"ping\"");
    }
}
