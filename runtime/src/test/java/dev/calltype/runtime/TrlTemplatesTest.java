package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.Streams;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The response templates TRL's {@code add_response_schema} sets ({@code trl/chat_template_utils.py}, copied into
 * {@code src/test/resources/response-templates/trl-*.json}), run over what TRL's own tests parse with them
 * ({@code tests/test_chat_template_utils.py}, {@code TestParseResponse}): an assistant turn as each model's chat
 * template renders it after the generation prompt — one call, a call without arguments, two calls, a call after
 * text, an answer — read to the same calls as TRL expects, and to the same calls as the family Calltype reads by hand
 * for that markup. TRL only checks that a reply cut anywhere does not crash its parser; here every cut is read, in
 * batch and streamed, and a cut-off call is never run.
 */
class TrlTemplatesTest {

    private static final String MULTIPLY = "multiply {\"a\":3,\"b\":4}";
    private static final String ADDITION = "addition {\"a\":4,\"b\":3}";
    private static final String PING = "ping {}";

    /** One model's template and its renderings: text after the generation prompt, and the calls TRL expects. */
    record Rendered(String template, String what, String text, List<String> calls, String content) {
    }

    static List<Rendered> renderings() {
        return List.of(
                // Llama 3.1 / 3.2: one call per turn, `{"name": …, "parameters": …}` then <|eot_id|>.
                new Rendered("trl-llama3", "one call", "{\"name\": \"multiply\", \"parameters\": {\"a\": 3, \"b\": 4}}"
                        + "<|eot_id|>", List.of(MULTIPLY), ""),
                new Rendered("trl-llama3", "no arguments", "{\"name\": \"ping\", \"parameters\": {}}<|eot_id|>",
                        List.of(PING), ""),
                new Rendered("trl-llama3", "an answer", "12<|eot_id|>", List.of(), "12"),
                // gpt-oss: each call its own message, the recipient in the header before the channel.
                new Rendered("trl-gptoss", "one call", "<|start|>assistant to=functions.multiply<|channel|>commentary "
                        + "json<|message|>{\"a\": 3, \"b\": 4}<|call|>", List.of(MULTIPLY), ""),
                new Rendered("trl-gptoss", "no arguments", "<|start|>assistant to=functions.ping<|channel|>commentary "
                        + "json<|message|>{}<|call|>", List.of(PING), ""),
                new Rendered("trl-gptoss", "a call after thinking", "<|channel|>analysis<|message|>Let's call the "
                        + "tool.<|end|><|start|>assistant to=functions.multiply<|channel|>commentary json<|message|>"
                        + "{\"a\": 3, \"b\": 4}<|call|>", List.of(MULTIPLY), ""),
                new Rendered("trl-gptoss", "an answer", "<|channel|>final<|message|>12<|return|>", List.of(), "12"),
                // Qwen2.5 / Qwen3: Hermes JSON in <tool_call>.
                new Rendered("trl-qwen3", "one call", "<tool_call>\n{\"name\": \"multiply\", \"arguments\": {\"a\": 3, "
                        + "\"b\": 4}}\n</tool_call><|im_end|>\n", List.of(MULTIPLY), ""),
                new Rendered("trl-qwen3", "two calls", "<tool_call>\n{\"name\": \"multiply\", \"arguments\": {\"a\": 3, "
                        + "\"b\": 4}}\n</tool_call>\n<tool_call>\n{\"name\": \"addition\", \"arguments\": {\"a\": 4, "
                        + "\"b\": 3}}\n</tool_call><|im_end|>\n", List.of(MULTIPLY, ADDITION), ""),
                new Rendered("trl-qwen3", "a call after text", "Let's call the tool.\n<tool_call>\n{\"name\": "
                        + "\"multiply\", \"arguments\": {\"a\": 3, \"b\": 4}}\n</tool_call><|im_end|>\n",
                        List.of(MULTIPLY), "Let's call the tool."),
                new Rendered("trl-qwen3", "an answer after thinking", "<think>\nHmmm.\n</think>\n\n12<|im_end|>\n",
                        List.of(), "12"),
                // Qwen3.5 / 3.6: <function=…> with a <parameter=…> per argument.
                new Rendered("trl-qwen3_5", "one call", "<tool_call>\n<function=multiply>\n<parameter=a>\n3\n"
                        + "</parameter>\n<parameter=b>\n4\n</parameter>\n</function>\n</tool_call><|im_end|>\n",
                        List.of(MULTIPLY), ""),
                new Rendered("trl-qwen3_5", "no arguments", "<tool_call>\n<function=ping>\n</function>\n</tool_call>"
                        + "<|im_end|>\n", List.of(PING), ""),
                new Rendered("trl-qwen3_5", "two calls after text", "Let's call the tool.\n\n<tool_call>\n"
                        + "<function=multiply>\n<parameter=a>\n3\n</parameter>\n<parameter=b>\n4\n</parameter>\n"
                        + "</function>\n</tool_call>\n<tool_call>\n<function=addition>\n<parameter=a>\n4\n</parameter>\n"
                        + "<parameter=b>\n3\n</parameter>\n</function>\n</tool_call><|im_end|>\n",
                        List.of(MULTIPLY, ADDITION), "Let's call the tool."),
                // GLM-4.5: the name on the call's first line, then <arg_key>/<arg_value> pairs.
                new Rendered("trl-glm4moe", "one call", "<tool_call>multiply\n<arg_key>a</arg_key>\n<arg_value>3"
                        + "</arg_value>\n<arg_key>b</arg_key>\n<arg_value>4</arg_value>\n</tool_call>",
                        List.of(MULTIPLY), ""),
                new Rendered("trl-glm4moe", "two calls after text", "\nLet's call the tool.<tool_call>multiply\n"
                        + "<arg_key>a</arg_key>\n<arg_value>3</arg_value>\n<arg_key>b</arg_key>\n<arg_value>4</arg_value>\n"
                        + "</tool_call><tool_call>addition\n<arg_key>a</arg_key>\n<arg_value>4</arg_value>\n"
                        + "<arg_key>b</arg_key>\n<arg_value>3</arg_value>\n</tool_call>", List.of(MULTIPLY, ADDITION),
                        "Let's call the tool."),
                // LFM2.5: every call of the turn in one pythonic list.
                new Rendered("trl-lfm2_2_5", "two calls", "<|tool_call_start|>[multiply(a=3, b=4), addition(a=4, b=3)]"
                        + "<|tool_call_end|><|im_end|>\n", List.of(MULTIPLY, ADDITION), ""),
                new Rendered("trl-lfm2_2_5", "no arguments", "<|tool_call_start|>[ping()]<|tool_call_end|><|im_end|>\n",
                        List.of(PING), ""));
    }

    private static final String INTEGERS = "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": "
            + "\"integer\"}, \"b\": {\"type\": \"integer\"}}, \"required\": [\"a\", \"b\"]}";
    private static final List<ToolSpec> TOOLS = ToolSpecs.fromJson("[{\"name\": \"multiply\", \"input_schema\": "
            + INTEGERS + "}, {\"name\": \"addition\", \"input_schema\": " + INTEGERS + "}, {\"name\": \"ping\", "
            + "\"input_schema\": {\"type\": \"object\"}}]");

    private static ToolCallExtractor template(String name) {
        return ToolCallExtractor.builder().tools(TOOLS)
                .responseTemplate(Corpus.read("/response-templates/" + name + ".json")).build();
    }

    private static List<String> calls(Extraction x) {
        return x.calls().stream().map(c -> c.name() + " " + c.arguments()).collect(Collectors.toList());
    }

    @TestFactory
    Stream<DynamicTest> eachRenderedTurnIsReadAsTrlExpectsAndAsTheHandWrittenFamilyReadsIt() {
        return renderings().stream().map(r -> DynamicTest.dynamicTest(r.template() + ": " + r.what(), () -> {
            Extraction read = template(r.template()).extract(r.text());
            assertThat(calls(read)).as("calls").isEqualTo(r.calls());
            assertThat(read.errors()).as("errors").isEmpty();
            assertThat(read.calls()).allSatisfy(c -> assertThat(c.format()).isEqualTo(WireFormat.RESPONSE_TEMPLATE));
            assertThat(read.text().strip()).as("the text shown").isEqualTo(r.content());

            Extraction family = ToolCallExtractor.builder().tools(TOOLS).build().extract(r.text());
            assertThat(calls(family)).as("the hand-written family").isEqualTo(r.calls());
            assertThat(family.errors()).isEmpty();
        }));
    }

    @TestFactory
    Stream<DynamicTest> aTurnCutAnywhereIsReadAsInBatchAndRunsNoCallTheCutLeftOpen() {
        return renderings().stream().filter(r -> !r.calls().isEmpty())
                .map(r -> DynamicTest.dynamicTest(r.template() + ": " + r.what(), () -> {
                    ToolCallExtractor reader = template(r.template());
                    for (int end = 1; end < r.text().length(); end++) {
                        String cut = r.text().substring(0, end);
                        Extraction x = reader.extract(cut);
                        assertThat(Streams.mismatch(x, Streams.run(reader, Streams.chunks(cut, 3))))
                                .as("streamed, cut at %d", end).isNull();
                        assertThat(calls(x)).as("cut at %d: %s", end, Streams.quote(cut))
                                .isSubsetOf(r.calls()).hasSizeLessThanOrEqualTo(r.calls().size());
                        assertThat(x.calls().size()).as("calls run, cut at %d: %s", end, Streams.quote(cut))
                                .isLessThanOrEqualTo(count(cut, endOfACall(r.template())));
                    }
                }));
    }

    /** Text each of these calls ends with: a call is run only once its end is in the text. */
    private static String endOfACall(String template) {
        return switch (template) {
            case "trl-llama3", "trl-qwen3" -> "}}";
            case "trl-gptoss" -> "}";
            case "trl-qwen3_5" -> "</function>";
            case "trl-glm4moe" -> "</tool_call>";
            default -> ")";
        };
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            n++;
        }
        return n;
    }
}
