package dev.calltype.render;

import dev.calltype.render.Json;
import dev.calltype.render.Json.JsonArray;
import dev.calltype.render.Json.JsonBoolean;
import dev.calltype.render.Json.JsonNull;
import dev.calltype.render.Json.JsonNumber;
import dev.calltype.render.Json.JsonObject;
import dev.calltype.render.Json.JsonString;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The system-prompt text that teaches a model to call the tools in one text format, by the rules the
 * runtime's {@code FormatInstructions} follows, so both give the same text.
 *
 * <p>Signature rules. Each parameter is {@code name: T}, with {@code ?} after the name when it is
 * not {@code required}, and after the type a space and {@code = <default JSON>} when its schema has
 * a {@code default}. The type {@code T} of a schema is:
 * <ul>
 *   <li>with {@code enum}: the values as JSON literals joined by {@code |} ({@code "celsius"|"fahrenheit"});</li>
 *   <li>else by {@code type}: {@code string}, {@code integer}, {@code number}, {@code boolean}, {@code null};
 *       a type array joins its members' types with {@code |} ({@code integer|null});</li>
 *   <li>{@code array}: {@code T[]} of its {@code items}, {@code (T)[]} when {@code T} is a choice (has a
 *       {@code |} outside any inline object or map), {@code any[]} without {@code items}; an array of
 *       objects is {@code {…}[]};</li>
 *   <li>{@code object} with {@code properties}: inline, {@code {name: T, other?: T2 = <default>}}, its
 *       properties written by these same rules, up to three levels of inline objects; deeper, {@code object};</li>
 *   <li>{@code object} without {@code properties} whose {@code additionalProperties} is a schema {@code V}:
 *       {@code map<string, V>}; any other {@code object}: {@code object};</li>
 *   <li>without {@code type}, a {@code $ref} to {@code #/$defs/Name} of the root schema: that definition
 *       written by these rules; a reference to a definition already being written (recursion), or one
 *       that does not resolve: {@code object};</li>
 *   <li>without {@code type}, {@code anyOf}: its members' types joined by {@code " | "}
 *       ({@code {type: "card", number: string} | {type: "bank_transfer", iban: string}}); an empty
 *       {@code anyOf}: {@code object};</li>
 *   <li>anything else: {@code any}.</li>
 * </ul>
 * A schema nested more than {@value #NESTING_LIMIT} steps deep, or met after a signature has
 * visited {@value #VISIT_BUDGET} schemas, is {@code any}: bounds for schemas no tool really has.
 *
 * <p>Example rules. The example call's arguments are the first tool's required parameters, in order,
 * each with its {@code default}, else its first {@code enum} value, else a value by its (first)
 * {@code type}: string {@code "..."}, integer {@code 1}, number {@code 1.5}, boolean {@code true},
 * array {@code []}, null {@code null}, and for an {@code object} with {@code properties} an object of
 * its required properties filled by these same rules (up to three levels, as for types; deeper or
 * without {@code properties}, {@code {}}). Without {@code type}, a {@code $ref} gives the example of its
 * definition ({@code {}} for recursion), {@code anyOf} that of its first member; anything else {@code {}}.
 * The same bounds apply, with {@code {}} in place of {@code any}.
 */
public final class Instructions {

    /** The formats, named as the runtime's {@code PromptFormat} constants. */
    public static final List<String> FORMATS = List.of("TOOL_CALL_MARKER", "BRACKET_TAGS", "XML_TAGS", "JSON_FENCE",
            "PYTHONIC");

    /** The instructions when there is no tool. */
    public static final String NO_TOOLS = "No tools are available: answer without calling any tool.";

    /** Inline objects nest this many levels deep; deeper ones are written {@code object}. */
    public static final int OBJECT_LEVELS = 3;

    /** Schemas nested deeper than this (counting every step in) are written {@code any}. */
    public static final int NESTING_LIMIT = 32;

    /** How many schemas one signature or one example may visit; beyond it they are written {@code any}. */
    public static final int VISIT_BUDGET = 10_000;

    private Instructions() {
    }

    /** The instructions for one format. */
    public static String render(List<ToolSchema> tools, String format) {
        if (!FORMATS.contains(format)) {
            throw new IllegalArgumentException("unknown call format: " + format);
        }
        if (tools.isEmpty()) {
            return NO_TOOLS;
        }
        List<String> lines = new ArrayList<>();
        lines.add("You can call these tools:");
        for (ToolSchema t : tools) {
            lines.add("- " + line(t));
            parameterLines(t, lines);
        }
        lines.add("");
        ToolSchema first = tools.get(0);
        String call = "{\"name\": " + quote(first.name()) + ", \"arguments\": {" + jsonArguments(first) + "}}";
        String how;
        String example;
        String unit;
        switch (format) {
            case "TOOL_CALL_MARKER" -> {
                how = "write TOOL_CALL on its own line, then one JSON object with the tool's name and arguments";
                example = "TOOL_CALL\n" + call;
                unit = "TOOL_CALL line";
            }
            case "BRACKET_TAGS" -> {
                how = "write one JSON object with the tool's name and arguments between [TOOL_CALL] and [/TOOL_CALL]";
                example = "[TOOL_CALL]" + call + "[/TOOL_CALL]";
                unit = "tag pair";
            }
            case "XML_TAGS" -> {
                how = "write one JSON object with the tool's name and arguments between <tool_call> and </tool_call>";
                example = "<tool_call>\n" + call + "\n</tool_call>";
                unit = "tag pair";
            }
            case "JSON_FENCE" -> {
                how = "write one JSON object with the tool's name and arguments in a ```json fence";
                example = "```json\n" + call + "\n```";
                unit = "fence";
            }
            case "PYTHONIC" -> {
                how = "write a Python-style call with keyword arguments on its own line";
                example = first.name() + "(" + pythonArguments(first) + ")";
                unit = "line";
            }
            default -> throw new IllegalArgumentException("unknown format " + format);
        }
        lines.add("To call a tool, " + how + ":");
        lines.add(example);
        lines.add("");
        lines.add("Use only the tools and parameter names listed above. You may make several calls, one per " + unit
                + ". After your calls, stop and wait for the results.");
        return String.join("\n", lines);
    }

    /**
     * The prompt text that asks for a typed answer, for models without native structured output: the answer's
     * shape written as the tool signatures write types, a line per member with a description or a format, a
     * worked example made from the type's own fields, and where to write it (a {@code ```json} fence, which the
     * parser finds after any prose or reasoning).
     *
     * @param name the answer's name
     * @param description what the answer is ({@code ""} when none)
     * @param schema the answer's JSON Schema (not wrapped)
     */
    public static String answer(String name, String description, JsonObject schema) {
        List<String> lines = new ArrayList<>();
        String what = description.isEmpty() ? name : firstLine(description).strip();
        lines.add("Answer with one JSON value (" + what + ") of this shape:");
        lines.add(new Shapes(schema).type(schema, 0).text());
        int before = lines.size();
        parameterLines(new ToolSchema(name, "", schema), lines);
        if (lines.size() > before) {
            lines.add(before, "where");
        }
        lines.add("");
        lines.add("For example:");
        lines.add("```json");
        lines.add(new Shapes(schema, true).example(schema, 0).write());
        lines.add("```");
        lines.add("");
        lines.add("Write your answer as one JSON value in a ```json fence, with these member names and value types;"
                + " members marked ? may be left out.");
        return String.join("\n", lines);
    }

    /** {@code name(p1: T1, p2?: T2 = default)}. */
    public static String signature(ToolSchema tool) {
        return tool.name() + '(' + new Shapes(tool.parameters()).fields(tool.parameters(), 0) + ')';
    }

    /**
     * The tool's signature and the first line of its description:
     * {@code get_weather(city: string, units?: "celsius"|"fahrenheit") — Current weather for a city}.
     */
    public static String line(ToolSchema tool) {
        String description = firstLine(tool.description());
        return description.isEmpty() ? signature(tool) : signature(tool) + " \u2014 " + description;
    }

    /**
     * One line per parameter that has a description or a format, under its tool's line, so that a
     * model learns what a value means and how to write it before its first call:
     * {@code   from: the first day (format: date)}. The description's first line only.
     */
    static void parameterLines(ToolSchema tool, List<String> lines) {
        if (!(tool.parameters().get("properties") instanceof JsonObject properties)) {
            return;
        }
        for (Map.Entry<String, Json> e : properties.members().entrySet()) {
            if (!(e.getValue() instanceof JsonObject p)) {
                continue;
            }
            String description = p.get("description") instanceof JsonString d ? firstLine(d.value()).strip() : "";
            String format = p.get("format") instanceof JsonString f ? f.value() : "";
            if (description.isEmpty() && format.isEmpty()) {
                continue;
            }
            StringBuilder b = new StringBuilder("    ").append(e.getKey()).append(':');
            if (!description.isEmpty()) {
                b.append(' ').append(description);
            }
            if (!format.isEmpty()) {
                b.append(description.isEmpty() ? " format " : " (format: ").append(format)
                        .append(description.isEmpty() ? "" : ")");
            }
            lines.add(b.toString());
        }
    }

    /** A schema's type as signatures write it, for a schema outside any tool ({@code $ref}s read {@code object}). */
    public static String typeText(Json p) {
        return new Shapes(null).type(p, 0).text();
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl >= 0 ? s.substring(0, nl) : s;
    }

    private static List<String> required(JsonObject schema) {
        List<String> out = new ArrayList<>();
        if (schema.get("required") instanceof JsonArray r) {
            for (Json j : r.elements()) {
                if (j instanceof JsonString s) {
                    out.add(s.value());
                }
            }
        }
        return out;
    }

    private static String jsonArguments(ToolSchema tool) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Json> e : exampleArguments(tool).members().entrySet()) {
            parts.add(quote(e.getKey()) + ": " + e.getValue().write());
        }
        return String.join(", ", parts);
    }

    private static String pythonArguments(ToolSchema tool) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Json> e : exampleArguments(tool).members().entrySet()) {
            parts.add(e.getKey() + "=" + python(e.getValue()));
        }
        return String.join(", ", parts);
    }

    /** The example call's arguments: the tool's required parameters with their example values. */
    static JsonObject exampleArguments(ToolSchema tool) {
        return new Shapes(tool.parameters()).requiredExamples(tool.parameters(), 0);
    }

    /** The example value of a schema outside any tool ({@code $ref}s not followed). */
    static Json exampleValue(Json schema) {
        return new Shapes(null).example(schema, 0);
    }

    /**
     * Writes the schemas of one tool as signature types and example values, following
     * {@code $ref}s into the root schema's {@code $defs}. One instance per signature or example: it
     * counts what it has visited.
     */
    private static final class Shapes {

        private static final TypeText ANY = new TypeText("any", false);
        private static final TypeText OBJECT = new TypeText("object", false);
        private static final String DEFS = "#/$defs/";

        private final JsonObject defs;
        private final Set<String> open = new HashSet<>();
        private int depth;
        private int visits;

        /**
         * Whether examples are a whole answer's: an array shows one element (unless its items are a reference,
         * which may recurse), and a string with a format a value in that format.
         */
        private final boolean answer;

        /** For the schemas of one tool's parameters, {@code root} being that tool's parameters schema. */
        Shapes(JsonObject root) {
            this(root, false);
        }

        Shapes(JsonObject root, boolean answer) {
            this.defs = root != null && root.get("$defs") instanceof JsonObject d ? d : null;
            this.answer = answer;
        }

        /** {@code p1: T1, p2?: T2 = <default>}: an object schema's properties, their types at {@code level}. */
        String fields(JsonObject object, int level) {
            if (!(object.get("properties") instanceof JsonObject properties)) {
                return "";
            }
            List<String> required = required(object);
            StringBuilder b = new StringBuilder();
            boolean first = true;
            for (Map.Entry<String, Json> e : properties.members().entrySet()) {
                if (!first) {
                    b.append(", ");
                }
                first = false;
                b.append(e.getKey());
                if (!required.contains(e.getKey())) {
                    b.append('?');
                }
                b.append(": ").append(type(e.getValue(), level).text());
                if (e.getValue() instanceof JsonObject p && p.has("default")) {
                    b.append(" = ").append(p.get("default").write());
                }
            }
            return b.toString();
        }

        /**
         * The schema as an object to walk into, counted as a visit and a level deeper (the caller steps back
         * out), or {@code null} when it is not an object or the depth limit or the visit budget is reached.
         */
        private JsonObject enter(Json schema) {
            if (!(schema instanceof JsonObject p) || depth >= NESTING_LIMIT || visits >= VISIT_BUDGET) {
                return null;
            }
            visits++;
            depth++;
            return p;
        }

        /** The type of a schema met inside {@code level} inline objects. */
        TypeText type(Json schema, int level) {
            JsonObject p = enter(schema);
            if (p == null) {
                return ANY;
            }
            try {
                return typeOf(p, level);
            } finally {
                depth--;
            }
        }

        private TypeText typeOf(JsonObject p, int level) {
            if (p.get("enum") instanceof JsonArray values) {
                List<String> parts = new ArrayList<>();
                for (Json v : values.elements()) {
                    parts.add(v.write());
                }
                String text = String.join("|", parts);
                return new TypeText(text, text.indexOf('|') >= 0);
            }
            Json type = p.get("type");
            if (type instanceof JsonString s) {
                return single(s.value(), p, level);
            }
            if (type instanceof JsonArray types && !types.elements().isEmpty()) {
                List<String> parts = new ArrayList<>();
                boolean choice = types.elements().size() > 1;
                for (Json t : types.elements()) {
                    TypeText one = t instanceof JsonString s ? single(s.value(), p, level) : ANY;
                    parts.add(one.text());
                    choice |= one.choice();
                }
                return new TypeText(String.join("|", parts), choice);
            }
            if (p.has("$ref")) {
                String name = definition(p.get("$ref"));
                if (name == null) {
                    return OBJECT;
                }
                open.add(name);
                try {
                    return type(defs.get(name), level);
                } finally {
                    open.remove(name);
                }
            }
            if (p.has("anyOf")) {
                if (!(p.get("anyOf") instanceof JsonArray members) || members.elements().isEmpty()) {
                    return OBJECT;
                }
                List<String> parts = new ArrayList<>();
                boolean choice = members.elements().size() > 1;
                for (Json m : members.elements()) {
                    TypeText one = type(m, level);
                    parts.add(one.text());
                    choice |= one.choice();
                }
                return new TypeText(String.join(" | ", parts), choice);
            }
            return ANY;
        }

        private TypeText single(String type, JsonObject p, int level) {
            if (type.equals("array")) {
                if (!(p.get("items") instanceof JsonObject items)) {
                    return new TypeText("any[]", false);
                }
                TypeText item = type(items, level);
                return new TypeText(item.choice() ? "(" + item.text() + ")[]" : item.text() + "[]", item.choice());
            }
            if (type.equals("object")) {
                if (p.get("properties") instanceof JsonObject) {
                    return level < OBJECT_LEVELS ? new TypeText("{" + fields(p, level + 1) + "}", false) : OBJECT;
                }
                if (p.get("additionalProperties") instanceof JsonObject values) {
                    return new TypeText("map<string, " + type(values, level).text() + ">", false);
                }
                return OBJECT;
            }
            return new TypeText(type, false);
        }

        /** An example string in a format, as an answer's example shows it. */
        private static String formatted(String format) {
            return switch (format) {
                case "date" -> "2024-05-17";
                case "date-time" -> "2024-05-17T09:30:00Z";
                case "duration" -> "PT30M";
                case "time" -> "09:30:00Z";
                case "uuid" -> "123e4567-e89b-12d3-a456-426614174000";
                case "uri" -> "https://example.com/";
                case "email" -> "name@example.com";
                default -> "...";
            };
        }

        /** The required properties of an object schema with their example values at {@code level}. */
        JsonObject requiredExamples(JsonObject object, int level) {
            JsonObject.Builder out = JsonObject.builder();
            if (object.get("properties") instanceof JsonObject properties) {
                List<String> required = required(object);
                for (Map.Entry<String, Json> e : properties.members().entrySet()) {
                    if (required.contains(e.getKey())) {
                        out.put(e.getKey(), example(e.getValue(), level));
                    }
                }
            }
            return out.build();
        }

        /**
         * The value an example call shows for a schema met inside {@code level} inline objects: the
         * default, else the first enum value, else one by the (first) type (an object with its
         * required properties filled in), else that of the referenced definition or of the first
         * {@code anyOf} member; {@code {}} when there is none of these.
         */
        Json example(Json schema, int level) {
            JsonObject p = enter(schema);
            if (p == null) {
                return new JsonObject(Map.of());
            }
            try {
                return exampleOf(p, level);
            } finally {
                depth--;
            }
        }

        private Json exampleOf(JsonObject p, int level) {
            if (p.has("default")) {
                return p.get("default");
            }
            if (p.get("enum") instanceof JsonArray e && !e.elements().isEmpty()) {
                return e.elements().get(0);
            }
            String type = p.get("type") instanceof JsonString s ? s.value()
                    : p.get("type") instanceof JsonArray a && !a.elements().isEmpty()
                    && a.elements().get(0) instanceof JsonString s0 ? s0.value() : null;
            if (type == null) {
                if (p.has("$ref")) {
                    String name = definition(p.get("$ref"));
                    if (name == null) {
                        return new JsonObject(Map.of());
                    }
                    open.add(name);
                    try {
                        return example(defs.get(name), level);
                    } finally {
                        open.remove(name);
                    }
                }
                if (p.get("anyOf") instanceof JsonArray members && !members.elements().isEmpty()) {
                    return example(members.elements().get(0), level);
                }
                return new JsonObject(Map.of());
            }
            return switch (type) {
                case "string" -> Json.of(answer && p.get("format") instanceof JsonString f ? formatted(f.value())
                        : answer && p.get("pattern") instanceof JsonString r && StringForms.example(r.value()) != null
                        ? StringForms.example(r.value()) : "...");
                case "integer" -> new JsonNumber("1");
                case "number" -> new JsonNumber("1.5");
                case "boolean" -> new JsonBoolean(true);
                case "array" -> answer && level < OBJECT_LEVELS && p.get("items") instanceof JsonObject items
                        && !items.has("$ref") ? new JsonArray(List.of(example(items, level + 1)))
                        : new JsonArray(List.of());
                case "null" -> JsonNull.INSTANCE;
                case "object" -> p.get("properties") instanceof JsonObject && level < OBJECT_LEVELS
                        ? requiredExamples(p, level + 1) : new JsonObject(Map.of());
                default -> new JsonObject(Map.of());
            };
        }

        /**
         * The name of the {@code $defs} entry a {@code $ref} points at ({@code #/$defs/Name}, the
         * name unescaped as a JSON Pointer token), when it exists as an object schema and is not
         * being expanded already; else {@code null}.
         */
        private String definition(Json ref) {
            if (defs == null || !(ref instanceof JsonString s) || !s.value().startsWith(DEFS)) {
                return null;
            }
            String token = s.value().substring(DEFS.length());
            if (token.indexOf('/') >= 0) {
                return null;
            }
            String name = token.replace("~1", "/").replace("~0", "~");
            return defs.get(name) instanceof JsonObject && !open.contains(name) ? name : null;
        }
    }

    /** A type as written, and whether it is a choice ({@code |} outside any inline object or map). */
    private record TypeText(String text, boolean choice) {
    }

    /** A value as a Python literal: strings double-quoted, True/False/None, lists and dicts. */
    static String python(Json v) {
        if (v instanceof JsonBoolean b) {
            return b.value() ? "True" : "False";
        }
        if (v instanceof JsonNull) {
            return "None";
        }
        if (v instanceof JsonArray a) {
            List<String> parts = new ArrayList<>();
            for (Json e : a.elements()) {
                parts.add(python(e));
            }
            return "[" + String.join(", ", parts) + "]";
        }
        if (v instanceof JsonObject o) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Json> e : o.members().entrySet()) {
                parts.add(quote(e.getKey()) + ": " + python(e.getValue()));
            }
            return "{" + String.join(", ", parts) + "}";
        }
        return v.write();
    }

    private static String quote(String s) {
        return Json.of(s).write();
    }
}
