/**
 * Calltype's runtime: tool-call extraction from any model's text, toolkits, and the agent loop.
 *
 * <ul>
 *   <li>{@code dev.calltype.runtime}: the API: extractors and their results, toolkits, tool specs and results,
 *       schema dialects and prompt formats.</li>
 *   <li>{@code dev.calltype.runtime.agent}: {@code ToolLoop} and the chat types it talks to a model with.</li>
 *   <li>{@code dev.calltype.runtime.constraint}: grammars and schemas that make a serving engine let a model write
 *       only valid calls (constrained decoding).</li>
 *   <li>{@code dev.calltype.runtime.support}: what generated toolkits call; not an API, no compatibility
 *       promise.</li>
 * </ul>
 *
 * The engine ({@code dev.calltype.runtime.internal.*}) is not exported.
 */
module dev.calltype.runtime {
    requires transitive com.fasterxml.jackson.databind;
    requires dev.calltype.render;

    exports dev.calltype.runtime;
    exports dev.calltype.runtime.agent;
    exports dev.calltype.runtime.constraint;
    exports dev.calltype.runtime.support;
}
