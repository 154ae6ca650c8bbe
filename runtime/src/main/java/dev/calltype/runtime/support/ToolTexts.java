package dev.calltype.runtime.support;

import dev.calltype.render.Dialects;
import dev.calltype.render.Instructions;
import dev.calltype.render.ToolSchema;
import dev.calltype.runtime.PromptFormat;
import dev.calltype.runtime.SchemaDialect;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The texts a generated toolkit gives a model, composed on first use from each tool's name,
 * description and parameters schema, which the generated code states once: the schema dialects,
 * the format instructions and the tools' signatures, each rendered once and kept. Nothing here
 * loads Jackson, so a toolkit's first schema costs only the rendering. Support for generated code,
 * no API.
 */
public final class ToolTexts {

    private final List<String> names;
    private final List<ToolSchema> tools;
    private final String[] dialects = new String[SchemaDialect.values().length];
    private final String[] formats = new String[PromptFormat.values().length];
    private final String[] signatures;

    /**
     * @param names the tools' names, in order
     * @param descriptions their descriptions ({@code ""} for none)
     * @param parameters their parameters schemas as compact JSON text
     */
    public ToolTexts(String[] names, String[] descriptions, String[] parameters) {
        List<ToolSchema> tools = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            tools.add(ToolSchema.ofText(names[i], descriptions[i], parameters[i]));
        }
        this.names = Collections.unmodifiableList(Arrays.asList(names.clone()));
        this.tools = Collections.unmodifiableList(tools);
        this.signatures = new String[names.length];
    }

    /** The tables of a toolkit kept in parts, joined in order. */
    public static String[] join(String[]... parts) {
        int length = 0;
        for (String[] p : parts) {
            length += p.length;
        }
        String[] out = new String[length];
        int at = 0;
        for (String[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** The tools' names, in order. */
    public List<String> names() {
        return names;
    }

    /** The tools' schemas in a dialect. */
    public String schema(SchemaDialect dialect) {
        int i = dialect.ordinal();
        String text = dialects[i];
        if (text == null) {
            text = Dialects.render(tools, dialect.name());
            dialects[i] = text;
        }
        return text;
    }

    /** The instructions for calling the tools in a format. */
    public String instructions(PromptFormat format) {
        int i = format.ordinal();
        String text = formats[i];
        if (text == null) {
            text = Instructions.render(tools, format.name());
            formats[i] = text;
        }
        return text;
    }

    /** The signature of the tool at {@code index}: {@code name(p1: T1, p2?: T2 = default)}. */
    public String signature(int index) {
        String text = signatures[index];
        if (text == null) {
            text = Instructions.signature(tools.get(index));
            signatures[index] = text;
        }
        return text;
    }

    /** The signature of the named tool, or {@code null} when no tool has that name. */
    public String signature(String name) {
        int index = names.indexOf(name);
        return index < 0 ? null : signature(index);
    }
}
