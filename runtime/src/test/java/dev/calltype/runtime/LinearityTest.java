package dev.calltype.runtime;

import dev.calltype.runtime.internal.formats.DeepSeek;
import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.CountingText;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import static dev.calltype.runtime.testing.CountingText.repeat;

/**
 * Work is linear in the input, measured without clocks: the characters the extractor reads, counted through the
 * text it is given (batch) or its held buffer (streaming with 1-character deltas), grow in proportion to the input
 * for inputs built to provoke re-scanning. Memory held while streaming is bounded by the open candidate.
 */
class LinearityTest {

    private static final ToolCallExtractor TOOLS = Corpus.extractor();
    private static final ToolCallExtractor NO_TOOLS = ToolCallExtractor.builder().build();
    /**
     * Streaming from models that say they do not start in reasoning: by default a stream first holds up to 32,768
     * characters until its first reasoning marker ({@link #streamingHoldsAtMostTheReasoningWindowByDefault}).
     */
    private static final ToolCallExtractor STREAM_TOOLS = ToolCallExtractor.builder().tools(Corpus.tools())
            .startsInReasoning(false).build();
    private static final ToolCallExtractor STREAM_NO_TOOLS = ToolCallExtractor.builder().startsInReasoning(false).build();

    static Map<String, IntFunction<String>> families() {
        Map<String, IntFunction<String>> f = new LinkedHashMap<>();
        f.put("prose", n -> repeat("The quick brown fox jumps over the lazy dog. ", n));
        f.put("open braces", n -> repeat("{", n));
        f.put("open brackets", n -> repeat("[", n));
        f.put("nested objects", n -> repeat("{\"a\":", n));
        f.put("angle brackets", n -> repeat("<", n));
        f.put("unclosed tool_call tags", n -> repeat("<tool_call>", n));
        f.put("markers without JSON", n -> repeat("TOOL_CALL ", n));
        f.put("unclosed pythonic lines", n -> repeat("ping(\n", n));
        f.put("unclosed pythonic strings", n -> repeat("ping(\"\n", n));
        f.put("one huge argument", n -> "<tool_call>{\"name\": \"shell\", \"arguments\": {\"command\": \""
                + repeat("x", n) + "\"}}</tool_call>");
        f.put("many small calls", n -> repeat("<tool_call>{\"name\": \"ping\", \"arguments\": {}}</tool_call>\n", n));
        f.put("truncated JSON calls in prose", n -> repeat("{\"name\": \"ping\", \"arguments\": {", n));
        f.put("fence openers", n -> repeat("```json\n", n));
        f.put("Mistral markers", n -> repeat("[TOOL_CALLS]", n));
        f.put("function tags", n -> repeat("<function=x>", n));
        f.put("an unclosed think block", n -> "<think>" + repeat("hmm <tool_call> {", n));
        f.put("a long array of calls", n -> "[TOOL_CALL][" + repeat("{\"name\":\"ping\",\"args\":{}},", n) + "]");
        f.put("blanks after a call", n -> "<tool_call>{\"name\":\"ping\",\"arguments\":{}}" + repeat(" ", n));
        f.put("many XML parameters", n -> "<tool_call><function=translate>"
                + repeat("<parameter=text>a</parameter>", n) + "</function></tool_call>");
        f.put("many Kimi calls", n -> "<|tool_calls_section_begin|>"
                + repeat("<|tool_call_begin|>functions.ping:0<|tool_call_argument_begin|>{}<|tool_call_end|>", n));
        f.put("non-literal pythonic lines", n -> repeat("f(x\n", n));
        f.put("DeepSeek call openers", n -> repeat(DeepSeek.CALL_BEGIN, n));
        f.put("Harmony starts", n -> repeat("<|start|>", n));
        f.put("unclosed strings in tags", n -> repeat("<tool_call>{\"a\": \"", n));
        f.put("closers", n -> repeat("}]</tool_call>", n));
        f.put("unclosed bracket tags", n -> repeat("[TOOL_CALL]", n));
        f.put("unclosed tags of several formats", n -> repeat("<tool_call>[TOOL_CALL]<|python_start|><TOOLCALL>"
                + "<function_calls><|tool_call>call:f{<minimax:tool_call><invoke name=\"f\">", n));
        f.put("python_tag calls on one line", n -> repeat("<|python_tag|> pingx", n));
        f.put("python_tag calls that are not literal", n -> repeat("f([ARGS][CALL_ID]<|python_tag|>", n));
        f.put("python_tag beside other markers", n -> repeat("<|call|>functools<|python_tag|>to=functions.f", n));
        f.put("Mistral calls with unbalanced arguments", n -> repeat("[TOOL_CALLS]call:[", n));
        f.put("one long word at a line start", n -> repeat("x", n));
        f.put("a marker repeated without spaces", n -> repeat("TOOL_CALL", n));
        f.put("Functionary markers without a name line", n -> repeat(">>>get_weather ", n));
        f.put("Functionary calls with unbalanced arguments", n -> repeat(">>>get_weather\n{", n));
        f.put("gpt-oss recipients without a message", n -> repeat(" to=functions.f<|channel|>", n));
        f.put("Step-Audio 2 openers", n -> repeat("<tool_call>function\n", n));
        f.put("Pangu and HyperCLOVA X openers", n -> repeat("[unused11]-> tool/function_call[", n));
        f.put("partial closing reasoning markers", n -> repeat("</thin", n));
        f.put("pythonic strings with unescaped quotes", n -> "shell(command=\"" + repeat("a \"b\" ", n));
        f.put("MiniMax-M3 nested parameter tags", n -> "]<]minimax[>[<tool_call>]<]minimax[>[<invoke name=\"f\">"
                + repeat("]<]minimax[>[<a>", n));
        f.put("Command R openers whose fence line never ends", n -> repeat("Action: ```j ", n));
        f.put("LFM2 blocks of unclosed pythonic calls", n -> repeat("<|tool_call_start|>[f(", n));
        f.put("Llama 4 blocks of unclosed pythonic calls", n -> repeat("<|python_start|>[f(", n));
        f.put("openPangu v2 blocks of unclosed JSON lists", n -> repeat("<|tool_call_start|>[{", n));
        f.put("blanks after LFM2's opener", n -> "<|tool_call_start|>" + repeat(" ", n));
        f.put("IQuest calls never closed", n -> repeat("<iquest_tool_call>f<arg_key>a</arg_key><arg_value>", n));
        f.put("GCML invocations never closed", n -> repeat("<\uFF5CGCML\uFF5Ctool_calls><\uFF5CGCML\uFF5Cinvoke name=\"f\">", n));
        f.put("bare function calls that turn into prose", n -> repeat("<function=f><parameter=a>1</parameter> and ", n));
        f.put("bare function calls never closed", n -> repeat("<function=f>\n<parameter=a>\n1\n</parameter>\n", n));
        f.put("partial K2 Horizon reasoning closers", n -> repeat("</ifm|think_fas", n));
        f.put("pythonic strings whose kept quote meets a closing bracket", n -> "[f(a=\"x\" " + repeat("y) ", n));
        f.put("GLM calls left unclosed before the next", n -> repeat("<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value>", n));
        f.put("ReAct actions whose input line never ends", n -> "Action: shell\nAction Input: " + repeat("ls ", n));
        f.put("ReAct actions whose name line never ends", n -> "Action: " + repeat("a", n));
        f.put("ReAct actions with unclosed JSON inputs", n -> repeat("\nAction: f\nAction Input: {\"a\": [", n));
        f.put("RWKV labels before fences whose strings never close", n -> repeat("**Tool Call:**\n```json\n{\"name\": \"", n));
        f.put("RWKV labels each before a fence of data", n -> repeat("**Tool Call:**\n```\n[1, 2]\n```\n", n));
        f.put("Claude-style sections of unclosed invocations", n -> repeat("<function_calls><invoke name=\"f\">", n));
        f.put("GLM values left unclosed before the next key", n -> "<tool_call>f"
                + repeat("<arg_key>a</arg_key><arg_value>1", n));
        f.put("Hunyuan calls never closed in a section never closed", n -> "<tool_calls>"
                + repeat("<tool_call>f<tool_sep><arg_key>a</arg_key><arg_value>1</arg_value>", n));
        f.put("PLaMo requests never closed", n -> "<|plamo:begin_tool_requests:plamo|>"
                + repeat("<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f", n));
        f.put("GLM values left unclosed before the call's end", n -> repeat("<tool_call>f<arg_key>a</arg_key><arg_value>1"
                + "</tool_call>", n));
        f.put("invocations without a name", n -> "<minimax:tool_call>" + repeat("<invoke><parameter name=\"a\">1</parameter></invoke>", n));
        f.put("Kimi sections of noise never reaching a call", n -> repeat("<|tool_calls_section_begin|> noise ", n));
        f.put("Kimi section noise holding header ends before a call", n -> repeat("<|tool_calls_section_begin|>x"
                + "<|tool_call_argument_begin|>", n) + "<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}");
        f.put("values holding end tags before parameters the tool lacks", n -> "<tool_call><function=python><parameter=code>"
                + repeat("</parameter>\n<parameter=x>\ny\n", n));
        f.put("tool_call tags opening with parameters and no function", n -> repeat("<tool_call><parameter=a>1</parameter>", n));
        f.put("values holding invocations never closed", n -> "<tool_call><function=python><parameter=code>"
                + repeat("<function=python><parameter=code></parameter>", n));
        return f;
    }

    private static long batchReads(ToolCallExtractor x, String text) {
        CountingText c = new CountingText(text);
        x.extract(c);
        return c.reads();
    }

    private static long streamReads(ToolCallExtractor x, String text) {
        StreamingExtractor s = x.streaming();
        for (int i = 0; i < text.length(); i++) {
            s.feed(text.substring(i, i + 1));
        }
        s.finish();
        return s.charsRead();
    }

    @TestFactory
    Stream<DynamicTest> batchWorkGrowsLinearly() {
        return families().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            for (ToolCallExtractor x : new ToolCallExtractor[]{TOOLS, NO_TOOLS}) {
                String small = e.getValue().apply(10_000);
                String large = e.getValue().apply(80_000);
                double perCharSmall = (double) batchReads(x, small) / small.length();
                double perCharLarge = (double) batchReads(x, large) / large.length();
                assertThat(perCharLarge).as("reads per char at 80k vs 10k").isLessThanOrEqualTo(perCharSmall * 1.25 + 1);
                assertThat(perCharLarge).as("reads per char").isLessThan(100);
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> streamingWorkWithOneCharacterDeltasGrowsLinearly() {
        return families().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            for (ToolCallExtractor x : new ToolCallExtractor[]{STREAM_TOOLS, STREAM_NO_TOOLS}) {
                String small = e.getValue().apply(5_000);
                String large = e.getValue().apply(40_000);
                double perCharSmall = (double) streamReads(x, small) / small.length();
                double perCharLarge = (double) streamReads(x, large) / large.length();
                assertThat(perCharLarge).as("reads per char at 40k vs 5k").isLessThanOrEqualTo(perCharSmall * 1.5 + 2);
                assertThat(perCharLarge).as("reads per char").isLessThan(200);
            }
        }));
    }

    @Test
    void streamingByDefaultHoldsOnlyAShortTailOfProseWhileTheStartIsUndecided() {
        StreamingExtractor s = TOOLS.streaming();
        String prose = repeat("Plain prose without any markup at all, line after line.\n", 100_000);
        int maxHeld = 0;
        long shown = 0;
        for (int i = 0; i < prose.length(); i += 17) {
            for (StreamEvent e : s.feed(prose.substring(i, Math.min(prose.length(), i + 17)))) {
                shown += e instanceof StreamEvent.TextDelta t ? t.text().length() : 0;
            }
            maxHeld = Math.max(maxHeld, s.charsHeld());
            assertThat(shown).isGreaterThan(i);
        }
        assertThat(maxHeld).isLessThan(20_000);
    }

    @Test
    void streamingProseHoldsOnlyAShortTail() {
        StreamingExtractor s = STREAM_TOOLS.streaming();
        String prose = repeat("Plain prose without any markup at all, line after line.\n", 1_000_000);
        int maxHeld = 0;
        for (int i = 0; i < prose.length(); i += 17) {
            s.feed(prose.substring(i, Math.min(prose.length(), i + 17)));
            maxHeld = Math.max(maxHeld, s.charsHeld());
        }
        assertThat(maxHeld).isLessThan(20_000);
    }

    @Test
    void streamingManyCallsHoldsAboutOneCallAtATime() {
        StreamingExtractor s = ToolCallExtractor.builder().tools(Corpus.tools()).startsInReasoning(false)
                .limits(ExtractionLimits.DEFAULTS.withMaxCalls(1_000_000)).build().streaming();
        String calls = repeat("Checking.\n<tool_call>{\"name\": \"ping\", \"arguments\": {}}</tool_call>\n", 1_000_000);
        int maxHeld = 0;
        int completed = 0;
        for (int i = 0; i < calls.length(); i += 5) {
            for (StreamEvent e : s.feed(calls.substring(i, Math.min(calls.length(), i + 5)))) {
                if (e instanceof StreamEvent.CallCompleted) {
                    completed++;
                }
            }
            maxHeld = Math.max(maxHeld, s.charsHeld());
        }
        s.finish();
        assertThat(completed).isGreaterThan(10_000);
        assertThat(maxHeld).isLessThan(20_000);
    }
}
