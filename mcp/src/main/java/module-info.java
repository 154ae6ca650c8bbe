/**
 * Calltype over the Model Context Protocol: {@link dev.calltype.mcp.McpToolServer} serves any toolkit to MCP
 * hosts over stdio or streamable HTTP, {@link dev.calltype.mcp.McpToolkit} brings any MCP server's tools into a
 * toolkit. Built on the official MCP Java SDK, whose types (and Reactor) stay inside this module.
 */
module dev.calltype.mcp {
    requires transitive dev.calltype.runtime;
    requires io.modelcontextprotocol.sdk.mcp.core;
    requires io.modelcontextprotocol.sdk.mcp.json.jackson2;
    requires reactor.core;
    requires org.reactivestreams;
    requires com.networknt.schema;
    requires jakarta.servlet;
    requires org.eclipse.jetty.server;
    requires org.eclipse.jetty.ee11.servlet;
    requires org.slf4j;
    requires java.net.http;

    exports dev.calltype.mcp;
}
