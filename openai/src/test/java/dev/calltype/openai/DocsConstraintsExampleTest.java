package dev.calltype.openai;

import static dev.calltype.openai.LoopbackServer.events;
import static dev.calltype.openai.LoopbackServer.finish;
import static dev.calltype.openai.LoopbackServer.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.runtime.constraint.Constraints;
import dev.calltype.runtime.constraint.GbnfGrammar;
import org.junit.jupiter.api.Test;

/** The examples of docs/constraints.md, as written there. */
class DocsConstraintsExampleTest {

    private static final Toolkit TOOLKIT = Toolkits.fromJson("""
            [{"type": "function", "function": {"name": "multiply", "description": "Multiplies two numbers",
              "parameters": {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                "required": ["a", "b"]}}}]""", (name, args) -> IntNode.valueOf(args.get("a").asInt()
            * args.get("b").asInt()));

    @Test
    void theConstraintsOfAToolkit() {
        Toolkit toolkit = TOOLKIT;
        // README: Constraints of a toolkit
        Constraints c = Constraints.of(toolkit).format(WireFormat.HERMES);
        ObjectNode tag = c.structuralTag();         // vLLM, SGLang: prose allowed around calls
        GbnfGrammar lazy = c.gbnf();                // llama.cpp: grammar + grammar_lazy + grammar_triggers
        GbnfGrammar only = c.required().gbnf();     // llama.cpp: nothing but calls
        ObjectNode one = c.callSchema();            // Ollama, LM Studio: one {"name", "arguments"} object
        // README end
        assertThat(tag.path("format").path("triggers").get(0).asText()).isEqualTo("<tool_call>");
        assertThat(lazy.lazy()).isTrue();
        assertThat(lazy.triggers()).containsExactly("<tool_call>");
        assertThat(only.lazy()).isFalse();
        assertThat(only.text()).startsWith("root ::= ");
        assertThat(one.path("anyOf").get(0).path("properties").path("name").path("const").asText())
                .isEqualTo("multiply");
    }

    @Test
    void aPromptModeLoopAgainstLlamaServer() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("391."), finish("stop")))) {
            Toolkit toolkit = TOOLKIT;
            String baseUrl = server.url("/v1");
            // README: Constrained prompt mode
            Constraints constraints = Constraints.of(toolkit).format(PromptFormat.XML_TAGS);
            OpenAiChatModel model = OpenAiChatModel.builder()
                    .baseUrl(baseUrl)                   // llama-server, e.g. http://localhost:8080/v1
                    .model("qwen3-8b")
                    .constrain(ServerProfile.LLAMA_CPP, constraints)
                    .build();
            ToolLoop.Outcome outcome = ToolLoop.builder(model, toolkit)
                    .mode(ToolLoop.Mode.PROMPT)
                    .format(PromptFormat.XML_TAGS)        // the same format as the constraints
                    .build()
                    .run("What is 17 * 23?");
            // README end
            assertThat(outcome.answer()).isEqualTo("391.");
            JsonNode body = new ObjectMapper().readTree(server.requests.get(0).body());
            assertThat(body.path("grammar").asText()).isEqualTo(constraints.gbnf().text());
        }
    }
}
