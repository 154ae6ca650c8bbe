package dev.calltype.runtime;

import static dev.calltype.runtime.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FormatInstructionsTest {

    private static final String LISTING = "You can call these tools:\n"
            + "- get_weather(city: string, units?: \"celsius\"|\"fahrenheit\" = \"celsius\") — Current weather for a city\n"
            + "- add_stock(item: object, note?: string) — Add stock for an item\n"
            + "- outline(root: object) — Outline a document\n"
            + "- ping()\n"
            + "\n";

    private static final String CLOSING = "Use only the tools and parameter names listed above. You may make several"
            + " calls, one per ";

    private static final String WAIT = ". After your calls, stop and wait for the results.";

    private static final String CALL = "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"...\"}}";

    @Test
    void xmlTagsShowTheCallBetweenToolCallTags() {
        assertThat(FormatInstructions.render(Fixtures.all(), CallFormat.XML_TAGS)).isEqualTo(LISTING
                + "To call a tool, write one JSON object with the tool's name and arguments between <tool_call> and"
                + " </tool_call>:\n"
                + "<tool_call>\n" + CALL + "\n</tool_call>\n\n"
                + CLOSING + "tag pair" + WAIT);
    }

    @Test
    void toolCallMarkerPutsTheMarkerOnItsOwnLine() {
        assertThat(FormatInstructions.render(Fixtures.all(), CallFormat.TOOL_CALL_MARKER)).isEqualTo(LISTING
                + "To call a tool, write TOOL_CALL on its own line, then one JSON object with the tool's name and"
                + " arguments:\n"
                + "TOOL_CALL\n" + CALL + "\n\n"
                + CLOSING + "TOOL_CALL line" + WAIT);
    }

    @Test
    void bracketTagsShowTheCallOnOneLine() {
        assertThat(FormatInstructions.render(Fixtures.all(), CallFormat.BRACKET_TAGS)).isEqualTo(LISTING
                + "To call a tool, write one JSON object with the tool's name and arguments between [TOOL_CALL] and"
                + " [/TOOL_CALL]:\n"
                + "[TOOL_CALL]" + CALL + "[/TOOL_CALL]\n\n"
                + CLOSING + "tag pair" + WAIT);
    }

    @Test
    void jsonFenceShowsTheCallInAFence() {
        assertThat(FormatInstructions.render(Fixtures.all(), CallFormat.JSON_FENCE)).isEqualTo(LISTING
                + "To call a tool, write one JSON object with the tool's name and arguments in a ```json fence:\n"
                + "```json\n" + CALL + "\n```\n\n"
                + CLOSING + "fence" + WAIT);
    }

    @Test
    void pythonicShowsAKeywordCall() {
        assertThat(FormatInstructions.render(Fixtures.all(), CallFormat.PYTHONIC)).isEqualTo(LISTING
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
                + " limit?: integer|null, score?: number, exact?: boolean, filter?: object, node?: object, shape?: object,"
                + " free?: any, level?: 1|2|3, sizes?: integer[] = [1,2])");
    }

    @Test
    void onlyTheFirstLineOfTheDescriptionIsShown() {
        assertThat(FormatInstructions.line(Fixtures.stock())).isEqualTo("add_stock(item: object, note?: string) — Add stock for an item");
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

        String json = FormatInstructions.render(List.of(tool), CallFormat.JSON_FENCE);
        String python = FormatInstructions.render(List.of(tool), CallFormat.PYTHONIC);

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

        assertThat(FormatInstructions.render(List.of(tool), CallFormat.PYTHONIC))
                .contains("\nset(flags=[True, False, None], meta={\"k\": \"v\", \"n\": [1]})\n");
    }

    @Test
    void aToolWithoutRequiredParametersIsShownWithEmptyArguments() {
        String text = FormatInstructions.render(List.of(Fixtures.ping(), Fixtures.weather()), CallFormat.XML_TAGS);

        assertThat(text).contains("<tool_call>\n{\"name\": \"ping\", \"arguments\": {}}\n</tool_call>");
        assertThat(FormatInstructions.render(List.of(Fixtures.ping()), CallFormat.PYTHONIC)).contains("\nping()\n");
    }

    @Test
    void textHasNoTrailingNewline() {
        for (CallFormat format : CallFormat.values()) {
            assertThat(FormatInstructions.render(Fixtures.all(), format)).endsWith("wait for the results.");
        }
    }

    @Test
    void theExampleInEveryFormatIsReadBackByTheExtractorAsThatCall() {
        List<ToolSpec> tools = Fixtures.all();
        ToolCallExtractor extractor = ToolCallExtractor.builder().tools(tools).build();
        for (CallFormat format : CallFormat.values()) {
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

    @Test
    void noToolsGivesAShortNotice() {
        assertThat(FormatInstructions.render(List.of(), CallFormat.XML_TAGS)).isEqualTo(FormatInstructions.NO_TOOLS);
    }
}
