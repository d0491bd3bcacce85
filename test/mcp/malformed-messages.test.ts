// Messages the SDK would drop or choke on, found by the fuzzer (npm run fuzz):
// on stdio every JSON line it cannot take now gets a JSON-RPC error (with the
// request's id when it has a usable one), and over HTTP a body nested too
// deeply for the SDK's re-serialization is a 400, not a 500.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { jsonDepth, MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/ide/index.ts';
import { bin, demoProject, startHttp, type HttpServerProcess } from './support.ts';

describe('stdio answers the lines the SDK drops', () => {
  let child: ChildProcessWithoutNullStreams;
  const replies: Array<Record<string, any>> = [];
  let buffer = '';
  before(() => {
    child = spawn(process.execPath, [bin, 'mcp', '--project-root', demoProject]);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) replies.push(JSON.parse(line));
    });
  });
  after(() => void child.kill());

  async function reply(line: string, id: unknown): Promise<Record<string, any>> {
    const from = replies.length;
    child.stdin.write(line + '\n');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = replies.slice(from).find((r) => JSON.stringify(r.id) === JSON.stringify(id));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no reply with id ${JSON.stringify(id)} to ${line}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const invalid: Array<[string, Record<string, unknown>]> = [
    ['params that are an array', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [] }],
    ['params null', { jsonrpc: '2.0', id: 2, method: 'ping', params: null }],
    ['an unknown top-level member', { jsonrpc: '2.0', id: 3, method: 'ping', extra: true }],
    ['jsonrpc "1.0"', { jsonrpc: '1.0', id: 'four', method: 'ping' }],
    ['no jsonrpc', { id: 5, method: 'ping' }],
    ['a method that is not a string', { jsonrpc: '2.0', id: 6, method: 42 }],
    ['no method', { jsonrpc: '2.0', id: 7 }],
    ['a progress token that is an object', { jsonrpc: '2.0', id: 8, method: 'ping', params: { _meta: { progressToken: {} } } }],
  ];
  for (const [what, message] of invalid) {
    test(`a request with ${what} gets -32600 with its id`, async () => {
      const r = await reply(JSON.stringify(message), message.id);
      assert.equal(r.jsonrpc, '2.0');
      assert.equal(r.error.code, -32600);
    });
  }

  test('an id that is not a string or a safe integer gets -32600 with id null', async () => {
    assert.equal((await reply(JSON.stringify({ jsonrpc: '2.0', id: 2 ** 53, method: 'ping', params: [] }), null)).error.code, -32600);
  });

  test('a batch gets one -32600 with id null', async () => {
    const r = await reply(JSON.stringify([{ jsonrpc: '2.0', id: 9, method: 'ping' }]), null);
    assert.match(r.error.message, /batches are not supported/);
  });

  test('text that is not JSON gets -32700 with id null; blank lines and malformed responses get nothing', async () => {
    assert.equal((await reply('{"jsonrpc": "2.0", "id": 10,', null)).error.code, -32700);
    const from = replies.length;
    child.stdin.write('\n   \n' + JSON.stringify({ jsonrpc: '2.0', id: 11, result: 5, extra: 1 }) + '\n');
    const ping = await reply(JSON.stringify({ jsonrpc: '2.0', id: 12, method: 'ping' }), 12);
    assert.deepEqual(ping.result, {});
    assert.deepEqual(replies.slice(from).map((r) => r.id), [12]);
  });

  test('a line over the 10 MiB the transport takes gets -32600 with its id, and the session goes on', { timeout: 60_000 }, async () => {
    const huge = (id: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping', params: { pad: 'a'.repeat(11 * 1024 * 1024) } });
    assert.match((await reply(huge(15), 15)).error.message, /longer than 10485760 bytes/);
    // An id the first bytes do not show (params first): id null.
    const late = JSON.stringify({ params: { pad: 'a'.repeat(11 * 1024 * 1024) }, jsonrpc: '2.0', id: 16, method: 'ping' });
    assert.equal((await reply(late, null)).error.code, -32600);
    assert.deepEqual((await reply(huge('x').slice(0, 10 * 1024 * 1024) + '\n' + JSON.stringify({ jsonrpc: '2.0', id: 17, method: 'ping' }), 17)).result, {});
  });

  test('initialize and tools/list with params the SDK would refuse get -32602 naming the fields, not -32603', async () => {
    const init = await reply(JSON.stringify({ jsonrpc: '2.0', id: 18, method: 'initialize', params: {} }), 18);
    assert.equal(init.error.code, -32602);
    assert.match(init.error.message, /^Invalid params for initialize: params\.protocolVersion: .*; params\.capabilities: .*; params\.clientInfo: /);
    const list = await reply(JSON.stringify({ jsonrpc: '2.0', id: 19, method: 'tools/list', params: { cursor: 5 } }), 19);
    assert.deepEqual(list.error, { code: -32602, message: 'Invalid params for tools/list: params.cursor: Invalid input: expected string, received number' });
  });

  test('valid requests are answered once, by the server', async () => {
    const from = replies.length;
    const r = await reply(JSON.stringify({ jsonrpc: '2.0', id: 13, method: 'tools/call', params: { name: 'explain_diagnostic', arguments: { code: 'E0001' } } }), 13);
    assert.equal(r.result.structuredContent.code, 'E0001');
    await reply(JSON.stringify({ jsonrpc: '2.0', id: 14, method: 'ping' }), 14);
    assert.equal(replies.slice(from).filter((m) => m.id === 13).length, 1);
  });
});

describe('JSON nesting over HTTP', () => {
  let server: HttpServerProcess;
  before(async () => {
    server = await startHttp(demoProject);
  });
  after(() => server.stop());

  test('jsonDepth reads nesting off the text, ignoring brackets in strings', () => {
    assert.equal(jsonDepth('{"a":[1,{"b":"[[[{{{\\"]]]"}]}'), 3);
    assert.equal(jsonDepth('1'), 0);
    assert.equal(jsonDepth('['.repeat(5000) + ']'.repeat(5000)), 5000);
  });

  test('nestsDeeperThan agrees with jsonDepth, also past the bracket count it reads without scanning', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    assert.equal(nestsDeeperThan(nested(3), 3), false);
    assert.equal(nestsDeeperThan(nested(4), 3), true);
    assert.equal(nestsDeeperThan('{"a":[1,{"b":2}],"c":[{}]}', 3), false, 'five brackets, three deep');
    assert.equal(nestsDeeperThan(JSON.stringify({ s: '['.repeat(50) }), 3), false, 'brackets in a string');
    assert.equal(nestsDeeperThan(`[${'{},'.repeat(10)}${nested(3)}]`, 3), true);
  });

  test('an initialize with bad params is a 400 with -32602 naming the fields, not a request for a session id', async () => {
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: 5 } }) });
    assert.equal(res.status, 400);
    const answer = (await res.json()) as { id: number; error: { code: number; message: string } };
    assert.equal(answer.id, 3);
    assert.equal(answer.error.code, -32602);
    assert.match(answer.error.message, /params\.protocolVersion: Invalid input: expected string, received number/);
  });

  test(`a body nested deeper than ${MAX_JSON_DEPTH} levels is a 400, and the server keeps serving`, async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":${deep}}}`;
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: { code: number } }).error.code, -32600);
    assert.doesNotMatch(server.stderr(), /Maximum call stack/);
    const init = { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    const ok = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(init) });
    assert.equal(ok.status, 200);
  });
});
