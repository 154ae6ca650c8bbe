package dev.calltype.runtime;

import dev.calltype.runtime.testing.ExtractionChecks;
import dev.calltype.runtime.testing.ExtractionFixtures;

import static dev.calltype.runtime.testing.ExtractionFixtures.extract;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyCall;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Every repair is applied where it is safe and recorded on the call. */
class RepairsTest {

    private static ToolCall hermes(String json) {
        return ExtractionFixtures.EXTRACTOR.extract("<tool_call>" + json + "</tool_call>").calls().get(0);
    }

    @Test
    void singleQuotesButApostrophesInsideDoubleQuotesAreKept() {
        ToolCall c = onlyCall(extract("<tool_call>{'name': 'search', 'arguments': {'query': \"O'Reilly books\"}}</tool_call>"),
                "search", "{\"query\": \"O'Reilly books\"}");
        assertThat(c.repairs()).containsExactly(Repair.SINGLE_QUOTES);
    }

    @Test
    void smartQuotes() {
        assertThat(hermes("{“name”: “now”, “arguments”: {}}").repairs()).containsExactly(Repair.SMART_QUOTES);
    }

    @Test
    void unquotedKeysAndTrailingCommas() {
        assertThat(hermes("{name: \"search\", arguments: {query: \"q\",},}").repairs())
                .containsExactly(Repair.UNQUOTED_KEYS, Repair.TRAILING_COMMA);
    }

    @Test
    void comments() {
        assertThat(hermes("{\"name\": \"now\", /* no args */ \"arguments\": {} // done\n}").repairs())
                .containsExactly(Repair.COMMENTS);
    }

    @Test
    void rawControlCharactersInStrings() {
        ToolCall c = hermes("{\"name\": \"send_email\", \"arguments\": {\"to\": \"a\", \"subject\": \"s\", \"body\": \"line 1\nline 2\tend\"}}");
        assertThat(c.repairs()).containsExactly(Repair.RAW_CONTROL_CHARACTERS);
        assertThat(c.arguments().get("body").asText()).isEqualTo("line 1\nline 2\tend");
    }

    @Test
    void pythonLiterals() {
        ToolCall c = hermes("{\"name\": \"get_weather\", \"arguments\": {\"city\": \"x\", \"metric\": True, \"ratio\": None}}");
        assertThat(c.repairs()).containsExactly(Repair.PYTHON_LITERALS);
        assertThat(c.arguments().get("metric").booleanValue()).isTrue();
        assertThat(c.arguments().get("ratio").isNull()).isTrue();
    }

    @Test
    void extraClosingBrackets() {
        ToolCall c = onlyCall(extract("<tool_call>{\"name\": \"now\", \"arguments\": {}}}}</tool_call>"), "now", "{}");
        assertThat(c.repairs()).containsExactly(Repair.EXTRA_CLOSING_BRACKETS);
    }

    @Test
    void trailingGarbageInsideTheMarkup() {
        ToolCall c = onlyCall(extract("<tool_call>{\"name\": \"now\", \"arguments\": {}} <- that's it</tool_call>"), "now", "{}");
        assertThat(c.repairs()).containsExactly(Repair.TRAILING_GARBAGE);
    }

    @Test
    void missingClosingBracketsWhereTheCallsEndTokenFollowsACompleteValue() {
        ToolCall c = onlyCall(extract("<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0"
                + "<|tool_call_argument_begin|>{\"query\": \"q\"<|tool_call_end|><|tool_calls_section_end|>"), "search",
                "{\"query\": \"q\"}");
        assertThat(c.repairs()).containsExactly(Repair.MISSING_CLOSING_BRACKETS);
    }

    @Test
    void aCallObjectStillOpenAtTheEndIsCutOffEvenWithWholeArguments() {
        Extraction x = extract("<tool_call>{\"name\": \"search\", \"arguments\": {\"query\": \"q\"}");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.TRUNCATED);
    }

    @Test
    void duplicateKeysLastWins() {
        ToolCall c = hermes("{\"name\": \"search\", \"arguments\": {\"query\": \"a\", \"query\": \"b\"}}");
        assertThat(c.repairs()).containsExactly(Repair.DUPLICATE_KEYS);
        assertThat(c.arguments().get("query").asText()).isEqualTo("b");
    }

    @Test
    void nameNormalizedFromCamelCaseDashesAndNamespaces() {
        assertThat(hermes("{\"name\": \"getWeather\", \"arguments\": {\"city\": \"x\"}}").name()).isEqualTo("get_weather");
        assertThat(hermes("{\"name\": \"Send-Email\", \"arguments\": {}}").repairs()).containsExactly(Repair.NAME_NORMALIZED);
        assertThat(hermes("{\"name\": \"functions.search\", \"arguments\": {}}").name()).isEqualTo("search");
        assertThat(hermes("{\"name\": \"search\", \"arguments\": {}}").repairs()).isEmpty();
    }

    @Test
    void argumentsDecodedFromAString() {
        ToolCall c = hermes("{\"name\": \"search\", \"arguments\": \"{\\\"query\\\": \\\"q\\\"}\"}");
        assertThat(c.repairs()).containsExactly(Repair.ARGUMENTS_DECODED);
        assertThat(c.arguments().get("query").asText()).isEqualTo("q");
    }

    @Test
    void argumentsStringThatIsNotAnObjectIsAnError() {
        Extraction x = ExtractionFixtures.EXTRACTOR.extract("<tool_call>{\"name\": \"search\", \"arguments\": \"query=q\"}</tool_call>");
        assertThat(x.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.MALFORMED_JSON);
    }

    @Test
    void missingOrNullArgumentsAreEmpty() {
        assertThat(hermes("{\"name\": \"now\"}").arguments()).isEmpty();
        assertThat(hermes("{\"name\": \"now\", \"arguments\": null}").arguments()).isEmpty();
    }

    @Test
    void repairsAreRecordedOnceInFirstAppliedOrder() {
        ToolCall c = hermes("{'name': 'search', arguments: {'query': 'a', 'limit': 1,}, }");
        assertThat(c.repairs()).containsExactly(Repair.SINGLE_QUOTES, Repair.UNQUOTED_KEYS, Repair.TRAILING_COMMA);
    }

    /** Calls read from an array the text leaves open after a comment keep their spans in the text. */
    @Test
    void everyCallOfAnArrayClosedByRepairHasAPlaceInTheText() {
        String text = "[{\"name\":\"ping\",\"args\":{}},{\"name\":\"stock_price\",\"args\":{\"ticker\":\"Q\"}} // \"and\" [more";
        // the array's end never came: its last call is open, read only when the text ended on purpose (Ending)
        Extraction e = ToolCallExtractor.builder().build().extract(text, Ending.STOP);
        assertThat(e.calls()).extracting(ToolCall::name).containsExactly("ping", "stock_price");
        assertThat(e.calls()).allSatisfy(c -> assertThat(c.end()).isGreaterThan(c.start()));
        assertThat(ExtractionChecks.partitionProblem(text, e)).isNull();
        assertThat(e.calls().get(1).start()).isEqualTo(text.indexOf("{\"name\":\"stock_price"));
        Extraction unknown = ToolCallExtractor.builder().build().extract(text);
        assertThat(unknown.calls()).extracting(ToolCall::name).containsExactly("ping");
        assertThat(unknown.errors()).extracting(ExtractionError::kind).containsExactly(ExtractionError.Kind.TRUNCATED);
        assertThat(ExtractionChecks.partitionProblem(text, unknown)).isNull();
    }
}
