package dev.calltype.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Map;

/**
 * JSON-RPC 2.0 as MCP carries it: one message read from its bytes, with every way it can be wrong (not JSON, a
 * batch, not JSON-RPC, parameters that are not an object) answered by an error object instead of an exception.
 */
final class JsonRpc {

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;
    /** Server-defined: the server cannot take the request now (too many bytes in flight, too many sessions). */
    static final int SERVER_BUSY = -32000;

    private JsonRpc() {
    }

    /** One message read off a transport: a {@link Message} for the session, or the {@link Refusal} that answers it. */
    sealed interface Read permits Message, Refusal {
    }

    /**
     * A well-formed JSON-RPC message.
     *
     * @param message the SDK's form of it
     * @param key the request's id as JSON text ({@code 7}, {@code "a"}); {@code null} for a notification or response
     */
    record Message(McpSchema.JSONRPCMessage message, String key) implements Read {

        /** The method of a request or notification; {@code null} for a response. */
        String method() {
            if (message instanceof McpSchema.JSONRPCRequest request) {
                return request.method();
            }
            return message instanceof McpSchema.JSONRPCNotification notification ? notification.method() : null;
        }

        /** The request's {@code params} as read ({@code null} when absent or not a request). */
        @SuppressWarnings("unchecked")
        Map<String, Object> params() {
            Object params = message instanceof McpSchema.JSONRPCRequest request ? request.params()
                    : message instanceof McpSchema.JSONRPCNotification notification ? notification.params() : null;
            return params instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
        }
    }

    /**
     * A message that cannot be taken, and why.
     *
     * @param id the id to answer with ({@code null} when the message had none that can be read)
     * @param code the JSON-RPC error code
     * @param reason the error message, naming what is wrong and never a Java type
     * @param answered whether an answer is due: a notification's bad parameters get none, as JSON-RPC asks
     */
    record Refusal(JsonNode id, int code, String reason, boolean answered) implements Read {

        /** The error object, {@code "id": null} when the id could not be read. */
        ObjectNode toJson() {
            return error(id, code, reason);
        }

        /** The request's id as JSON text, as {@link Message#key()}; {@code null} without one. */
        String key() {
            return id == null || id.isNull() ? null : id.toString();
        }
    }

    /** A JSON-RPC error object answering {@code id} ({@code null} for none). */
    static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("jsonrpc", "2.0");
        out.set("id", id == null ? JsonNodeFactory.instance.nullNode() : id);
        ObjectNode error = out.putObject("error");
        error.put("code", code);
        error.put("message", message);
        return out;
    }

    /** A JSON-RPC error object answering the request with key {@code key} (a {@link Message#key()}). */
    static ObjectNode error(String key, int code, String message) {
        JsonNode id = null;
        if (key != null) {
            try {
                id = McpTools.JSON.readTree(key);
            } catch (IOException e) {
                id = null; // a key is always an id's JSON text
            }
        }
        return error(id, code, message);
    }

    /** A request id (as the SDK holds it: a string or a number) as JSON text, the key requests are found by. */
    static String key(Object id) {
        return id == null ? null : McpTools.JSON.valueToTree(id).toString();
    }

    /** Reads the message in {@code bytes[0, length)}. */
    static Read read(byte[] bytes, int length) {
        JsonNode node;
        try {
            node = McpTools.JSON.readTree(bytes, 0, length);
        } catch (IOException e) {
            return new Refusal(null, PARSE_ERROR, "parse error: " + ProtocolJson.describe(e), true);
        }
        if (node == null || node.isMissingNode()) {
            return new Refusal(null, PARSE_ERROR, "parse error: an empty message (each message is one JSON-RPC object)",
                    true);
        }
        if (node.isArray()) {
            return new Refusal(null, INVALID_REQUEST,
                    "invalid request: JSON-RPC batches are not supported by MCP; send one message at a time", true);
        }
        return read(node);
    }

    private static Read read(JsonNode node) {
        if (!node.isObject()) {
            return new Refusal(null, INVALID_REQUEST, "invalid request: a JSON-RPC message is a JSON object", true);
        }
        JsonNode id = node.get("id");
        boolean idReadable = id != null && (id.isTextual() || id.isIntegralNumber());
        JsonNode answerId = idReadable ? id : null;
        if (!"2.0".equals(node.path("jsonrpc").textValue())) {
            return new Refusal(answerId, INVALID_REQUEST, "invalid request: \"jsonrpc\" must be \"2.0\"", true);
        }
        JsonNode method = node.get("method");
        if (method == null) {
            if (idReadable && (node.has("result") || node.has("error"))) {
                Object result = node.has("result") ? McpTools.JSON.convertValue(node.get("result"), Object.class) : null;
                McpSchema.JSONRPCResponse.JSONRPCError error = node.path("error").isObject()
                        ? new McpSchema.JSONRPCResponse.JSONRPCError(node.path("error").path("code").asInt(),
                                node.path("error").path("message").asText())
                        : null;
                return new Message(new McpSchema.JSONRPCResponse("2.0", idValue(id), result, error), null);
            }
            return new Refusal(answerId, INVALID_REQUEST,
                    "invalid request: neither a request, a notification nor a response", true);
        }
        if (!method.isTextual()) {
            return new Refusal(answerId, INVALID_REQUEST, "invalid request: \"method\" must be a string", true);
        }
        if (id != null && !idReadable) {
            return new Refusal(null, INVALID_REQUEST, "invalid request: \"id\" must be a string or an integer", true);
        }
        JsonNode params = node.get("params");
        String wrong = wrongParams(method.textValue(), params);
        if (wrong != null) {
            return new Refusal(answerId, INVALID_PARAMS, "invalid params: " + wrong, idReadable);
        }
        Object paramsValue = params == null || params.isNull() ? null : McpTools.JSON.convertValue(params, Object.class);
        if (!idReadable) {
            return new Message(new McpSchema.JSONRPCNotification("2.0", method.textValue(), paramsValue), null);
        }
        return new Message(new McpSchema.JSONRPCRequest("2.0", method.textValue(), idValue(id), paramsValue),
                id.toString());
    }

    /** What is wrong with a request's {@code params}, or {@code null}: MCP's params are always objects. */
    private static String wrongParams(String method, JsonNode params) {
        if (params == null || params.isNull()) {
            return "tools/call".equals(method) ? "tools/call needs params with the tool's \"name\"" : null;
        }
        if (!params.isObject()) {
            return "\"params\" must be an object";
        }
        if ("tools/call".equals(method)) {
            if (!params.path("name").isTextual()) {
                return "\"name\" must be the tool's name, a string";
            }
            JsonNode arguments = params.get("arguments");
            if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
                return "the value of \"arguments\" does not have the type the method takes (an object)";
            }
        }
        return null;
    }

    private static Object idValue(JsonNode id) {
        return id.isTextual() ? id.textValue() : id.numberValue();
    }
}
