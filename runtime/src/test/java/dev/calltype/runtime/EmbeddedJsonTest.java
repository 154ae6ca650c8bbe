package dev.calltype.runtime;

import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.FuzzText;

import static dev.calltype.runtime.testing.ExtractionFixtures.assertCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.extract;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyError;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Tool-shaped JSON in prose, in fences, and the wrapper shapes providers use. */
class EmbeddedJsonTest {

    @Test
    void callInTheMiddleOfASentence() {
        String text = "Sure — {\"name\": \"search\", \"arguments\": {\"query\": \"naïve bayes\"}} — searching.";
        Extraction x = extract(text);
        ToolCall c = onlyCall(x, "search", "{\"query\": \"naïve bayes\"}");
        assertThat(c.format()).isEqualTo(WireFormat.EMBEDDED_JSON);
        assertThat(text.substring(c.start(), c.end())).startsWith("{").endsWith("}");
        assertThat(x.text()).isEqualTo("Sure —  — searching.");
    }

    @Test
    void braceInsideAStringIsNotABracket() {
        onlyCall(extract("{\"name\": \"search\", \"arguments\": {\"query\": \"a } b { c\"}} ok"), "search",
                "{\"query\": \"a } b { c\"}");
    }

    @Test
    void dataJsonInProseStaysProseEvenWhenItNamesSomething() {
        Extraction x = extract("The user is {\"name\": \"Alice\", \"age\": 30} and the list is [1, 2, 3].");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).isEmpty();
        assertThat(x.text()).contains("{\"name\": \"Alice\", \"age\": 30}");
    }

    @Test
    void toolShapedJsonNamingAnUnknownToolInProseIsData() {
        Extraction x = extract("Example payload: {\"name\": \"launch_rocket\", \"arguments\": {\"when\": \"now\"}}");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).isEmpty();
    }

    @Test
    void langChainsJsonAgentsNameTheToolInActionBesideActionInput() {
        onlyCall(extract("```json\n{\"action\": \"search\", \"action_input\": {\"query\": \"x\"}}\n```"), "search",
                "{\"query\": \"x\"}");
        // their last step, and "action" without "action_input", are data: no call, no error, the text kept
        for (String data : new String[] {
            "```json\n{\"action\": \"Final Answer\", \"action_input\": \"It is sunny in Oslo.\"}\n```",
            "The log says {\"action\": \"search\", \"input\": {\"query\": \"x\"}}."}) {
            Extraction x = extract(data);
            assertThat(x.calls()).as(data).isEmpty();
            assertThat(x.errors()).as(data).isEmpty();
            assertThat(x.text()).as(data).isEqualTo(data);
        }
    }

    @Test
    void nestedCallInsideDataIsNotSearched() {
        Extraction x = extract("{\"example\": {\"name\": \"now\", \"arguments\": {}}, \"note\": \"docs\"}");
        assertThat(x.calls()).isEmpty();
    }

    @Test
    void wrappersYieldOneCallNeverTwo() {
        onlyCall(extract("{\"tool_call\": {\"name\": \"now\", \"arguments\": {}}}"), "now", "{}");
        onlyCall(extract("{\"thoughts\": \"time?\", \"tool_request\": {\"name\": \"now\", \"arguments\": {}}}"), "now", "{}");
        onlyCall(extract("{\"function\": {\"name\": \"now\", \"arguments\": {}}}"), "now", "{}");
        onlyCall(extract("{\"function_call\": {\"name\": \"now\", \"arguments\": \"{}\"}}"), "now", "{}");
    }

    @Test
    void openAiToolCallsWithStringArgumentsAndIds() {
        String text = "{\"tool_calls\": [{\"id\": \"call_1\", \"type\": \"function\", \"function\": {\"name\": \"search\", "
                + "\"arguments\": \"{\\\"query\\\": \\\"x\\\"}\"}}, {\"id\": \"call_2\", \"type\": \"function\", "
                + "\"function\": {\"name\": \"now\", \"arguments\": \"\"}}]}";
        Extraction x = extract(text);
        assertThat(x.calls()).extracting(ToolCall::id).containsExactly("call_1", "call_2");
        assertCall(x.calls().get(0), "search", "{\"query\": \"x\"}");
        assertThat(x.calls().get(0).repairs()).contains(Repair.ARGUMENTS_DECODED);
        assertThat(x.calls().get(0).end()).isEqualTo(x.calls().get(1).start());
        assertThat(x.calls().get(1).end()).isEqualTo(text.length());
    }

    @Test
    void anthropicToolUse() {
        ToolCall c = onlyCall(extract("{\"type\": \"tool_use\", \"id\": \"toolu_01\", \"name\": \"get_weather\", "
                + "\"input\": {\"city\": \"Perth\"}}"), "get_weather", "{\"city\": \"Perth\"}");
        assertThat(c.id()).isEqualTo("toolu_01");
    }

    @Test
    void bareArrayOfCallsXlam() {
        Extraction x = extract("[{\"name\": \"now\", \"arguments\": {}}, {\"name\": \"search\", \"arguments\": {\"query\": \"q\"}}]");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now", "search");
    }

    @Test
    void arrayMixingCallsAndDataIsData() {
        assertThat(extract("[{\"name\": \"now\", \"arguments\": {}}, 42]").calls()).isEmpty();
    }

    @Test
    void jsonFenceWithACall() {
        Extraction x = extract("Here you go:\n```json\n{\"name\": \"search\", \"arguments\": {\"query\": \"q\"}}\n```\nDone.");
        ToolCall c = onlyCall(x, "search", "{\"query\": \"q\"}");
        assertThat(c.format()).isEqualTo(WireFormat.JSON_FENCE);
        assertThat(x.text()).isEqualTo("Here you go:\n\nDone.");
    }

    @Test
    void unlabeledFenceWithACallAndFenceWithData() {
        onlyCall(extract("```\n{\"tool\": \"now\", \"arguments\": {}}\n```"), "now", "{}");
        Extraction data = extract("Schema:\n```json\n{\"type\": \"object\", \"properties\": {}}\n```");
        assertThat(data.calls()).isEmpty();
        assertThat(data.text()).isEqualTo("Schema:\n```json\n{\"type\": \"object\", \"properties\": {}}\n```");
    }

    @Test
    void brokenFencedCallAttemptIsAnErrorButBrokenDataIsNot() {
        onlyError(extract("```json\n{\"name\": \"search\", \"arguments\": {\"query\": }\n```"), ExtractionError.Kind.MALFORMED_JSON);
        Extraction data = extract("```json\n{\"a\": [1, 2,, }\n```");
        assertThat(data.errors()).isEmpty();
        assertThat(data.calls()).isEmpty();
    }

    @Test
    void pythonFenceOfKnownCalls() {
        Extraction x = extract("```python\nsearch(query=\"a\")\nnow()\n```");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("search", "now");
        assertThat(x.text()).isEmpty();
    }

    @Test
    void pythonFenceOfOrdinaryCodeIsProse() {
        String text = "```python\nimport os\nprint(search)\n```";
        Extraction x = extract(text);
        assertThat(x.calls()).isEmpty();
        assertThat(x.text()).isEqualTo(text);
    }

    @Test
    void truncatedCallInProseIsAnErrorWhenClearlyACall() {
        ExtractionError e = onlyError(extract("Calling: {\"name\": \"send_email\", \"arguments\": {\"to\": \"x@y.z\", \"body\": \"Hel"),
                ExtractionError.Kind.TRUNCATED);
        assertThat(e.toolName()).isEqualTo("send_email");
    }

    @Test
    void truncatedDataInProseIsProse() {
        Extraction x = extract("The config starts with {\"debug\": tr");
        assertThat(x.errors()).isEmpty();
        assertThat(x.text()).isEqualTo("The config starts with {\"debug\": tr");
    }

    @Test
    void positionalJsonArgumentsAreMappedByParameterOrder() {
        ToolCall c = onlyCall(extract("{\"name\": \"search\", \"arguments\": [\"jdk\", 5]}"), "search",
                "{\"query\": \"jdk\", \"limit\": 5}");
        assertThat(c.repairs()).contains(Repair.POSITIONAL_ARGUMENTS);
        ExtractionError e = onlyError(extract("<tool_call>{\"name\": \"search\", \"arguments\": [\"a\", 1, 2]}</tool_call>"),
                ExtractionError.Kind.TOO_MANY_POSITIONAL);
        assertThat(e.message()).contains("search(query, limit)");
    }

    /** A number no double can hold is kept exactly, and JSON text carries it unchanged. */
    @Test
    void numberNoDoubleCanHoldIsKeptExactly() throws Exception {
        String text = "TOOL_CALL {\"name\": \"stock_price\", \"arguments\": {\"ticker\": 7E-777}}";
        Extraction e = Corpus.extractor().extract(text);
        assertThat(e.calls()).singleElement().satisfies(c -> {
            assertThat(c.arguments().get("ticker").decimalValue()).isEqualByComparingTo(new java.math.BigDecimal("7E-777"));
            assertThat(FuzzText.callProblem(e.calls(), text)).isNull();
        });
    }
}
