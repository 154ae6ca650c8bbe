package dev.calltype.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The system-prompt text that teaches a model to call tools in one of the text formats the
 * extractor reads. The annotation processor writes the same text at compile time; for the same
 * tools both are identical.
 *
 * <p>The text lists every tool as a compact signature
 * ({@code get_weather(city: string, units?: "celsius"|"fahrenheit") — Current weather for a city}),
 * says how to write a call, and shows one call to the first tool with its required parameters.
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
public final class FormatInstructions {

    /** What {@link #render} returns for an empty list of tools. */
    static final String NO_TOOLS = "No tools are available: answer without calling any tool.";

    /** Inline objects nest this many levels deep; deeper ones are written {@code object}. */
    static final int OBJECT_LEVELS = 3;

    /** Schemas nested deeper than this (counting every step in) are written {@code any}. */
    static final int NESTING_LIMIT = 32;

    /** How many schemas one signature or one example may visit; beyond it they are written {@code any}. */
    static final int VISIT_BUDGET = 10_000;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private FormatInstructions() {
    }

    /** The instructions for these tools in a format; lines joined with {@code \n}, no trailing newline. */
    public static String render(List<ToolSpec> tools, CallFormat format) {
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(format, "format");
        if (tools.isEmpty()) {
            return NO_TOOLS;
        }
        StringBuilder out = new StringBuilder("You can call these tools:\n");
        for (ToolSpec tool : tools) {
            out.append("- ").append(line(tool)).append('\n');
        }
        ToolSpec first = tools.get(0);
        String how;
        String example;
        String unit;
        switch (format) {
            case TOOL_CALL_MARKER:
                how = "write TOOL_CALL on its own line, then one JSON object with the tool's name and arguments";
                example = "TOOL_CALL\n" + jsonCall(first);
                unit = "TOOL_CALL line";
                break;
            case BRACKET_TAGS:
                how = "write one JSON object with the tool's name and arguments between [TOOL_CALL] and [/TOOL_CALL]";
                example = "[TOOL_CALL]" + jsonCall(first) + "[/TOOL_CALL]";
                unit = "tag pair";
                break;
            case XML_TAGS:
                how = "write one JSON object with the tool's name and arguments between <tool_call> and </tool_call>";
                example = "<tool_call>\n" + jsonCall(first) + "\n</tool_call>";
                unit = "tag pair";
                break;
            case JSON_FENCE:
                how = "write one JSON object with the tool's name and arguments in a ```json fence";
                example = "```json\n" + jsonCall(first) + "\n```";
                unit = "fence";
                break;
            case PYTHONIC:
                how = "write a Python-style call with keyword arguments on its own line";
                example = pythonCall(first);
                unit = "line";
                break;
            default:
                throw new AssertionError(format);
        }
        out.append('\n')
                .append("To call a tool, ").append(how).append(":\n")
                .append(example).append("\n\n")
                .append("Use only the tools and parameter names listed above. You may make several calls, one per ")
                .append(unit).append(". After your calls, stop and wait for the results.");
        return out.toString();
    }

    /**
     * The tool's signature and the first line of its description:
     * {@code get_weather(city: string, units?: "celsius"|"fahrenheit") — Current weather for a city}.
     */
    static String line(ToolSpec tool) {
        String description = firstLine(tool.description());
        return description.isEmpty() ? signature(tool) : signature(tool) + " — " + description;
    }

    /** {@code name(p1: T1, p2?: T2 = <default JSON>)}, parameters in the schema's order. */
    static String signature(ToolSpec tool) {
        return tool.name() + '(' + new Shapes(tool.parameters()).fields(tool.parameters(), 0) + ')';
    }

    /**
     * A schema's type as signatures write it ({@code string}, {@code "a"|"b"}, {@code integer[]},
     * {@code {x: integer, y?: integer}}, …), for a schema outside any tool: {@code $ref}s are not
     * followed and read {@code object}.
     */
    public static String type(JsonNode schema) {
        return new Shapes(null).type(schema, 0).text;
    }

    private static String firstLine(String description) {
        int newline = description.indexOf('\n');
        return newline < 0 ? description : description.substring(0, newline);
    }

    /** {@code {"name": "N", "arguments": {"p": V, …}}} with the tool's required parameters. */
    private static String jsonCall(ToolSpec tool) {
        StringBuilder out = new StringBuilder("{\"name\": ").append(SchemaDialects.write(NODES.textNode(tool.name())))
                .append(", \"arguments\": {");
        boolean first = true;
        for (Map.Entry<String, JsonNode> p : exampleArguments(tool).properties()) {
            out.append(first ? "" : ", ").append(SchemaDialects.write(NODES.textNode(p.getKey()))).append(": ")
                    .append(SchemaDialects.write(p.getValue()));
            first = false;
        }
        return out.append("}}").toString();
    }

    /** {@code N(p=V, …)} with the tool's required parameters, values as Python literals. */
    private static String pythonCall(ToolSpec tool) {
        StringBuilder out = new StringBuilder(tool.name()).append('(');
        boolean first = true;
        for (Map.Entry<String, JsonNode> p : exampleArguments(tool).properties()) {
            out.append(first ? "" : ", ").append(p.getKey()).append('=');
            python(p.getValue(), out);
            first = false;
        }
        return out.append(')').toString();
    }

    /** The example call's arguments: the tool's required parameters with their example values. */
    static ObjectNode exampleArguments(ToolSpec tool) {
        return new Shapes(tool.parameters()).requiredExamples(tool.parameters(), 0);
    }

    /**
     * The value an example call shows for a schema outside any tool (no {@code $ref}s followed):
     * see {@link Shapes#example}.
     */
    static JsonNode exampleValue(JsonNode schema) {
        return new Shapes(null).example(schema, 0);
    }

    /** A JSON value as a Python literal: strings double-quoted, {@code True}/{@code False}/{@code None}. */
    static void python(JsonNode value, StringBuilder out) {
        if (value.isBoolean()) {
            out.append(value.booleanValue() ? "True" : "False");
        } else if (value.isNull()) {
            out.append("None");
        } else if (value.isArray()) {
            out.append('[');
            for (int i = 0; i < value.size(); i++) {
                out.append(i == 0 ? "" : ", ");
                python(value.get(i), out);
            }
            out.append(']');
        } else if (value.isObject()) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> e : value.properties()) {
                out.append(first ? "" : ", ").append(SchemaDialects.write(NODES.textNode(e.getKey()))).append(": ");
                python(e.getValue(), out);
                first = false;
            }
            out.append('}');
        } else {
            out.append(SchemaDialects.write(value));
        }
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

        private final JsonNode defs;
        private final Set<String> open = new HashSet<>();
        private int depth;
        private int visits;

        /** For the schemas of one tool's parameters, {@code root} being that tool's parameters schema. */
        Shapes(JsonNode root) {
            JsonNode d = root == null ? null : root.get("$defs");
            this.defs = d != null && d.isObject() ? d : null;
        }

        /** {@code p1: T1, p2?: T2 = <default>}: an object schema's properties, their types at {@code level}. */
        String fields(JsonNode object, int level) {
            StringBuilder out = new StringBuilder();
            JsonNode properties = object.get("properties");
            if (properties == null || !properties.isObject()) {
                return "";
            }
            Set<String> required = SchemaDialects.stringSet(object.get("required"));
            boolean first = true;
            for (Map.Entry<String, JsonNode> p : properties.properties()) {
                out.append(first ? "" : ", ").append(p.getKey());
                first = false;
                if (!required.contains(p.getKey())) {
                    out.append('?');
                }
                out.append(": ").append(type(p.getValue(), level).text());
                JsonNode dflt = p.getValue().get("default");
                if (dflt != null) {
                    out.append(" = ").append(SchemaDialects.write(dflt));
                }
            }
            return out.toString();
        }

        /** The type of a schema met inside {@code level} inline objects. */
        public TypeText type(JsonNode schema, int level) {
            if (schema == null || !schema.isObject() || depth >= NESTING_LIMIT || visits >= VISIT_BUDGET) {
                return ANY;
            }
            visits++;
            depth++;
            try {
                return typeOf(schema, level);
            } finally {
                depth--;
            }
        }

        private TypeText typeOf(JsonNode schema, int level) {
            JsonNode values = schema.get("enum");
            if (values != null && values.isArray()) {
                List<String> literals = new ArrayList<>();
                for (JsonNode v : values) {
                    literals.add(SchemaDialects.write(v));
                }
                String text = String.join("|", literals);
                return new TypeText(text, text.indexOf('|') >= 0);
            }
            JsonNode type = schema.get("type");
            if (type != null && type.isTextual()) {
                return single(type.textValue(), schema, level);
            }
            if (type != null && type.isArray() && !type.isEmpty()) {
                List<String> names = new ArrayList<>();
                boolean choice = type.size() > 1;
                for (JsonNode t : type) {
                    TypeText s = t.isTextual() ? single(t.textValue(), schema, level) : ANY;
                    names.add(s.text());
                    choice |= s.choice();
                }
                return new TypeText(String.join("|", names), choice);
            }
            if (schema.has("$ref")) {
                JsonNode ref = schema.get("$ref");
                String name = definition(ref);
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
            if (schema.has("anyOf")) {
                JsonNode members = schema.get("anyOf");
                if (!members.isArray() || members.isEmpty()) {
                    return OBJECT;
                }
                List<String> texts = new ArrayList<>();
                boolean choice = members.size() > 1;
                for (JsonNode member : members) {
                    TypeText s = type(member, level);
                    texts.add(s.text());
                    choice |= s.choice();
                }
                return new TypeText(String.join(" | ", texts), choice);
            }
            return ANY;
        }

        private TypeText single(String type, JsonNode schema, int level) {
            if (type.equals("array")) {
                JsonNode items = schema.get("items");
                if (items == null || !items.isObject()) {
                    return new TypeText("any[]", false);
                }
                TypeText item = type(items, level);
                return new TypeText(item.choice() ? "(" + item.text() + ")[]" : item.text() + "[]", item.choice());
            }
            if (type.equals("object")) {
                JsonNode properties = schema.get("properties");
                if (properties != null && properties.isObject()) {
                    return level < OBJECT_LEVELS ? new TypeText("{" + fields(schema, level + 1) + "}", false) : OBJECT;
                }
                JsonNode values = schema.get("additionalProperties");
                if (values != null && values.isObject()) {
                    return new TypeText("map<string, " + type(values, level).text() + ">", false);
                }
                return OBJECT;
            }
            return new TypeText(type, false);
        }

        /** The required properties of an object schema with their example values at {@code level}. */
        ObjectNode requiredExamples(JsonNode object, int level) {
            ObjectNode out = NODES.objectNode();
            JsonNode properties = object.get("properties");
            if (properties == null || !properties.isObject()) {
                return out;
            }
            Set<String> required = SchemaDialects.stringSet(object.get("required"));
            for (Map.Entry<String, JsonNode> p : properties.properties()) {
                if (required.contains(p.getKey())) {
                    out.set(p.getKey(), example(p.getValue(), level));
                }
            }
            return out;
        }

        /**
         * The value an example call shows for a schema met inside {@code level} inline objects: the
         * default, else the first enum value, else one by the (first) type (an object with its
         * required properties filled in), else that of the referenced definition or of the first
         * {@code anyOf} member; {@code {}} when there is none of these.
         */
        JsonNode example(JsonNode schema, int level) {
            if (schema == null || !schema.isObject() || depth >= NESTING_LIMIT || visits >= VISIT_BUDGET) {
                return NODES.objectNode();
            }
            visits++;
            depth++;
            try {
                return exampleOf(schema, level);
            } finally {
                depth--;
            }
        }

        private JsonNode exampleOf(JsonNode schema, int level) {
            JsonNode dflt = schema.get("default");
            if (dflt != null) {
                return dflt.deepCopy();
            }
            JsonNode values = schema.get("enum");
            if (values != null && values.isArray() && !values.isEmpty()) {
                return values.get(0).deepCopy();
            }
            JsonNode type = schema.get("type");
            String name = null;
            if (type != null && type.isTextual()) {
                name = type.textValue();
            } else if (type != null && type.isArray() && !type.isEmpty() && type.get(0).isTextual()) {
                name = type.get(0).textValue();
            }
            if (name == null) {
                if (schema.has("$ref")) {
                    String definition = definition(schema.get("$ref"));
                    if (definition == null) {
                        return NODES.objectNode();
                    }
                    open.add(definition);
                    try {
                        return example(defs.get(definition), level);
                    } finally {
                        open.remove(definition);
                    }
                }
                JsonNode members = schema.get("anyOf");
                if (members != null && members.isArray() && !members.isEmpty()) {
                    return example(members.get(0), level);
                }
                return NODES.objectNode();
            }
            switch (name) {
                case "integer":
                    return NODES.numberNode(1);
                case "number":
                    return NODES.numberNode(1.5);
                case "boolean":
                    return NODES.booleanNode(true);
                case "array":
                    return NODES.arrayNode();
                case "string":
                    return NODES.textNode("...");
                case "null":
                    return NODES.nullNode();
                case "object":
                    JsonNode properties = schema.get("properties");
                    return properties != null && properties.isObject() && level < OBJECT_LEVELS
                            ? requiredExamples(schema, level + 1) : NODES.objectNode();
                default:
                    return NODES.objectNode();
            }
        }

        /**
         * The name of the {@code $defs} entry a {@code $ref} points at ({@code #/$defs/Name}, the
         * name unescaped as a JSON Pointer token), when it exists as an object schema and is not
         * being expanded already; else {@code null}.
         */
        private String definition(JsonNode ref) {
            if (defs == null || ref == null || !ref.isTextual() || !ref.textValue().startsWith(DEFS)) {
                return null;
            }
            String token = ref.textValue().substring(DEFS.length());
            if (token.indexOf('/') >= 0) {
                return null;
            }
            String name = token.replace("~1", "/").replace("~0", "~");
            JsonNode target = defs.get(name);
            return target != null && target.isObject() && !open.contains(name) ? name : null;
        }
    }

    /** A type as written, and whether it is a choice ({@code |} outside any inline object or map). */
    private record TypeText(String text, boolean choice) {
    }
}
