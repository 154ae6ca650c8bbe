// The TypeScript SDK v2 client (@modelcontextprotocol/client) against a server: connects in the era asked for,
// lists the tools, calls one, and prints one JSON line of what it saw; the Java test judges it.
//
//   node v2-client.mjs ERA stdio '{"command": "...", "args": [...]}' TOOL ARGUMENTS_JSON
//   node v2-client.mjs ERA http http://127.0.0.1:PORT/mcp TOOL ARGUMENTS_JSON
// ERA: modern (2026-07-28 only, no fallback), auto (probe with server/discover, fall back to initialize),
// legacy (initialize, as 1.x clients do).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [era, mode, target, tool, args] = process.argv.slice(2);
const negotiation = era === 'modern' ? { mode: { pin: '2026-07-28' } } : era === 'auto' ? { mode: 'auto' } : { mode: 'legacy' };
const client = new Client({ name: 'v2-interop', version: '1.0.0' }, { versionNegotiation: negotiation });
let transport;
if (mode === 'stdio') {
  const spec = JSON.parse(target);
  transport = new StdioClientTransport({ command: spec.command, args: spec.args, stderr: 'ignore' });
} else {
  transport = new StreamableHTTPClientTransport(new URL(target));
}
const out = {};
try {
  await client.connect(transport);
  out.protocolVersion = client.getNegotiatedProtocolVersion();
  const listed = await client.listTools();
  out.tools = listed.tools.map((t) => t.name);
  const result = await client.callTool({ name: tool, arguments: JSON.parse(args) });
  out.isError = result.isError === true;
  out.text = (result.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
  if (result.structuredContent !== undefined) out.structured = result.structuredContent;
} catch (e) {
  out.error = String(e && e.message ? e.message : e);
} finally {
  await client.close().catch(() => {});
}
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
