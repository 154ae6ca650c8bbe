// A TypeScript SDK v2 server (@modelcontextprotocol/server) that speaks only the stateless revision 2026-07-28
// (legacy: 'reject'): tools "add" (a + b) and "shout" (text upper-cased, read-only).
//
//   node v2-server.mjs stdio            serves over standard input and output
//   node v2-server.mjs http             serves at http://127.0.0.1:PORT/mcp, printed on the first line of output
import http from 'node:http';
import * as z from 'zod/v4';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function factory() {
  const server = new McpServer({ name: 'v2-modern-only', version: '2.4.0' }, { capabilities: { tools: {} } });
  server.registerTool('add', { description: 'Adds two integers.', inputSchema: z.object({ a: z.number().int(), b: z.number().int() }) },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  server.registerTool('shout', { description: 'Upper-cases a text.', inputSchema: z.object({ text: z.string() }),
    annotations: { readOnlyHint: true } },
    async ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }));
  return server;
}

if (process.argv[2] === 'stdio') {
  serveStdio(factory, { legacy: 'reject' });
} else {
  const handler = createMcpHandler(factory, { legacy: 'reject' });
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method, headers: req.headers, body: req.method === 'POST' ? body : undefined,
    });
    const response = await handler.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      for await (const chunk of response.body) res.write(chunk);
    }
    res.end();
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${server.address().port}/mcp\n`);
  });
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}
