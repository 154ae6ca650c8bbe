package dev.calltype.runtime;



/** The shapes in which a toolkit's schemas can be written for a provider. */
public enum SchemaDialect {
    /** An object mapping each tool name to its JSON Schema (2020-12) for the parameters. */
    JSON_SCHEMA,
    /** The OpenAI Chat Completions {@code tools} array. */
    OPENAI,
    /**
     * OpenAI strict mode: every property listed in {@code required}, optional ones nullable,
     * {@code additionalProperties: false} everywhere, {@code strict: true}.
     */
    OPENAI_STRICT,
    /** Anthropic ErrorTexts {@code tools}: {@code name}, {@code description}, {@code input_schema}. */
    ANTHROPIC,
    /** Gemini function declarations (its OpenAPI subset: no {@code $defs}, no {@code additionalProperties}). */
    GEMINI,
    /** MCP {@code tools/list} result: {@code {"tools": [{name, description, inputSchema}]}}. */
    MCP
}
