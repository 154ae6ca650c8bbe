package dev.calltype.runtime.internal.formats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolSpecs;

import org.junit.jupiter.api.Test;

/** Kimi K2 calls whose header names no tool: the tool is taken from the arguments only when exactly one fits. */
class KimiK2CallIdsTest {

    private static final String TOOLS = """
            [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object",
              "properties": {"city": {"type": "string"}, "unit": {"type": "string"}}}}},
             {"type": "function", "function": {"name": "book_flight", "parameters": {"type": "object",
              "properties": {"city": {"type": "string"}}}}},
             {"type": "function", "function": {"name": "tag", "parameters": {"type": "object",
              "properties": {"label": {"type": "string"}}, "required": ["label"],
              "additionalProperties": {"type": "string"}}}}]
            """;

    private static Extraction extract(String id, String args) {
        ToolCallExtractor x = ToolCallExtractor.builder().tools(ToolSpecs.fromJson(TOOLS)).build();
        return x.extract("<|tool_calls_section_begin|><|tool_call_begin|>" + id + "<|tool_call_argument_begin|>" + args
                + "<|tool_call_end|><|tool_calls_section_end|>");
    }

    @Test
    void argumentsThatFitTwoToolsRunNothing() {
        Extraction x = extract("0", "{\"city\": \"Tokyo\"}");
        assertThat(x.calls()).isEmpty();
        assertThat(x.errors()).hasSize(1);
    }

    @Test
    void anArgumentOnlyOneToolDeclaresPicksIt() {
        Extraction x = extract("call_3", "{\"city\": \"Tokyo\", \"unit\": \"celsius\"}");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("get_weather");
        assertThat(x.calls().get(0).repairs()).contains(Repair.NAME_FROM_ARGUMENTS);
        assertThat(x.calls().get(0).id()).isEqualTo("call_3");
    }

    @Test
    void additionalPropertiesAdmitsUndeclaredArguments() {
        Extraction x = extract("0", "{\"label\": \"home\", \"colour\": \"red\"}");
        assertThat(x.calls()).extracting(ToolCall::name).containsExactly("tag");
    }

    @Test
    void aValueOfTheWrongTypeFitsNoTool() {
        Extraction x = extract("0", "{\"label\": \"home\", \"colour\": 5}");
        assertThat(x.calls()).isEmpty();
        assertThat(x.hasErrors()).isTrue();
    }
}
