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
