package dev.calltype.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * A call written the way a model writes it in a wire format (named by its {@code WireFormat} constant), compact or
 * with Python's {@code ", "} / {@code ": "} spacing: the texts constraint tests feed to the engines.
 */
public final class CallTexts {

    /** DeepSeek's full-width bar and word separator. */
    private static final String BAR = "\uFF5C";
    private static final String SP = "\u2581";

    private CallTexts() {
    }

    /** A call in {@code format}; {@code spaced} writes JSON as Python's {@code json.dumps} does by default. */
    public static String call(String format, String name, JsonNode args, boolean spaced) {
        String obj = json(callObject(name, args, "arguments"), spaced);
        return switch (format) {
            case "TOOL_CALL_MARKER" -> "TOOL_CALL\n" + obj;
            case "BRACKET_TAGS" -> "[TOOL_CALL]" + obj + "[/TOOL_CALL]";
            case "HERMES" -> "<tool_call>\n" + obj + "\n</tool_call>";
            case "JSON_FENCE" -> "```json\n" + obj + "\n```";
            case "PYTHONIC" -> name + "(" + python(args, spaced) + ")";
            case "QWEN3_CODER" -> {
                StringBuilder b = new StringBuilder("<tool_call>\n<function=").append(name).append(">\n");
                fields(args).forEachRemaining(e -> b.append("<parameter=").append(e.getKey()).append(">\n")
                        .append(raw(e.getValue(), spaced)).append("\n</parameter>\n"));
                yield b.append("</function>\n</tool_call>").toString();
            }
            case "GLM" -> {
                StringBuilder b = new StringBuilder("<tool_call>").append(name).append('\n');
                fields(args).forEachRemaining(e -> b.append("<arg_key>").append(e.getKey()).append("</arg_key>\n")
                        .append("<arg_value>").append(raw(e.getValue(), spaced)).append("</arg_value>\n"));
                yield b.append("</tool_call>").toString();
            }
            case "MISTRAL" -> "[TOOL_CALLS][" + obj + "]";
            case "LLAMA_PYTHON_TAG" -> "<|python_tag|>" + json(callObject(name, args, "parameters"), spaced);
            case "DEEPSEEK_V31" -> token("tool" + SP + "calls" + SP + "begin") + token("tool" + SP + "call" + SP + "begin")
                    + name + token("tool" + SP + "sep") + json(args, spaced) + token("tool" + SP + "call" + SP + "end")
                    + token("tool" + SP + "calls" + SP + "end");
            case "KIMI_K2" -> "<|tool_calls_section_begin|><|tool_call_begin|>functions." + name
                    + ":0<|tool_call_argument_begin|>" + json(args, spaced) + "<|tool_call_end|><|tool_calls_section_end|>";
            case "HARMONY" -> "<|channel|>commentary to=functions." + name + " <|constrain|>json<|message|>"
                    + json(args, spaced) + "<|call|>";
            case "LLAMA_FUNCTION_TAG" -> "<function=" + name + ">" + json(args, spaced) + "</function>";
            case "NEMOTRON" -> "<TOOLCALL>[" + obj + "]</TOOLCALL>";
            case "TOOL_CALLS_TAG" -> "<tool_calls>[" + obj + "]</tool_calls>";
            case "GRANITE" -> "<|tool_call|>[" + obj + "]";
            case "FUNCTOOLS" -> "functools[" + obj + "]";
            case "LONGCAT" -> "<longcat_tool_call>" + obj + "</longcat_tool_call>";
            case "GIGACHAT3" -> "<|function_call|>" + obj;
            case "MINIMAX" -> {
                StringBuilder b = new StringBuilder("<minimax:tool_call>\n<invoke name=\"").append(name).append("\">\n");
                fields(args).forEachRemaining(e -> b.append("<parameter name=\"").append(e.getKey()).append("\">")
                        .append(raw(e.getValue(), spaced)).append("</parameter>\n"));
                yield b.append("</invoke>\n</minimax:tool_call>").toString();
            }
            default -> throw new IllegalArgumentException("no call text for " + format);
        };
    }

    /** The same markup with the call's closing (or, when it has none, its opening) damaged. */
    public static String broken(String format, String call) {
        return switch (format) {
            case "TOOL_CALL_MARKER" -> call.replace("TOOL_CALL\n{", "TOOL_CALL\n{{");
            case "MISTRAL", "GRANITE", "FUNCTOOLS" -> call.substring(0, call.length() - 1) + ")";
            case "GIGACHAT3" -> call.substring(0, call.length() - 1);
            case "LLAMA_PYTHON_TAG" -> call.substring(0, call.length() - 1);
            case "PYTHONIC" -> call.substring(0, call.length() - 1) + "]";
            default -> call.substring(0, call.length() - 2) + "#" + call.charAt(call.length() - 1);
        };
    }

    private static String token(String name) {
        return "<" + BAR + name + BAR + ">";
    }

    private static JsonNode callObject(String name, JsonNode args, String key) {
        com.fasterxml.jackson.databind.node.ObjectNode o = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                .objectNode().put("name", name);
        o.set(key, args);
        return o;
    }

    private static Iterator<Map.Entry<String, JsonNode>> fields(JsonNode args) {
        return args.fields();
    }

    private static String raw(JsonNode v, boolean spaced) {
        return v.isTextual() ? v.textValue() : json(v, spaced);
    }

    /** JSON, compact or spaced like Python's {@code json.dumps}. */
    public static String json(JsonNode v, boolean spaced) {
        if (!spaced) {
            return v.toString();
        }
        if (v.isObject()) {
            StringBuilder b = new StringBuilder("{");
            v.fields().forEachRemaining(e -> {
                if (b.length() > 1) {
                    b.append(", ");
                }
                b.append(com.fasterxml.jackson.databind.node.TextNode.valueOf(e.getKey())).append(": ")
                        .append(json(e.getValue(), true));
            });
            return b.append('}').toString();
        }
        if (v.isArray()) {
            StringBuilder b = new StringBuilder("[");
            v.forEach(e -> {
                if (b.length() > 1) {
                    b.append(", ");
                }
                b.append(json(e, true));
            });
            return b.append(']').toString();
        }
        return v.toString();
    }

    private static String python(JsonNode args, boolean spaced) {
        StringBuilder b = new StringBuilder();
        args.fields().forEachRemaining(e -> {
            if (b.length() > 0) {
                b.append(spaced ? ", " : ",");
            }
            b.append(e.getKey()).append('=').append(pyValue(e.getValue(), spaced));
        });
        return b.toString();
    }

    private static String pyValue(JsonNode v, boolean spaced) {
        if (v.isTextual()) {
            return spaced ? "'" + v.textValue().replace("\\", "\\\\").replace("'", "\\'") + "'" : v.toString();
        }
        if (v.isBoolean()) {
            return v.booleanValue() ? "True" : "False";
        }
        if (v.isNull()) {
            return "None";
        }
        if (v.isObject()) {
            StringBuilder b = new StringBuilder("{");
            v.fields().forEachRemaining(e -> {
                if (b.length() > 1) {
                    b.append(spaced ? ", " : ",");
                }
                b.append(com.fasterxml.jackson.databind.node.TextNode.valueOf(e.getKey())).append(spaced ? ": " : ":")
                        .append(pyValue(e.getValue(), spaced));
            });
            return b.append('}').toString();
        }
        if (v.isArray()) {
            StringBuilder b = new StringBuilder("[");
            v.forEach(e -> {
                if (b.length() > 1) {
                    b.append(spaced ? ", " : ",");
                }
                b.append(pyValue(e, spaced));
            });
            return b.append(']').toString();
        }
        return v.toString();
    }
}
