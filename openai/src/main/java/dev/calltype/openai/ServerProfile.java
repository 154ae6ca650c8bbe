package dev.calltype.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.calltype.runtime.constraint.Constraints;
import dev.calltype.runtime.constraint.GbnfGrammar;

/**
 * The kind of server an {@link OpenAiChatModel} talks to, which decides how it sends a
 * {@link Constraints constraint} ({@link OpenAiChatModel.Builder#constrain}): in the request fields that server reads.
 */
public enum ServerProfile {

    /**
     * llama.cpp's {@code llama-server}: {@code grammar} (GBNF), and when the constraint is not required
     * {@code grammar_lazy: true}, {@code grammar_triggers} ({@code [{"type": 1, "value": "<trigger>"}]}, word
     * triggers) and {@code preserved_tokens}. The lazy grammar also accepts the free text around calls, so it holds
     * whether the server applies it from a trigger or (as its chat endpoint does when it fills those fields from the
     * chat template) to the whole answer.
     */
    LLAMA_CPP,
    /** vLLM: {@code structured_outputs: {"structural_tag": "<the structural tag as JSON text>"}}. */
    VLLM,
    /** SGLang: {@code response_format}: the structural tag object, {@code {"type": "structural_tag", "format": …}}. */
    SGLANG,
    /**
     * Ollama: {@code response_format: {"type": "json_schema", "json_schema": {"name": "tool_call", "schema": …}}},
     * which Ollama's OpenAI endpoint turns into its {@code format}, and {@code format} itself (its native field): the
     * schema of one call, so every constrained answer is exactly one call.
     */
    OLLAMA,
    /**
     * LM Studio: {@code response_format: {"type": "json_schema", "json_schema": {"name": "tool_call", "strict": true,
     * "schema": …}}}: the schema of one call, so every constrained answer is exactly one call.
     */
    LM_STUDIO,
    /** Sends no constraint. */
    NONE;

    /**
     * Whether the server takes only a JSON Schema for the whole answer (Ollama, LM Studio): a constrained answer is
     * then one call and nothing else, so a request that brings the model the results of its call goes unconstrained.
     */
    boolean schemaOnly() {
        return this == OLLAMA || this == LM_STUDIO;
    }

    /** Adds this server's fields for {@code constraints} to a request body. */
    void addTo(ObjectNode body, Constraints constraints) {
        switch (this) {
            case LLAMA_CPP -> {
                GbnfGrammar g = constraints.gbnf();
                body.put("grammar", g.text());
                if (g.lazy()) {
                    body.put("grammar_lazy", true);
                    ArrayNode triggers = body.putArray("grammar_triggers");
                    g.triggers().forEach(t -> triggers.addObject().put("type", 1).put("value", t));
                    ArrayNode preserved = body.putArray("preserved_tokens");
                    g.triggers().forEach(preserved::add);
                }
            }
            case VLLM -> body.putObject("structured_outputs").put("structural_tag",
                    constraints.structuralTag().toString());
            case SGLANG -> body.set("response_format", constraints.structuralTag());
            case OLLAMA -> {
                ObjectNode schema = constraints.callSchema();
                ObjectNode format = body.putObject("response_format").put("type", "json_schema");
                format.putObject("json_schema").put("name", "tool_call").set("schema", schema);
                body.set("format", schema.deepCopy());
            }
            case LM_STUDIO -> {
                ObjectNode format = body.putObject("response_format").put("type", "json_schema");
                format.putObject("json_schema").put("name", "tool_call").put("strict", true)
                        .set("schema", constraints.callSchema());
            }
            case NONE -> {
            }
        }
    }
}
