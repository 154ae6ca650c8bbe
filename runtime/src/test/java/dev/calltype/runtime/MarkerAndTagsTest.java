package dev.calltype.runtime;

import dev.calltype.runtime.testing.ExtractionFixtures;

import static dev.calltype.runtime.testing.ExtractionFixtures.extract;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyError;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The {@code TOOL_CALL} marker and {@code [TOOL_CALL]…[/TOOL_CALL]} tags (configurable). */
class MarkerAndTagsTest {

    @Test
    void markerFollowedByJsonIsACallAndProseAroundStaysText() {
        Extraction x = extract("I'll look it up.\r\nTOOL_CALL\r\n{\"tool_name\": \"get_weather\", \"parameters\": "
                + "{\"city\": \"Zürich\"}}\r\nOne moment.");
        ToolCall c = onlyCall(x, "get_weather", "{\"city\": \"Zürich\"}");
        assertThat(c.format()).isEqualTo(WireFormat.TOOL_CALL_MARKER);
        assertThat(x.text()).isEqualTo("I'll look it up.\r\n\r\nOne moment.");
    }

    @Test
    void markerWithColonAndFencedJson() {
        Extraction x = extract("TOOL_CALL:\n```json\n{\"tool\": \"search\", \"params\": {\"query\": \"jdk 17\"}}\n```\n");
        ToolCall c = onlyCall(x, "search", "{\"query\": \"jdk 17\"}");
        assertThat(x.text()).isEqualTo("\n");
        assertThat(c.end()).isEqualTo(x.segments().get(0).end());
    }

    @Test
    void markerWordInProseIsNotMarkup() {
        Extraction x = extract("Write TOOL_CALL followed by JSON; MY_TOOL_CALL {\"tool\": \"now\"} is not it.");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).isEmpty();
    }

    @Test
    void severalMarkersGiveSeveralCallsInOrder() {
        Extraction x = extract("TOOL_CALL {\"tool_name\": \"now\"}\nTOOL_CALL {\"tool_name\": \"search\", "
                + "\"parameters\": {\"query\": \"a\"}}\nTOOL_CALL {\"tool_name\": \"search\", \"parameters\": {\"query\": \"b\"}}");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now", "search", "search");
        assertThat(x.calls().get(2).arguments().get("query").asText()).isEqualTo("b");
    }

    @Test
    void customMarkerReplacesTheDefault() {
        ToolCallExtractor x = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS).marker("CALL>>").build();
        Extraction e = x.extract("CALL>> {\"name\": \"now\", \"arguments\": {}}");
        assertThat(e.calls()).extracting(ToolCall::name).containsExactly("now");
        assertThat(x.extract("TOOL_CALL {\"name\": \"now\", \"arguments\": {}}").calls())
                .extracting(ToolCall::format).containsExactly(WireFormat.EMBEDDED_JSON);
    }

    @Test
    void bracketTagsWithAnArrayGiveOneCallPerElementAndTileTheBlock() {
        String text = "Doing both:\n[TOOL_CALL][{\"name\": \"now\", \"args\": {}}, "
                + "{\"name\": \"search\", \"args\": {\"query\": \"q\"}}][/TOOL_CALL] done";
        Extraction x = extract(text);
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now", "search");
        assertThat(x.calls().get(0).start()).isEqualTo(text.indexOf("[TOOL_CALL]"));
        assertThat(x.calls().get(0).end()).isEqualTo(x.calls().get(1).start());
        assertThat(x.calls().get(1).end()).isEqualTo(text.indexOf(" done"));
        assertThat(x.text()).isEqualTo("Doing both:\n done");
    }

    @Test
    void bracketTagsAroundAFence() {
        Extraction x = extract("[TOOL_CALL]\n```json\n{\"name\": \"now\", \"arguments\": {}}\n```\n[/TOOL_CALL]");
        onlyCall(x, "now", "{}");
        assertThat(x.text()).isEmpty();
    }

    @Test
    void brokenContentInsideTagsIsAnErrorSpanningTheBlock() {
        String text = "[TOOL_CALL]{\"name\": \"send_email\", \"args\": {\"to\": }[/TOOL_CALL] sorry";
        ExtractionError e = onlyError(extract(text), ExtractionError.Kind.MALFORMED_JSON);
        assertThat(e.end()).isEqualTo(text.indexOf(" sorry"));
        assertThat(e.toolName()).isEqualTo("send_email");
        assertThat(e.message()).contains("send_email").contains("not valid JSON");
    }

    @Test
    void emptyTagsAreAnError() {
        onlyError(extract("[TOOL_CALL][/TOOL_CALL]"), ExtractionError.Kind.INVALID_CALL_SYNTAX);
        onlyError(extract("[TOOL_CALL][][/TOOL_CALL]"), ExtractionError.Kind.INVALID_CALL_SYNTAX);
    }

    @Test
    void customTagPairsCanReplaceOrBeAdded() {
        ToolCallExtractor replaced = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS).tags("<<call>>", "<</call>>").build();
        assertThat(replaced.extract("<<call>>{\"name\": \"now\", \"arguments\": {}}<</call>>").calls()).hasSize(1);
        assertThat(replaced.extract("[TOOL_CALL]{\"name\": \"now\", \"arguments\": {}}[/TOOL_CALL]").calls())
                .extracting(ToolCall::format).containsExactly(WireFormat.EMBEDDED_JSON);
        ToolCallExtractor added = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS).addTags("@@", "@@end").build();
        Extraction both = added.extract("@@{\"name\": \"now\", \"arguments\": {}}@@end and "
                + "[TOOL_CALL]{\"name\": \"now\", \"arguments\": {}}[/TOOL_CALL]");
        assertThat(both.calls()).extracting(ToolCall::format)
                .containsExactly(WireFormat.BRACKET_TAGS, WireFormat.BRACKET_TAGS);
        assertThat(both.text()).isEqualTo(" and ");
    }

    @Test
    void garbageBeforeTheClosingTagIsAbsorbedAndRecorded() {
        Extraction x = extract("[TOOL_CALL]{\"name\": \"now\", \"arguments\": {}} (no args)[/TOOL_CALL]");
        ToolCall c = onlyCall(x, "now", "{}");
        assertThat(c.repairs()).contains(Repair.TRAILING_GARBAGE);
        assertThat(x.text()).isEmpty();
    }
}
