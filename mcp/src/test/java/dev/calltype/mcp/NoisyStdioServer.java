package dev.calltype.mcp;

import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * A child process for the client tests that writes to its standard output what real servers do: a start-up banner
 * before {@code initialize}, and a stray print from a tool in the middle of the session. Its {@code getenv} tool
 * tells what of the environment it was given.
 */
public final class NoisyStdioServer {

    public static void main(String[] args) throws Exception {
        System.out.println("Noisy server 1.0 starting (this line is not MCP)");
        System.out.println("{\"banner\": \"JSON that is not JSON-RPC\"}");
        Toolkit tools = Toolkits.fromJson("""
                [{"name":"shout","parameters":{"type":"object","properties":{"text":{"type":"string"}}}},
                 {"name":"getenv","parameters":{"type":"object","properties":{"name":{"type":"string"}}}}]
                """, (name, arguments) -> switch (name) {
                    case "shout" -> {
                        System.out.println("DEBUG stray print from a tool: " + arguments.path("text").asText());
                        yield JsonNodeFactory.instance.textNode(arguments.path("text").asText().toUpperCase());
                    }
                    case "getenv" -> {
                        String value = System.getenv(arguments.path("name").asText());
                        yield JsonNodeFactory.instance.textNode(value == null ? "(unset)" : value);
                    }
                    default -> throw new AssertionError(name);
                });
        McpToolServer.builder(tools).name("noisy").stdio(System.in, System.out).awaitClosed();
    }
}
