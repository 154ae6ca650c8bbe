package dev.calltype.runtime.testing;

import dev.calltype.runtime.internal.formats.DeepSeek;
import dev.calltype.testsupport.Gen;

import java.util.ArrayList;
import java.util.List;

/** Generated model responses: prose, markup fragments, calls from the corpus, broken pieces, Unicode. */
public final class Generated {

    public static final List<String> FRAGMENTS = List.of(
            "Let me check. ", "Sure!\n", "\n", "\r\n", "  ", "The answer is 42. ", "ok", "é", "日本語", "😀",
            "{", "}", "[", "]", "(", ")", "\"", "'", ",", ":", ";", "`", "```", "```json\n", "```python\n", "\\",
            "<", ">", "|", "</", "<|", "|>", "<\uFF5C", "\uFF5C>", "\u2581",
            "<tool_call>", "</tool_call>", "<tool_call>\n", "[TOOL_CALL]", "[/TOOL_CALL]", "TOOL_CALL ", "TOOL_CALL\n",
            "[TOOL_CALLS]", "[ARGS]", "<think>", "</think>", "<thinking>", "</thinking>",
            "<function=", "<function=ping>", "</function>", "<parameter=ticker>", "</parameter>",
            "<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>",
            "<minimax:tool_call>", "<invoke name=\"ping\">", "</invoke>", "<parameter name=\"ticker\">",
            "<|python_tag|>", "<|python_start|>", "<|python_end|>", "<function_calls>", "</function_calls>",
            "<|tool_call_start|>", "<|tool_call_end|>", "<|tool_call|>", "<function_call>", "<TOOLCALL>",
            "</TOOLCALL>", "<tool_calls>", "</tool_calls>", "functools", "<|action_start|><|plugin|>", "<|action_end|>",
            DeepSeek.CALLS_BEGIN, DeepSeek.CALL_BEGIN, DeepSeek.SEP, DeepSeek.CALL_END,
            DeepSeek.CALLS_END, "function", "<\uFF5CDSML\uFF5Cfunction_calls>", "<\uFF5CDSML\uFF5Cinvoke name=\"ping\">",
            "</\uFF5CDSML\uFF5Cinvoke>", "<|tool_calls_section_begin|>", "<|tool_call_begin|>", "functions.ping:0",
            "<|tool_call_argument_begin|>", "<|tool_calls_section_end|>", "<|start|>assistant", "<|channel|>",
            "commentary to=functions.ping ", "analysis", "<|message|>", "<|call|>", "<|end|>",
            "<|START_ACTION|>", "<|END_ACTION|>", "Action: ", "<|tool_call>", "call:ping", "<tool_call|>", "<|\"|>",
            "<start_function_call>", "<end_function_call>", "<escape>", "<|tools_prefix|>", "<|tools_suffix|>",
            "{\"name\": \"ping\", \"arguments\": {}}", "{\"name\": \"stock_price\", \"arguments\": {\"ticker\": \"X\"}}",
            "{\"name\": \"nope\", \"arguments\": {}}", "{\"tool_calls\": [", "\"name\"", "\"arguments\"", ": ",
            "{'name': 'ping'}", "ping()", "stock_price(ticker=\"A\")", "[ping(), ping()]", "translate(\"a\", \"de\")",
            "read_file(path=x)", "ping(3)", "True", "None", "null", "123", "-1.5e3", "// c\n", "/* c */",
            "{\"name\": \"Bob\"}", "{1, 2}", "{a: 1}");

    private Generated() {
    }

    public static Gen<String> responses() {
        Gen<String> fragment = Gen.oneOf(
                Gen.of(FRAGMENTS),
                Gen.of(FRAGMENTS),
                Gen.of(FRAGMENTS),
                Gen.of(corpusTexts()),
                Gen.strings(Gen.charRange(' ', '~'), 6),
                Gen.strings(Gen.anyChar(), 3));
        return Gen.joined(fragment, 14);
    }

    public static List<String> corpusTexts() {
        List<String> out = new ArrayList<>();
        for (Corpus.Case c : Corpus.cases()) {
            out.add(c.text());
        }
        return out;
    }
}
