// The TypeScript SDK v2 client speaking only the stateless revision (2026-07-28) to Calltype's server: many calls
// from one client at once, every hundredth cancelled. Prints one JSON line of counts; McpStatelessSoakTest judges.
//
//   node soak-v2.mjs stdio '{"command": "...", "args": [...]}' CALLS
//   node soak-v2.mjs http http://127.0.0.1:PORT/mcp CALLS
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [mode, target, callsArg] = process.argv.slice(2);
const calls = Number(callsArg);
const WORKERS = 8;
const stats = { ok: 0, wrong: 0, failed: 0, busy: 0, cancelled: 0, cancelledButAnswered: 0, clientErrors: 0 };
const failures = [];

const client = new Client({ name: 'soak-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
client.onerror = (e) => {
  stats.clientErrors++;
  if (failures.length < 10) failures.push(`client error: ${String(e && e.message).slice(0, 160)}`);
};
const transport = mode === 'stdio'
  ? new StdioClientTransport({ ...JSON.parse(target), stderr: 'ignore' })
  : new StreamableHTTPClientTransport(new URL(target));
await client.connect(transport);
const protocolVersion = client.getNegotiatedProtocolVersion();

let next = 0;
async function worker() {
  for (let n = next++; n < calls; n = next++) {
    if (n % 100 === 37) {
      const abort = new AbortController();
      const call = client.callTool({ name: 'wait', arguments: { ms: 60000 } }, { signal: abort.signal, timeout: 30000 });
      setTimeout(() => abort.abort('soak cancel'), 5);
      try {
        await call;
        stats.cancelledButAnswered++;
      } catch (e) {
        stats.cancelled++;
      }
      continue;
    }
    const text = `c${n}`;
    try {
      const result = await client.callTool({ name: 'echo', arguments: { text } }, { timeout: 60000 });
      const got = result.content && result.content[0] && result.content[0].text;
      if (result.isError && String(got).includes('busy')) stats.busy++;
      else if (result.isError) { stats.failed++; if (failures.length < 10) failures.push(`${text}: ${String(got).slice(0, 200)}`); }
      else if (got !== text) { stats.wrong++; if (failures.length < 10) failures.push(`${text}: got ${String(got).slice(0, 60)}`); }
      else stats.ok++;
    } catch (e) {
      const message = String(e && e.message);
      if (message.includes('busy')) stats.busy++;
      else { stats.failed++; if (failures.length < 10) failures.push(`${text}: ${message.slice(0, 200)}`); }
    }
  }
}

const started = Date.now();
await Promise.all(Array.from({ length: WORKERS }, worker));
await new Promise((resolve) => setTimeout(resolve, 500));
await client.close();
console.log(JSON.stringify({ ...stats, protocolVersion, ms: Date.now() - started, failures }));
process.exit(0);
