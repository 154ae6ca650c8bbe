package dev.calltype.runtime;

import dev.calltype.render.Instructions;
import dev.calltype.runtime.testing.Fixtures;
import static dev.calltype.runtime.testing.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FormatInstructionsTest {

    private static final String LISTING = "You can call these tools:\n"
            + "- get_weather(city: string, units?: \"celsius\"|\"fahrenheit\" = \"celsius\") — Current weather for a city\n"
            + "    city: City name\n"
            + "- add_stock(item: {sku: string, quantity: integer}, note?: string) — Add stock for an item\n"
            + "    item: The item\n"
            + "- outline(root: {title: string, children?: object[]}) — Outline a document\n"
            + "- ping()\n"
            + "\n";

    private static final String CLOSING = "Use only the tools and parameter names listed above. You may make several"
            + " calls, one per ";

    private static final String WAIT = ". After your calls, stop and wait for the results.";

    private static final String CALL = "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"...\"}}";

    @Test
    void xmlTagsShowTheCallBetweenToolCallTags() {
        assertThat(FormatInstructions.render(Fixtures.all(), PromptFormat.XML_TAGS)).isEqualTo(LISTING
                + "To call a tool, write one JSON object with the tool's name and arguments between <tool_call> and"
                + " </tool_call>:\n"
                + "<tool_call>\n" + CALL + "\n</tool_call>\n\n"
                + CLOSING + "tag pair" + WAIT);
    }

    @Test
    void toolCallMarkerPutsTheMarkerOnItsOwnLine() {
        assertThat(FormatInstructions.render(Fixtures.all(), PromptFormat.TOOL_CALL_MARKER)).isEqualTo(LISTING
                + "To call a tool, write TOOL_CALL on its own line, then one JSON object with the tool's name and"
                + " arguments:\n"
                + "TOOL_CALL\n" + CALL + "\n\n"
                + CLOSING + "TOOL_CALL line" + WAIT);
    }

    @Test
    void bracketTagsShowTheCallOnOneLine() {
        assertThat(FormatInstructions.render(Fixtures.all(), PromptFormat.BRACKET_TAGS)).isEqualTo(LISTING
                + "To call a tool, write one JSON object with the tool's name and arguments between [TOOL_CALL] and"
                + " [/TOOL_CALL]:\n"
                + "[TOOL_CALL]" + CALL + "[/TOOL_CALL]\n\n"
                + CLOSING + "tag pair" + WAIT);
    }

    @Test
    void jsonFenceShowsTheCallInAFence() {
        assertThat(FormatInstructions.render(Fixtures.all(), PromptFormat.JSON_FENCE)).isEqualTo(LISTING
                + "To call a tool, write one JSON object with the tool's name and arguments in a ```json fence:\n"
                + "```json\n" + CALL + "\n```\n\n"
                + CLOSING + "fence" + WAIT);
    }

    @Test
    void pythonicShowsAKeywordCall() {
        assertThat(FormatInstructions.render(Fixtures.all(), PromptFormat.PYTHONIC)).isEqualTo(LISTING
                + "To call a tool, write a Python-style call with keyword arguments on its own line:\n"
                + "get_weather(city=\"...\")\n\n"
                + CLOSING + "line" + WAIT);
    }

    @Test
    void signaturesWriteEveryKindOfType() {
        ToolSpec tool = spec("search", "", "{\"type\":\"object\",\"properties\":{"
                + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},"
                + "\"modes\":{\"type\":\"array\",\"items\":{\"enum\":[\"a\",\"b\"]}},"
                + "\"anything\":{\"type\":\"array\"},"
                + "\"limit\":{\"type\":[\"integer\",\"null\"]},"
                + "\"score\":{\"type\":\"number\"},"
                + "\"exact\":{\"type\":\"boolean\"},"
                + "\"filter\":{\"type\":\"object\"},"
                + "\"node\":{\"$ref\":\"#/$defs/N\"},"
                + "\"shape\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]},"
                + "\"free\":{\"description\":\"no type\"},"
                + "\"level\":{\"type\":\"integer\",\"enum\":[1,2,3]},"
                + "\"sizes\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"},\"default\":[1,2]}},"
                + "\"required\":[\"tags\"]}");

        assertThat(FormatInstructions.line(tool)).isEqualTo("search(tags: string[], modes?: (\"a\"|\"b\")[], anything?: any[],"
                + " limit?: integer|null, score?: number, exact?: boolean, filter?: object, node?: object,"
                + " shape?: string | integer,"
                + " free?: any, level?: 1|2|3, sizes?: integer[] = [1,2])");
    }

    @Test
    void onlyTheFirstLineOfTheDescriptionIsShown() {
        assertThat(FormatInstructions.line(Fixtures.stock()))
                .isEqualTo("add_stock(item: {sku: string, quantity: integer}, note?: string) — Add stock for an item");
    }

    @Test
    void exampleValuesComeFromDefaultsEnumsAndTypes() {
        ToolSpec tool = spec("find", "", "{\"type\":\"object\",\"properties\":{"
                + "\"query\":{\"type\":\"string\"},"
                + "\"sizes\":{\"type\":\"array\",\"items\":{\"type\":\"integer\"},\"default\":[1,2]},"
                + "\"exact\":{\"type\":\"boolean\"},"
                + "\"score\":{\"type\":\"number\"},"
                + "\"count\":{\"type\":\"integer\"},"
                + "\"tags\":{\"type\":\"array\"},"
                + "\"filters\":{\"type\":\"object\"},"
                + "\"mode\":{\"type\":\"string\",\"enum\":[\"any\",\"all\"]},"
                + "\"cursor\":{\"type\":[\"null\",\"string\"]},"
                + "\"optional\":{\"type\":\"string\"}},"
                + "\"required\":[\"query\",\"sizes\",\"exact\",\"score\",\"count\",\"tags\",\"filters\",\"mode\",\"cursor\"]}");

        String json = FormatInstructions.render(List.of(tool), PromptFormat.JSON_FENCE);
        String python = FormatInstructions.render(List.of(tool), PromptFormat.PYTHONIC);

        assertThat(json).contains("```json\n{\"name\": \"find\", \"arguments\": {\"query\": \"...\", \"sizes\": [1,2],"
                + " \"exact\": true, \"score\": 1.5, \"count\": 1, \"tags\": [], \"filters\": {}, \"mode\": \"any\","
                + " \"cursor\": null}}\n```");
        assertThat(python).contains("\nfind(query=\"...\", sizes=[1, 2], exact=True, score=1.5, count=1, tags=[],"
                + " filters={}, mode=\"any\", cursor=None)\n");
    }

    @Test
    void pythonLiteralsUseTrueFalseNoneAndDictionaries() {
        ToolSpec tool = spec("set", "", "{\"type\":\"object\",\"properties\":{"
                + "\"flags\":{\"type\":\"array\",\"default\":[true,false,null]},"
                + "\"meta\":{\"type\":\"object\",\"default\":{\"k\":\"v\",\"n\":[1]}}},"
                + "\"required\":[\"flags\",\"meta\"]}");

        assertThat(FormatInstructions.render(List.of(tool), PromptFormat.PYTHONIC))
                .contains("\nset(flags=[True, False, None], meta={\"k\": \"v\", \"n\": [1]})\n");
    }

    @Test
    void aToolWithoutRequiredParametersIsShownWithEmptyArguments() {
        String text = FormatInstructions.render(List.of(Fixtures.ping(), Fixtures.weather()), PromptFormat.XML_TAGS);

        assertThat(text).contains("<tool_call>\n{\"name\": \"ping\", \"arguments\": {}}\n</tool_call>");
        assertThat(FormatInstructions.render(List.of(Fixtures.ping()), PromptFormat.PYTHONIC)).contains("\nping()\n");
    }

    @Test
    void textHasNoTrailingNewline() {
        for (PromptFormat format : PromptFormat.values()) {
            assertThat(FormatInstructions.render(Fixtures.all(), format)).endsWith("wait for the results.");
        }
    }

    @Test
    void theExampleInEveryFormatIsReadBackByTheExtractorAsThatCall() {
        List<ToolSpec> tools = Fixtures.all();
        ToolCallExtractor extractor = ToolCallExtractor.builder().tools(tools).build();
        for (PromptFormat format : PromptFormat.values()) {
            String text = FormatInstructions.render(tools, format);
            String example = text.substring(text.indexOf(":\n", text.indexOf("To call a tool")) + 2,
                    text.indexOf("\n\nUse only"));

            Extraction extraction = extractor.extract("Sure.\n" + example + "\n");

            assertThat(extraction.errors()).as(format.name()).isEmpty();
            assertThat(extraction.calls()).as(format.name()).hasSize(1);
            assertThat(extraction.calls().get(0).name()).isEqualTo("get_weather");
            assertThat(extraction.calls().get(0).arguments()).isEqualTo(Fixtures.object("{\"city\":\"...\"}"));
        }
    }

    // --- nested schemas --------------------------------------------------------------------------

    static final String CONVERT_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"quantity\":{\"type\":\"object\",\"description\":\"what to convert\",\"properties\":{"
            + "\"value\":{\"type\":\"string\"},"
            + "\"unit\":{\"type\":\"string\",\"enum\":[\"M\",\"KM\"],\"default\":\"M\"}},"
            + "\"required\":[\"value\"],\"additionalProperties\":false},"
            + "\"to\":{\"type\":\"string\",\"enum\":[\"M\",\"KM\"]}},"
            + "\"required\":[\"quantity\",\"to\"],\"additionalProperties\":false}";

    static final String PAY_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"payment\":{\"description\":\"how to pay\",\"anyOf\":["
            + "{\"type\":\"object\",\"properties\":{\"type\":{\"type\":\"string\",\"enum\":[\"card\"]},"
            + "\"number\":{\"type\":\"string\"}},\"required\":[\"type\",\"number\"],\"additionalProperties\":false},"
            + "{\"type\":\"object\",\"properties\":{\"type\":{\"type\":\"string\",\"enum\":[\"bank_transfer\"]},"
            + "\"iban\":{\"type\":\"string\"}},\"required\":[\"type\",\"iban\"],\"additionalProperties\":false}]},"
            + "\"amount\":{\"type\":\"number\"}},"
            + "\"required\":[\"payment\",\"amount\"],\"additionalProperties\":false}";

    @Test
    void anObjectParameterShowsItsFieldsInlineWithTheirOwnOptionalityAndDefaults() {
        ToolSpec convert = spec("convert_units", "Convert a quantity", CONVERT_SCHEMA);

        assertThat(FormatInstructions.line(convert)).isEqualTo(
                "convert_units(quantity: {value: string, unit?: \"M\"|\"KM\" = \"M\"}, to: \"M\"|\"KM\") — Convert a quantity");
        assertThat(FormatInstructions.render(List.of(convert), PromptFormat.XML_TAGS)).contains("<tool_call>\n"
                + "{\"name\": \"convert_units\", \"arguments\": {\"quantity\": {\"value\":\"...\"}, \"to\": \"M\"}}\n"
                + "</tool_call>");
        assertThat(FormatInstructions.render(List.of(convert), PromptFormat.PYTHONIC))
                .contains("\nconvert_units(quantity={\"value\": \"...\"}, to=\"M\")\n");
    }

    @Test
    void aSealedTypeShowsEveryAlternativeWithItsDiscriminatorAndTheExampleUsesTheFirst() {
        ToolSpec pay = spec("pay", "", PAY_SCHEMA);

        assertThat(FormatInstructions.line(pay)).isEqualTo("pay(payment: {type: \"card\", number: string}"
                + " | {type: \"bank_transfer\", iban: string}, amount: number)");
        assertThat(FormatInstructions.render(List.of(pay), PromptFormat.JSON_FENCE)).contains("```json\n"
                + "{\"name\": \"pay\", \"arguments\": {\"payment\": {\"type\":\"card\",\"number\":\"...\"},"
                + " \"amount\": 1.5}}\n```");
    }

    @Test
    void mapsShowTheirValueTypeAndArraysOfObjectsShowTheObject() {
        ToolSpec tool = spec("route", "", "{\"type\":\"object\",\"properties\":{"
                + "\"counts\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}},"
                + "\"routes\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"array\",\"items\":"
                + "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"},\"y\":{\"type\":\"integer\"}},"
                + "\"required\":[\"x\",\"y\"]}}},"
                + "\"free\":{\"type\":\"object\",\"additionalProperties\":true},"
                + "\"marks\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":"
                + "{\"a\":{\"enum\":[\"x\",\"y\"]}}}},"
                + "\"either\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"type\":\"object\",\"properties\":"
                + "{\"a\":{\"type\":\"string\"}}},{\"type\":\"object\",\"properties\":{\"b\":{\"type\":\"integer\"}}}]}},"
                + "\"maybe\":{\"type\":\"array\",\"items\":{\"type\":[\"object\",\"null\"],\"properties\":"
                + "{\"k\":{\"type\":\"string\"}}}},"
                + "\"labels\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"additionalProperties\":"
                + "{\"enum\":[\"a\",\"b\"]}}}},"
                + "\"required\":[\"counts\",\"routes\"]}");

        assertThat(FormatInstructions.line(tool)).isEqualTo("route(counts: map<string, integer>,"
                + " routes: map<string, {x: integer, y: integer}[]>, free?: object, marks?: {a?: \"x\"|\"y\"}[],"
                + " either?: ({a?: string} | {b?: integer})[], maybe?: ({k?: string}|null)[],"
                + " labels?: map<string, \"a\"|\"b\">[])");
        assertThat(FormatInstructions.render(List.of(tool), PromptFormat.PYTHONIC)).contains("\nroute(counts={}, routes={})\n");
    }

    @Test
    void aRecursiveDefinitionIsExpandedOnceAndItsInnerReferenceIsAnObject() {
        ToolSpec count = spec("count", "", "{\"type\":\"object\",\"properties\":{"
                + "\"root\":{\"description\":\"the root\",\"$ref\":\"#/$defs/Category\"}},"
                + "\"required\":[\"root\"],\"additionalProperties\":false,"
                + "\"$defs\":{\"Category\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},"
                + "\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Category\"}}},"
                + "\"required\":[\"name\",\"children\"],\"additionalProperties\":false}}}");
        ToolSpec pair = spec("pair", "", "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/A\"}},"
                + "\"required\":[\"a\"],\"$defs\":{"
                + "\"A\":{\"type\":\"object\",\"properties\":{\"b\":{\"$ref\":\"#/$defs/B\"}},\"required\":[\"b\"]},"
                + "\"B\":{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/A\"},\"n\":{\"type\":\"integer\"}},"
                + "\"required\":[\"a\",\"n\"]}}}");

        assertThat(FormatInstructions.line(count)).isEqualTo("count(root: {name: string, children: object[]})");
        assertThat(FormatInstructions.render(List.of(count), PromptFormat.XML_TAGS))
                .contains("{\"name\": \"count\", \"arguments\": {\"root\": {\"name\":\"...\",\"children\":[]}}}");
        assertThat(FormatInstructions.signature(Fixtures.outline())).isEqualTo("outline(root: {title: string, children?: object[]})");
        assertThat(FormatInstructions.line(pair)).isEqualTo("pair(a: {b: {a: object, n: integer}})");
        assertThat(FormatInstructions.render(List.of(pair), PromptFormat.XML_TAGS))
                .contains("{\"name\": \"pair\", \"arguments\": {\"a\": {\"b\":{\"a\":{},\"n\":1}}}}");
    }

    @Test
    void objectsNestDeeperThanThreeLevelsAreShownAsObject() {
        ToolSpec deep = spec("deep", "", "{\"type\":\"object\",\"properties\":{\"l1\":{\"type\":\"object\",\"properties\":"
                + "{\"l2\":{\"type\":\"object\",\"properties\":{\"l3\":{\"type\":\"object\",\"properties\":"
                + "{\"l4\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}},\"required\":[\"x\"]}},"
                + "\"required\":[\"l4\"]}},\"required\":[\"l3\"]}},\"required\":[\"l2\"]}},\"required\":[\"l1\"]}");

        assertThat(FormatInstructions.line(deep)).isEqualTo("deep(l1: {l2: {l3: {l4: object}}})");
        assertThat(FormatInstructions.render(List.of(deep), PromptFormat.PYTHONIC))
                .contains("\ndeep(l1={\"l2\": {\"l3\": {\"l4\": {}}}})\n");
    }

    @Test
    void onlyReferencesIntoTheRootDefinitionsAreFollowed() {
        ToolSpec tool = spec("refs", "", "{\"type\":\"object\",\"properties\":{"
                + "\"escaped\":{\"$ref\":\"#/$defs/a~1b\"},"
                + "\"legacy\":{\"$ref\":\"#/definitions/P\"},"
                + "\"pointer\":{\"$ref\":\"#/$defs/P/properties/x\"},"
                + "\"missing\":{\"$ref\":\"#/$defs/Nope\"},"
                + "\"remote\":{\"$ref\":\"https://example.com/p.json\"}},"
                + "\"$defs\":{\"a/b\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\"}}},"
                + "\"P\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}}}},"
                + "\"definitions\":{\"P\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}}}}}");

        assertThat(FormatInstructions.line(tool)).isEqualTo(
                "refs(escaped?: {x?: integer}, legacy?: object, pointer?: object, missing?: object, remote?: object)");
    }

    @Test
    void deeplyNestedSchemasStopAtTheNestingLimit() {
        String schema = "{\"type\":\"string\"}";
        for (int i = 0; i < 40; i++) {
            schema = "{\"type\":\"array\",\"items\":" + schema + "}";
        }
        ToolSpec tool = spec("grid", "", "{\"type\":\"object\",\"properties\":{\"x\":" + schema + "},\"required\":[\"x\"]}");

        assertThat(FormatInstructions.line(tool))
                .isEqualTo("grid(x: any" + "[]".repeat(Instructions.NESTING_LIMIT) + ")");
    }

    @Test
    void definitionsThatFanOutAreCutByTheVisitBudget() {
        StringBuilder defs = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            defs.append(i == 0 ? "" : ",").append("\"D").append(i).append("\":{\"anyOf\":[{\"$ref\":\"#/$defs/D")
                    .append(i + 1).append("\"},{\"$ref\":\"#/$defs/D").append(i + 1).append("\"}]}");
        }
        defs.append(",\"D40\":{\"type\":\"string\"}");
        ToolSpec tool = spec("fan", "", "{\"type\":\"object\",\"properties\":{\"x\":{\"$ref\":\"#/$defs/D1\"}},"
                + "\"required\":[\"x\"],\"$defs\":{" + defs + "}}");

        String text = FormatInstructions.render(List.of(tool), PromptFormat.XML_TAGS);

        assertThat(text).startsWith("You can call these tools:\n- fan(x: ").contains("any | any")
                .endsWith("wait for the results.");
        assertThat(text.length()).isLessThan(20 * Instructions.VISIT_BUDGET);
    }

    @Test
    void aNestedExampleIsReadBackByTheExtractorAsThatCallInEveryFormat() {
        List<ToolSpec> tools = List.of(spec("pay", "", PAY_SCHEMA), spec("convert_units", "", CONVERT_SCHEMA));
        ToolCallExtractor extractor = ToolCallExtractor.builder().tools(tools).build();
        for (PromptFormat format : PromptFormat.values()) {
            String text = FormatInstructions.render(tools, format);
            String example = text.substring(text.indexOf(":\n", text.indexOf("To call a tool")) + 2,
                    text.indexOf("\n\nUse only"));

            Extraction extraction = extractor.extract("Let me pay.\n" + example + "\n");

            assertThat(extraction.errors()).as(format.name()).isEmpty();
            assertThat(extraction.calls()).as(format.name()).hasSize(1);
            assertThat(extraction.calls().get(0).name()).isEqualTo("pay");
            assertThat(extraction.calls().get(0).arguments()).as(format.name()).isEqualTo(
                    Fixtures.object("{\"payment\":{\"type\":\"card\",\"number\":\"...\"},\"amount\":1.5}"));
        }
    }

    @Test
    void noToolsGivesAShortNotice() {
        assertThat(FormatInstructions.render(List.of(), PromptFormat.XML_TAGS)).isEqualTo(Instructions.NO_TOOLS);
    }
}
