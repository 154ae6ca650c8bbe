// The official TypeScript SDK client against Calltype's MCP server, many calls at once, with cancellations, bad
// lines and large arguments mixed in. Prints one JSON line of counts; McpSoakTest judges them.
//
//   node soak-client.mjs stdio '{"command": "...", "args": [...]}' CALLS SESSIONS
//   node soak-client.mjs http http://127.0.0.1:PORT/mcp CALLS SESSIONS
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [mode, target, callsArg, sessionsArg] = process.argv.slice(2);
const calls = Number(callsArg);
const sessions = Number(sessionsArg);
const WORKERS = 8;
const stats = {
  ok: 0, cancelled: 0, cancelledButAnswered: 0, wrong: 0, failed: 0, unknownId: 0, clientErrors: 0,
  badLines: 0, badLinesAnswered: 0, large: 0, busy: 0,
};
const failures = [];
const clientErrorKinds = [];

async function connect(i) {
  const client = new Client({ name: `soak-${i}`, version: '1.0.0' });
  client.onerror = (e) => {
    if (String(e && e.message).includes('unknown message ID')) stats.unknownId++;
    else {
      stats.clientErrors++;
      const message = String(e && e.message).slice(0, 160);
      if (!clientErrorKinds.includes(message) && clientErrorKinds.length < 5) clientErrorKinds.push(message);
    }
  };
  let transport;
  if (mode === 'stdio') {
    const spec = JSON.parse(target);
    transport = new StdioClientTransport({ command: spec.command, args: spec.args, stderr: 'ignore' });
  } else {
    transport = new StreamableHTTPClientTransport(new URL(target));
  }
  await client.connect(transport);
  return { client, transport };
}

async function badLine(transport, n) {
  const bodies = ['this is not JSON', '[{"jsonrpc":"2.0","id":1,"method":"ping"}]', '{"hello":"world"}', ''];
  const body = bodies[n % bodies.length];
  stats.badLines++;
  if (mode === 'stdio') {
    // written beside the client's own messages, as a stray writer would; the server answers with id null,
    // which the client reports as an unreadable message and passes over
    transport._process.stdin.write(body + '\n');
    stats.badLinesAnswered++;
    return;
  }
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
      'mcp-session-id': transport.sessionId },
    body,
  });
  const text = await response.text();
  let json;
  try { json = JSON.parse(text); } catch { json = null; }
  if (response.status === 400 && json && json.jsonrpc === '2.0' && json.error && typeof json.error.code === 'number'
      && !text.includes('Exception')) {
    stats.badLinesAnswered++;
  } else {
    failures.push(`bad body ${JSON.stringify(body)}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
}

async function session(i, count) {
  const { client, transport } = await connect(i);
  let next = 0;
  async function worker() {
    for (let n = next++; n < count; n = next++) {
      if (n % 100 === 37) {
        const abort = new AbortController();
        const call = client.callTool({ name: 'wait', arguments: { ms: 60000 } }, undefined,
          { signal: abort.signal, timeout: 30000 });
        setTimeout(() => abort.abort('soak cancel'), 5);
        try {
          await call;
          stats.cancelledButAnswered++;
        } catch (e) {
          stats.cancelled++;
        }
        continue;
      }
      if (n % 100 === 71) {
        await badLine(transport, n);
      }
      const text = `s${i}-c${n}`;
      const large = n % 500 === 13;
      const sent = large ? text + 'x'.repeat(1 << 20) : text;
      try {
        const result = await client.callTool({ name: 'echo', arguments: { text: sent } }, undefined, { timeout: 60000 });
        const got = result.content && result.content[0] && result.content[0].text;
        if (result.isError && String(got).includes('busy')) stats.busy++;
        else if (result.isError) { stats.failed++; failures.push(`${text}: ${String(got).slice(0, 200)}`); }
        else if (got !== sent) { stats.wrong++; failures.push(`${text}: got ${String(got).slice(0, 60)}`); }
        else { stats.ok++; if (large) stats.large++; }
      } catch (e) {
        if (String(e && e.message).includes('busy')) stats.busy++;
        else { stats.failed++; failures.push(`${text}: ${String(e && e.message).slice(0, 200)}`); }
      }
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, worker));
  // a late answer to a cancelled call would arrive now and be reported as an unknown message ID
  await new Promise((resolve) => setTimeout(resolve, 500));
  await client.close();
}

const started = Date.now();
const per = Math.ceil(calls / sessions);
await Promise.all(Array.from({ length: sessions }, (_, i) => session(i, Math.min(per, calls - i * per))));
console.log(JSON.stringify({ ...stats, ms: Date.now() - started, failures: failures.slice(0, 10), clientErrorKinds }));
process.exit(0);
