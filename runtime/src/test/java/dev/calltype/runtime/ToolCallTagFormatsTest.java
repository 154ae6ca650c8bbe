package dev.calltype.runtime;

import static dev.calltype.runtime.testing.ExtractionFixtures.assertCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.extract;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyError;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code <tool_call>} and the XML-style formats: Hermes/Qwen JSON, Qwen3-Coder and Seed-OSS parameters, GLM
 * {@code <arg_key>} pairs, MiniMax-M2 invokes, DeepSeek DSML, Llama {@code <function=…>}.
 */
class ToolCallTagFormatsTest {

    private static final String BAR = "\uFF5C";

    @Test
    void hermesCallsWithProseBetweenThem() {
        String text = "Let me check both cities.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n"
                + "</tool_call>\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Kyōto\", \"days\": 3}}\n"
                + "</tool_call>";
        Extraction x = extract(text);
        assertThat(x.calls()).hasSize(2);
        assertCall(x.calls().get(0), "get_weather", "{\"city\": \"Oslo\"}");
        assertCall(x.calls().get(1), "get_weather", "{\"city\": \"Kyōto\", \"days\": 3}");
        assertThat(x.calls()).extracting(ToolCall::format).containsOnly(WireFormat.HERMES);
        assertThat(x.text()).isEqualTo("Let me check both cities.\n\n");
    }

    @Test
    void hermesTagWithTwoObjectsGivesTwoCalls() {
        Extraction x = extract("<tool_call>{\"name\": \"now\", \"arguments\": {}}\n{\"name\": \"search\", "
                + "\"arguments\": {\"query\": \"x\"}}</tool_call>");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now", "search");
    }

    @Test
    void hermesUnclosedTagWithACompleteCallIsACall() {
        onlyCall(extract("<tool_call>{\"name\": \"now\", \"arguments\": {}}"), "now", "{}");
    }

    @Test
    void hermesCutInsideAValueIsTruncatedNotACall() {
        ExtractionError e = onlyError(extract("Sending now.\n<tool_call>{\"name\": \"send_email\", \"arguments\": "
                + "{\"to\": \"a@b.c\", \"subject\": \"Hi\", \"body\": \"Dear Bo"), ExtractionError.Kind.TRUNCATED);
        assertThat(e.toolName()).isEqualTo("send_email");
        assertThat(e.message()).contains("cut off");
    }

    @Test
    void hermesArgumentsStillOpenAtTheEndAreTruncated() {
        onlyError(extract("<tool_call>{\"name\": \"send_email\", \"arguments\": {\"to\": \"a@b.c\""),
                ExtractionError.Kind.TRUNCATED);
    }

    @Test
    void tagAtTheVeryEndIsTruncated() {
        onlyError(extract("Calling a tool now: <tool_call>\n"), ExtractionError.Kind.TRUNCATED);
    }

    @Test
    void proseInsideTheTagIsAnError() {
        onlyError(extract("<tool_call>I want to check the weather, please.</tool_call>"),
                ExtractionError.Kind.INVALID_CALL_SYNTAX);
    }

    @Test
    void qwen3CoderParametersAreRawTextTypedBySchema() {
        String text = "<tool_call>\n<function=get_weather>\n<parameter=city>\nSão Paulo\n</parameter>\n"
                + "<parameter=days>\n7\n</parameter>\n<parameter=metric>\ntrue\n</parameter>\n"
                + "<parameter=options>\n{\"units\": \"si\"}\n</parameter>\n<parameter=hours>\n[6, 12]\n</parameter>\n"
                + "</function>\n</tool_call>";
        ToolCall c = onlyCall(extract(text), "get_weather",
                "{\"city\": \"São Paulo\", \"days\": 7, \"metric\": true, \"options\": {\"units\": \"si\"}, \"hours\": [6, 12]}");
        assertThat(c.format()).isEqualTo(WireFormat.QWEN3_CODER);
        assertThat(c.repairs()).containsExactly(Repair.VALUES_TYPED_BY_SCHEMA);
    }

    @Test
    void qwen3CoderKeepsInnerLinesAndTrimsOnlyOneNewlineEachSide() {
        String text = "<tool_call>\r\n<function=send_email>\r\n<parameter=to>\r\nx@y.z\r\n</parameter>\r\n"
                + "<parameter=subject>\r\nHi\r\n</parameter>\r\n<parameter=body>\n\nLine 1\nLine 2\n\n</parameter>\r\n"
                + "</function>\r\n</tool_call>";
        onlyCall(extract(text), "send_email", "{\"to\": \"x@y.z\", \"subject\": \"Hi\", \"body\": \"\\nLine 1\\nLine 2\\n\"}");
    }

    @Test
    void qwen3CoderValueThatIsNotOfTheDeclaredTypeStaysText() {
        ToolCall c = onlyCall(extract("<tool_call>\n<function=get_weather>\n<parameter=city>\nRome\n</parameter>\n"
                + "<parameter=days>\na week\n</parameter>\n</function>\n</tool_call>"), "get_weather",
                "{\"city\": \"Rome\", \"days\": \"a week\"}");
        assertThat(c.repairs()).doesNotContain(Repair.VALUES_TYPED_BY_SCHEMA);
    }

    @Test
    void qwen3CoderCutBeforeTheFunctionClosesIsTruncated() {
        onlyError(extract("<tool_call>\n<function=send_email>\n<parameter=to>\nx@y.z\n</parameter>\n"),
                ExtractionError.Kind.TRUNCATED);
    }

    @Test
    void seedOssUsesItsOwnTag() {
        ToolCall c = onlyCall(extract("<seed:tool_call>\n<function=search>\n<parameter=query>\nopen weights\n"
                + "</parameter>\n<parameter=limit>\n5\n</parameter>\n</function>\n</seed:tool_call>"), "search",
                "{\"query\": \"open weights\", \"limit\": 5}");
        assertThat(c.format()).isEqualTo(WireFormat.QWEN3_CODER);
    }

    @Test
    void qwen3CoderFunctionWithoutItsWrapper() {
        onlyCall(extract("<function=search>\n<parameter=query>\nrust\n</parameter>\n</function>"), "search",
                "{\"query\": \"rust\"}");
    }

    @Test
    void glmArgKeyValuePairsTypedBySchema() {
        String text = "I'll search.<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>数据库</arg_value>\n"
                + "<arg_key>limit</arg_key>\n<arg_value>3</arg_value>\n</tool_call>";
        Extraction x = extract(text);
        ToolCall c = onlyCall(x, "search", "{\"query\": \"数据库\", \"limit\": 3}");
        assertThat(c.format()).isEqualTo(WireFormat.GLM);
        assertThat(x.text()).isEqualTo("I'll search.");
    }

    @Test
    void glmWithoutArguments() {
        onlyCall(extract("<tool_call>now</tool_call>"), "now", "{}");
    }

    @Test
    void glmCutOffIsTruncated() {
        onlyError(extract("<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>dat"), ExtractionError.Kind.TRUNCATED);
    }

    @Test
    void miniMaxSectionWithTwoInvokes() {
        String text = "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Lima</parameter>\n"
                + "<parameter name=\"days\">2</parameter>\n</invoke>\n<invoke name=\"now\">\n</invoke>\n</minimax:tool_call>";
        Extraction x = extract(text);
        assertThat(x.calls()).hasSize(2);
        assertCall(x.calls().get(0), "get_weather", "{\"city\": \"Lima\", \"days\": 2}");
        assertCall(x.calls().get(1), "now", "{}");
        assertThat(x.calls().get(0).end()).isEqualTo(x.calls().get(1).start());
        assertThat(x.calls().get(1).end()).isEqualTo(text.length());
        assertThat(x.calls()).extracting(ToolCall::format).containsOnly(WireFormat.MINIMAX);
    }

    @Test
    void dsmlStringFalseMeansJson() {
        String text = "<" + BAR + "DSML" + BAR + "function_calls>\n<" + BAR + "DSML" + BAR + "invoke name=\"get_weather\">\n"
                + "<" + BAR + "DSML" + BAR + "parameter name=\"city\" string=\"true\">Paris</" + BAR + "DSML" + BAR + "parameter>\n"
                + "<" + BAR + "DSML" + BAR + "parameter name=\"options\" string=\"false\">{\"units\": \"si\"}</" + BAR
                + "DSML" + BAR + "parameter>\n</" + BAR + "DSML" + BAR + "invoke>\n</" + BAR + "DSML" + BAR + "function_calls>";
        ToolCall c = onlyCall(extract(text), "get_weather", "{\"city\": \"Paris\", \"options\": {\"units\": \"si\"}}");
        assertThat(c.format()).isEqualTo(WireFormat.DEEPSEEK_DSML);
    }

    @Test
    void dsmlStringTrueKeepsDigitsAsText() {
        String text = "<" + BAR + "DSML" + BAR + "tool_calls>\n<" + BAR + "DSML" + BAR + "invoke name=\"search\">\n<" + BAR
                + "DSML" + BAR + "parameter name=\"query\" string=\"true\">2024</" + BAR + "DSML" + BAR + "parameter>\n</"
                + BAR + "DSML" + BAR + "invoke>\n</" + BAR + "DSML" + BAR + "tool_calls>";
        onlyCall(extract(text), "search", "{\"query\": \"2024\"}");
    }

    @Test
    void llamaFunctionTagWithJson() {
        ToolCall c = onlyCall(extract("<function=search>{\"query\": \"llama\", \"limit\": 2}</function>"), "search",
                "{\"query\": \"llama\", \"limit\": 2}");
        assertThat(c.format()).isEqualTo(WireFormat.LLAMA_FUNCTION_TAG);
    }

    @Test
    void unknownToolInsideTheTagNamesTheAvailableTools() {
        ExtractionError e = onlyError(extract("<tool_call>{\"name\": \"delete_all\", \"arguments\": {}}</tool_call>"),
                ExtractionError.Kind.UNKNOWN_TOOL);
        assertThat(e.message()).contains("delete_all").contains("get_weather, send_email, search, now");
        assertThat(e.toolName()).isEqualTo("delete_all");
    }

    @Test
    void unknownToolInXmlFormatsToo() {
        onlyError(extract("<minimax:tool_call>\n<invoke name=\"rm\">\n</invoke>\n</minimax:tool_call>"),
                ExtractionError.Kind.UNKNOWN_TOOL);
    }
}
