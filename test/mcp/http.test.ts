// The HTTP guards: loopback-only binding, Host and Origin checks, the bearer
// token, body limits, and sessions, checked on the wire with plain fetch.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { bin, demoProject, startHttp, type HttpServerProcess } from './support.ts';

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
const ACCEPT = 'application/json, text/event-stream';
const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

describe('binding', () => {
  for (const addr of ['0.0.0.0:7325', '192.168.1.10:7325', 'example.com:80', '[::]:7325']) {
    test(`refuses ${addr} at start-up`, () => {
      const run = spawnSync(process.execPath, [bin, 'mcp', '--http', '--addr', addr, '--project-root', demoProject], { encoding: 'utf8', timeout: 20_000 });
      assert.equal(run.status, 2);
      assert.match(run.stderr, /binds only to loopback|HOST:PORT/);
      assert.equal(run.stdout, '');
    });
  }
});

describe('HTTP options at start-up', () => {
  const refusals: Array<[string[], RegExp]> = [
    [['--max-sessions', '5'], /: --max-sessions needs --http$/m],
    [['--sse', '--session-idle-ms', '5'], /: --sse, --session-idle-ms need --http$/m],
    [['--http', '--headers-timeout-ms', '5000', '--request-timeout-ms', '1000'], /--headers-timeout-ms \(5000\) must not exceed --request-timeout-ms \(1000\)/],
    [['--http', '--max-sessions', '0'], /--max-sessions must be a positive whole number/],
    [['--http', '--allow-origin', 'null'], /--allow-origin must be an origin/],
    [['--http', '--allow-origin', 'http://localhost:6274/app'], /--allow-origin must be an http\(s\) origin without path/],
    [['--http', '--allow-origin', 'file:///x'], /--allow-origin must be an http\(s\) origin without path/],
  ];
  for (const [args, message] of refusals) {
    test(`refuses ${args.join(' ')}`, () => {
      const run = spawnSync(process.execPath, [bin, 'mcp', '--project-root', demoProject, '--addr', '127.0.0.1:0', ...args], { encoding: 'utf8', timeout: 20_000 });
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '');
    });
  }
});

describe('guards', () => {
  let server: HttpServerProcess;
  before(async () => {
    server = await startHttp(demoProject);
  });
  after(() => server.stop());

  test('a loopback client without Origin is served', async () => {
    const res = await post(server.url, INIT);
    assert.equal(res.status, 200);
    assert.ok(res.headers.get('mcp-session-id'));
  });

  for (const host of ['evil.example', 'evil.example:7325', '127.0.0.1.nip.io']) {
    test(`Host ${host} gets 403`, async () => {
      const res = await rawRequest(server.url, { host });
      assert.equal(res.status, 403);
    });
  }

  for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
    test(`Origin ${origin} gets 403`, async () => {
      const res = await post(server.url, INIT, { origin });
      assert.equal(res.status, 403);
    });
  }

  test('a loopback Origin is allowed', async () => {
    const res = await post(server.url, INIT, { origin: new URL(server.url).origin });
    assert.equal(res.status, 200);
  });

  test('malformed JSON is a parse error and the server keeps serving', async () => {
    const bad = await post(server.url, '{"jsonrpc": "2.0", "id": 1, "method":');
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { error: { code: number } }).error.code, -32700);
    assert.equal((await post(server.url, INIT)).status, 200);
  });

  test('an unknown session is 404 and a missing one is 400', async () => {
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    assert.equal((await post(server.url, list, { 'mcp-session-id': 'no-such-session', 'mcp-protocol-version': '2025-11-25' })).status, 404);
    assert.equal((await post(server.url, list, { 'mcp-protocol-version': '2025-11-25' })).status, 400);
  });

  test('other paths are 404', async () => {
    assert.equal((await post(new URL('/other', server.url).href, INIT)).status, 404);
  });
});

describe('token', () => {
  let server: HttpServerProcess;
  before(async () => {
    server = await startHttp(demoProject, ['--require-token', TOKEN]);
  });
  after(() => server.stop());

  test('a missing token gets 401 with a Bearer challenge', async () => {
    const res = await post(server.url, INIT);
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/);
  });

  test('a wrong token gets 401', async () => {
    assert.equal((await post(server.url, INIT, { authorization: `Bearer ${TOKEN.replace('a', 'b')}` })).status, 401);
  });

  test('the right token is served', async () => {
    assert.equal((await post(server.url, INIT, { authorization: `Bearer ${TOKEN}` })).status, 200);
  });
});

describe('body size', () => {
  let server: HttpServerProcess;
  before(async () => {
    server = await startHttp(demoProject, ['--max-source-chars', '1000']);
  });
  after(() => server.stop());

  test('a body over the limit gets 413', async () => {
    const res = await post(server.url, { ...INIT, padding: 'x'.repeat(2 * 1024 * 1024) });
    assert.equal(res.status, 413);
  });
});

describe('HTTP+SSE messages', () => {
  let server: HttpServerProcess;
  let stream: ReadableStreamDefaultReader<string>;
  let endpoint: string;
  let buffered = '';
  const nextEvent = async (): Promise<string> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        return event;
      }
      const { value, done } = await stream.read();
      if (done) throw new Error('the event stream ended');
      buffered += value;
    }
  };
  const dataOf = (event: string) => event.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');

  before(async () => {
    server = await startHttp(demoProject, ['--sse']);
    const res = await fetch(new URL('/sse', server.url), { headers: { accept: 'text/event-stream' } });
    stream = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await nextEvent();
    assert.match(first, /^event: endpoint/);
    endpoint = new URL(dataOf(first), server.url).href;
  });
  after(async () => {
    await stream.cancel();
    await server.stop();
  });

  test('a message the transport cannot take gets a JSON-RPC error with its id, not plain text', async () => {
    const cases: Array<[unknown, unknown]> = [
      [{ jsonrpc: '1.0', id: 4, method: 'ping' }, 4],
      [{ jsonrpc: '2.0', id: 'x', method: false }, 'x'],
      [{ jsonrpc: '2.0', id: 5, method: 'ping', params: [] }, 5],
      [{ jsonrpc: '2.0', id: 1.5, method: 'ping' }, null],
      [[{ jsonrpc: '2.0', id: 6, method: 'ping' }], null],
      [42, null],
      [{ jsonrpc: '2.0', result: {} }, null],
    ];
    for (const [body, id] of cases) {
      const res = await post(endpoint, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      const answer = (await res.json()) as { id: unknown; error: { code: number } };
      assert.deepEqual([answer.id, answer.error.code], [id, -32600], JSON.stringify(body));
    }
  });

  test('a valid message is accepted and answered on the stream', async () => {
    const res = await post(endpoint, { jsonrpc: '2.0', id: 'after-bad-ones', method: 'ping' });
    assert.equal(res.status, 202);
    for (;;) {
      const event = await nextEvent();
      if (event.startsWith('event: message')) {
        assert.deepEqual(JSON.parse(dataOf(event)), { jsonrpc: '2.0', id: 'after-bad-ones', result: {} });
        break;
      }
    }
  });
});

/** fetch() will not send a foreign Host header, so this one goes through node:http. */
async function rawRequest(url: string, headers: Record<string, string>): Promise<{ status: number }> {
  const { request } = await import('node:http');
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', reject);
    req.end(JSON.stringify(INIT));
  });
}
