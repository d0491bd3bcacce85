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
