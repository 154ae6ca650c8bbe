package dev.calltype.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A child process for the refresh test, on the SDK directly: it starts with one tool, {@code grow}, which adds a
 * tool {@code sprout} and announces that the tool list changed.
 */
public final class GrowingStdioServer {

    public static void main(String[] args) throws Exception {
        Map<String, Object> empty = Map.of("type", "object", "properties", Map.of());
        McpSyncServer[] server = new McpSyncServer[1];
        McpServerFeatures.SyncToolSpecification sprout = McpServerFeatures.SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name("sprout").inputSchema(empty).build())
                .callHandler((exchange, request) -> McpSchema.CallToolResult.builder().addTextContent("leaf").build())
                .build();
        McpServerFeatures.SyncToolSpecification grow = McpServerFeatures.SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name("grow").inputSchema(empty).build())
                .callHandler((exchange, request) -> {
                    server[0].addTool(sprout);
                    server[0].notifyToolsListChanged();
                    return McpSchema.CallToolResult.builder().addTextContent("grown").build();
                })
                .build();
        server[0] = McpServer.sync(new StdioServerTransportProvider(McpTools.MAPPER))
                .serverInfo("growing", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .jsonMapper(McpTools.MAPPER)
                .jsonSchemaValidator(new OutputSchemaValidator())
                .tools(grow)
                .build();
        new CountDownLatch(1).await();
    }
}
