/**
 * The Model Context Protocol, both ways. Serve a toolkit to MCP hosts with {@link dev.calltype.mcp.McpToolServer}
 * (stdio or streamable HTTP, protocol revisions 2025-11-25 and 2026-07-28); use an MCP server's tools as a toolkit
 * with {@link dev.calltype.mcp.McpToolkit}, which probes each server's protocol era and remembers it.
 */
package dev.calltype.mcp;
