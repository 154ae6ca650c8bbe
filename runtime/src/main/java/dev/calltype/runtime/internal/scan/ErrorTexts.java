package dev.calltype.runtime.internal.scan;

import dev.calltype.runtime.ExtractionError;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.args.KnownTools;
import dev.calltype.runtime.internal.args.Names;
import dev.calltype.runtime.internal.args.SchemaArguments;
import dev.calltype.runtime.internal.json.JsonRead;
import dev.calltype.runtime.internal.chars.Chars;
import dev.calltype.runtime.internal.args.JsonCoercion;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every message the extractor writes: error messages (for a person and for the model that wrote the call) and the
 * correction prompt that shows the model the expected format with a worked example.
 */
public final class ErrorTexts {

    /** The most characters of offending text an error carries. */
    public static final int SNIPPET_CHARS = 120;

    private ErrorTexts() {
    }

    /**
     * A whole message as an error carries it: control characters escaped (the last guard, for text a reader's
     * problem description quoted), on one line.
     */
    public static String clean(String message) {
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || Character.isSurrogate(c)) {
                return Chars.snippet(message, 0, message.length(), Integer.MAX_VALUE);
            }
        }
        return message;
    }

    public static String truncated(String name) {
        return (name == null ? "The tool call" : "The call to " + Chars.quoted(name))
                + " was cut off: the response ended before it was complete, so it was not run. "
                + "Send the complete call again.";
    }

    public static String truncatedBlock() {
        return "The response ended right after the start of a tool call, before the call itself. "
                + "Send the complete call again.";
    }

    public static String malformed(String name, String problem) {
        return (name == null ? "The tool call" : "The call to " + Chars.quoted(name))
                + " is not valid JSON, even read leniently: " + problem + ".";
    }

    public static String malformedArguments(String name, JsonRead inner) {
        String why = inner.problem() != null ? inner.problem()
                : inner.isComplete() && !inner.value().isObject() ? "it holds " + JsonCoercion.describe(inner.value())
                : "it is not one complete JSON object";
        return "The arguments of " + Chars.quoted(name) + " were given as a string that is not a JSON object: " + why
                + ". Give the arguments as a JSON object.";
    }

    public static String unknownTool(String raw, KnownTools tools) {
        return unknownTool(raw, tools.names(), tools.suggestion(raw));
    }

    /** {@link #unknownTool(String, List, String)} for a toolkit over {@code tools}, with its "did you mean". */
    public static String unknownTool(String raw, List<ToolSpec> tools) {
        List<String> names = new ArrayList<>(tools.size());
        for (ToolSpec tool : tools) {
            names.add(tool.name());
        }
        return unknownTool(raw, names, Names.closest(raw, names));
    }

    /**
     * The one wording of a call to a tool that is not there, whoever reports it (extraction, a
     * generated dispatcher, a dynamic or combined toolkit).
     *
     * @param suggestion the tool the name was probably meant to be, or {@code null}
     */
    public static String unknownTool(String raw, List<String> names, String suggestion) {
        StringBuilder b = new StringBuilder("There is no tool named ").append(Chars.quoted(raw)).append('.');
        if (suggestion != null) {
            b.append(" Did you mean \"").append(suggestion).append("\"?");
        }
        if (names.isEmpty()) {
            return b.append(" No tools are available.").toString();
        }
        return b.append(" Available tools: ").append(String.join(", ", names)).append('.').toString();
    }

    /**
     * The one wording of a call whose arguments do not fit, whoever reports it: the problems (at most
     * {@link #LISTED_PROBLEMS}, then how many more), the signature, and what to do.
     */
    public static String invalidArguments(String tool, List<String> problems, String signature) {
        StringBuilder b = new StringBuilder("Invalid arguments for ").append(tool).append(':');
        problems(b, problems);
        return b.append("\nSignature: ").append(signature)
                .append("\nFix the arguments and call ").append(tool).append(" again.").toString();
    }

    public static String invalid(String detail) {
        String d = detail.isEmpty() ? detail : Character.toUpperCase(detail.charAt(0)) + detail.substring(1);
        return d.endsWith(".") ? d : d + ".";
    }

    /** A call found in a reasoning block that was never closed, not run ({@code CALL_IN_REASONING}). */
    public static String inReasoning(String name) {
        return "the call to " + Chars.quoted(name) + " was written inside a reasoning block that was never closed, so it"
                + " was not run; close the reasoning (for example with </think>) before calling a tool";
    }

    public static String limit(String detail) {
        return "The tool call is too large to read: " + (detail.endsWith(".") ? detail : detail + ".");
    }

    /** The error kind of a JSON read that failed: the text ended, a limit was passed, or it is not JSON. */
    public static ExtractionError.Kind kind(JsonRead failed) {
        return switch (failed.status()) {
            case TRUNCATED -> ExtractionError.Kind.TRUNCATED;
            case LIMIT_EXCEEDED -> ExtractionError.Kind.LIMIT_EXCEEDED;
            default -> ExtractionError.Kind.MALFORMED_JSON;
        };
    }

    /** The message for a JSON read of the call to {@code name} ({@code null}: not known) that failed, by its kind. */
    public static String failedRead(String name, JsonRead failed) {
        return switch (failed.status()) {
            case TRUNCATED -> truncated(name);
            case LIMIT_EXCEEDED -> limit(failed.problem());
            default -> malformed(name, failed.problem());
        };
    }

    public static String tooManyPositional(ToolSpec spec, int given) {
        int takes = spec.parameterOrder().size();
        return "\"" + spec.name() + "\" takes " + (takes == 0 ? "no" : String.valueOf(takes)) + " positional argument"
                + (takes == 1 ? "" : "s") + " but " + given + (given == 1 ? " was" : " were") + " given; its signature is "
                + signature(spec) + ".";
    }

    public static String signature(ToolSpec spec) {
        return spec.name() + "(" + String.join(", ", spec.parameterOrder()) + ")";
    }

    // ------------------------------------------------------------------ correction prompt

    /** The most argument problems a failure lists one by one, so that its size is bounded whatever the call. */
    public static final int LISTED_PROBLEMS = 10;

    /** Appends the problems as {@code "\n- problem"} lines: at most {@link #LISTED_PROBLEMS}, then how many more. */
    public static void problems(StringBuilder out, List<String> problems) {
        int listed = Math.min(problems.size(), LISTED_PROBLEMS);
        for (int i = 0; i < listed; i++) {
            out.append("\n- ").append(problems.get(i));
        }
        if (problems.size() > listed) {
            out.append("\n- and ").append(problems.size() - listed).append(" more problems like these");
        }
    }

    /** The most errors a correction prompt lists one by one, so that its size is bounded whatever the response. */
    public static final int PROMPT_ERRORS = 10;

    /**
     * The message for the model: what was wrong with each failed call, the expected format with a worked example
     * (in the format the model attempted when there is an example for it), and the available tools.
     */
    public static String correctionPrompt(List<ExtractionError> errors, List<WireFormat> formats, Config cfg) {
        StringBuilder b = new StringBuilder();
        b.append(errors.size() == 1 ? "A tool call in your last response could not be used"
                : errors.size() + " tool calls in your last response could not be used")
                .append(", so ").append(errors.size() == 1 ? "it was" : "they were").append(" not run:\n");
        int listed = Math.min(errors.size(), PROMPT_ERRORS);
        for (int i = 0; i < listed; i++) {
            ExtractionError e = errors.get(i);
            b.append(i + 1).append(". ").append(e.message());
            if (!e.snippet().isEmpty()) {
                b.append(" Your text: `").append(e.snippet().replace('`', '\'')).append('`');
            }
            b.append('\n');
        }
        if (errors.size() > listed) {
            b.append("(and ").append(errors.size() - listed).append(" more like these)\n");
        }
        WireFormat format = null;
        for (WireFormat f : formats) {
            if (f != null) {
                format = f;
                break;
            }
        }
        ToolSpec tool = null;
        for (ExtractionError e : errors) {
            KnownTools.Found f = e.toolName() == null ? null : cfg.tools.find(e.toolName());
            if (f != null) {
                tool = f.spec();
                break;
            }
        }
        if (tool == null && !cfg.tools.isEmpty()) {
            tool = cfg.tools.specs().get(0);
        }
        String name = tool == null ? "tool_name" : tool.name();
        ObjectNode args = tool == null ? exampleGeneric() : exampleArguments(tool);
        if (format == WireFormat.NATIVE) {
            b.append("\nCall the tool again with its arguments as one complete JSON object, for example ")
                    .append(name).append(" with the arguments ").append(args).append('\n');
        } else {
            b.append("\nWrite each tool call exactly like this, with valid JSON and every bracket closed:\n")
                    .append(example(format, name, args, cfg)).append('\n');
        }
        if (!cfg.tools.isEmpty()) {
            b.append("\nAvailable tools: ").append(String.join(", ", cfg.tools.names())).append('.');
        }
        return b.toString();
    }

    private static ObjectNode exampleGeneric() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("key", "value");
        return o;
    }

    /** Example arguments for a tool: its required parameters (or its first two) with values of their types. */
    public static ObjectNode exampleArguments(ToolSpec tool) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        JsonNode props = tool.parameters().path("properties");
        List<String> names = new ArrayList<>();
        for (JsonNode r : tool.parameters().path("required")) {
            if (r.isTextual() && props.has(r.textValue())) {
                names.add(r.textValue());
            }
        }
        if (names.isEmpty()) {
            for (Iterator<String> it = props.fieldNames(); it.hasNext() && names.size() < 2; ) {
                names.add(it.next());
            }
        }
        for (String n : names) {
            JsonNode p = props.path(n);
            JsonNode en = p.path("enum");
            if (en.isArray() && !en.isEmpty()) {
                o.set(n, en.get(0));
                continue;
            }
            String type = p.path("type").isTextual() ? p.path("type").textValue()
                    : p.path("type").isArray() && !p.path("type").isEmpty() ? p.path("type").get(0).asText() : "string";
            switch (type) {
                case "integer" -> o.put(n, 1);
                case "number" -> o.put(n, 1.5);
                case "boolean" -> o.put(n, true);
                case "array" -> o.putArray(n);
                case "object" -> o.putObject(n);
                default -> o.put(n, "...");
            }
        }
        return o;
    }

    private static String example(WireFormat format, String name, ObjectNode args, Config cfg) {
        ObjectNode call = JsonNodeFactory.instance.objectNode();
        call.put("name", name);
        call.set("arguments", args);
        String json = call.toString();
        if (format == null) {
            return "<tool_call>" + json + "</tool_call>";
        }
        switch (format) {
            case TOOL_CALL_MARKER:
                return cfg.marker + " " + json;
            case BRACKET_TAGS:
                return cfg.tags.get(0).open() + json + cfg.tags.get(0).close();
            case JSON_FENCE:
                return "```json\n" + json + "\n```";
            case EMBEDDED_JSON:
                return json;
            case MISTRAL:
                return "[TOOL_CALLS][" + json + "]";
            case LLAMA_PYTHON_TAG:
                return "<|python_tag|>{\"name\": " + JsonNodeFactory.instance.textNode(name) + ", \"parameters\": "
                        + args + "}";
            case LLAMA_FUNCTION_TAG:
                return "<function=" + name + ">" + args + "</function>";
            case QWEN3_CODER:
                return "<tool_call>\n<function=" + name + ">\n" + rawArguments(args, "<parameter=", ">\n",
                        "\n</parameter>\n") + "</function>\n</tool_call>";
            case GLM:
                return "<tool_call>" + name + "\n" + rawArguments(args, "<arg_key>", "</arg_key>\n<arg_value>",
                        "</arg_value>\n") + "</tool_call>";
            case MINIMAX:
                return "<minimax:tool_call>\n<invoke name=\"" + name + "\">\n" + rawArguments(args,
                        "<parameter name=\"", "\">", "</parameter>\n") + "</invoke>\n</minimax:tool_call>";
            case PYTHONIC: {
                StringBuilder b = new StringBuilder(name).append('(');
                boolean first = true;
                for (Iterator<Map.Entry<String, JsonNode>> it = args.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    b.append(first ? "" : ", ").append(e.getKey()).append('=').append(python(e.getValue()));
                    first = false;
                }
                return b.append(')').toString();
            }
            default:
                return "<tool_call>" + json + "</tool_call>";
        }
    }

    /** Each argument as {@code open KEY middle VALUE close}, the value raw (a string's text, else JSON). */
    private static String rawArguments(ObjectNode args, String open, String middle, String close) {
        StringBuilder b = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = args.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            b.append(open).append(e.getKey()).append(middle).append(raw(e.getValue())).append(close);
        }
        return b.toString();
    }

    private static String raw(JsonNode v) {
        return v.isTextual() ? v.textValue() : v.toString();
    }

    private static String python(JsonNode v) {
        if (v.isBoolean()) {
            return v.booleanValue() ? "True" : "False";
        }
        if (v.isNull()) {
            return "None";
        }
        return v.toString();
    }

    /** The most characters of a thrown exception's message that go back to the model. */
    public static final int MAX_FAILURE_MESSAGE = 500;

    /**
     * What the model may be told of an exception: its message, at most {@value #MAX_FAILURE_MESSAGE}
     * characters with control characters escaped (line breaks kept); {@code null} when it has no
     * message. Never its class name (a host application's internals) nor its stack trace.
     */
    public static String failureMessage(Throwable e) {
        String message = e == null ? null : e.getMessage();
        return message == null || message.isBlank() ? null : bounded(message.strip(), MAX_FAILURE_MESSAGE, true);
    }

    /**
     * {@code s} for a message: at most {@code max} characters (an ellipsis when cut, never inside a
     * surrogate pair), control characters as backslash-u escapes (line breaks kept when {@code lineBreaks}),
     * lone surrogates as U+FFFD.
     */
    public static String bounded(String s, int max, boolean lineBreaks) {
        StringBuilder out = new StringBuilder(Math.min(s.length(), max) + 8);
        int i = 0;
        for (; i < s.length() && out.length() < max; i++) {
            char c = s.charAt(i);
            if ((c < 0x20 && !(lineBreaks && c == '\n')) || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                out.append(c).append(s.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                out.append('\uFFFD');
            } else {
                out.append(c);
            }
        }
        return i < s.length() ? out.append('…').toString() : out.toString();
    }

    /**
     * The one wording of a tool that threw, whoever reports it (a generated dispatcher, a dynamic or combined
     * toolkit, the tool loop, an MCP server): {@code Tool NAME failed: MESSAGE}, the message bounded with control
     * characters escaped, never a stack trace or the exception's class name; {@code Tool NAME failed.} when it has
     * none ({@code e} may be {@code null}).
     */
    public static String toolFailed(String toolName, Throwable e) {
        String message = failureMessage(e);
        return message == null ? toolFailedPrefix(toolName) + "." : toolFailedPrefix(toolName) + ": " + message;
    }

    /** The failure message for a tool whose handler returned {@code null} instead of a result. */
    public static String toolReturnedNothing(String toolName) {
        return toolFailedPrefix(toolName) + ": it returned no result";
    }

    private static String toolFailedPrefix(String toolName) {
        return "Tool " + SchemaArguments.displayName(toolName == null ? "" : toolName) + " failed";
    }
}
