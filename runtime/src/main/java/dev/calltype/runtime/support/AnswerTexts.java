package dev.calltype.runtime.support;

import dev.calltype.render.Dialects;
import dev.calltype.render.Instructions;
import dev.calltype.render.Json;
import dev.calltype.runtime.SchemaDialect;

/**
 * The texts a generated answer type gives a model, composed on first use from its name, description and JSON
 * Schema (which the generated code states once) by the {@code render} module, each kept. Support for generated
 * code, no API.
 */
public final class AnswerTexts {

    private final String name;
    private final String description;
    private final String schemaText;
    private final boolean objectRoot;
    private final String[] dialects = new String[SchemaDialect.values().length];
    private Json.JsonObject schema;
    private String instructions;
    private java.util.List<String> members;
    private dev.calltype.runtime.internal.answer.AnswerPolicy.Type policyType;

    /**
     * @param name the answer's name
     * @param description what it is ({@code ""} when none)
     * @param schemaText its JSON Schema as compact JSON text
     * @param objectRoot whether the answer is an object (a record); other answers are wrapped where a provider
     *     wants an object, and unwrapped when read
     */
    public AnswerTexts(String name, String description, String schemaText, boolean objectRoot) {
        this.name = name;
        this.description = description;
        this.schemaText = schemaText;
        this.objectRoot = objectRoot;
    }

    /** What the engine's answer policy knows of this type, made once. */
    dev.calltype.runtime.internal.answer.AnswerPolicy.Type policyType() {
        dev.calltype.runtime.internal.answer.AnswerPolicy.Type t = policyType;
        if (t == null) {
            t = new dev.calltype.runtime.internal.answer.AnswerPolicy.Type(name, objectRoot, this::members);
            policyType = t;
        }
        return t;
    }

    /** The answer's name. */
    public String name() {
        return name;
    }

    /** Whether the answer is an object (a record). */
    public boolean objectRoot() {
        return objectRoot;
    }

    /** The schema in a dialect. */
    public String schema(SchemaDialect dialect) {
        int i = dialect.ordinal();
        String text = dialects[i];
        if (text == null) {
            text = Dialects.answer(name, description, tree(), dialect.name());
            dialects[i] = text;
        }
        return text;
    }

    /** The prompt instructions. */
    public String instructions() {
        String text = instructions;
        if (text == null) {
            text = Instructions.answer(name, description, tree());
            instructions = text;
        }
        return text;
    }

    /**
     * The JSON names of the members of an object answer, in the schema's order; empty for other answers. Keys
     * written in another case style are matched against these.
     */
    public java.util.List<String> members() {
        java.util.List<String> m = members;
        if (m == null) {
            m = objectRoot && tree().get("properties") instanceof Json.JsonObject p
                    ? java.util.List.copyOf(p.members().keySet()) : java.util.List.of();
            members = m;
        }
        return m;
    }

    private Json.JsonObject tree() {
        Json.JsonObject s = schema;
        if (s == null) {
            try {
                s = (Json.JsonObject) Json.parse(schemaText);
            } catch (Json.JsonSyntaxException e) {
                throw new IllegalStateException("the generated schema of " + name + " is not JSON", e);
            }
            schema = s;
        }
        return s;
    }
}
