// The stdio wire without an SDK client: malformed input never crashes or hangs
// the server, stdout carries only JSON-RPC, and calls on one connection overlap.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { bin, call, connect, scratchProject } from './support.ts';

let child: ChildProcessWithoutNullStreams;
const responses = new Map<number | string | null, Record<string, any>>();
const lines: string[] = [];
const waiters: Array<() => void> = [];

before(async () => {
  child = spawn(process.execPath, [bin, 'mcp', '--project-root', path.join(path.dirname(bin), '../examples/demo')]);
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    const message = JSON.parse(line) as Record<string, any>;
    responses.set(message.id ?? null, message);
    for (const wake of waiters.splice(0)) wake();
  });
});
after(() => {
  child.kill();
});

function send(text: string): void {
  child.stdin.write(text + '\n');
}

async function response(id: number): Promise<Record<string, any>> {
  while (!responses.has(id)) await new Promise<void>((resolve) => waiters.push(resolve));
  return responses.get(id)!;
}

test('garbage, then a valid session: the server answers and keeps serving', async () => {
  send('this is not json');
  send('{"jsonrpc": "2.0", "id": 99, "method":');
  send('[1, 2, 3]');
  send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
  const init = await response(1);
  assert.equal(init.result.serverInfo.name, 'yaoxiang');
  send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'explain_diagnostic', arguments: { code: 'E0001' } } }));
  assert.equal((await response(2)).result.structuredContent.code, 'E0001');
  send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'no/such/method', params: {} }));
  assert.equal((await response(3)).error.code, -32601);
  for (const line of lines) assert.equal(JSON.parse(line).jsonrpc, '2.0', 'stdout carries only JSON-RPC');
});

test('a tool call nested 10,000 levels deep gets -32600 and the server keeps serving', async () => {
  // Its arguments would cross to a worker thread by structured clone, which recurses (a fuzz finding).
  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  send(`{"jsonrpc":"2.0","id":40,"method":"tools/call","params":{"name":"list_imports","arguments":{"project_root":${deep}}}}`);
  const refused = await response(40);
  assert.equal(refused.error.code, -32600);
  assert.match(refused.error.message, /nests deeper than 1000 levels/);
  // A response the client sends, however deep, is owed nothing.
  send(`{"jsonrpc":"2.0","id":41,"result":${deep}}`);
  send(JSON.stringify({ jsonrpc: '2.0', id: 42, method: 'tools/call', params: { name: 'explain_diagnostic', arguments: { code: 'E0001' } } }));
  assert.equal((await response(42)).result.structuredContent.code, 'E0001');
  assert.equal(responses.has(41), false);
});

test('fifty calls in flight on one connection each get their own answer', async () => {
  const c = await connect('stdio-legacy');
  try {
    const queries = ['total', 'squares', 'describe', 'distance', 'Point'];
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => call(c.client, 'lookup_symbol', { query: queries[i % queries.length]! })));
    results.forEach((r, i) => assert.equal(r.symbols[0].name, queries[i % queries.length]));
  } finally {
    await c.close();
  }
});

test('a symlink out of the project is refused', async () => {
  const project = await scratchProject();
  const c = await connect('stdio-legacy', project.dir);
  try {
    await symlink('/etc', path.join(project.dir, 'escape'));
    const r = await call(c.client, 'list_imports', { file_path: 'escape/passwd.yx' });
    assert.equal(r.errorCode, 'MCP-PATH-OUTSIDE-PROJECT');
    assert.match(r.message, /symbolic link/);
  } finally {
    await c.close();
    await project.remove();
  }
});

test('answers to malformed lines never land inside a large result while stdout is backed up', async () => {
  // A result written on a worker goes out in pieces (src/mcp/written-result.ts); the guard's own answers
  // must queue behind them. The client reads nothing for a while, so stdout backs up, and meanwhile it
  // sends lines the guard answers itself.
  const server = spawn(process.execPath, [bin, 'mcp', '--project-root', path.join(path.dirname(bin), '../examples/demo'), '--workers', '1']);
  try {
    const chunks: Buffer[] = [];
    server.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const write = (message: unknown) => server.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    write({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'slow-reader', version: '1' } } });
    write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    server.stdout.pause();
    const source = Array.from({ length: 400 }, (_, i) => `v${i}: String = "中文 ${i}"\nf${i} = (a) => { io.println(f"{a} ${i}") }\n`).join('');
    const calls = 6;
    for (let id = 1; id <= calls; id++) write({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'parse_source', arguments: { source } } });
    for (let k = 0; k < 150; k++) {
      write(`{bad json ${k}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ended = new Promise((resolve) => server.stdout.once('end', resolve));
    server.stdin.end();
    server.stdout.resume();
    await ended;
    const answers = Buffer.concat(chunks).toString('utf8').split('\n').filter((line) => line !== '');
    const ids: unknown[] = [];
    for (const line of answers) {
      const message = JSON.parse(line) as { id?: unknown; result?: { isError?: boolean } };
      if (typeof message.id === 'number' && message.id > 0) {
        assert.equal(message.result?.isError, false);
        ids.push(message.id);
      }
    }
    assert.deepEqual(ids.sort(), [1, 2, 3, 4, 5, 6]);
    assert.equal(answers.length, 1 + calls + 150);
  } finally {
    server.kill();
  }
});
