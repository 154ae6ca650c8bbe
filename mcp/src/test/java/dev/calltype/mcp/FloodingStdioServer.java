package dev.calltype.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A child process for {@link McpClientStdioTest}: an MCP server written line by line that, once initialized, says
 * 20,000 times that its tools changed. Its one tool, {@code lists}, tells how many {@code tools/list} requests it
 * has answered.
 */
public final class FloodingStdioServer {

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int lists = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            JsonNode message = json.readTree(line);
            String method = message.path("method").asText();
            ObjectNode answer = json.createObjectNode().put("jsonrpc", "2.0");
            answer.set("id", message.get("id"));
            switch (method) {
                case "initialize" -> answer.putObject("result").put("protocolVersion", "2025-06-18")
                        .<ObjectNode>set("capabilities", json.readTree("{\"tools\":{\"listChanged\":true}}"))
                        .putObject("serverInfo").put("name", "flood").put("version", "1");
                case "notifications/initialized" -> {
                    for (int i = 0; i < 20_000; i++) {
                        out.println("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}");
                    }
                    out.flush();
                    continue;
                }
                case "tools/list" -> {
                    lists++;
                    answer.putObject("result").set("tools", json.readTree(
                            "[{\"name\":\"lists\",\"inputSchema\":{\"type\":\"object\",\"properties\":{}}}]"));
                }
                case "tools/call" -> answer.putObject("result").putArray("content").addObject().put("type", "text")
                        .put("text", String.valueOf(lists));
                default -> {
                    if (!message.has("id")) {
                        continue;
                    }
                    answer.putObject("result");
                }
            }
            out.println(answer);
            out.flush();
        }
    }
}
