// The HTTP gates against a real `yaoxiang mcp --http`, request by request on a
// raw socket: Host and Origin (DNS rebinding), the bearer token, path, method,
// Content-Type, body size and JSON, each with its exact status and body, and
// the order in which they apply. Then slow clients and many sessions. After
// each group a valid call must still succeed.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { demoProject, startHttp, type HttpServerProcess } from './support.ts';
import { exchange, INITIALIZE, messageOf, parseResponse, portOf, rawRequest, requestText, rpcError, type RawRequest, type RawResponse } from './raw-http.ts';

const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
// --max-source-chars 1000 makes the body limit 4 × 1000 + 1 MiB.
const BODY_LIMIT = 4 * 1000 + 1024 * 1024;
const ALLOWED_ORIGIN = 'http://localhost:6274';

const hostRefused = (given: string) => rpcError(-32000, `Forbidden: Host ${JSON.stringify(given)} is not this server; it answers only to localhost, 127.0.0.1 and [::1] (DNS rebinding protection)`);
const hostInvalid = (given: string) => rpcError(-32000, `Forbidden: Invalid Host header ${JSON.stringify(given)}`);
const originForeign = (given: string) => rpcError(-32000, `Forbidden: Origin ${JSON.stringify(given)} is not allowed; browser pages may call this server only from its own origin (DNS rebinding protection), or start it with --allow-origin`);
const originOtherPort = (given: string) => rpcError(-32000, `Forbidden: Origin ${JSON.stringify(given)} is another server on this machine; browser pages may call this server only from its own origin, or start it with --allow-origin`);
const UNAUTHORIZED = rpcError(-32001, 'Unauthorized: send Authorization: Bearer <token>');
const NOT_FOUND = rpcError(-32601, 'Not found: the MCP endpoint is /mcp');
const NO_SESSION = rpcError(-32000, 'Bad Request: Mcp-Session-Id header required (send initialize first)');
const METHOD_NOT_ALLOWED = rpcError(-32000, 'Method not allowed: /mcp takes GET, POST, DELETE');
const UNSUPPORTED_TYPE = rpcError(-32000, 'Unsupported Media Type: Content-Type must be application/json');
const PARSE_ERROR = rpcError(-32700, 'Parse error: the body is not valid JSON');
const MISSING_HOST = rpcError(-32000, 'Forbidden: Missing Host header');

/** Served: the initialize answer of this server. */
const SERVED = Symbol('served');

interface Case {
  name: string;
  /** Builds the request from the server's port. */
  request: (port: number) => RawRequest;
  status: number;
  /** The exact JSON body, the exact text, SERVED for a successful initialize, or one of those from the port. */
  body: unknown;
  headers?: Record<string, string>;
}

function hostCase(host: string | ((port: number) => string), status: number, body: typeof SERVED | ((given: string) => unknown)): Case {
  const given = (port: number) => (typeof host === 'function' ? host(port) : host);
  return {
    name: `Host ${typeof host === 'function' ? host(0).replace(':0', ':<port>') : host}`,
    request: (port) => ({ headers: { host: given(port) } }),
    status,
    body: body === SERVED ? SERVED : (port: number) => body(given(port)),
  };
}

async function check(port: number, c: Case): Promise<void> {
  const res = await rawRequest(port, c.request(port));
  assert.equal(res.status, c.status, `${c.name}: status (body ${res.body})`);
  const expected = typeof c.body === 'function' ? (c.body as (port: number) => unknown)(port) : c.body;
  if (expected === SERVED) assert.equal(messageOf(res.body).result?.serverInfo?.name, 'yaoxiang', `${c.name}: ${res.body}`);
  else if (typeof expected === 'string') assert.equal(res.body, expected, c.name);
  else assert.deepEqual(JSON.parse(res.body), expected, c.name);
  for (const [name, value] of Object.entries(c.headers ?? {})) assert.equal(res.headers[name], value, `${c.name}: header ${name}`);
}

async function assertStillServes(server: HttpServerProcess, headers: Record<string, string> = {}): Promise<void> {
  const port = portOf(server.url);
  const init = await rawRequest(port, { headers });
  assert.equal(init.status, 200, init.body);
  const session = init.headers['mcp-session-id']!;
  const common = { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  assert.equal((await rawRequest(port, { headers: common, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).status, 202);
  const called = await rawRequest(port, { headers: common, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'lookup_symbol', arguments: { query: 'total' } } }) });
  assert.equal(called.status, 200, called.body);
  assert.equal(messageOf(called.body).result.structuredContent.symbols[0].name, 'total');
}

describe('Host, Origin, path, method, Content-Type, body (no token)', () => {
  let server: HttpServerProcess;
  let port: number;
  before(async () => {
    server = await startHttp(demoProject, ['--max-source-chars', '1000', '--allow-origin', ALLOWED_ORIGIN]);
    port = portOf(server.url);
  });
  after(() => server.stop());

  // The name decides, not the port: a rebinding page makes the browser send its
  // own name, while SSH tunnels and port forwards legitimately change the port.
  const hosts: Case[] = [
    hostCase((p) => `localhost:${p}`, 200, SERVED),
    hostCase((p) => `127.0.0.1:${p}`, 200, SERVED),
    hostCase((p) => `[::1]:${p}`, 200, SERVED),
    hostCase((p) => `LOCALHOST:${p}`, 200, SERVED),
    hostCase('localhost', 200, SERVED),
    hostCase('127.0.0.1:1', 200, SERVED),
    hostCase('evil.com', 403, hostRefused),
    hostCase((p) => `evil.com:${p}`, 403, hostRefused),
    hostCase((p) => `127.0.0.1.evil.com:${p}`, 403, hostRefused),
    hostCase('127.0.0.1.evil.com', 403, hostRefused),
    hostCase((p) => `localhost.evil.com:${p}`, 403, hostRefused),
    hostCase((p) => `localhost.:${p}`, 403, hostRefused),
    hostCase((p) => `192.168.1.10:${p}`, 403, hostRefused),
    hostCase((p) => `10.0.0.1:${p}`, 403, hostRefused),
    hostCase((p) => `0.0.0.0:${p}`, 403, hostRefused),
    hostCase((p) => `127.0.0.2:${p}`, 403, hostRefused),
    hostCase((p) => `127.1:${p}`, 403, hostRefused),
    hostCase((p) => `2130706433:${p}`, 403, hostRefused),
    hostCase((p) => `[::ffff:127.0.0.1]:${p}`, 403, hostRefused),
    hostCase((p) => `[0:0:0:0:0:0:0:1]:${p}`, 403, hostRefused),
    hostCase('::1', 403, hostInvalid),
    hostCase((p) => `evil.com@127.0.0.1:${p}`, 403, hostInvalid),
    hostCase((p) => `localhost:${p}/x`, 403, hostInvalid),
    hostCase('localhost:99999999', 403, hostInvalid),
  ];
  for (const c of hosts) test(c.name, () => check(port, c));

  test('Host missing on HTTP/1.1: node:http answers 400 itself', async () => {
    const res = await rawRequest(port, { headers: { host: undefined } });
    assert.equal(res.status, 400);
    assert.equal(res.body, '');
  });

  test('Host missing on HTTP/1.0, or empty', async () => {
    for (const request of [{ version: '1.0', headers: { host: undefined } }, { headers: { host: '' } }] satisfies RawRequest[]) {
      const res = await rawRequest(port, request);
      assert.equal(res.status, 403);
      assert.deepEqual(JSON.parse(res.body), MISSING_HOST);
    }
  });

  // Absent is fine (agents send none); present, it must be this server as the
  // request reached it (loopback name, the Host's port, http), or allowed.
  const origins: Array<[string | ((port: number) => string), number, unknown]> = [
    [(p) => `http://localhost:${p}`, 200, SERVED],
    [(p) => `http://127.0.0.1:${p}`, 200, SERVED],
    [(p) => `http://[::1]:${p}`, 200, SERVED],
    [(p) => `HTTP://LOCALHOST:${p}`, 200, SERVED],
    [ALLOWED_ORIGIN, 200, SERVED],
    ['http://evil.com', 403, originForeign],
    [(p) => `http://evil.com:${p}`, 403, originForeign],
    [(p) => `http://localhost.evil.com:${p}`, 403, originForeign],
    [(p) => `http://127.0.0.1.evil.com:${p}`, 403, originForeign],
    ['null', 403, originForeign],
    ['file://', 403, originForeign],
    ['file:///home/user/page.html', 403, originForeign],
    ['chrome-extension://abcdefghijklmnop', 403, originForeign],
    [(p) => `https://localhost:${p}`, 403, originForeign],
    [(p) => `http://localhost:${p}/path`, 403, originForeign],
    ['', 403, originForeign],
    ['http://localhost:6275', 403, originOtherPort],
    ['http://localhost', 403, originOtherPort],
    ['http://127.0.0.1:1', 403, originOtherPort],
  ];
  for (const [origin, status, body] of origins) {
    const given = (p: number) => (typeof origin === 'function' ? origin(p) : origin);
    const name = typeof origin === 'function' ? origin(0).replace(':0', ':<port>') : origin;
    test(`Origin ${JSON.stringify(name)}`, async () => {
      const res = await rawRequest(port, { headers: { origin: given(port) } });
      assert.equal(res.status, status, res.body);
      if (body === SERVED) assert.equal(messageOf(res.body).result.serverInfo.name, 'yaoxiang');
      else assert.deepEqual(JSON.parse(res.body), (body as (given: string) => unknown)(given(port)));
    });
  }

  test('the Origin port is compared with the port the request came in on', async () => {
    // Through a tunnel the client reaches 8080 and the page is served from there.
    const res = await rawRequest(port, { headers: { host: 'localhost:8080', origin: 'http://localhost:8080' } });
    assert.equal(res.status, 200, res.body);
    const mismatch = await rawRequest(port, { headers: { host: 'localhost:8080', origin: `http://localhost:${port}` } });
    assert.equal(mismatch.status, 403);
  });

  test('Host is checked before Origin, and both before the path', async () => {
    const both = await rawRequest(port, { path: '/nope', headers: { host: 'evil.com', origin: 'http://evil.com' } });
    assert.deepEqual([both.status, JSON.parse(both.body)], [403, hostRefused('evil.com')]);
    const origin = await rawRequest(port, { path: '/nope', headers: { origin: 'null' } });
    assert.deepEqual([origin.status, JSON.parse(origin.body)], [403, originForeign('null')]);
  });

  const routes: Case[] = [
    { name: 'GET /mcp without a session', request: () => ({ method: 'GET', body: '', headers: { accept: 'text/event-stream', 'content-type': undefined } }), status: 400, body: NO_SESSION },
    { name: 'DELETE /mcp without a session', request: () => ({ method: 'DELETE', body: '' }), status: 400, body: NO_SESSION },
    { name: 'PUT /mcp', request: () => ({ method: 'PUT' }), status: 405, body: METHOD_NOT_ALLOWED, headers: { allow: 'GET, POST, DELETE' } },
    { name: 'PATCH /mcp', request: () => ({ method: 'PATCH' }), status: 405, body: METHOD_NOT_ALLOWED, headers: { allow: 'GET, POST, DELETE' } },
    { name: 'OPTIONS /mcp (a CORS preflight gets no CORS headers)', request: () => ({ method: 'OPTIONS', body: '' }), status: 405, body: METHOD_NOT_ALLOWED, headers: { allow: 'GET, POST, DELETE' } },
    { name: 'HEAD /mcp', request: () => ({ method: 'HEAD', body: '' }), status: 405, body: '', headers: { allow: 'GET, POST, DELETE' } },
    { name: 'POST /', request: () => ({ path: '/' }), status: 404, body: NOT_FOUND },
    { name: 'POST /mcp/', request: () => ({ path: '/mcp/' }), status: 404, body: NOT_FOUND },
    { name: 'POST /MCP', request: () => ({ path: '/MCP' }), status: 404, body: NOT_FOUND },
    { name: 'GET /other', request: () => ({ method: 'GET', path: '/other', body: '' }), status: 404, body: NOT_FOUND },
    { name: 'GET /sse without --sse', request: () => ({ method: 'GET', path: '/sse', body: '' }), status: 404, body: NOT_FOUND },
    { name: 'POST /mcp?query=1 (the query is not part of the path)', request: () => ({ path: '/mcp?query=1' }), status: 200, body: SERVED },
    { name: 'Content-Type text/plain (a form a page may send without preflight)', request: () => ({ headers: { 'content-type': 'text/plain' } }), status: 415, body: UNSUPPORTED_TYPE },
    { name: 'Content-Type application/x-www-form-urlencoded', request: () => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' } }), status: 415, body: UNSUPPORTED_TYPE },
    { name: 'Content-Type multipart/form-data', request: () => ({ headers: { 'content-type': 'multipart/form-data; boundary=x' } }), status: 415, body: UNSUPPORTED_TYPE },
    { name: 'Content-Type application/jsonx', request: () => ({ headers: { 'content-type': 'application/jsonx' } }), status: 415, body: UNSUPPORTED_TYPE },
    { name: 'no Content-Type', request: () => ({ headers: { 'content-type': undefined } }), status: 415, body: UNSUPPORTED_TYPE },
    { name: 'Content-Type application/json; charset=utf-8', request: () => ({ headers: { 'content-type': 'application/json; charset=utf-8' } }), status: 200, body: SERVED },
    { name: 'Content-Type Application/JSON', request: () => ({ headers: { 'content-type': 'Application/JSON' } }), status: 200, body: SERVED },
    { name: 'no Accept', request: () => ({ headers: { accept: undefined } }), status: 406, body: rpcError(-32000, 'Not Acceptable: Client must accept both application/json and text/event-stream') },
    { name: 'malformed JSON', request: () => ({ body: '{"jsonrpc": "2.0", "id": 1, "method":' }), status: 400, body: PARSE_ERROR },
    { name: 'an empty body', request: () => ({ body: '' }), status: 400, body: PARSE_ERROR },
    { name: 'a body that is not UTF-8 JSON', request: () => ({ body: '\u00ff\u00fe' }), status: 400, body: PARSE_ERROR },
  ];
  for (const c of routes) test(c.name, () => check(port, c));

  test('a body over the limit by Content-Length: 413 before any of it is read, then the connection closes', async () => {
    const declared = 100 * 1024 * 1024;
    const res = await rawRequest(port, { body: '', headers: { 'content-length': String(declared) } });
    assert.equal(res.status, 413);
    assert.equal(res.headers.connection, 'close');
    assert.deepEqual(JSON.parse(res.body), rpcError(-32600, `Request body of ${declared} bytes exceeds the ${BODY_LIMIT}-byte limit`));
  });

  for (const mode of ['content-length', 'chunked'] as const) {
    test(`a client that keeps sending an oversized body (${mode}) is answered 413 and cut off, not drained`, async () => {
      const result = await floodBody(port, mode);
      assert.equal(result.response.status, 413);
      assert.equal(result.response.headers.connection, 'close');
      const message = mode === 'chunked' ? `Request body exceeds the ${BODY_LIMIT}-byte limit` : `Request body of ${100 * 1024 * 1024} bytes exceeds the ${BODY_LIMIT}-byte limit`;
      assert.deepEqual(JSON.parse(result.response.body), rpcError(-32600, message));
      // Socket buffers on loopback hold a few MiB; a server that kept reading would have taken all 64.
      assert.ok(result.sent < BODY_LIMIT + 24 * 1024 * 1024, `the server stopped reading (the client pushed ${result.sent} bytes)`);
    });
  }

  test('Expect: 100-continue: an oversized upload is refused before the client sends it, a small one is invited', async () => {
    const refused = await exchange(port, requestText(port, { body: '', headers: { 'content-length': String(BODY_LIMIT + 1), expect: '100-continue' } }));
    assert.deepEqual([refused.interim, refused.status], [[], 413]);
    const body = JSON.stringify(INITIALIZE);
    const invited = await expectContinue(port, body);
    assert.deepEqual(invited.interim, [100]);
    assert.equal(invited.status, 200);
  });

  test('a body just under the limit is read (and judged on its content)', async () => {
    const padded = (n: number) => JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { experimental: { padding: { text: 'x'.repeat(n) } } } } });
    const body = padded(BODY_LIMIT - padded(0).length);
    assert.equal(Buffer.byteLength(body), BODY_LIMIT);
    const res = await rawRequest(port, { body });
    assert.equal(res.status, 200, res.body.slice(0, 200));
  });

  test('JSON that is not JSON-RPC is refused by the SDK with 400', async () => {
    for (const body of ['[1, 2, 3]', '{}', '"text"', 'null']) {
      const res = await rawRequest(port, { body });
      assert.equal(res.status, 400, `${body}: ${res.body}`);
      assert.equal(typeof JSON.parse(res.body).error.code, 'number');
    }
  });

  // node:http's client reads the answer while it is still sending; a reset would lose the answer.
  const refusedWhileSending: Array<[string, Record<string, string>, number]> = [
    ['headers over 16 KiB (node:http refuses them itself)', { 'x-padding': 'x'.repeat(20_000) }, 431],
    ['a foreign Host', { host: 'evil.example' }, 403],
    ['an unsupported Content-Type', { 'content-type': 'text/plain' }, 415],
  ];
  for (const [name, headers, status] of refusedWhileSending) {
    test(`${name} with a 300 KB body still being sent: ${status} arrives, not a reset`, async () => {
      const body = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, padding: 'y'.repeat(300_000) } });
      for (let attempt = 0; attempt < 5; attempt++) {
        assert.equal(await postWithNodeHttp(port, headers, body), status, `attempt ${attempt + 1}`);
      }
    });
  }

  test('after all that, a session and a tool call still work', () => assertStillServes(server));
});

/** The status node:http's client gets for a POST, or the error that cut it off. */
function postWithNodeHttp(port: number, headers: Record<string, string>, body: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (error) => resolve(`response broke off: ${error.message}`));
    });
    req.on('error', (error) => resolve(`request failed: ${error.message}`));
    req.end(body);
  });
}

describe('with --require-token', () => {
  let server: HttpServerProcess;
  let port: number;
  before(async () => {
    server = await startHttp(demoProject, ['--require-token', TOKEN]);
    port = portOf(server.url);
  });
  after(() => server.stop());

  const challenge = { 'www-authenticate': 'Bearer realm="yaoxiang-mcp"' };
  const cases: Case[] = [
    { name: 'no Authorization', request: () => ({}), status: 401, body: UNAUTHORIZED, headers: challenge },
    { name: 'a wrong token', request: () => ({ headers: { authorization: `Bearer ${TOKEN.replace('a', 'b')}` } }), status: 401, body: UNAUTHORIZED, headers: challenge },
    { name: 'a prefix of the token', request: () => ({ headers: { authorization: `Bearer ${TOKEN.slice(0, 16)}` } }), status: 401, body: UNAUTHORIZED },
    { name: 'the token twice', request: () => ({ headers: { authorization: `Bearer ${TOKEN}${TOKEN}` } }), status: 401, body: UNAUTHORIZED },
    { name: 'Bearer with nothing after it', request: () => ({ headers: { authorization: 'Bearer' } }), status: 401, body: UNAUTHORIZED },
    { name: 'Bearer with a trailing word', request: () => ({ headers: { authorization: `Bearer ${TOKEN} extra` } }), status: 401, body: UNAUTHORIZED },
    { name: 'the token without a scheme', request: () => ({ headers: { authorization: TOKEN } }), status: 401, body: UNAUTHORIZED },
    { name: 'Basic credentials', request: () => ({ headers: { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}` } }), status: 401, body: UNAUTHORIZED },
    { name: 'the token in the query string', request: () => ({ path: `/mcp?token=${TOKEN}` }), status: 401, body: UNAUTHORIZED },
    { name: 'no token on an unknown path: 401, not 404', request: () => ({ path: '/other' }), status: 401, body: UNAUTHORIZED },
    { name: 'no token with PUT: 401, not 405', request: () => ({ method: 'PUT' }), status: 401, body: UNAUTHORIZED },
    { name: 'no token with text/plain: 401, not 415', request: () => ({ headers: { 'content-type': 'text/plain' } }), status: 401, body: UNAUTHORIZED },
    { name: 'no token with malformed JSON: 401, not 400', request: () => ({ body: '{' }), status: 401, body: UNAUTHORIZED },
    { name: 'no token with an oversized Content-Length: 401, not 413', request: () => ({ body: '', headers: { 'content-length': String(1 << 30) } }), status: 401, body: UNAUTHORIZED },
    { name: 'a foreign Host is refused before the token is asked for', request: () => ({ headers: { host: 'evil.com' } }), status: 403, body: hostRefused('evil.com') },
    { name: 'the right token does not excuse a foreign Origin', request: () => ({ headers: { origin: 'http://evil.com', authorization: `Bearer ${TOKEN}` } }), status: 403, body: originForeign('http://evil.com') },
    { name: 'the right token', request: () => ({ headers: { authorization: `Bearer ${TOKEN}` } }), status: 200, body: SERVED },
    { name: 'the scheme in lower case (schemes are case-insensitive)', request: () => ({ headers: { authorization: `bearer ${TOKEN}` } }), status: 200, body: SERVED },
  ];
  for (const c of cases) test(c.name, () => check(port, c));

  test('after all that, a session and a tool call with the token still work', () => assertStillServes(server, { authorization: `Bearer ${TOKEN}` }));
});

describe('slow clients', () => {
  const HEADERS_MS = 1_000;
  const REQUEST_MS = 2_000;
  let server: HttpServerProcess;
  let port: number;
  before(async () => {
    server = await startHttp(demoProject, ['--headers-timeout-ms', String(HEADERS_MS), '--request-timeout-ms', String(REQUEST_MS)]);
    port = portOf(server.url);
  });
  after(() => server.stop());

  test('fifty slow sockets are cut off with 408 while normal calls go on', async () => {
    const head = (p: number) => requestText(p, { headers: { 'content-length': '200', connection: 'keep-alive' }, body: '' });
    const kinds = ['silent', 'headers', 'body'] as const;
    const slow = Array.from({ length: 50 }, (_, i) => {
      const kind = kinds[i % kinds.length]!;
      // silent sends nothing; headers dribbles the head a byte every 100 ms; body sends the head, then dribbles 200 body bytes.
      return dribble(port, kind === 'silent' ? '' : kind === 'headers' ? head(port) : head(port) + 'x'.repeat(200), kind === 'body' ? head(port).length : 0).then((r) => ({ kind, ...r }));
    });
    // While they hang: twenty sessions, each with a call, must be served promptly.
    const started = Date.now();
    for (let i = 0; i < 20; i++) await assertStillServes(server);
    const normalMs = Date.now() - started;
    const results = await Promise.all(slow);
    for (const r of results) {
      assert.match(r.answer, /^HTTP\/1\.1 408 Request Timeout\r\n/, `${r.kind}: ${JSON.stringify(r.answer)}`);
      const limit = r.kind === 'body' ? REQUEST_MS : HEADERS_MS;
      assert.ok(r.closedAfterMs >= limit * 0.9, `${r.kind} cut after ${r.closedAfterMs} ms, not before ${limit}`);
      // Generous on a loaded machine: the limit, one checking interval, scheduling.
      assert.ok(r.closedAfterMs < limit + 5_000, `${r.kind} cut after ${r.closedAfterMs} ms`);
    }
    assert.ok(normalMs < 15_000, `twenty normal sessions took ${normalMs} ms beside the slow sockets`);
    await assertStillServes(server);
  });
});

describe('sessions', () => {
  test('a cap of 200: all 200 open, the 201st gets 503, DELETE frees a slot, stateless calls are not counted', async () => {
    const server = await startHttp(demoProject, ['--max-sessions', '200']);
    try {
      const url = server.url;
      const ids: string[] = [];
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(Array.from({ length: 20 }, () => initialize(url)));
        for (const res of answers) {
          assert.equal(res.status, 200);
          ids.push(res.headers.get('mcp-session-id')!);
        }
      }
      assert.equal(new Set(ids).size, 200, 'every session has its own id');
      const refused = await initialize(url);
      assert.equal(refused.status, 503);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter >= 1 && retryAfter <= 1800, `Retry-After ${retryAfter}`);
      assert.deepEqual(await refused.json(), rpcError(-32000, `Too many sessions: this server holds at most 200 at once (--max-sessions). End unused ones with DELETE, or retry in ${retryAfter} s, when an idle one expires (--session-idle-ms 1800000).`));
      // The open sessions keep working, the first and the last.
      for (const id of [ids[0]!, ids[199]!]) assert.equal((await toolCall(url, id)).status, 200);
      // Modern (2026-07-28) requests hold no session and are served at the cap.
      const modern = await modernCall(url);
      assert.equal(modern.status, 200, await modern.clone().text());
      assert.equal(messageOf(await modern.text()).result.structuredContent.code, 'E0001');
      // DELETE ends a session: its id is then unknown, and its slot is free.
      const deleted = await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': ids[0]!, 'mcp-protocol-version': '2025-11-25' } });
      assert.equal(deleted.status, 200);
      const gone = await toolCall(url, ids[0]!);
      assert.equal(gone.status, 404);
      assert.deepEqual(await gone.json(), rpcError(-32001, 'Session not found; start a new session with initialize'));
      assert.equal((await initialize(url)).status, 200);
      assert.equal((await initialize(url)).status, 503);
    } finally {
      await server.stop();
    }
  });

  test('idle sessions expire (and make room at the cap); one with an open GET stream does not', async () => {
    const server = await startHttp(demoProject, ['--max-sessions', '3', '--session-idle-ms', '1000']);
    try {
      const url = server.url;
      const idle = (await initialize(url)).headers.get('mcp-session-id')!;
      const streaming = (await initialize(url)).headers.get('mcp-session-id')!;
      const stream = await openStream(url, streaming);
      const third = (await initialize(url)).headers.get('mcp-session-id')!;
      const full = await initialize(url);
      assert.equal(full.status, 503);
      assert.equal(full.headers.get('retry-after'), '1');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      assert.equal((await toolCall(url, idle)).status, 404, 'the idle session expired');
      assert.equal((await toolCall(url, third)).status, 404, 'the idle session expired');
      assert.equal((await toolCall(url, streaming)).status, 200, 'the session with an open GET stream is kept');
      stream.destroy();
      // Expiry made room: new sessions are admitted again.
      assert.equal((await initialize(url)).status, 200);
    } finally {
      await server.stop();
    }
  });
});

async function initialize(url: string): Promise<Response> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(INITIALIZE) });
  if (res.status !== 200) return res;
  await res.text();
  const id = res.headers.get('mcp-session-id')!;
  const done = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  await done.text();
  return res;
}

async function toolCall(url: string, session: string): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'explain_diagnostic', arguments: { code: 'E0001' } } }),
  });
  return new Response(await res.text(), { status: res.status, headers: res.headers });
}

function modernCall(url: string): Promise<Response> {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'explain_diagnostic' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'explain_diagnostic', arguments: { code: 'E0001' }, _meta: meta } }),
  });
}

/** A session's standalone GET stream, held open until the returned socket is destroyed. */
function openStream(url: string, session: string): Promise<net.Socket> {
  const port = portOf(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        if (/^HTTP\/1\.1 200/.test(head)) resolve(socket);
        else reject(new Error(head));
      }
    });
    socket.on('error', reject);
    socket.write(`GET /mcp HTTP/1.1\r\nhost: localhost:${port}\r\naccept: text/event-stream\r\nmcp-session-id: ${session}\r\nmcp-protocol-version: 2025-11-25\r\n\r\n`);
  });
}

/** Sends `text` from `from` on at a byte every 100 ms; resolves when the server closes the socket. */
function dribble(port: number, text: string, from: number): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let at = from;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (from > 0) socket.write(text.slice(0, from));
      timer = setInterval(() => {
        if (at < text.length) socket.write(text[at++]!);
      }, 100);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

/** Pushes 64 MiB of body as fast as the server takes it; returns the answer and how much got out. */
function floodBody(port: number, mode: 'content-length' | 'chunked'): Promise<{ response: RawResponse; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const framing = mode === 'chunked' ? { 'transfer-encoding': 'chunked', 'content-length': undefined } : { 'content-length': String(100 * 1024 * 1024) };
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let closed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still connected after ${sent} bytes: the server kept reading`));
    }, 30_000);
    const pump = () => {
      while (!closed && sent < 64 * 1024 * 1024) {
        const framed = mode === 'chunked' ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
        sent += chunk.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(requestText(port, { body: '', headers: { ...framing, connection: 'keep-alive' } }));
      pump();
    });
    socket.on('data', (data) => received.push(data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      try {
        resolve({ response: parseResponse(Buffer.concat(received)), sent });
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Sends the head with Expect: 100-continue, and the body only after the server's 100. */
function expectContinue(port: number, body: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sentBody = false;
    socket.on('data', (data) => {
      received.push(data);
      if (!sentBody && Buffer.concat(received).toString('latin1').startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        sentBody = true;
        socket.write(body);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(received)));
      } catch (error) {
        reject(error);
      }
    });
    socket.write(requestText(port, { body: '', headers: { 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' } }));
  });
}
