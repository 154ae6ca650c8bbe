package dev.calltype.processor.generation;

import dev.calltype.processor.model.Json.JsonObject;

/**
 * What the renderers need of one tool: the same information {@code ToolSpec} holds at run time.
 *
 * @param name the tool name
 * @param description what it does ({@code ""} when none)
 * @param parameters its parameters schema
 */
public record ToolSchema(String name, String description, JsonObject parameters) {
}
