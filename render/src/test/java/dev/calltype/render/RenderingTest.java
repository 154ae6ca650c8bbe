package dev.calltype.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.render.Json;
import dev.calltype.render.Json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dialect and instruction rules of shared-rendering.md, on hand-written schemas. */
class RenderingTest {

    private static JsonObject schema(String json) throws Exception {
        return (JsonObject) Json.parse(json);
    }

    private static ToolSchema tool(String name, String description, String json) throws Exception {
        return new ToolSchema(name, description, schema(json));
    }

    @Test
    void strictModeRequiresEverythingAndMakesOptionalPropertiesNullable() throws Exception {
        JsonObject s = schema("{\"type\":\"object\",\"properties\":{"
                + "\"a\":{\"type\":\"string\"},"
                + "\"b\":{\"type\":\"integer\",\"description\":\"count\",\"default\":3},"
                + "\"c\":{\"type\":\"string\",\"enum\":[\"x\",\"y\"]},"
                + "\"d\":{\"description\":\"tree\",\"$ref\":\"#/$defs/T\"},"
                + "\"e\":{\"anyOf\":[{\"type\":\"object\",\"properties\":{\"k\":{\"type\":\"string\"}},"
                + "\"additionalProperties\":false}]},"
                + "\"f\":{\"type\":\"object\",\"properties\":{\"g\":{\"type\":\"boolean\",\"default\":true}},"
                + "\"additionalProperties\":false}},"
                + "\"required\":[\"a\"],\"additionalProperties\":false,"
                + "\"$defs\":{\"T\":{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"string\"}},"
                + "\"additionalProperties\":false}}}");
        assertThat(Dialects.strict(s).write()).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"a\":{\"type\":\"string\"},"
                + "\"b\":{\"type\":[\"integer\",\"null\"],\"description\":\"count\"},"
                + "\"c\":{\"type\":[\"string\",\"null\"],\"enum\":[\"x\",\"y\",null]},"
                + "\"d\":{\"description\":\"tree\",\"anyOf\":[{\"$ref\":\"#/$defs/T\"},{\"type\":\"null\"}]},"
                + "\"e\":{\"anyOf\":[{\"anyOf\":[{\"type\":\"object\",\"properties\":{\"k\":{\"type\":[\"string\",\"null\"]}},"
                + "\"required\":[\"k\"],\"additionalProperties\":false}]},{\"type\":\"null\"}]},"
                + "\"f\":{\"type\":[\"object\",\"null\"],\"properties\":{\"g\":{\"type\":[\"boolean\",\"null\"]}},"
                + "\"required\":[\"g\"],\"additionalProperties\":false}},"
                + "\"required\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\"],\"additionalProperties\":false,"
                + "\"$defs\":{\"T\":{\"type\":\"object\",\"properties\":{\"n\":{\"type\":[\"string\",\"null\"]}},"
                + "\"required\":[\"n\"],\"additionalProperties\":false}}}");
    }

    @Test
    void strictModeLeavesAToolWithoutParametersWithoutRequired() throws Exception {
        assertThat(Dialects.strict(schema("{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}"))
                .write()).isEqualTo("{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}");
    }

    @Test
    void geminiInlinesReferencesAndDropsWhatItDoesNotKnow() throws Exception {
        JsonObject s = schema("{\"type\":\"object\",\"properties\":{"
                + "\"root\":{\"description\":\"the root\",\"$ref\":\"#/$defs/Node\"},"
                + "\"tags\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}},"
                + "\"required\":[\"root\"],\"additionalProperties\":false,"
                + "\"$defs\":{\"Node\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},"
                + "\"kids\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Node\"}}},"
                + "\"required\":[\"name\"],\"additionalProperties\":false}}}");
        String node3 = "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"kids\":{\"type\":\"array\","
                + "\"items\":{\"type\":\"object\"}}},\"required\":[\"name\"]}";
        String node2 = "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"kids\":{\"type\":\"array\","
                + "\"items\":" + node3 + "}},\"required\":[\"name\"]}";
        String node1 = "{\"type\":\"object\",\"description\":\"the root\",\"properties\":{\"name\":{\"type\":\"string\"},"
                + "\"kids\":{\"type\":\"array\",\"items\":" + node2 + "}},\"required\":[\"name\"]}";
        assertThat(Dialects.gemini(s).write()).isEqualTo(
                "{\"type\":\"object\",\"properties\":{\"root\":" + node1 + ",\"tags\":{\"type\":\"object\"}},"
                        + "\"required\":[\"root\"]}");
    }

    @Test
    void geminiInlinesALongChainOfDifferentDefinitionsWithoutCuttingIt() throws Exception {
        JsonObject s = schema("{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/A\"}},"
                + "\"$defs\":{\"A\":{\"type\":\"object\",\"properties\":{\"b\":{\"$ref\":\"#/$defs/B\"}}},"
                + "\"B\":{\"type\":\"object\",\"properties\":{\"c\":{\"$ref\":\"#/$defs/C\"}}},"
                + "\"C\":{\"type\":\"object\",\"properties\":{\"d\":{\"$ref\":\"#/$defs/D\"}}},"
                + "\"D\":{\"type\":\"object\",\"properties\":{\"geo\":{\"type\":\"string\"}}}}}");
        assertThat(Dialects.gemini(s).write()).isEqualTo(
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"object\",\"properties\":{\"b\":"
                        + "{\"type\":\"object\",\"properties\":{\"c\":{\"type\":\"object\",\"properties\":{\"d\":"
                        + "{\"type\":\"object\",\"properties\":{\"geo\":{\"type\":\"string\"}}}}}}}}}}}");
    }

    @Test
    void everyDialectWrapsTheToolsAsTheProviderExpects() throws Exception {
        List<ToolSchema> tools = List.of(tool("a", "Does a.", "{\"type\":\"object\",\"properties\":{},"
                + "\"additionalProperties\":false}"), tool("b", "", "{\"type\":\"object\",\"properties\":{\"x\":"
                + "{\"type\":\"string\"}},\"required\":[\"x\"],\"additionalProperties\":false}"));
        String a = "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}";
        String b = "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}},\"required\":[\"x\"],"
                + "\"additionalProperties\":false}";
        assertThat(Dialects.render(tools, "JSON_SCHEMA")).isEqualTo("{\"a\":{\"$schema\":"
                + "\"https://json-schema.org/draft/2020-12/schema\"," + a.substring(1) + ",\"b\":{\"$schema\":"
                + "\"https://json-schema.org/draft/2020-12/schema\"," + b.substring(1) + "}");
        assertThat(Dialects.render(tools, "OPENAI")).isEqualTo("[{\"type\":\"function\",\"function\":{\"name\":\"a\","
                + "\"description\":\"Does a.\",\"parameters\":" + a + "}},{\"type\":\"function\",\"function\":"
                + "{\"name\":\"b\",\"parameters\":" + b + "}}]");
        assertThat(Dialects.render(tools, "OPENAI_STRICT")).isEqualTo("[{\"type\":\"function\",\"function\":"
                + "{\"name\":\"a\",\"description\":\"Does a.\",\"strict\":true,\"parameters\":" + a + "}},"
                + "{\"type\":\"function\",\"function\":{\"name\":\"b\",\"strict\":true,\"parameters\":" + b + "}}]");
        assertThat(Dialects.render(tools, "ANTHROPIC")).isEqualTo("[{\"name\":\"a\",\"description\":\"Does a.\","
                + "\"input_schema\":" + a + "},{\"name\":\"b\",\"input_schema\":" + b + "}]");
        assertThat(Dialects.render(tools, "GEMINI")).isEqualTo("[{\"name\":\"a\",\"description\":\"Does a.\","
                + "\"parameters\":{\"type\":\"object\",\"properties\":{}}},{\"name\":\"b\",\"parameters\":"
                + "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}},\"required\":[\"x\"]}}]");
        assertThat(Dialects.render(tools, "MCP")).isEqualTo("{\"tools\":[{\"name\":\"a\",\"description\":\"Does a.\","
                + "\"inputSchema\":" + a + "},{\"name\":\"b\",\"inputSchema\":" + b + "}]}");
    }

    @Test
    void signaturesFollowTheSchema() throws Exception {
        ToolSchema t = tool("f", "First line.\nSecond line.", "{\"type\":\"object\",\"properties\":{"
                + "\"s\":{\"type\":\"string\"},"
                + "\"u\":{\"type\":\"string\",\"enum\":[\"celsius\",\"fahrenheit\"],\"default\":\"celsius\"},"
                + "\"l\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"}},"
                + "\"m\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"a\",\"b\"]}},"
                + "\"n\":{\"type\":\"array\"},"
                + "\"o\":{\"type\":\"object\"},\"r\":{\"$ref\":\"#/$defs/X\"},\"y\":{\"anyOf\":[]},"
                + "\"t\":{\"type\":[\"integer\",\"null\"]},\"z\":{},"
                + "\"g\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"number\"}}},"
                + "\"d\":{\"type\":\"object\",\"default\":{\"k\":[1,2]}}},"
                + "\"required\":[\"s\",\"l\"]}");
        assertThat(Instructions.signature(t)).isEqualTo("f(s: string, u?: \"celsius\"|\"fahrenheit\" = \"celsius\","
                + " l: integer[], m?: (\"a\"|\"b\")[], n?: any[], o?: object, r?: object, y?: object,"
                + " t?: integer|null, z?: any, g?: number[][], d?: object = {\"k\":[1,2]})");
    }

    @Test
    void instructionsListEveryToolAndShowAnExampleOfTheFirst() throws Exception {
        List<ToolSchema> tools = List.of(tool("get_weather", "Current weather.\nMore.", "{\"type\":\"object\","
                + "\"properties\":{\"city\":{\"type\":\"string\"},\"days\":{\"type\":\"integer\"},\"exact\":"
                + "{\"type\":\"boolean\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"unit\":"
                + "{\"type\":\"string\",\"enum\":[\"c\",\"f\"]},\"scale\":{\"type\":\"number\"},\"opt\":"
                + "{\"type\":\"string\"}},\"required\":[\"city\",\"days\",\"exact\",\"tags\",\"unit\",\"scale\"]}"),
                tool("now", "", "{\"type\":\"object\",\"properties\":{}}"));
        assertThat(Instructions.render(tools, "XML_TAGS")).isEqualTo("""
                You can call these tools:
                - get_weather(city: string, days: integer, exact: boolean, tags: string[], unit: "c"|"f", scale: number, \
                opt?: string) — Current weather.
                - now()

                To call a tool, write one JSON object with the tool's name and arguments between <tool_call> and \
                </tool_call>:
                <tool_call>
                {"name": "get_weather", "arguments": {"city": "...", "days": 1, "exact": true, "tags": [], "unit": "c", \
                "scale": 1.5}}
                </tool_call>

                Use only the tools and parameter names listed above. You may make several calls, one per tag pair. \
                After your calls, stop and wait for the results.""");
        assertThat(Instructions.render(tools, "PYTHONIC")).contains("""
                To call a tool, write a Python-style call with keyword arguments on its own line:
                get_weather(city="...", days=1, exact=True, tags=[], unit="c", scale=1.5)

                Use only the tools and parameter names listed above. You may make several calls, one per line.""");
        assertThat(Instructions.render(tools, "TOOL_CALL_MARKER")).contains("""
                To call a tool, write TOOL_CALL on its own line, then one JSON object with the tool's name and arguments:
                TOOL_CALL
                {"name": "get_weather", "arguments": {""").contains("one per TOOL_CALL line.");
        assertThat(Instructions.render(tools, "BRACKET_TAGS")).contains("[TOOL_CALL]{\"name\": \"get_weather\"")
                .contains("\"scale\": 1.5}}[/TOOL_CALL]\n");
        assertThat(Instructions.render(tools, "JSON_FENCE")).contains("in a ```json fence:\n```json\n{\"name\"")
                .contains("}}\n```\n\nUse only").doesNotEndWith("\n");
    }

    @Test
    void objectParametersShowTheirFieldsInlineAndTheExampleFillsTheRequiredOnes() throws Exception {
        ToolSchema convert = tool("convert_units", "", "{\"type\":\"object\",\"properties\":{"
                + "\"quantity\":{\"type\":\"object\",\"properties\":{\"value\":{\"type\":\"string\"},"
                + "\"unit\":{\"type\":\"string\",\"enum\":[\"M\",\"KM\"],\"default\":\"M\"}},\"required\":[\"value\"],"
                + "\"additionalProperties\":false},\"to\":{\"type\":\"string\",\"enum\":[\"M\",\"KM\"]}},"
                + "\"required\":[\"quantity\",\"to\"],\"additionalProperties\":false}");
        assertThat(Instructions.signature(convert))
                .isEqualTo("convert_units(quantity: {value: string, unit?: \"M\"|\"KM\" = \"M\"}, to: \"M\"|\"KM\")");
        assertThat(Instructions.render(List.of(convert), "XML_TAGS")).contains("<tool_call>\n{\"name\": \"convert_units\","
                + " \"arguments\": {\"quantity\": {\"value\":\"...\"}, \"to\": \"M\"}}\n</tool_call>");
        assertThat(Instructions.render(List.of(convert), "PYTHONIC"))
                .contains("\nconvert_units(quantity={\"value\": \"...\"}, to=\"M\")\n");
    }

    @Test
    void sealedTypesMapsArraysAndRecursionHaveTheirOwnShapes() throws Exception {
        ToolSchema t = tool("f", "", "{\"type\":\"object\",\"properties\":{"
                + "\"pay\":{\"anyOf\":[{\"type\":\"object\",\"properties\":{\"type\":{\"type\":\"string\",\"enum\":[\"card\"]},"
                + "\"number\":{\"type\":\"string\"}},\"required\":[\"type\",\"number\"]},{\"type\":\"object\",\"properties\":"
                + "{\"type\":{\"type\":\"string\",\"enum\":[\"bank_transfer\"]},\"iban\":{\"type\":\"string\"}},"
                + "\"required\":[\"type\",\"iban\"]}]},"
                + "\"counts\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}},"
                + "\"points\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"x\":{\"enum\":[1,2]}}}},"
                + "\"shapes\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}},"
                + "\"root\":{\"$ref\":\"#/$defs/Node\"}},"
                + "\"required\":[\"pay\",\"root\"],"
                + "\"$defs\":{\"Node\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},"
                + "\"kids\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Node\"}}},\"required\":[\"name\",\"kids\"]}}}");
        assertThat(Instructions.signature(t)).isEqualTo("f(pay: {type: \"card\", number: string}"
                + " | {type: \"bank_transfer\", iban: string}, counts?: map<string, integer>, points?: {x?: 1|2}[],"
                + " shapes?: (string | integer)[], root: {name: string, kids: object[]})");
        assertThat(Instructions.render(List.of(t), "JSON_FENCE")).contains("{\"name\": \"f\", \"arguments\": {"
                + "\"pay\": {\"type\":\"card\",\"number\":\"...\"}, \"root\": {\"name\":\"...\",\"kids\":[]}}}");
    }

    @Test
    void objectsDeeperThanThreeLevelsAreJustObject() throws Exception {
        ToolSchema t = tool("deep", "", "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"object\",\"properties\":"
                + "{\"b\":{\"type\":\"object\",\"properties\":{\"c\":{\"type\":\"object\",\"properties\":{\"d\":"
                + "{\"type\":\"object\",\"properties\":{\"e\":{\"type\":\"string\"}},\"required\":[\"e\"]}},"
                + "\"required\":[\"d\"]}},\"required\":[\"c\"]}},\"required\":[\"b\"]}},\"required\":[\"a\"]}");
        assertThat(Instructions.signature(t)).isEqualTo("deep(a: {b: {c: {d: object}}})");
        assertThat(Instructions.render(List.of(t), "PYTHONIC")).contains("\ndeep(a={\"b\": {\"c\": {\"d\": {}}}})\n");
    }

    @Test
    void pythonLiteralsUsePythonSpelling() throws Exception {
        assertThat(Instructions.python(Json.parse("[true,false,null,\"s\",1.5,{\"k\":[1]}]")))
                .isEqualTo("[True, False, None, \"s\", 1.5, {\"k\": [1]}]");
    }

    @Test
    void instructionsTellEachParametersDescriptionAndFormat() throws Exception {
        ToolSchema t = tool("working_days", "Counts working days.", "{\"type\":\"object\",\"properties\":{"
                + "\"from\":{\"type\":\"string\",\"description\":\"the first day\\nincluded\",\"format\":\"date\"},"
                + "\"to\":{\"type\":\"string\",\"format\":\"date\"},"
                + "\"region\":{\"type\":\"string\",\"description\":\"ISO 3166 code\"},"
                + "\"half_days\":{\"type\":\"boolean\"}},\"required\":[\"from\",\"to\"]}");
        String text = Instructions.render(List.of(t), "XML_TAGS");
        assertThat(text).startsWith("You can call these tools:\n"
                + "- working_days(from: string, to: string, region?: string, half_days?: boolean) \u2014 Counts working"
                + " days.\n"
                + "    from: the first day (format: date)\n"
                + "    to: format date\n"
                + "    region: ISO 3166 code\n\n"
                + "To call a tool,");
    }

    @Test
    void geminiDropsTheStringFormatsGeminiRejects() throws Exception {
        JsonObject s = schema("{\"type\":\"object\",\"properties\":{"
                + "\"d\":{\"type\":\"string\",\"format\":\"date\"},\"u\":{\"type\":\"string\",\"format\":\"uuid\"},"
                + "\"t\":{\"type\":\"string\",\"format\":\"date-time\"},\"n\":{\"type\":\"integer\",\"format\":\"int64\"},"
                + "\"format\":{\"type\":\"string\"}}}");
        assertThat(Dialects.gemini(s).write()).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"d\":{\"type\":\"string\"},\"u\":{\"type\":\"string\"},"
                + "\"t\":{\"type\":\"string\",\"format\":\"date-time\"},\"n\":{\"type\":\"integer\",\"format\":\"int64\"},"
                + "\"format\":{\"type\":\"string\"}}}");
    }

    @Test
    void splicedDialectsEqualTheTreeWrittenOut() throws Exception {
        String text = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"description\":\"\\u00e9 \\\"q\\\"\"}}}";
        ToolSchema fromText = ToolSchema.ofText("t", "d \"x\"", schema(text).write());
        ToolSchema fromTree = new ToolSchema("t", "d \"x\"", schema(text));
        for (String d : Dialects.NAMES) {
            assertThat(Dialects.render(List.of(fromText), d)).as(d).isEqualTo(Dialects.render(List.of(fromTree), d));
        }
        assertThat(Dialects.render(List.of(ToolSchema.ofText("t", "", "{\"$schema\":\"x\",\"type\":\"object\"}")),
                "JSON_SCHEMA")).isEqualTo("{\"t\":{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
                + "\"type\":\"object\"}}");
    }
}
