package dev.calltype.runtime.testing;

import dev.calltype.runtime.Extraction;
import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolCallExtractor;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.ToolSpecs;
import dev.calltype.testsupport.JsonTrees;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Tools and helpers shared by the extraction format and policy tests. */
public final class ExtractionFixtures {

    /** Tools with typed parameters, as an OpenAI {@code tools} listing. */
    public static final List<ToolSpec> TOOLS = ToolSpecs.fromJson("""
            [
              {"type": "function", "function": {"name": "get_weather", "description": "Weather for a city",
                "parameters": {"type": "object", "properties": {
                  "city": {"type": "string"}, "days": {"type": "integer"}, "metric": {"type": "boolean"},
                  "options": {"type": "object"}, "hours": {"type": "array", "items": {"type": "integer"}},
                  "ratio": {"type": ["number", "null"]}},
                  "required": ["city"]}}},
              {"type": "function", "function": {"name": "send_email", "description": "Send an email",
                "parameters": {"type": "object", "properties": {
                  "to": {"type": "string"}, "subject": {"type": "string"}, "body": {"type": "string"}},
                  "required": ["to", "subject", "body"]}}},
              {"type": "function", "function": {"name": "search", "description": "Search the web",
                "parameters": {"type": "object", "properties": {
                  "query": {"type": "string"}, "limit": {"type": "integer"}}, "required": ["query"]}}},
              {"type": "function", "function": {"name": "now", "description": "Current time",
                "parameters": {"type": "object", "properties": {}}}}
            ]
            """);

    public static final ToolCallExtractor EXTRACTOR = ToolCallExtractor.builder().tools(TOOLS).build();

    private ExtractionFixtures() {
    }

    public static Extraction extract(String text) {
        Extraction x = EXTRACTOR.extract(text);
        assertThat(ExtractionChecks.partitionProblem(text, x)).as("partition").isNull();
        assertThat(Streams.mismatch(x, Streams.run(EXTRACTOR, Streams.chunks(text, 1)))).as("streaming").isNull();
        return x;
    }

    public static JsonNode json(String s) {
        try {
            return Corpus.JSON.readTree(s);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Asserts one call with this name and arguments (JSON, numbers by value) and returns it. */
    public static ToolCall onlyCall(Extraction x, String name, String argsJson) {
        assertThat(x.errors()).as("errors").isEmpty();
        assertThat(x.calls()).as("calls").hasSize(1);
        ToolCall c = x.calls().get(0);
        assertCall(c, name, argsJson);
        return c;
    }

    public static void assertCall(ToolCall c, String name, String argsJson) {
        assertThat(c.name()).isEqualTo(name);
        assertThat(JsonTrees.sameByDecimal(c.arguments(), json(argsJson))).as(c.arguments() + " vs " + argsJson).isTrue();
    }

    /** Asserts one error of this kind and no calls, and returns it. */
    public static ExtractionError onlyError(Extraction x, ExtractionError.Kind kind) {
        assertThat(x.calls()).as("calls").isEmpty();
        assertThat(x.errors()).as("errors").hasSize(1);
        assertThat(x.errors().get(0).kind()).isEqualTo(kind);
        return x.errors().get(0);
    }
}
