package dev.calltype.render;

import dev.calltype.render.Json.JsonObject;
import dev.calltype.render.Json.JsonSyntaxException;
import java.util.Objects;

/**
 * What the renderers need of one tool: its name, its description and its parameters' JSON Schema,
 * the same information the runtime's {@code ToolSpec} holds. A schema given as text is parsed only
 * when a renderer needs its tree; the dialects that embed it unchanged splice the text.
 */
public final class ToolSchema {

    private final String name;
    private final String description;
    private String text;
    private JsonObject parameters;

    /**
     * @param name the tool name
     * @param description what it does ({@code ""} when none)
     * @param parameters its parameters schema
     */
    public ToolSchema(String name, String description, JsonObject parameters) {
        this.name = Objects.requireNonNull(name, "name");
        this.description = Objects.requireNonNull(description, "description");
        this.parameters = Objects.requireNonNull(parameters, "parameters");
    }

    private ToolSchema(String name, String description, String text) {
        this.name = Objects.requireNonNull(name, "name");
        this.description = Objects.requireNonNull(description, "description");
        this.text = Objects.requireNonNull(text, "parameters");
    }

    /**
     * A tool whose schema is compact JSON text, as {@link Json#write()} or Jackson's default writer
     * writes it; parsed on first use of {@link #parameters()}.
     */
    public static ToolSchema ofText(String name, String description, String parametersJson) {
        return new ToolSchema(name, description, parametersJson);
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    /**
     * The parameters schema as a tree.
     *
     * @throws IllegalArgumentException if the schema text is not a JSON object
     */
    public JsonObject parameters() {
        JsonObject p = parameters;
        if (p == null) {
            Json parsed;
            try {
                parsed = Json.parse(text);
            } catch (JsonSyntaxException e) {
                throw new IllegalArgumentException("the parameters schema of " + name + " is not JSON: "
                        + e.getMessage(), e);
            }
            if (!(parsed instanceof JsonObject o)) {
                throw new IllegalArgumentException("the parameters schema of " + name + " is not a JSON object");
            }
            p = o;
            parameters = p;
        }
        return p;
    }

    /** The parameters schema as compact JSON text. */
    public String parametersText() {
        String t = text;
        if (t == null) {
            t = parameters.write();
            text = t;
        }
        return t;
    }
}
