package dev.calltype.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.calltype.runtime.testing.Corpus;
import dev.calltype.runtime.testing.Streams;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The response-template tests of Hugging Face transformers ({@code tests/utils/test_chat_parsing.py}), written again
 * for Calltype: the same templates ({@code src/test/resources/response-templates/}), the same model outputs and the
 * same expected tool calls, thinking kept out of the text, and the same refusals of malformed templates. Where
 * transformers returns a message dict, Calltype returns an {@link Extraction}: the dict's {@code tool_calls} are its
 * calls, {@code thinking} its reasoning segments, {@code content} its text.
 */
class ResponseTemplateTest {

    private static ToolCallExtractor reader(String template, ToolSpec... tools) {
        return ToolCallExtractor.builder().responseTemplate(Corpus.read("/response-templates/" + template + ".json"))
                .tools(tools).build();
    }

    private static ToolCallExtractor inline(String template) {
        return ToolCallExtractor.builder().responseTemplate(template).build();
    }

    private static String calls(Extraction x) {
        return x.calls().stream().map(c -> c.name() + " " + c.arguments()).collect(Collectors.joining("\n"));
    }

    private static String reasoning(String text, Extraction x) {
        return x.segments().stream().filter(s -> s.kind() == Extraction.Segment.Kind.REASONING)
                .map(s -> text.substring(s.start(), s.end())).collect(Collectors.joining());
    }

    private static void streamsAsInBatch(ToolCallExtractor x, String text) {
        Extraction batch = x.extract(text);
        for (int n : new int[]{1, 2, 3, 5, 7, 13, 31}) {
            assertThat(Streams.mismatch(batch, Streams.run(x, Streams.chunks(text, n)))).as("chunks of " + n).isNull();
        }
    }

    static final String COHERE = "<|START_THINKING|>I should call a tool.<|END_THINKING|>"
            + "<|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"simple_tool\", "
            + "\"parameters\": {\"temperature_format\": \"Celsius\"}}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>";

    @Test
    void cohereActionsAreEachTransformedIntoACallAndItsThinkingIsReasoning() {
        Extraction x = reader("command-r7b").extract(COHERE);
        assertThat(calls(x)).isEqualTo("simple_tool {\"temperature_format\":\"Celsius\"}");
        assertThat(x.calls().get(0).format()).isEqualTo(WireFormat.RESPONSE_TEMPLATE);
        assertThat(reasoning(COHERE, x)).contains("I should call a tool.");
        assertThat(x.text()).doesNotContain("I should call a tool.").doesNotContain("<|START_ACTION|>");
        streamsAsInBatch(reader("command-r7b"), COHERE);
    }

    @Test
    void ernieThinkingBeforeItsClosingTagIsReasoningAndItsToolCallIsRead() {
        String out = "The user is asking about the weather in Paris today. I need to call get_current_temperature.\n"
                + "</think>\n\n<tool_call>\n{\"name\": \"get_current_temperature\", \"arguments\": "
                + "{\"location\": \"Paris\"}}\n</tool_call>\n</s>";
        Extraction x = reader("ernie45").extract(out);
        assertThat(calls(x)).isEqualTo("get_current_temperature {\"location\":\"Paris\"}");
        assertThat(x.text()).doesNotContain("weather in Paris");
        streamsAsInBatch(reader("ernie45"), out);
    }

    @Test
    void ernieWithoutToolsShowsItsResponseAndNotItsThinking() {
        String out = "The user just greeted me. Keep the tone warm.\n</think>\n\n"
                + "<response>\nHello! I'm doing well, thank you for asking.\n</response>\n</s>";
        Extraction x = reader("ernie45").extract(out);
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).isEmpty();
        assertThat(x.text()).contains("Hello! I'm doing well, thank you for asking.").doesNotContain("greeted")
                .doesNotContain("<response>");
    }

    @Test
    void gptOssCommentaryToAFunctionIsACallEvenWithoutItsCallToken() {
        String out = "<|channel|>analysis<|message|>We need to call get_current_weather with location "
                + "\"San Francisco, CA\".<|end|><|start|>assistant<|channel|>commentary "
                + "to=functions.get_current_weather <|constrain|>json<|message|>{\n  \"location\": \"San Francisco, CA\"\n}";
        Extraction x = reader("gpt-oss-harmony").extract(out);
        assertThat(calls(x)).isEqualTo("get_current_weather {\"location\":\"San Francisco, CA\"}");
        assertThat(x.text()).doesNotContain("We need to call");
        streamsAsInBatch(reader("gpt-oss-harmony"), out);
        // the call token written: the same call, whatever the ending
        assertThat(calls(reader("gpt-oss-harmony").extract(out + "<|call|>", Ending.LENGTH))).isEqualTo(calls(x));
    }

    @Test
    void gptOssFinalChannelIsTheAnswer() {
        String out = "<|channel|>analysis<|message|>User asks a simple math question: 2+2 = 4. Provide answer."
                + "<|end|><|start|>assistant<|channel|>final<|message|>2";
        Extraction x = reader("gpt-oss-harmony").extract(out);
        assertThat(x.calls()).isEmpty();
        assertThat(x.text()).isEqualTo("2");
    }

    @Test
    void smolLmThinkingAndToolCall() {
        String out = "<think>\nOkay, the user said hello. I should greet them back.\n</think>\n\n"
                + "<tool_call>{\"name\": \"greet_user\", \"arguments\": {\"greeting\": \"Hello! I'm doing well, "
                + "thanks for asking. How can I assist you today?\"}}</tool_call>";
        Extraction x = reader("hermes").extract(out);
        assertThat(calls(x)).isEqualTo("greet_user {\"greeting\":\"Hello! I'm doing well, thanks for asking. "
                + "How can I assist you today?\"}");
        assertThat(x.text()).isBlank();
        streamsAsInBatch(reader("hermes"), out);
    }

    @Test
    void smolLmToolCallWithoutThinking() {
        Extraction x = reader("hermes").extract(
                "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>");
        assertThat(calls(x)).isEqualTo("get_weather {\"city\":\"Paris\"}");
    }

    @Test
    void smolLmThinkingWithoutToolCallLeavesTheContent() {
        String out = "<think>\nOkay, the user asked about gravity. I should explain it.</think>\n"
                + "Some content about gravity goes here.<|im_end|>";
        Extraction x = reader("hermes").extract(out);
        assertThat(x.calls()).isEmpty();
        assertThat(x.text().strip()).isEqualTo("Some content about gravity goes here.");
    }

    @Test
    void qwen3ParametersAreReadByTheTagPatternAndJsonWhereTheyAreJson() {
        String out = "<tool_call>\n<function=get_weather>\n<parameter=locations>\n"
                + "[{\"country\": \"France\", \"city\": \"Paris\"}]\n</parameter>\n"
                + "<parameter=temp_units>\ncelsius\n</parameter>\n</function>\n</tool_call>";
        Extraction x = reader("qwen3-coder").extract(out);
        assertThat(calls(x)).isEqualTo("get_weather {\"locations\":[{\"country\":\"France\",\"city\":\"Paris\"}],"
                + "\"temp_units\":\"celsius\"}");
        streamsAsInBatch(reader("qwen3-coder"), out);
    }

    @Test
    void qwen3ParametersAreTypedByTheToolsSchemaWhenItIsKnown() {
        // transformers casts the arguments of a known tool by its schema: here the schema keeps "007" a string and
        // reads "3" as an integer
        ToolSpec lookup = ToolSpecs.fromJson("""
                [{"type": "function", "function": {"name": "lookup", "parameters": {"type": "object",
                  "properties": {"code": {"type": "string"}, "count": {"type": "integer"}}}}}]""").get(0);
        Extraction x = reader("qwen3-coder", lookup).extract("<tool_call>\n<function=lookup>\n<parameter=code>\n007\n"
                + "</parameter>\n<parameter=count>\n3\n</parameter>\n</function>\n</tool_call>");
        assertThat(calls(x)).isEqualTo("lookup {\"code\":\"007\",\"count\":3}");
    }

    @Test
    void gemma4RawQuotedStringsAndUnquotedKeys() {
        String out = "<|channel>thought\nThe user is asking for the current temperature in Paris.<channel|>"
                + "<|tool_call>call:get_current_temperature{detail_level:0,location:<|\"|>Paris, France<|\"|>,"
                + "unit:<|\"|>celsius<|\"|>}<tool_call|><|tool_response>";
        Extraction x = reader("gemma4").extract(out);
        assertThat(calls(x)).isEqualTo("get_current_temperature {\"detail_level\":0,\"location\":\"Paris, France\","
                + "\"unit\":\"celsius\"}");
        assertThat(x.text()).isEmpty();
        streamsAsInBatch(reader("gemma4"), out);
    }

    @Test
    void gemma4EveryKindOfValue() {
        Extraction x = reader("gemma4").extract("<|channel>thought\nLet me call the tool.<channel|>"
                + "<|tool_call>call:foo{bool_value:true,list_value:[<|\"|>foo<|\"|>,<|\"|>bar<|\"|>],"
                + "null_value:null,number_value:1,string_value:<|\"|>foo<|\"|>,"
                + "struct_value:{foo:<|\"|>bar<|\"|>}}<tool_call|>");
        assertThat(calls(x)).isEqualTo("foo {\"bool_value\":true,\"list_value\":[\"foo\",\"bar\"],\"null_value\":null,"
                + "\"number_value\":1,\"string_value\":\"foo\",\"struct_value\":{\"foo\":\"bar\"}}");
    }

    @Test
    void inklingBlocksJoinTheirThinkingAndTheirToolCallIsReadFromItsJson() {
        String out = "<|content_thinking|>Consider the weather.<|end_message|>"
                + "<|message_model|><|content_thinking|> Tokyo, probably.<|end_message|>"
                + "<|message_model|><|content_text|>Checking the weather now.<|end_message|>"
                + "<|message_model|>get_weather<|content_invoke_tool_json|>"
                + "{\"name\":\"get_weather\",\"args\":{\"city\":\"Tokyo\",\"units\":\"C\"}}<|end_message|>"
                + "<|content_model_end_sampling|>";
        ToolCallExtractor x = ToolCallExtractor.builder()
                .responseTemplate(Corpus.read("/response-templates/inkling.json")).startsInReasoning(false).build();
        Extraction e = x.extract(out);
        assertThat(calls(e)).isEqualTo("get_weather {\"city\":\"Tokyo\",\"units\":\"C\"}");
        assertThat(reasoning(out, e)).contains("Consider the weather.").contains(" Tokyo, probably.");
        assertThat(e.text()).contains("Checking the weather now.").doesNotContain("Tokyo, probably")
                .doesNotContain("<|content_text|>");
        streamsAsInBatch(x, out);
    }

    @Test
    void aCallOpenerThatMayBeginWithTextThatIsNotFixedIsRefused() {
        assertThatThrownBy(() -> inline(tools("{\"open_pattern\": \"\\\\w+<x>\", \"close\": \"</x>\"}")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Field 'tool_calls'")
                .hasMessageContaining("must begin with fixed text");
    }

    private static String tools(String field) {
        return "{\"start_anchor\": \"<|assistant|>\", \"fields\": {\"tool_calls\": " + field + "}}";
    }

    @Test
    void transformPlaceholdersFollowDottedPaths() {
        ToolCallExtractor x = inline(tools("""
                {"open": "<tool>", "close": "</tool>", "repeats": true, "content": "json",
                 "transform": {"type": "function", "function": {"name": "{content.name}", "arguments": "{content.args}"}}}"""));
        assertThat(calls(x.extract("<tool>{\"name\": \"get_weather\", \"args\": {\"city\": {\"id\": 7}}}</tool>")))
                .isEqualTo("get_weather {\"city\":{\"id\":7}}");
    }

    @Test
    void transformEachTakesEveryElementsKeys() {
        ToolCallExtractor x = inline(tools("""
                {"open": "<actions>", "close": "</actions>", "content": "json", "transform_each": true,
                 "transform": {"type": "function", "function": {"name": "{fn.name}", "arguments": "{fn.args}"}}}"""));
        assertThat(calls(x.extract("<actions>[{\"fn\": {\"name\": \"a\", \"args\": {\"x\": 1}}}, "
                + "{\"fn\": {\"name\": \"b\", \"args\": {}}}]</actions>"))).isEqualTo("a {\"x\":1}\nb {}");
    }

    @Test
    void aTransformPathThatDoesNotResolveIsAnErrorNamingIt() {
        Map<String, String> cases = Map.of(
                "{\"a\": \"{content.args}\"}", "missing key 'args'",
                "{\"a\": \"{content.name.x}\"}", "cannot index into str",
                "{\"a\": \"{missing}\"}", "'{missing}' is not defined");
        cases.forEach((transform, message) -> {
            ToolCallExtractor x = inline(tools("{\"open\": \"<x>\", \"close\": \"</x>\", \"content\": \"json\", "
                    + "\"transform\": " + transform + "}"));
            Extraction e = x.extract("<x>{\"name\": \"n\"}</x>");
            assertThat(e.calls()).isEmpty();
            assertThat(e.errors()).singleElement().satisfies(err -> {
                assertThat(err.kind()).isEqualTo(ExtractionError.Kind.INVALID_CALL_SYNTAX);
                assertThat(err.message()).contains(message);
            });
        });
    }

    @Test
    void contentParsersOtherThanJsonFeedTheTransform() {
        ToolCallExtractor kv = inline(tools("""
                {"open": "<meta>", "close": "</meta>", "content": "kv-lines",
                 "transform": {"name": "lookup", "arguments": "{content}"}}"""));
        assertThat(calls(kv.extract("<meta>name: alice\nage: 30</meta>"))).isEqualTo(
                "lookup {\"name\":\"alice\",\"age\":\"30\"}");
        ToolCallExtractor n = inline(tools("""
                {"open": "<n>", "close": "</n>", "content": "int",
                 "transform": {"name": "count", "arguments": {"n": "{content}"}}}"""));
        assertThat(calls(n.extract("<n>42</n>"))).isEqualTo("count {\"n\":42}");
    }

    @Test
    void anyLiteralOfAListOpensOrClosesTheRegion() {
        ToolCallExtractor x = inline(tools("""
                {"open": ["<a>", "<bb>"], "close": ["</a>", "</bb>"], "content": "json"}"""));
        for (String[] pair : List.of(new String[]{"<a>", "</a>"}, new String[]{"<bb>", "</bb>"},
                new String[]{"<a>", "</bb>"})) {
            String text = pair[0] + "{\"name\": \"hi\", \"arguments\": {}}" + pair[1];
            assertThat(calls(x.extract(text))).as(text).isEqualTo("hi {}");
            streamsAsInBatch(x, text);
        }
    }

    @Test
    void aCloserThatALongerCloserExtendsWaitsForTheNextCharacter() {
        ToolCallExtractor x = ToolCallExtractor.builder().responseTemplate(tools("""
                {"open": "<x>", "close": ["END", "ENDX"], "content": "json"}""")).startsInReasoning(false).build();
        StreamingExtractor s = x.streaming();
        s.feed("<x>{\"name\": \"hi\", \"arguments\": {}}END");
        assertThat(s.calls()).as("ENDX may be coming").isEmpty();
        s.feed(" more");
        assertThat(s.calls()).extracting(ToolCall::name).containsExactly("hi");
        s.finish();
        assertThat(s.calls()).hasSize(1);
    }

    @Test
    void aRegionWithoutCloserRunsToTheEndOfTheText() {
        ToolCallExtractor x = inline(tools("{\"open\": \"<resp>\", \"content\": \"json\"}"));
        assertThat(calls(x.extract("<resp>{\"name\": \"hello\", \"arguments\": {\"to\": \"world\"}}")))
                .isEqualTo("hello {\"to\":\"world\"}");
    }

    @Test
    void malformedTemplatesAreRefusedNamingWhatIsWrong() {
        Map<String, String> refused = new java.util.LinkedHashMap<>();
        refused.put(tools("{\"open\": \"[\", \"close\": \"]\", \"content\": \"not-a-real-parser\"}"),
                "unknown content parser");
        refused.put("{\"version\": 2, \"fields\": {\"content\": {\"content\": \"text\"}}}", "version");
        refused.put("{\"fields\": {\"a\": {\"content\": \"text\"}, \"b\": {\"content\": \"text\"}}}",
                "At most one field may omit");
        refused.put(tools("{\"open\": \"<tool>\", \"close\": \"</tool>\", \"transform\": {\"label\": \"name: {content}\"}}"),
                "interpolation");
        refused.put(tools("{\"open_pattern\": \"<tool name=(?P<name>\\\\w+)>\", \"close\": \"</tool>\"}"),
                "named group(s) [name]");
        refused.put("{\"fields\": {\"x\": {\"open\": \"<x>\", \"close\": \"</x>\", \"join\": \"\"}}}",
                "requires 'repeats'");
        refused.put("{\"fields\": {\"x\": {\"open\": \"<x>\", \"close\": \"</x>\", \"repeats\": true, \"join\": 7}}}",
                "must be a string");
        refused.put(tools("{\"open\": [], \"close\": \"</x>\"}"), "at least one literal");
        refused.put(tools("{\"open\": [\"\"], \"close\": \"</x>\"}"), "cannot be empty");
        refused.put(tools("{\"open\": [1, 2], \"close\": \"</x>\"}"), "only strings");
        refused.put(tools("{\"open\": {\"foo\": \"bar\"}, \"close\": \"</x>\"}"), "a string or a list of strings");
        refused.put(tools("{\"open\": \"<x>\", \"close\": \"</x>\", \"wat\": 1}"), "unknown keys [wat]");
        refused.put(tools("{\"open_pattern\": \"<x>(a)\\\\1\", \"close\": \"</x>\"}"), "back-references");
        refused.put(tools("{\"open_pattern\": \"<x>(?=y)\", \"close\": \"</x>\"}"), "lookaround");
        refused.put("not json", "not JSON");
        refused.put("{\"model_max_length\": 4096}", "neither a template");
        refused.forEach((template, message) -> assertThatThrownBy(() -> inline(template)).as(template)
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message));
    }

    @Test
    void theTemplateIsReadFromATokenizerConfigOrAFileOfItsOwn(@TempDir Path dir) throws IOException {
        JsonNode config = Corpus.JSON.readTree(Corpus.read("/response-templates/command-r7b.json"));
        Path tokenizerConfig = dir.resolve("tokenizer_config.json");
        Files.writeString(tokenizerConfig, "{\"model_max_length\": 8192, \"response_template\": "
                + config.get("response_template") + "}");
        Path alone = dir.resolve("template.json");
        Files.writeString(alone, config.get("response_template").toString());
        for (Path p : List.of(tokenizerConfig, alone)) {
            Extraction x = ToolCallExtractor.builder().responseTemplate(p).build().extract(COHERE);
            assertThat(calls(x)).isEqualTo("simple_tool {\"temperature_format\":\"Celsius\"}");
        }
        assertThatThrownBy(() -> ToolCallExtractor.builder().responseTemplate(dir.resolve("missing.json")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("missing.json");
    }

    @Test
    void theTemplatesFormatSwitchedOffLeavesItsMarkupToTheFamilies() {
        Extraction x = ToolCallExtractor.builder()
                .responseTemplate(Corpus.read("/response-templates/command-r7b.json"))
                .disable(WireFormat.RESPONSE_TEMPLATE).build().extract(COHERE);
        assertThat(x.calls()).extracting(ToolCall::format).containsExactly(WireFormat.COMMAND_R7B);
    }
}
