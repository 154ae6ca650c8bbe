package dev.calltype.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A hand-written stdio MCP server for tests of how clients take a hostile or broken server: JSON-RPC lines on
 * standard input and output, {@code initialize} answered as any server answers it (tools capability), every other
 * request answered by the test's {@link Tools}, notifications ignored.
 */
public final class LineMcpServer {

    /** Answers one request other than {@code initialize}. */
    @FunctionalInterface
    public interface Tools {
        /**
         * Fills the result of one request.
         *
         * @param method the request's method ({@code tools/list}, {@code tools/call}, …)
         * @param params the request's params (a missing node when none)
         * @param result the result object to fill; left empty, it is answered as {@code {}}
         */
        void answer(String method, JsonNode params, ObjectNode result);
    }

    private LineMcpServer() {
    }

    /**
     * Serves on standard input and output until the input ends.
     *
     * @param name the server name told in {@code initialize}
     * @param tools answers every request but {@code initialize}
     * @throws IOException when standard input cannot be read
     */
    public static void serve(String name, Tools tools) throws IOException {
        ObjectMapper json = new ObjectMapper();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            JsonNode request = json.readTree(line);
            if (!request.has("id")) {
                continue; // a notification
            }
            ObjectNode answer = json.createObjectNode().put("jsonrpc", "2.0").set("id", request.get("id"));
            ObjectNode result = answer.putObject("result");
            String method = request.path("method").asText();
            if (method.equals("initialize")) {
                result.put("protocolVersion", request.path("params").path("protocolVersion").asText());
                result.putObject("capabilities").putObject("tools");
                result.putObject("serverInfo").put("name", name).put("version", "1");
            } else {
                tools.answer(method, request.path("params"), result);
            }
            out.println(answer);
        }
    }
}
