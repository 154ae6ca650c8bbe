package dev.calltype.mcp;

import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.agent.ToolLoop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * MCP's stateless revision (2026-07-28) as this server speaks it, beside the 2025-11-25 session path: a request
 * whose {@code params._meta} names a protocol version ({@value #VERSION_KEY}) is answered on its own, with no
 * {@code initialize} and nothing kept after the answer. It serves {@code server/discover}, {@code tools/list}
 * (cacheable: {@code ttlMs}, {@code cacheScope}) and {@code tools/call}; every result carries
 * {@code resultType: "complete"} and the server's identity in {@code _meta}. A version this server does not speak
 * is refused with {@value #UNSUPPORTED_VERSION} naming the versions it does; on HTTP the
 * {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name} headers must agree with the body
 * ({@value #HEADER_MISMATCH} otherwise).
 */
final class Stateless {

    /** The stateless revision. */
    static final String REVISION = "2026-07-28";
    static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    static final String CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
    static final String CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";
    static final String SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";
    /** Every revision this server speaks, the stateless one first. */
    static final List<String> VERSIONS = List.of(REVISION, ProtocolVersions.MCP_2025_11_25,
            ProtocolVersions.MCP_2025_06_18, ProtocolVersions.MCP_2025_03_26);
    static final int UNSUPPORTED_VERSION = -32022;
    static final int HEADER_MISMATCH = -32020;
    static final int METHOD_NOT_FOUND = -32601;
    /** The methods whose {@code params} field the {@code Mcp-Name} header mirrors. */
    private static final Map<String, String> NAMED = Map.of("tools/call", "name", "prompts/get", "name",
            "resources/read", "uri");
    private static final String BASE64_OPEN = "=?base64?";
    private static final String BASE64_CLOSE = "?=";

    private final Toolkit toolkit;
    private final ToolLoop.Approver approver;
    private final ObjectNode serverInfo;
    private final String instructions;
    private final Duration listTtl;
    private final String cacheScope;
    private final ArrayNode tools;
    private final Set<String> structured;

    Stateless(Toolkit toolkit, ToolLoop.Approver approver, List<McpSchema.Tool> listing, String name, String version,
            String instructions, Duration listTtl, boolean privateLists) {
        this.toolkit = toolkit;
        this.approver = approver;
        this.serverInfo = JsonNodeFactory.instance.objectNode().put("name", name).put("version", version);
        this.instructions = instructions;
        this.listTtl = listTtl;
        this.cacheScope = privateLists ? "private" : "public";
        this.tools = JsonNodeFactory.instance.arrayNode();
        java.util.Set<String> withSchema = new java.util.HashSet<>();
        for (McpSchema.Tool tool : listing) {
            ObjectNode entry = McpTools.JSON.valueToTree(tool);
            entry.remove("execution"); // not in the stateless revision's tool
            tools.add(entry);
            if (tool.outputSchema() != null) {
                withSchema.add(tool.name());
            }
        }
        this.structured = Set.copyOf(withSchema);
    }

    /** Whether a request's {@code params} claim the stateless revision: its {@code _meta} names a version. */
    static boolean claims(Map<String, Object> params) {
        return params != null && params.get("_meta") instanceof Map<?, ?> meta && meta.containsKey(VERSION_KEY);
    }

    /**
     * Why a claiming request's envelope cannot be served, as the error object to answer it with; {@code null} when
     * it is sound and names the stateless revision.
     */
    static ObjectNode envelopeRefusal(String key, Map<String, Object> params) {
        Map<?, ?> meta = (Map<?, ?>) params.get("_meta");
        Object version = meta.get(VERSION_KEY);
        if (!(version instanceof String named)) {
            return JsonRpc.error(key, JsonRpc.INVALID_PARAMS, "invalid params: _meta \"" + VERSION_KEY
                    + "\" must be a protocol version string");
        }
        if (!REVISION.equals(named)) {
            return unsupported(key, named);
        }
        if (!(meta.get(CAPABILITIES_KEY) instanceof Map<?, ?>)) {
            return JsonRpc.error(key, JsonRpc.INVALID_PARAMS, "invalid params: _meta \"" + CAPABILITIES_KEY
                    + "\" is required on every request of protocol revision " + REVISION + " (an object, {} for none)");
        }
        Object info = meta.get(CLIENT_INFO_KEY);
        if (info != null && !(info instanceof Map<?, ?>)) {
            return JsonRpc.error(key, JsonRpc.INVALID_PARAMS, "invalid params: _meta \"" + CLIENT_INFO_KEY
                    + "\" must be an object with the client's name and version");
        }
        return null;
    }

    /** {@value #UNSUPPORTED_VERSION}: the version asked for is not one this server speaks; the ones it does named. */
    static ObjectNode unsupported(String key, String requested) {
        ObjectNode error = JsonRpc.error(key, UNSUPPORTED_VERSION, "Unsupported protocol version: "
                + McpTools.shown(requested, 40) + " (this server speaks " + String.join(", ", VERSIONS) + ")");
        ObjectNode data = ((ObjectNode) error.get("error")).putObject("data");
        ArrayNode supported = data.putArray("supported");
        VERSIONS.forEach(supported::add);
        data.put("requested", requested);
        return error;
    }

    /**
     * The HTTP header check of a stateless request: {@code MCP-Protocol-Version} and {@code Mcp-Method} are required
     * and must agree with the body, and {@code Mcp-Name} must name what the body names (its base64 form,
     * {@code =?base64?…?=}, decoded). The error object to answer with (HTTP 400), or {@code null}.
     */
    static ObjectNode headerRefusal(String key, String method, Map<String, Object> params, String versionHeader,
            String methodHeader, String nameHeader) {
        String claimed = (String) ((Map<?, ?>) params.get("_meta")).get(VERSION_KEY);
        if (versionHeader == null) {
            return mismatch(key, "the MCP-Protocol-Version header is required on every request of revision " + REVISION);
        }
        if (!versionHeader.strip().equals(claimed)) {
            return mismatch(key, "the body's _meta names protocol version " + McpTools.shown(claimed, 40)
                    + " but the MCP-Protocol-Version header names " + McpTools.shown(versionHeader, 40));
        }
        if (methodHeader == null) {
            return mismatch(key, "the Mcp-Method header is required on every request of revision " + REVISION);
        }
        if (!methodHeader.strip().equals(method)) {
            return mismatch(key, "the body names method " + McpTools.shown(method, 60)
                    + " but the Mcp-Method header names " + McpTools.shown(methodHeader, 60));
        }
        String field = NAMED.get(method);
        Object named = field == null ? null : params.get(field);
        if (!(named instanceof String bodyName)) {
            return null;
        }
        if (nameHeader == null) {
            return mismatch(key, "the Mcp-Name header is required for " + method + " (it names params." + field + ")");
        }
        String decoded = decodeName(nameHeader.strip());
        if (decoded == null) {
            return mismatch(key, "the Mcp-Name header's base64 value cannot be read");
        }
        if (!decoded.equals(bodyName)) {
            return mismatch(key, "the body names " + McpTools.shown(bodyName, 60) + " but the Mcp-Name header names "
                    + McpTools.shown(decoded, 60));
        }
        return null;
    }

    private static ObjectNode mismatch(String key, String why) {
        return JsonRpc.error(key, HEADER_MISMATCH, "bad request: the request headers and body disagree: " + why);
    }

    /** A header value as written, or decoded from its {@code =?base64?…?=} form; {@code null} when unreadable. */
    static String decodeName(String value) {
        if (!value.startsWith(BASE64_OPEN) || !value.endsWith(BASE64_CLOSE)
                || value.length() < BASE64_OPEN.length() + BASE64_CLOSE.length()) {
            return value;
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(value.substring(BASE64_OPEN.length(),
                    value.length() - BASE64_CLOSE.length()));
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** A name as an {@code Mcp-Name} header carries it: as is when it is plain printable ASCII, else in base64. */
    static String encodeName(String name) {
        boolean plain = !name.isEmpty() && !name.startsWith(BASE64_OPEN) && name.strip().equals(name);
        for (int i = 0; plain && i < name.length(); i++) {
            char c = name.charAt(i);
            plain = c >= 0x20 && c < 0x7f;
        }
        return plain ? name : BASE64_OPEN + Base64.getEncoder().encodeToString(
                name.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + BASE64_CLOSE;
    }

    /**
     * The answer to a method that needs no tool run ({@code server/discover}, {@code tools/list}), or the error
     * object for a method this revision of the server does not serve.
     */
    ObjectNode answer(String key, JsonNode id, String method) {
        return switch (method) {
            case "server/discover" -> response(id, discover());
            case "tools/list" -> response(id, list());
            default -> JsonRpc.error(key, METHOD_NOT_FOUND, "method not found: " + McpTools.shown(method, 60)
                    + " (this server serves server/discover, tools/list and tools/call statelessly; ping, initialize"
                    + " and logging are not part of revision " + REVISION + ")");
        };
    }

    private ObjectNode discover() {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        ArrayNode versions = result.putArray("supportedVersions");
        VERSIONS.forEach(versions::add);
        result.putObject("capabilities").putObject("tools").put("listChanged", false);
        if (instructions != null) {
            result.put("instructions", instructions);
        }
        return cacheable(result);
    }

    private ObjectNode list() {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.set("tools", tools.deepCopy());
        return cacheable(result);
    }

    /** The served tools never change while the server runs: a host may keep a listing for the list TTL. */
    private ObjectNode cacheable(ObjectNode result) {
        result.put("ttlMs", listTtl.toMillis());
        result.put("cacheScope", cacheScope);
        return result;
    }

    /** One {@code tools/call}, through the approval rule and the toolkit's dispatch, as the session path runs it. */
    McpSchema.CallToolResult call(Map<String, Object> params) {
        @SuppressWarnings("unchecked")
        Map<String, Object> arguments = params.get("arguments") instanceof Map<?, ?> map
                ? (Map<String, Object>) map : null;
        String name = (String) params.get("name");
        return McpToolServer.call(toolkit, approver, new McpSchema.CallToolRequest(name, arguments),
                structured.contains(name));
    }

    /** A result as the stateless revision sends it: {@code resultType} and the server's identity added. */
    ObjectNode response(JsonNode id, Object result) {
        ObjectNode body = result instanceof ObjectNode node ? node : McpTools.JSON.valueToTree(result);
        body.put("resultType", "complete");
        ObjectNode meta = body.has("_meta") && body.get("_meta").isObject() ? (ObjectNode) body.get("_meta")
                : body.putObject("_meta");
        meta.set(SERVER_INFO_KEY, serverInfo);
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("jsonrpc", "2.0");
        out.set("id", id);
        out.set("result", body);
        return out;
    }

    /** The request id of {@code key} as JSON. */
    static JsonNode id(String key) {
        try {
            return McpTools.JSON.readTree(key);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
