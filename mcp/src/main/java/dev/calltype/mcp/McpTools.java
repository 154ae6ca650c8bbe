package dev.calltype.mcp;

import dev.calltype.runtime.SchemaDialect;
import dev.calltype.runtime.TerminalText;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.ToolSpec;
import dev.calltype.runtime.Toolkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Translations between Calltype's tool types and the MCP SDK's: listings, arguments and results. */
final class McpTools {

    /** The JSON the SDK reads and writes with; plain Jackson defaults. */
    static final ObjectMapper JSON = new ObjectMapper();
    static final McpJsonMapper MAPPER = new ProtocolJson(new JacksonMcpJsonMapper(JSON));

    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private McpTools() {
    }

    // ---------------------------------------------------------------------------------------------
    // serving: toolkit -> MCP

    /**
     * The toolkit's tools as MCP {@code tools/list} entries: name, description and input schema from the
     * toolkit's own {@link SchemaDialect#MCP} text, annotations from what the toolkit knows of each tool.
     */
    static List<McpSchema.Tool> listing(Toolkit toolkit) {
        JsonNode rendered;
        try {
            rendered = JSON.readTree(toolkit.schemaJson(SchemaDialect.MCP));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the toolkit's MCP schema text is not JSON: " + e.getOriginalMessage());
        }
        Map<String, ToolSpec> specs = new LinkedHashMap<>();
        for (ToolSpec spec : toolkit.tools()) {
            specs.put(spec.name(), spec);
        }
        List<McpSchema.Tool> tools = new ArrayList<>();
        for (JsonNode entry : rendered.path("tools")) {
            String name = entry.path("name").asText();
            ToolSpec spec = specs.get(name);
            McpSchema.Tool.Builder tool = McpSchema.Tool.builder()
                    .name(name)
                    .inputSchema(JSON.convertValue(entry.path("inputSchema"), MAP));
            if (entry.hasNonNull("description")) {
                tool.description(entry.get("description").asText());
            }
            ObjectNode output = spec == null ? null : outputSchema(spec);
            if (output != null) {
                tool.outputSchema(JSON.convertValue(output, MAP));
            }
            if (spec != null) {
                tool.annotations(annotations(spec));
            }
            tools.add(tool.build());
        }
        return tools;
    }

    /**
     * What a host is told about a tool's effects: a tool that only reads ({@link ToolSpec#readOnly()}) is
     * {@code readOnlyHint}; any other is {@code destructiveHint} exactly when it needs a person's approval
     * ({@link ToolSpec#confirm()}), so that a host (and {@link McpToolkit}) asks before the calls a local
     * {@code ToolLoop} would ask about, and only those. Without the explicit {@code false}, MCP's defaults would
     * make every tool that writes destructive.
     */
    static McpSchema.ToolAnnotations annotations(ToolSpec spec) {
        if (spec.readOnly()) {
            return new McpSchema.ToolAnnotations(null, true, null, null, null, null);
        }
        return new McpSchema.ToolAnnotations(null, false, spec.confirm(), null, null, null);
    }

    /**
     * The {@code outputSchema} a host is given for a tool: its {@link ToolSpec#outputSchema()} when that describes
     * an object (a record), as MCP asks of an output schema; {@code null} otherwise (a tool returning text, a list
     * or a number has none, and its result is sent as text only). A schema that also allows {@code null} at the top
     * is narrowed to the object, since {@code structuredContent} is always an object.
     */
    static ObjectNode outputSchema(ToolSpec spec) {
        ObjectNode schema = spec.outputSchema().orElse(null);
        if (schema == null) {
            return null;
        }
        JsonNode type = schema.path("type");
        if (type.isTextual()) {
            return "object".equals(type.asText()) ? schema : null;
        }
        if (type.isArray()) {
            boolean object = false;
            for (JsonNode t : type) {
                if (!"object".equals(t.asText()) && !"null".equals(t.asText())) {
                    return null;
                }
                object |= "object".equals(t.asText());
            }
            if (object) {
                ObjectNode narrowed = schema.deepCopy();
                narrowed.put("type", "object");
                return narrowed;
            }
        }
        return null;
    }

    /** A {@code tools/call} request's arguments as the object a toolkit dispatches; {@code {}} when absent. */
    static ObjectNode arguments(Map<String, Object> arguments) {
        if (arguments == null) {
            return JsonNodeFactory.instance.objectNode();
        }
        return JSON.valueToTree(arguments);
    }

    /**
     * A toolkit's result as a {@code tools/call} result: its text as the one text content, {@code isError} for a
     * failure, and an object value also as {@code structuredContent}.
     *
     * @param structured whether the tool was listed with an {@code outputSchema}: its successful results must then
     *     be objects, and one that is not (a tool that returned {@code null}) is sent as a failure saying so
     */
    static McpSchema.CallToolResult result(ToolResult result, boolean structured) {
        if (structured && !result.isError() && !result.value().isObject()) {
            result = ToolResult.failure(result.toolName(), result.callId(), result.toolName()
                    + " returned no result object, which its output schema requires");
        }
        McpSchema.CallToolResult.Builder out = McpSchema.CallToolResult.builder()
                .addTextContent(result.content())
                .isError(result.isError());
        if (!result.isError() && result.value().isObject()) {
            out.structuredContent(JSON.convertValue(result.value(), MAP));
        }
        return out.build();
    }

    /** A failed {@code tools/call} result: {@code Tool NAME failed: WHY}, as a toolkit words a failure. */
    static McpSchema.CallToolResult failure(String tool, String why) {
        return McpSchema.CallToolResult.builder()
                .addTextContent("Tool " + tool + " failed" + (why == null ? "." : ": " + why))
                .isError(true)
                .build();
    }

    /**
     * {@code result} when its JSON takes at most {@code maxBytes}; otherwise a failure saying so (counted as it is
     * written, never held: a result too large to send is never copied whole).
     */
    static McpSchema.CallToolResult bounded(String tool, McpSchema.CallToolResult result, int maxBytes) {
        CountingSink sink = new CountingSink(maxBytes);
        try {
            JSON.writeValue(sink, result);
            return result;
        } catch (java.io.IOException e) {
            if (!sink.over()) {
                return failure(tool, "its result cannot be written as JSON");
            }
            return failure(tool, "its result is larger than the " + maxBytes
                    + " bytes one message may hold; ask for less (a smaller range, a filter, a page)");
        }
    }

    /** An output stream that counts and fails once past its limit. */
    private static final class CountingSink extends java.io.OutputStream {
        private final long limit;
        private long count;

        CountingSink(long limit) {
            this.limit = limit;
        }

        boolean over() {
            return count > limit;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            add(1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            add(len);
        }

        private void add(long n) throws java.io.IOException {
            count += n;
            if (count > limit) {
                throw new java.io.IOException("over the limit");
            }
        }
    }

    /**
     * Text from a peer as a message or log shows it: at most {@code max} characters of it (then {@code …}), on one
     * line with control characters shown as escapes ({@link TerminalText#line}, the routine every terminal-bound
     * text goes through).
     */
    static String shown(String text, int max) {
        return text.length() > max ? TerminalText.line(text.substring(0, max)) + "…" : TerminalText.line(text);
    }

    /** A duration as messages show it: {@code 5 s}, or {@code 250 ms}. */
    static String seconds(java.time.Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }

    // ---------------------------------------------------------------------------------------------
    // using: MCP -> toolkit

    /** SDK tool entries as an MCP {@code tools/list} result text, which the runtime reads into tool specs. */
    static String listingJson(List<McpSchema.Tool> tools) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode list = root.putArray("tools");
        for (McpSchema.Tool tool : tools) {
            ObjectNode entry = list.addObject();
            entry.put("name", tool.name());
            if (tool.description() != null) {
                entry.put("description", tool.description());
            }
            if (tool.inputSchema() != null) {
                entry.set("inputSchema", JSON.valueToTree(tool.inputSchema()));
            }
            if (tool.outputSchema() != null) {
                entry.set("outputSchema", JSON.valueToTree(tool.outputSchema()));
            }
            if (tool.annotations() != null && tool.annotations().readOnlyHint() != null) {
                // the runtime reads a server's readOnlyHint: such calls may run concurrently in a ToolLoop
                entry.putObject("annotations").put("readOnlyHint", tool.annotations().readOnlyHint());
            }
            // destructiveHint is read by McpToolkit itself (whether a call needs approval), from the SDK's entry
        }
        return root.toString();
    }

    /**
     * Whether a server's tool is destructive as MCP's defaults read its hints: a tool not marked
     * {@code readOnlyHint: true} is, unless it is marked {@code destructiveHint: false}. Hints from the server are
     * all there is to go on; a server can mark any tool as it likes.
     */
    static boolean destructive(McpSchema.Tool tool) {
        McpSchema.ToolAnnotations hints = tool.annotations();
        if (hints == null) {
            return true;
        }
        if (Boolean.TRUE.equals(hints.readOnlyHint())) {
            return false;
        }
        return !Boolean.FALSE.equals(hints.destructiveHint());
    }

    /** {@code spec} with {@link ToolSpec#confirm()} set as given. */
    static ToolSpec confirmed(ToolSpec spec, boolean confirm) {
        return spec.confirm() == confirm ? spec : new ToolSpec(spec.name(), spec.description(), spec.parameters(),
                spec.parameterOrder(), confirm, spec.readOnly(), spec.outputSchema());
    }

    /** Checked arguments as the SDK sends them. */
    static Map<String, Object> toMap(ObjectNode arguments) {
        return JSON.convertValue(arguments, MAP);
    }

    /**
     * A successful remote result's value: its {@code structuredContent} when it has one, otherwise its content as
     * text (text parts joined by line breaks; other kinds of content named, not inlined).
     */
    static JsonNode value(McpSchema.CallToolResult result) {
        if (result.structuredContent() != null) {
            return JSON.valueToTree(result.structuredContent());
        }
        return JsonNodeFactory.instance.textNode(text(result));
    }

    /** How many bytes base64 text decodes to. */
    private static long decodedLength(String base64) {
        if (base64 == null) {
            return 0;
        }
        String b = base64.strip();
        int padding = b.endsWith("==") ? 2 : b.endsWith("=") ? 1 : 0;
        return Math.max(0, (long) b.length() / 4 * 3 - padding);
    }

    /** A remote result's content as text. */
    static String text(McpSchema.CallToolResult result) {
        StringBuilder out = new StringBuilder();
        List<McpSchema.Content> content = result.content() == null ? List.of() : result.content();
        for (McpSchema.Content part : content) {
            if (out.length() > 0) {
                out.append('\n');
            }
            if (part instanceof McpSchema.TextContent text) {
                out.append(text.text());
            } else if (part instanceof McpSchema.EmbeddedResource embedded
                    && embedded.resource() instanceof McpSchema.TextResourceContents resource) {
                out.append(resource.text());
            } else if (part instanceof McpSchema.EmbeddedResource embedded
                    && embedded.resource() instanceof McpSchema.BlobResourceContents blob) {
                out.append("[resource ").append(blob.uri());
                if (blob.mimeType() != null) {
                    out.append(' ').append(blob.mimeType());
                }
                out.append(", ").append(decodedLength(blob.blob())).append(" bytes not shown]");
            } else if (part instanceof McpSchema.ImageContent image) {
                out.append("[image ").append(image.mimeType()).append(']');
            } else if (part instanceof McpSchema.AudioContent audio) {
                out.append("[audio ").append(audio.mimeType()).append(']');
            } else if (part instanceof McpSchema.ResourceLink link) {
                out.append("[resource ").append(link.uri()).append(']');
            } else {
                out.append("[").append(part.type()).append(" content]");
            }
        }
        return out.toString();
    }
}
