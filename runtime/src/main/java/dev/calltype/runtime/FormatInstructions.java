package dev.calltype.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
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
 */
public final class FormatInstructions {

    /** What {@link #render} returns for an empty list of tools. */
    static final String NO_TOOLS = "No tools are available: answer without calling any tool.";

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
        StringBuilder out = new StringBuilder(tool.name()).append('(');
        JsonNode properties = tool.parameters().get("properties");
        Set<String> required = SchemaDialects.stringSet(tool.parameters().get("required"));
        if (properties != null && properties.isObject()) {
            boolean firstParam = true;
            for (Map.Entry<String, JsonNode> p : properties.properties()) {
                out.append(firstParam ? "" : ", ").append(p.getKey());
                firstParam = false;
                if (!required.contains(p.getKey())) {
                    out.append('?');
                }
                out.append(": ").append(type(p.getValue()));
                JsonNode dflt = p.getValue().get("default");
                if (dflt != null) {
                    out.append(" = ").append(SchemaDialects.write(dflt));
                }
            }
        }
        return out.append(')').toString();
    }

    /** A schema's type as signatures write it: {@code string}, {@code "a"|"b"}, {@code integer[]}, … */
    static String type(JsonNode schema) {
        if (schema == null || !schema.isObject()) {
            return "any";
        }
        JsonNode values = schema.get("enum");
        if (values != null && values.isArray()) {
            List<String> literals = new ArrayList<>();
            for (JsonNode v : values) {
                literals.add(SchemaDialects.write(v));
            }
            return String.join("|", literals);
        }
        JsonNode type = schema.get("type");
        if (type != null && type.isTextual()) {
            return single(type.textValue(), schema);
        }
        if (type != null && type.isArray() && !type.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (JsonNode t : type) {
                names.add(single(t.asText(), schema));
            }
            return String.join("|", names);
        }
        if (schema.has("$ref") || schema.has("anyOf")) {
            return "object";
        }
        return "any";
    }

    private static String single(String type, JsonNode schema) {
        if (type.equals("array")) {
            JsonNode items = schema.get("items");
            if (items == null || !items.isObject()) {
                return "any[]";
            }
            String item = type(items);
            return item.contains("|") ? "(" + item + ")[]" : item + "[]";
        }
        return type;
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
        for (Map.Entry<String, JsonNode> p : requiredParameters(tool)) {
            out.append(first ? "" : ", ").append(SchemaDialects.write(NODES.textNode(p.getKey()))).append(": ")
                    .append(SchemaDialects.write(exampleValue(p.getValue())));
            first = false;
        }
        return out.append("}}").toString();
    }

    /** {@code N(p=V, …)} with the tool's required parameters, values as Python literals. */
    private static String pythonCall(ToolSpec tool) {
        StringBuilder out = new StringBuilder(tool.name()).append('(');
        boolean first = true;
        for (Map.Entry<String, JsonNode> p : requiredParameters(tool)) {
            out.append(first ? "" : ", ").append(p.getKey()).append('=');
            python(exampleValue(p.getValue()), out);
            first = false;
        }
        return out.append(')').toString();
    }

    private static List<Map.Entry<String, JsonNode>> requiredParameters(ToolSpec tool) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        JsonNode properties = tool.parameters().get("properties");
        Set<String> required = SchemaDialects.stringSet(tool.parameters().get("required"));
        if (properties != null && properties.isObject()) {
            for (Map.Entry<String, JsonNode> p : properties.properties()) {
                if (required.contains(p.getKey())) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    /**
     * The value an example call shows: the default, else the first enum value, else one by the
     * (first) type; {@code {}} when there is no type.
     */
    static JsonNode exampleValue(JsonNode schema) {
        if (schema == null || !schema.isObject()) {
            return NODES.objectNode();
        }
        JsonNode dflt = schema.get("default");
        if (dflt != null) {
            return dflt;
        }
        JsonNode values = schema.get("enum");
        if (values != null && values.isArray() && !values.isEmpty()) {
            return values.get(0);
        }
        JsonNode type = schema.get("type");
        String name = "object";
        if (type != null && type.isTextual()) {
            name = type.textValue();
        } else if (type != null && type.isArray() && !type.isEmpty() && type.get(0).isTextual()) {
            name = type.get(0).textValue();
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
            case "object":
                return NODES.objectNode();
            case "string":
                return NODES.textNode("...");
            case "null":
                return NODES.nullNode();
            default:
                return NODES.objectNode();
        }
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
}
