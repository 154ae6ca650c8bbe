package dev.calltype.runtime.support;

import dev.calltype.runtime.ToolArgumentException;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.internal.scan.ErrorTexts;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.List;

/**
 * The {@link ToolResult}s of generated toolkits: a tool's return value (as text, JSON, or by data binding), a
 * {@code void} tool's confirmation, arguments that do not fit, an unknown tool, and a tool that threw ({@link
 * ResultWriter} writes return values as JSON). Support for generated code, not API.
 */
public final class ResultSupport {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ResultSupport() {
    }

    /** The failure for a call to a tool this toolkit does not have. */
    public static ToolResult unknownTool(ToolCall call, List<String> tools) {
        return ToolResult.failure(call.name(), call.id(), ToolkitSupport.unknownToolProblem(call.name(), tools));
    }

    /** The failure for arguments that do not fit: the problems (at most ten, then a count), then the signature. */
    public static ToolResult invalid(String callId, String tool, String signature, List<String> problems) {
        return ToolResult.failure(tool, callId, ErrorTexts.invalidArguments(tool, problems, signature));
    }

    /** The exception for {@code parse} when arguments do not fit. */
    public static ToolArgumentException invalidCall(ToolCall call, List<String> problems) {
        return new ToolArgumentException(call.name(), problems);
    }

    /**
     * The failure for a tool that threw: its message (bounded, control characters escaped), never a
     * stack trace and never the exception's class name.
     */
    public static ToolResult thrown(String callId, String tool, Throwable e) {
        return ToolResult.thrown(tool, callId, e);
    }

    /** The result of a {@code void} tool: a short confirmation. */
    public static ToolResult done(String callId, String tool) {
        return ToolResult.success(tool, callId, NODES.textNode("Done: " + tool + " completed."));
    }

    /** A {@code String} result, as it is ({@code null} as JSON null). */
    public static ToolResult text(String callId, String tool, String value) {
        return ToolResult.success(tool, callId, value == null ? NullNode.instance : NODES.textNode(value));
    }

    /** A result already written as JSON ({@code null} as JSON null). */
    public static ToolResult json(String callId, String tool, JsonNode value) {
        return ToolResult.success(tool, callId, value == null ? NullNode.instance : value);
    }

    /**
     * A result of a type the processor cannot see into, written by Jackson data binding (with the
     * modules found on the class path); when that fails, its {@code toString()}.
     */
    public static ToolResult bound(String callId, String tool, Object value) {
        if (value == null) {
            return ToolResult.success(tool, callId, NullNode.instance);
        }
        JsonNode node;
        try {
            node = Binding.MAPPER.valueToTree(value);
        } catch (IllegalArgumentException e) {
            node = NODES.textNode(String.valueOf(value));
        }
        return ToolResult.success(tool, callId, node == null ? NullNode.instance : node);
    }

    // ------------------------------------------------------------------ helpers

    /**
     * The data-binding mapper of {@link #bound}, with the modules found on the class path: created
     * the first time a tool returns a type the processor cannot see into, since looking for modules
     * takes long.
     */
    private static final class Binding {
        static final ObjectMapper MAPPER = bindingMapper();

        private static ObjectMapper bindingMapper() {
            ObjectMapper m = new ObjectMapper();
            try {
                m.findAndRegisterModules();
            } catch (RuntimeException | java.util.ServiceConfigurationError e) {
                // a broken module on the class path: plain data binding still works
            }
            return m;
        }
    }
}
