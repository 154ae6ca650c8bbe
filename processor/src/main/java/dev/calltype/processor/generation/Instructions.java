package dev.calltype.processor.generation;

import dev.calltype.processor.model.Json;
import dev.calltype.processor.model.Json.JsonArray;
import dev.calltype.processor.model.Json.JsonBoolean;
import dev.calltype.processor.model.Json.JsonNull;
import dev.calltype.processor.model.Json.JsonNumber;
import dev.calltype.processor.model.Json.JsonObject;
import dev.calltype.processor.model.Json.JsonString;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The system-prompt text that teaches a model to call the tools in one text format, by the rules the
 * runtime's {@code FormatInstructions} follows, so both give the same text.
 */
public final class Instructions {

    /** The formats, named as the runtime's {@code CallFormat} constants. */
    public static final List<String> FORMATS = List.of("TOOL_CALL_MARKER", "BRACKET_TAGS", "XML_TAGS", "JSON_FENCE",
            "PYTHONIC");

    private Instructions() {
    }

    /** The instructions for one format. */
    public static String render(List<ToolSchema> tools, String format) {
        List<String> lines = new ArrayList<>();
        lines.add("You can call these tools:");
        for (ToolSchema t : tools) {
            String line = "- " + signature(t);
            String description = firstLine(t.description());
            if (!description.isEmpty()) {
                line += " \u2014 " + description;
            }
            lines.add(line);
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

    /** {@code name(p1: T1, p2?: T2 = default)}. */
    public static String signature(ToolSchema tool) {
        StringBuilder b = new StringBuilder(tool.name()).append('(');
        List<String> required = required(tool.parameters());
        boolean firstParam = true;
        for (Map.Entry<String, Json> e : properties(tool.parameters()).entrySet()) {
            if (!firstParam) {
                b.append(", ");
            }
            firstParam = false;
            b.append(e.getKey());
            if (!required.contains(e.getKey())) {
                b.append('?');
            }
            JsonObject p = e.getValue() instanceof JsonObject o ? o : new JsonObject(Map.of());
            b.append(": ").append(typeText(p));
            if (p.has("default")) {
                b.append(" = ").append(p.get("default").write());
            }
        }
        return b.append(')').toString();
    }

    static String typeText(JsonObject p) {
        if (p.get("enum") instanceof JsonArray values) {
            List<String> parts = new ArrayList<>();
            for (Json v : values.elements()) {
                parts.add(v.write());
            }
            return String.join("|", parts);
        }
        Json type = p.get("type");
        if (type instanceof JsonString s) {
            return simpleType(s.value(), p);
        }
        if (type instanceof JsonArray types) {
            List<String> parts = new ArrayList<>();
            for (Json t : types.elements()) {
                parts.add(t instanceof JsonString s ? simpleType(s.value(), p) : "any");
            }
            return String.join("|", parts);
        }
        if (p.has("$ref") || p.has("anyOf")) {
            return "object";
        }
        return "any";
    }

    private static String simpleType(String type, JsonObject p) {
        if (!type.equals("array")) {
            return type;
        }
        if (!(p.get("items") instanceof JsonObject items)) {
            return "any[]";
        }
        String item = typeText(items);
        return item.contains("|") ? "(" + item + ")[]" : item + "[]";
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl >= 0 ? s.substring(0, nl) : s;
    }

    private static Map<String, Json> properties(JsonObject schema) {
        return schema.get("properties") instanceof JsonObject p ? p.members() : Map.of();
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
        List<String> required = required(tool.parameters());
        for (Map.Entry<String, Json> e : properties(tool.parameters()).entrySet()) {
            if (required.contains(e.getKey())) {
                parts.add(quote(e.getKey()) + ": " + exampleValue(e.getValue()).write());
            }
        }
        return String.join(", ", parts);
    }

    private static String pythonArguments(ToolSchema tool) {
        List<String> parts = new ArrayList<>();
        List<String> required = required(tool.parameters());
        for (Map.Entry<String, Json> e : properties(tool.parameters()).entrySet()) {
            if (required.contains(e.getKey())) {
                parts.add(e.getKey() + "=" + python(exampleValue(e.getValue())));
            }
        }
        return String.join(", ", parts);
    }

    /** The example value of a parameter: its default, its first enum value, else one by type. */
    static Json exampleValue(Json schema) {
        if (!(schema instanceof JsonObject p)) {
            return new JsonObject(Map.of());
        }
        if (p.has("default")) {
            return p.get("default");
        }
        if (p.get("enum") instanceof JsonArray e && !e.elements().isEmpty()) {
            return e.elements().get(0);
        }
        String type = p.get("type") instanceof JsonString s ? s.value()
                : p.get("type") instanceof JsonArray a && !a.elements().isEmpty()
                && a.elements().get(0) instanceof JsonString s0 ? s0.value() : "object";
        return switch (type) {
            case "string" -> Json.of("...");
            case "integer" -> new JsonNumber("1");
            case "number" -> new JsonNumber("1.5");
            case "boolean" -> new JsonBoolean(true);
            case "array" -> new JsonArray(List.of());
            case "null" -> JsonNull.INSTANCE;
            default -> new JsonObject(Map.of());
        };
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
