package dev.calltype.runtime;

import static dev.calltype.runtime.testing.ExtractionFixtures.assertCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.extract;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyCall;
import static dev.calltype.runtime.testing.ExtractionFixtures.onlyError;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Model wire formats written with special tokens, markers exactly as the models emit them. */
class TokenFormatsTest {

    private static final String DS_CALLS_BEGIN = "<\uFF5Ctool\u2581calls\u2581begin\uFF5C>";
    private static final String DS_CALLS_END = "<\uFF5Ctool\u2581calls\u2581end\uFF5C>";
    private static final String DS_CALL_BEGIN = "<\uFF5Ctool\u2581call\u2581begin\uFF5C>";
    private static final String DS_CALL_END = "<\uFF5Ctool\u2581call\u2581end\uFF5C>";
    private static final String DS_SEP = "<\uFF5Ctool\u2581sep\uFF5C>";

    @Test
    void mistralArrayOfCalls() {
        Extraction x = extract("[TOOL_CALLS] [{\"name\": \"now\", \"arguments\": {}}, {\"name\": \"search\", "
                + "\"arguments\": {\"query\": \"x\"}, \"id\": \"abc123def\"}]</s>");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now", "search");
        assertThat(x.calls().get(1).id()).isEqualTo("abc123def");
        assertThat(x.calls()).extracting(ToolCall::format).containsOnly(WireFormat.MISTRAL);
    }

    @Test
    void mistralV11RepeatsTheMarkerPerCall() {
        Extraction x = extract("[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Nice\"}[TOOL_CALLS]now[ARGS]{}");
        assertThat(x.calls()).hasSize(2);
        assertCall(x.calls().get(0), "get_weather", "{\"city\": \"Nice\"}");
        assertCall(x.calls().get(1), "now", "{}");
        assertThat(x.text()).isEmpty();
    }

    @Test
    void mistralWithCallIdAndWithoutArgsToken() {
        ToolCall c = onlyCall(extract("[TOOL_CALLS]search[CALL_ID]a1B2c3D4e[ARGS]{\"query\": \"q\"}"), "search",
                "{\"query\": \"q\"}");
        assertThat(c.id()).isEqualTo("a1B2c3D4e");
        onlyCall(extract("[TOOL_CALLS]search{\"query\": \"q\"}"), "search", "{\"query\": \"q\"}");
    }

    @Test
    void llamaPythonTagWithSeveralCallsSeparatedBySemicolons() {
        Extraction x = extract("<|python_tag|>{\"name\": \"now\", \"parameters\": {}}; {\"name\": \"search\", "
                + "\"parameters\": {\"query\": \"q\"}}<|eom_id|>");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("now", "search");
        assertThat(x.calls()).extracting(ToolCall::format).containsOnly(WireFormat.LLAMA_PYTHON_TAG);
        assertThat(x.text()).isEmpty();
    }

    @Test
    void llamaBuiltInToolCallIsPythonic() {
        ToolCallExtractor noTools = ToolCallExtractor.builder().build();
        Extraction x = noTools.extract("<|python_tag|>brave_search.call(query=\"weather in SF\")<|eom_id|>");
        assertThat(x.calls()).hasSize(1);
        assertThat(x.calls().get(0).name()).isEqualTo("brave_search");
    }

    @Test
    void llama4PythonicList() {
        Extraction x = extract("<|python_start|>[get_weather(city=\"Oslo\", days=2), now()]<|python_end|>");
        assertThat(x.calls()).hasSize(2);
        assertCall(x.calls().get(0), "get_weather", "{\"city\": \"Oslo\", \"days\": 2}");
        assertThat(x.calls()).extracting(ToolCall::format).containsOnly(WireFormat.LLAMA4);
    }

    @Test
    void olmo3OneCallPerLine() {
        Extraction x = extract("<function_calls>\nget_weather(city=\"Bern\")\nsearch(query='fondue', limit=2)\n</function_calls>");
        assertThat(x.calls()).hasSize(2);
        assertCall(x.calls().get(1), "search", "{\"query\": \"fondue\", \"limit\": 2}");
        assertThat(x.calls().get(0).end()).isEqualTo(x.calls().get(1).start());
    }

    @Test
    void lfm2PythonicAndJson() {
        onlyCall(extract("<|tool_call_start|>[search(query=\"a\")]<|tool_call_end|>Checking."), "search",
                "{\"query\": \"a\"}");
        onlyCall(extract("<|tool_call_start|>[{\"name\": \"now\", \"arguments\": {}}]<|tool_call_end|>"), "now", "{}");
    }

    @Test
    void graniteAndGranite20b() {
        assertThat(onlyCall(extract("<|tool_call|>[{\"name\": \"now\", \"arguments\": {}}]"), "now", "{}").format())
                .isEqualTo(WireFormat.GRANITE);
        Extraction x = extract("<function_call> {\"name\": \"now\", \"arguments\": {}}\n<function_call> "
                + "{\"name\": \"search\", \"arguments\": {\"query\": \"g\"}}");
        assertThat(x.calls()).extracting(ToolCall::format).containsOnly(WireFormat.GRANITE_20B);
        assertThat(x.calls()).hasSize(2);
    }

    @Test
    void nemotronHunyuanFunctoolsInternlm() {
        assertThat(onlyCall(extract("<TOOLCALL>[{\"name\": \"now\", \"arguments\": {}}]</TOOLCALL>"), "now", "{}")
                .format()).isEqualTo(WireFormat.NEMOTRON);
        assertThat(onlyCall(extract("<tool_calls>[{\"name\": \"now\", \"arguments\": {}}]</tool_calls>"), "now", "{}")
                .format()).isEqualTo(WireFormat.TOOL_CALLS_TAG);
        assertThat(onlyCall(extract("functools[{\"name\": \"now\", \"arguments\": {}}]"), "now", "{}").format())
                .isEqualTo(WireFormat.FUNCTOOLS);
        assertThat(onlyCall(extract("<|action_start|><|plugin|>\n{\"name\": \"now\", \"parameters\": {}}<|action_end|>"),
                "now", "{}").format()).isEqualTo(WireFormat.INTERNLM);
    }

    @Test
    void functoolsInsideAWordIsNotAMarker() {
        assertThat(extract("Use myfunctools[1] here").calls()).isEmpty();
    }

    @Test
    void commandR7bKeepsTheCallIdAndCommandRReadsTheFence() {
        ToolCall c = onlyCall(extract("<|START_ACTION|>[{\"tool_call_id\": \"0\", \"tool_name\": \"search\", "
                + "\"parameters\": {\"query\": \"cohere\"}}]<|END_ACTION|>"), "search", "{\"query\": \"cohere\"}");
        assertThat(c.id()).isEqualTo("0");
        assertThat(onlyCall(extract("Plan: look it up.\nAction: ```json\n[{\"tool_name\": \"now\", \"parameters\": {}}]\n```"),
                "now", "{}").format()).isEqualTo(WireFormat.COMMAND_R);
    }

    @Test
    void apertusNameKeyedCalls() {
        Extraction x = extract("<|tools_prefix|>[{\"get_weather\": {\"city\": \"Chur\"}}, {\"now\": {}}]<|tools_suffix|>");
        assertThat(x.calls()).hasSize(2);
        assertCall(x.calls().get(0), "get_weather", "{\"city\": \"Chur\"}");
        assertThat(x.calls()).extracting(ToolCall::format).containsOnly(WireFormat.APERTUS);
    }

    @Test
    void kimiSectionWithTwoCallsKeepsIds() {
        String text = "<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
                + "{\"city\": \"Seoul\"}<|tool_call_end|>\n<|tool_call_begin|>functions.now:1<|tool_call_argument_begin|>"
                + "{}<|tool_call_end|>\n<|tool_calls_section_end|>";
        Extraction x = extract(text);
        assertThat(x.calls()).extracting(ToolCall::id).containsExactly("functions.get_weather:0", "functions.now:1");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("get_weather", "now");
        assertThat(x.text()).isEmpty();
    }

    @Test
    void deepSeekV3WithTwoCalls() {
        String text = "Let me check." + DS_CALLS_BEGIN + DS_CALL_BEGIN + "function" + DS_SEP + "get_weather\n```json\n"
                + "{\"city\": \"Hangzhou\"}\n```" + DS_CALL_END + "\n" + DS_CALL_BEGIN + "function" + DS_SEP + "now\n```json\n{}\n```"
                + DS_CALL_END + DS_CALLS_END;
        Extraction x = extract(text);
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("get_weather", "now");
        assertThat(x.calls()).extracting(ToolCall::format).containsOnly(WireFormat.DEEPSEEK_V3);
        assertThat(x.text()).isEqualTo("Let me check.");
    }

    @Test
    void deepSeekV31() {
        ToolCall c = onlyCall(extract(DS_CALLS_BEGIN + DS_CALL_BEGIN + "search" + DS_SEP + "{\"query\": \"v3.1\"}"
                + DS_CALL_END + DS_CALLS_END), "search", "{\"query\": \"v3.1\"}");
        assertThat(c.format()).isEqualTo(WireFormat.DEEPSEEK_V31);
    }

    @Test
    void deepSeekCutInsideArgumentsIsTruncated() {
        onlyError(extract(DS_CALLS_BEGIN + DS_CALL_BEGIN + "search" + DS_SEP + "{\"query\": \"v3"),
                ExtractionError.Kind.TRUNCATED);
    }

    @Test
    void harmonyRecipientInChannelOrRoleHeader() {
        ToolCall c = onlyCall(extract("<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json"
                + "<|message|>{\"city\": \"Tokyo\"}<|call|>"), "get_weather", "{\"city\": \"Tokyo\"}");
        assertThat(c.format()).isEqualTo(WireFormat.HARMONY);
        onlyCall(extract("<|start|>assistant to=functions.now<|channel|>commentary json<|message|>{}<|call|>"), "now", "{}");
    }

    @Test
    void harmonyAnalysisChannelIsReasoning() {
        Extraction x = extract("<|channel|>analysis<|message|>Need the time. {\"name\": \"now\", \"arguments\": {}}<|end|>"
                + "<|start|>assistant<|channel|>commentary to=functions.now <|constrain|>json<|message|>{}<|call|>");
        onlyCall(x, "now", "{}");
        assertThat(x.segments().get(0).kind()).isEqualTo(Extraction.Segment.Kind.REASONING);
        assertThat(x.text()).isEmpty();
    }

    @Test
    void gemma4AndFunctionGemmaRawStrings() {
        ToolCall g = onlyCall(extract("<|tool_call>call:get_weather{city:<|\"|>New York, \"NY\"<|\"|>,days:2,metric:false}"
                + "<tool_call|>"), "get_weather", "{\"city\": \"New York, \\\"NY\\\"\", \"days\": 2, \"metric\": false}");
        assertThat(g.format()).isEqualTo(WireFormat.GEMMA4);
        ToolCall f = onlyCall(extract("<start_function_call>call:search{query:<escape>a {b} c<escape>}<end_function_call>"),
                "search", "{\"query\": \"a {b} c\"}");
        assertThat(f.format()).isEqualTo(WireFormat.FUNCTION_GEMMA);
    }
}
