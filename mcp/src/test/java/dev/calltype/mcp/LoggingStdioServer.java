package dev.calltype.mcp;

import dev.calltype.runtime.Toolkit;
import dev.calltype.runtime.Toolkits;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A child process for {@link McpStdioLoggingTest}: a program that logs through SLF4J before and while it serves
 * over stdio, run with Logback and no {@code logback.xml}, so that Logback's default console appender (DEBUG, on
 * {@code System.out}) is what it gets, as in a Spring Boot-style class path. Its tool logs and prints too.
 */
public final class LoggingStdioServer {

    private static final Logger LOG = LoggerFactory.getLogger(LoggingStdioServer.class);

    public static void main(String[] args) throws Exception {
        // Logback is configured already (the logger above), its console appender on System.out; nothing is logged
        // before stdio(), which is the documented rule: what a program prints before it starts serving is its own
        Toolkit tools = Toolkits.fromJson("""
                [{"name":"chatty","parameters":{"type":"object","properties":{"text":{"type":"string"}}}}]
                """, (name, arguments) -> {
                    LOG.info("chatty called with {}", arguments);
                    System.out.println("a print from the tool");
                    return JsonNodeFactory.instance.textNode("said " + arguments.path("text").asText());
                });
        McpToolServer server = McpToolServer.builder(tools).name("logging").stdio();
        LOG.debug("serving (logged after stdio())");
        server.awaitClosed();
    }
}
