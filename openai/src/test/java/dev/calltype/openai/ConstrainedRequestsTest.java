package dev.calltype.openai;

import static dev.calltype.openai.LoopbackServer.events;
import static dev.calltype.openai.LoopbackServer.finish;
import static dev.calltype.openai.LoopbackServer.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.agent.ToolLoop;
import dev.calltype.runtime.constraint.Constraints;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Constrained decoding through {@link OpenAiChatModel}: each server profile puts the constraint in the fields that
 * server reads, in prompt mode only; off by default.
 */
class ConstrainedRequestsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Toolkit TOOLKIT = Toolkits.fromJson("""
            [{"type": "function", "function": {"name": "add", "description": "Adds two numbers",
              "parameters": {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                "required": ["a", "b"]}}}]""", (name, args) -> IntNode.valueOf(args.get("a").asInt()
            + args.get("b").asInt()));

    /** The body of the one request a prompt-mode loop sends under {@code profile}. */
    private static JsonNode promptModeRequest(ServerProfile profile, Constraints constraints) throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("Five."), finish("stop")))) {
            OpenAiChatModel.Builder b = OpenAiChatModelTest.model(server);
            if (profile != null) {
                b.constrain(profile, constraints);
            }
            ToolLoop.Outcome outcome = ToolLoop.builder(b.build(), TOOLKIT).mode(ToolLoop.Mode.PROMPT).format(PromptFormat.XML_TAGS)
                    .build().run("What is 2 + 3?");
            assertThat(outcome.answer()).isEqualTo("Five.");
            return JSON.readTree(server.requests.get(0).body());
        }
    }

    @Test
    void llamaCppGetsTheLazyGrammarItsTriggersAndPreservedTokens() throws Exception {
        Constraints c = Constraints.of(TOOLKIT).format(PromptFormat.XML_TAGS);
        JsonNode body = promptModeRequest(ServerProfile.LLAMA_CPP, c);
        assertThat(body.get("grammar").textValue()).isEqualTo(c.gbnf().text()).contains("\"\\\"add\\\"\"");
        assertThat(body.get("grammar_lazy").booleanValue()).isTrue();
        assertThat(body.get("grammar_triggers")).isEqualTo(JSON.readTree("[{\"type\":1,\"value\":\"<tool_call>\"}]"));
        assertThat(body.get("preserved_tokens")).isEqualTo(JSON.readTree("[\"<tool_call>\"]"));
        assertThat(body.has("tools")).isFalse();
    }

    @Test
    void aRequiredLlamaCppGrammarIsNotLazy() throws Exception {
        Constraints c = Constraints.of(TOOLKIT).format(WireFormat.HERMES).required();
        JsonNode body = promptModeRequest(ServerProfile.LLAMA_CPP, c);
        assertThat(body.get("grammar").textValue()).isEqualTo(c.gbnf().text());
        assertThat(body.has("grammar_lazy")).isFalse();
        assertThat(body.has("grammar_triggers")).isFalse();
    }

    @Test
    void vllmGetsTheStructuralTagAsTextInStructuredOutputs() throws Exception {
        Constraints c = Constraints.of(TOOLKIT);
        JsonNode body = promptModeRequest(ServerProfile.VLLM, c);
        JsonNode tag = JSON.readTree(body.get("structured_outputs").get("structural_tag").textValue());
        assertThat(tag).isEqualTo(c.structuralTag());
        assertThat(tag.get("format").get("type").textValue()).isEqualTo("triggered_tags");
    }

    @Test
    void sglangGetsTheStructuralTagAsResponseFormat() throws Exception {
        Constraints c = Constraints.of(TOOLKIT);
        JsonNode body = promptModeRequest(ServerProfile.SGLANG, c);
        assertThat(body.get("response_format")).isEqualTo(c.structuralTag());
        assertThat(body.get("response_format").get("type").textValue()).isEqualTo("structural_tag");
    }

    @Test
    void ollamaAndLmStudioGetTheSchemaOfOneCall() throws Exception {
        Constraints c = Constraints.of(TOOLKIT);
        JsonNode ollama = promptModeRequest(ServerProfile.OLLAMA, c);
        assertThat(ollama.get("response_format").get("type").textValue()).isEqualTo("json_schema");
        assertThat(ollama.get("response_format").get("json_schema").get("schema")).isEqualTo(c.callSchema());
        assertThat(ollama.get("format")).isEqualTo(c.callSchema());
        JsonNode lmStudio = promptModeRequest(ServerProfile.LM_STUDIO, c);
        assertThat(lmStudio.get("response_format").get("json_schema").get("schema")).isEqualTo(c.callSchema());
        assertThat(lmStudio.get("response_format").get("json_schema").get("strict").booleanValue()).isTrue();
        assertThat(lmStudio.has("format")).isFalse();
    }

    @Test
    void aSchemaOnlyServersConversationEndsWithTheAnswerAfterTheResults() throws Exception {
        for (ServerProfile profile : new ServerProfile[]{ServerProfile.OLLAMA, ServerProfile.LM_STUDIO}) {
            // as the server would: under the schema the model can write nothing but a call; without it, words
            LoopbackServer.Script script = (r, out) -> {
                boolean constrained = JSON.readTree(r.body()).has("response_format");
                events(out, text(constrained ? "{\"name\": \"add\", \"arguments\": {\"a\": 2, \"b\": 3}}"
                        : "2 + 3 = 5."), finish("stop"));
            };
            try (LoopbackServer server = new LoopbackServer(script)) {
                OpenAiChatModel model = OpenAiChatModelTest.model(server).constrain(profile, Constraints.of(TOOLKIT))
                        .build();
                ToolLoop.Outcome outcome = ToolLoop.builder(model, TOOLKIT).mode(ToolLoop.Mode.PROMPT)
                        .format(PromptFormat.XML_TAGS).build().run("What is 2 + 3?");
                assertThat(outcome.answer()).as("%s", profile).isEqualTo("2 + 3 = 5.");
                assertThat(server.requests).hasSize(2);
                assertThat(JSON.readTree(server.requests.get(0).body()).has("response_format")).isTrue();
                JsonNode second = JSON.readTree(server.requests.get(1).body());
                assertThat(second.has("response_format") || second.has("format")).isFalse();
                JsonNode messages = second.get("messages");
                assertThat(messages.get(messages.size() - 1).get("content").asText()).contains("[add] 5");
            }
        }
    }

    @Test
    void offByDefaultAndWithProfileNone() throws Exception {
        for (ServerProfile profile : new ServerProfile[]{null, ServerProfile.NONE}) {
            JsonNode body = promptModeRequest(profile, Constraints.of(TOOLKIT));
            for (String field : List.of("grammar", "grammar_lazy", "structured_outputs", "response_format", "format")) {
                assertThat(body.has(field)).as("%s with %s", field, profile).isFalse();
            }
        }
    }

    @Test
    void aRequestThatOffersToolsNativelyCarriesNoConstraint() throws Exception {
        try (LoopbackServer server = new LoopbackServer((r, out) -> events(out, text("Five."), finish("stop")))) {
            OpenAiChatModel model = OpenAiChatModelTest.model(server)
                    .constrain(ServerProfile.LLAMA_CPP, Constraints.of(TOOLKIT)).build();
            ToolLoop.builder(model, TOOLKIT).build().run("What is 2 + 3?");
            JsonNode body = JSON.readTree(server.requests.get(0).body());
            assertThat(body.has("tools")).isTrue();
            assertThat(body.has("grammar")).isFalse();
        }
    }
}
