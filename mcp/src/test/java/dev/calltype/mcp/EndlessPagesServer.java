package dev.calltype.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A hostile stdio server written on plain JSON lines: it initializes like any server, then answers every
 * {@code tools/list} with one new tool and a new {@code nextCursor}, forever. With the argument {@code wide} each
 * page holds 1,000 tools instead.
 */
public final class EndlessPagesServer {

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        int perPage = args.length > 0 && args[0].equals("wide") ? 1000 : 1;
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int page = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            JsonNode request = json.readTree(line);
            if (!request.has("id")) {
                continue; // a notification
            }
            ObjectNode answer = json.createObjectNode().put("jsonrpc", "2.0").set("id", request.get("id"));
            ObjectNode result = answer.putObject("result");
            switch (request.path("method").asText()) {
                case "initialize" -> {
                    result.put("protocolVersion", request.path("params").path("protocolVersion").asText());
                    result.putObject("capabilities").putObject("tools");
                    result.putObject("serverInfo").put("name", "endless").put("version", "1");
                }
                case "tools/list" -> {
                    page++;
                    ArrayNode tools = result.putArray("tools");
                    for (int i = 0; i < perPage; i++) {
                        tools.addObject().put("name", "tool_" + page + "_" + i)
                                .putObject("inputSchema").put("type", "object");
                    }
                    result.put("nextCursor", "page-" + page);
                }
                default -> result.removeAll();
            }
            out.println(answer);
        }
    }
}
