package dev.calltype.runtime;

import dev.calltype.runtime.testing.ExtractionFixtures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** One example per wire format (the README table): each extracts as one call in its format, batch and streaming. */
class FormatTableTest {

    static final String DS = "\uFF5C";
    static final String SP = "\u2581";

    /** Format → an example response calling get_weather(city="Oslo"). */
    static Map<WireFormat, String> examples() {
        Map<WireFormat, String> m = new LinkedHashMap<>();
        m.put(WireFormat.TOOL_CALL_MARKER, "TOOL_CALL {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}");
        m.put(WireFormat.BRACKET_TAGS, "[TOOL_CALL]{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}[/TOOL_CALL]");
        m.put(WireFormat.JSON_FENCE, "```json\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n```");
        m.put(WireFormat.EMBEDDED_JSON, "Sure: {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}");
        m.put(WireFormat.HERMES, "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}</tool_call>");
        m.put(WireFormat.QWEN3_CODER, "<tool_call><function=get_weather><parameter=city>Oslo</parameter></function></tool_call>");
        m.put(WireFormat.GLM, "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value></tool_call>");
        m.put(WireFormat.MINIMAX, "<minimax:tool_call><invoke name=\"get_weather\"><parameter name=\"city\">Oslo</parameter>"
                + "</invoke></minimax:tool_call>");
        m.put(WireFormat.MISTRAL, "[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Oslo\"}");
        m.put(WireFormat.LLAMA_PYTHON_TAG, "<|python_tag|>{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\"}}");
        m.put(WireFormat.LLAMA_FUNCTION_TAG, "<function=get_weather>{\"city\": \"Oslo\"}</function>");
        m.put(WireFormat.LLAMA4, "<|python_start|>[get_weather(city=\"Oslo\")]<|python_end|>");
        m.put(WireFormat.OLMO3, "<function_calls>get_weather(city=\"Oslo\")</function_calls>");
        m.put(WireFormat.LFM2, "<|tool_call_start|>[get_weather(city=\"Oslo\")]<|tool_call_end|>");
        m.put(WireFormat.GRANITE, "<|tool_call|>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}]");
        m.put(WireFormat.GRANITE_20B, "<function_call> {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}");
        m.put(WireFormat.NEMOTRON, "<TOOLCALL>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}]</TOOLCALL>");
        m.put(WireFormat.TOOL_CALLS_TAG, "<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}]</tool_calls>");
        m.put(WireFormat.FUNCTOOLS, "functools[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}]");
        m.put(WireFormat.INTERNLM, "<|action_start|><|plugin|>{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\"}}"
                + "<|action_end|>");
        m.put(WireFormat.DEEPSEEK_V3, "<" + DS + "tool" + SP + "calls" + SP + "begin" + DS + "><" + DS + "tool" + SP + "call" + SP
                + "begin" + DS + ">function<" + DS + "tool" + SP + "sep" + DS + ">get_weather\n```json\n{\"city\": \"Oslo\"}\n```<"
                + DS + "tool" + SP + "call" + SP + "end" + DS + "><" + DS + "tool" + SP + "calls" + SP + "end" + DS + ">");
        m.put(WireFormat.DEEPSEEK_V31, "<" + DS + "tool" + SP + "calls" + SP + "begin" + DS + "><" + DS + "tool" + SP + "call" + SP
                + "begin" + DS + ">get_weather<" + DS + "tool" + SP + "sep" + DS + ">{\"city\": \"Oslo\"}<" + DS + "tool" + SP + "call"
                + SP + "end" + DS + "><" + DS + "tool" + SP + "calls" + SP + "end" + DS + ">");
        m.put(WireFormat.DEEPSEEK_DSML, "<" + DS + "DSML" + DS + "function_calls><" + DS + "DSML" + DS + "invoke name=\"get_weather\"><"
                + DS + "DSML" + DS + "parameter name=\"city\" string=\"true\">Oslo</" + DS + "DSML" + DS + "parameter></" + DS + "DSML" + DS
                + "invoke></" + DS + "DSML" + DS + "function_calls>");
        m.put(WireFormat.KIMI_K2, "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>"
                + "{\"city\": \"Oslo\"}<|tool_call_end|><|tool_calls_section_end|>");
        m.put(WireFormat.HARMONY, "<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>"
                + "{\"city\": \"Oslo\"}<|call|>");
        m.put(WireFormat.COMMAND_R7B, "<|START_ACTION|>[{\"tool_call_id\": \"0\", \"tool_name\": \"get_weather\", \"parameters\": "
                + "{\"city\": \"Oslo\"}}]<|END_ACTION|>");
        m.put(WireFormat.COMMAND_R, "Action: ```json\n[{\"tool_name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\"}}]\n```");
        m.put(WireFormat.GEMMA4, "<|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>}<tool_call|>");
        m.put(WireFormat.FUNCTION_GEMMA, "<start_function_call>call:get_weather{city:<escape>Oslo<escape>}<end_function_call>");
        m.put(WireFormat.APERTUS, "<|tools_prefix|>[{\"get_weather\": {\"city\": \"Oslo\"}}]<|tools_suffix|>");
        m.put(WireFormat.HUNYUAN, "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo"
                + "</arg_value></tool_call></tool_calls>");
        m.put(WireFormat.SOLAR_OPEN, "<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Oslo"
                + "<|tool_arg:end|><|tool_call:end|>");
        m.put(WireFormat.DOTS, "<dots_function_call><invoke name=\"get_weather\"><parameter name=\"city\">Oslo"
                + "</parameter></invoke></dots_function_call>");
        m.put(WireFormat.STEP3, "<" + DS + "tool_calls_begin" + DS + "><" + DS + "tool_call_begin" + DS + ">function<" + DS
                + "tool_sep" + DS + "><steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Oslo"
                + "</steptml:parameter></steptml:invoke><" + DS + "tool_call_end" + DS + "><" + DS + "tool_calls_end" + DS + ">");
        m.put(WireFormat.ATEM, "<atem:function_calls><atem:invoke name=\"get_weather\"><atem:parameter name=\"city\">Oslo"
                + "</atem:parameter></atem:invoke></atem:function_calls>");
        m.put(WireFormat.KIMI_K3, "<|open|>tools<|sep|><|open|>call tool=\"get_weather\" index=\"1\"<|sep|><|open|>argument "
                + "key=\"city\" type=\"string\"<|sep|>Oslo<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>");
        m.put(WireFormat.MINICPM5, "<function name=\"get_weather\"><param name=\"city\">Oslo</param></function>");
        m.put(WireFormat.PLAMO3, "<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|>"
                + "<|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>"
                + "{\"city\": \"Oslo\"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>"
                + "<|plamo:end_tool_requests:plamo|>");
        m.put(WireFormat.GIGACHAT3, "<|function_call|>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}");
        m.put(WireFormat.LONGCAT, "<longcat_tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}"
                + "</longcat_tool_call>");
        m.put(WireFormat.INKLING, "<|message_model|>get_weather<|content_invoke_tool_json|>{\"name\": \"get_weather\", "
                + "\"args\": {\"city\": \"Oslo\"}}<|end_message|>");
        m.put(WireFormat.MINIMAX_M3, "]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name=\"get_weather\">\n"
                + "]<]minimax[>[<city>Oslo]<]minimax[>[</city>\n]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>");
        m.put(WireFormat.CWM, "<tool: function>\nget_weather {\"city\": \"Oslo\"}\n</tool>");
        m.put(WireFormat.FUNCTIONARY_V32, ">>>get_weather\n{\"city\": \"Oslo\"}");
        m.put(WireFormat.PYTHONIC, "get_weather(city=\"Oslo\")");
        return m;
    }

    @TestFactory
    Stream<DynamicTest> everyFormatExampleIsOneCallInThatFormat() {
        return examples().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey().name(), () -> {
            Extraction x = ExtractionFixtures.extract(e.getValue());
            ToolCall c = ExtractionFixtures.onlyCall(x, "get_weather", "{\"city\": \"Oslo\"}");
            assertThat(c.format()).isEqualTo(e.getKey());
            assertThat(x.text()).isIn("", "Sure: ");
        }));
    }

    @Test
    void everyTextFormatHasAnExample() {
        for (WireFormat f : WireFormat.values()) {
            if (f != WireFormat.NATIVE) {
                assertThat(examples()).containsKey(f);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> everyFormatCanBeSwitchedOff() {
        return examples().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey().name(), () -> {
            ToolCallExtractor without = ToolCallExtractor.builder().tools(ExtractionFixtures.TOOLS).disable(e.getKey()).build();
            assertThat(without.extract(e.getValue()).calls()).extracting(ToolCall::format).doesNotContain(e.getKey());
        }));
    }
}
