// The `mcp-http` target: one request per case to a running `yaoxiang mcp
// --http --sse`, as a stateless 2026-07-28 request, inside a 2025-era session,
// or with odd methods, paths (the SSE endpoints among them) and headers. Every
// request must get a documented status and a JSON-RPC body (or none), a
// request with a usable id its own response, and a real tool call must still
// work every 200 cases.
// `mcp-http-token` runs the same cases against `--require-token`: each carries
// the right token unless its headers name another `authorization`, and then
// nothing may be served (401, or 403 and 431, which come before the token).
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { fuzzLoop, type Problem } from '../loop.ts';
import { seedPrograms } from '../source/target.ts';
import { keepFinding, type TargetOptions, type TargetReport } from '../target.ts';
import type { ListedTool } from './args.ts';
import { badToolReply, idKey, isObject, malformedReply, owed, parseOrUndefined } from './expect.ts';
import { INITIALIZE_PARAMS, LEGACY_VERSION, line, MODERN_VERSION, request } from './messages.ts';
import { ServerProcess } from './process.ts';

export interface HttpCase {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** Where a case asks for the current 2025-era session's id. */
export const SESSION = '$SESSION';

/**
 * The statuses the server documents (README, src/mcp/http.ts and the SDK's
 * handler): 200 result, 202 accepted notification or response, 400 bad
 * request, 403 foreign Host or Origin, 404 unknown path, session or method,
 * 405 method not allowed, 406 Accept without JSON or SSE, 413 body too large,
 * 415 not JSON; and from Node's HTTP parser, 431 for headers over 16 KiB.
 * 401 only with --require-token (`mcp-http-token`).
 */
// 408: a client too slow to send its request; 503: the cap on 2025-era sessions is reached (--max-sessions).
export const DOCUMENTED_STATUSES = new Set([200, 202, 400, 403, 404, 405, 406, 408, 413, 415, 431, 503]);

/** The token of the `mcp-http-token` target's server. */
export const FUZZ_TOKEN = '0123456789abcdef0123456789abcdef';
/** What a request with a wrong or malformed token may get: refused by Host, Origin or the parser first, else 401. */
const UNAUTHORIZED_STATUSES = new Set([401, 403, 431]);

/** Below the server's body limit (--max-source-chars × 4 + 1 MiB, 9 MiB by default). */
const BODY_LIMIT_FLOOR = 8 * 1024 * 1024;

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export class HttpTarget {
  readonly server: ServerProcess;
  // No keep-alive: a socket the server closes while idle would fail the next
  // request with a hang-up that is the client's race, not the server's fault.
  readonly #agent = new Agent({ keepAlive: false });
  #url: URL | undefined;
  #session: string | undefined;
  #health = 0;
  readonly #token: string | undefined;

  constructor(token?: string) {
    this.#token = token;
    this.server = new ServerProcess(['--http', '--sse', '--addr', '127.0.0.1:0', ...(token ? ['--require-token', token] : [])]);
  }

  static async start(timeoutMs: number, token?: string): Promise<HttpTarget> {
    const target = new HttpTarget(token);
    target.#url = await target.server.listening(timeoutMs);
    return target;
  }

  async stop(): Promise<void> {
    this.#agent.destroy();
    await this.server.stop();
  }

  async tools(timeoutMs: number): Promise<ListedTool[]> {
    const reply = await this.send(modernCase(request('tools', 'tools/list', {}, true)), timeoutMs);
    const message = reply && 'body' in reply ? messagesOf(reply)[0] : undefined;
    return isObject(message) && isObject(message.result) ? (message.result.tools as ListedTool[]) : [];
  }

  /** Sends one case; undefined when the client itself refused it (a header Node will not send). */
  async send(c: HttpCase, timeoutMs: number): Promise<Reply | Problem | undefined> {
    const headers = { ...c.headers };
    // With a token, a case that names no `authorization` of its own carries the right one.
    if (this.#token && headers.authorization === undefined) headers.authorization = `Bearer ${this.#token}`;
    if (Object.values(headers).includes(SESSION)) {
      const session = await this.#currentSession(timeoutMs);
      for (const [k, v] of Object.entries(headers)) if (v === SESSION) headers[k] = session;
    }
    return new Promise((resolve) => {
      let req: ReturnType<typeof httpRequest>;
      const timer = setTimeout(() => {
        req?.destroy();
        resolve({ check: 'no-http-response', message: `${c.method} ${c.path}: nothing within ${timeoutMs} ms` });
      }, timeoutMs);
      const done = (value: Reply | Problem | undefined) => {
        clearTimeout(timer);
        resolve(value);
      };
      try {
        req = httpRequest({ host: this.#url!.hostname, port: this.#url!.port, method: c.method, path: c.path, headers, agent: this.#agent }, (res) => {
          // A GET may open a stream that stays open by design: its status and headers are the answer.
          if (c.method === 'GET' && (res.headers['content-type'] ?? '').includes('text/event-stream')) {
            res.destroy();
            return done({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
          }
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
          res.on('error', (error) => done({ check: 'http-connection', message: `${c.method} ${c.path}: the response broke off: ${error.message}` }));
        });
      } catch {
        return done(undefined);
      }
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (this.server.exited) return done(this.#exited());
        // Over the body limit the server answers 413 and closes the connection while the body is still going out.
        const cutOff = (error.code === 'EPIPE' || error.code === 'ECONNRESET') && Buffer.byteLength(c.body) > BODY_LIMIT_FLOOR;
        done(cutOff ? undefined : { check: 'http-connection', message: `${c.method} ${c.path}: ${error.message}` });
      });
      // Only POST bodies are read; a body on another method may see the connection reset after the answer.
      if (c.method === 'POST') req.end(c.body);
      else req.end();
    });
  }

  /** One case, judged. */
  async exchange(c: HttpCase, timeoutMs: number): Promise<Problem | undefined> {
    if (this.server.exited) return this.#exited();
    const reply = await this.send(c, timeoutMs);
    if (reply === undefined || !('status' in reply)) return reply;
    if (c.method === 'DELETE' && this.#session) {
      // The generated DELETE may not have ended it (edited headers): end it for sure before forgetting it.
      await this.#endSession(this.#session, timeoutMs);
      this.#session = undefined;
    }
    // A generated initialize opened a session of its own: end it, or the server's cap
    // (--max-sessions) would soon refuse the session this target works in.
    const opened = 'headers' in reply ? reply.headers['mcp-session-id'] : undefined;
    if (typeof opened === 'string' && opened !== this.#session) await this.#endSession(opened, timeoutMs);
    const documented = DOCUMENTED_STATUSES.has(reply.status) || (this.#token !== undefined && reply.status === 401);
    if (!documented) return { check: reply.status === 500 ? 'http-500' : 'undocumented-status', message: `${c.method} ${c.path} got ${reply.status}: ${reply.body.slice(0, 300)}` };
    if (this.#token && c.headers.authorization !== undefined && c.headers.authorization !== `Bearer ${this.#token}` && !UNAUTHORIZED_STATUSES.has(reply.status)) {
      return { check: 'token-not-required', message: `${c.method} ${c.path} with authorization ${JSON.stringify(c.headers.authorization.slice(0, 60))} got ${reply.status}: ${reply.body.slice(0, 200)}` };
    }
    let messages: unknown[];
    try {
      messages = messagesOf(reply);
    } catch (error) {
      return { check: 'malformed-reply', message: `${reply.status} with a body that is not JSON-RPC (${(error as Error).message}): ${reply.body.slice(0, 200)}` };
    }
    for (const message of messages) {
      const bad = malformedReply(message);
      if (bad) return { check: 'malformed-reply', message: `${bad}: ${JSON.stringify(message).slice(0, 300)}` };
    }
    const expected = owed(c.method === 'POST' ? [c.body] : [], { batches: true });
    const answers = messages.filter((m): m is Record<string, unknown> => isObject(m) && 'id' in m);
    for (const answer of answers) {
      const key = idKey(answer.id);
      if (answer.id !== null && !expected.allowed.has(key)) return { check: 'unexpected-response', message: `${reply.status} answers id ${key.slice(0, 60)}, which the request did not carry` };
      if (expected.toolCalls.has(key)) {
        const bad = badToolReply(answer);
        if (bad) return { check: 'bad-tool-reply', message: bad };
      }
    }
    if (reply.status === 200 && expected.ids.size > 0 && !answers.some((a) => expected.ids.has(idKey(a.id)))) {
      return { check: 'missing-response', message: `200 without a response to id ${[...expected.ids.keys()][0]!.slice(0, 60)}: ${reply.body.slice(0, 200)}` };
    }
    if (reply.status >= 400 && reply.status !== 431 && c.method !== 'HEAD' && messages.length === 0) return { check: 'malformed-reply', message: `${reply.status} without a JSON-RPC error body` };
    return undefined;
  }

  /** A stateless tool call on real code must still work. */
  async healthy(timeoutMs: number): Promise<Problem | undefined> {
    const message = request(`health-${this.#health++}`, 'tools/call', { name: 'parse_source', arguments: { source: 'x = 1\n' } }, true);
    const reply = await this.send(modernCase(message), timeoutMs);
    const answer = reply && 'status' in reply && reply.status === 200 ? messagesOf(reply)[0] : undefined;
    if (isObject(answer) && isObject(answer.result) && answer.result.isError === false) return undefined;
    return this.server.exited ? this.#exited() : { check: 'stopped-serving', message: `a valid tools/call got ${JSON.stringify(reply).slice(0, 300)}` };
  }

  async #currentSession(timeoutMs: number): Promise<string> {
    if (this.#session) return this.#session;
    const reply = await this.send({ method: 'POST', path: '/mcp', headers: jsonHeaders(), body: JSON.stringify(request('init', 'initialize', INITIALIZE_PARAMS, false)) }, timeoutMs);
    const id = reply && 'headers' in reply ? reply.headers['mcp-session-id'] : undefined;
    if (typeof id !== 'string') throw new Error(`no session from initialize: ${JSON.stringify(reply).slice(0, 300)}`);
    const headers = { ...jsonHeaders(), 'mcp-session-id': id, 'mcp-protocol-version': LEGACY_VERSION };
    await this.send({ method: 'POST', path: '/mcp', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) }, timeoutMs);
    this.#session = id;
    return id;
  }

  async #endSession(id: string, timeoutMs: number): Promise<void> {
    await this.send({ method: 'DELETE', path: '/mcp', headers: { ...jsonHeaders(), 'mcp-session-id': id, 'mcp-protocol-version': LEGACY_VERSION }, body: '' }, timeoutMs);
  }

  #exited(): Problem {
    const exit = this.server.exited!;
    return { check: 'server-exited', message: `the server exited (code ${exit.code}, signal ${exit.signal}): ${this.server.stderrTail(500)}` };
  }
}

function jsonHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
}

/** The headers a 2026-07-28 client sends with this body. */
function modernHeaders(body: unknown): Record<string, string> {
  const headers: Record<string, string> = { ...jsonHeaders(), 'mcp-protocol-version': MODERN_VERSION };
  if (isObject(body) && typeof body.method === 'string') {
    headers['mcp-method'] = body.method;
    const name = isObject(body.params) ? body.params.name : undefined;
    if (typeof name === 'string' && /^[\x20-\x7e]*$/.test(name)) headers['mcp-name'] = name;
  }
  return headers;
}

function modernCase(message: unknown): HttpCase {
  return { method: 'POST', path: '/mcp', headers: modernHeaders(message), body: JSON.stringify(message) };
}

/** The JSON-RPC messages of a reply: a JSON body, or the data of SSE events. */
function messagesOf(reply: Reply): unknown[] {
  if (reply.body.trim() === '') return [];
  const type = reply.headers['content-type'] ?? '';
  if (type.includes('text/event-stream')) {
    return reply.body.split(/\r?\n/).filter((l) => l.startsWith('data:') && l.slice(5).trim() !== '').map((l) => JSON.parse(l.slice(5)) as unknown);
  }
  const value = JSON.parse(reply.body) as unknown;
  return Array.isArray(value) ? value : [value];
}

const HEADER_NAMES = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'origin', 'host', 'last-event-id', 'authorization'];
const HEADER_VALUES = ['', `Bearer ${FUZZ_TOKEN}x`, `Bearer ${FUZZ_TOKEN.slice(0, -1)}`, FUZZ_TOKEN, `Basic ${FUZZ_TOKEN}`, 'application/json', 'text/plain', 'text/event-stream', '*/*', 'application/json; charset=utf-16', MODERN_VERSION, LEGACY_VERSION, 'bogus', 'tools/call', 'tools/list', 'nope', SESSION, 'no-such-session', 'http://evil.example', 'http://localhost', 'evil.example', 'localhost', '127.0.0.1:1', 'Bearer x', 'x'.repeat(10_000)];

function httpCase(tools: readonly ListedTool[], seeds: readonly string[]): fc.Arbitrary<HttpCase> {
  const body = line(tools, seeds);
  const headerEdits = fc.array(fc.tuple(fc.constantFrom(...HEADER_NAMES), fc.option(fc.constantFrom(...HEADER_VALUES), { nil: undefined })), { maxLength: 2 });
  const edited = (headers: Record<string, string>, edits: Array<[string, string | undefined]>) => {
    const result = { ...headers };
    for (const [name, value] of edits) {
      if (value === undefined) delete result[name];
      else result[name] = value;
    }
    return result;
  };
  const modern = fc.tuple(body, headerEdits, fc.nat({ max: 3 })).map(([text, edits, n]): HttpCase => ({
    method: 'POST', path: '/mcp', body: text, headers: n === 0 ? edited(modernHeaders(parseOrUndefined(text)), edits) : modernHeaders(parseOrUndefined(text)),
  }));
  const legacy = fc.tuple(body, headerEdits, fc.nat({ max: 3 })).map(([text, edits, n]): HttpCase => {
    const headers = { ...jsonHeaders(), 'mcp-session-id': SESSION, 'mcp-protocol-version': LEGACY_VERSION };
    return { method: 'POST', path: '/mcp', body: text, headers: n === 0 ? edited(headers, edits) : headers };
  });
  const odd = fc.record({
    method: fc.constantFrom('GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD', 'POST'),
    path: fc.constantFrom('/mcp', '/', '/mcp/', '/MCP', '/sse', '/sse?sessionId=x', '/messages', '/messages?sessionId=no-such-session', '/messages?sessionId=', '/mcp?x=1', '//mcp', '/%2e%2e/mcp', '/mcp#x', '*'),
    body,
  }).chain((base) => fc.tuple(fc.boolean(), headerEdits).map(([session, edits]): HttpCase => ({
    ...base,
    headers: edited(session ? { ...jsonHeaders(), 'mcp-session-id': SESSION, 'mcp-protocol-version': LEGACY_VERSION } : jsonHeaders(), edits),
  })));
  return fc.oneof({ weight: 6, arbitrary: modern }, { weight: 3, arbitrary: legacy }, { weight: 2, arbitrary: odd });
}

/** One fixture's case against a fresh server (with FUZZ_TOKEN required when `token`), then the health check. */
export async function replayHttp(c: HttpCase, options: { token?: boolean; timeoutMs?: number } = {}): Promise<Problem | undefined> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const target = await HttpTarget.start(timeoutMs, options.token ? FUZZ_TOKEN : undefined);
  try {
    return (await target.exchange(c, timeoutMs)) ?? (await target.healthy(timeoutMs));
  } finally {
    await target.stop();
  }
}

export function fuzzMcpHttp(options: TargetOptions): Promise<TargetReport> {
  return fuzzHttp(options, 'mcp-http');
}

export function fuzzMcpHttpToken(options: TargetOptions): Promise<TargetReport> {
  return fuzzHttp(options, 'mcp-http-token', FUZZ_TOKEN);
}

async function fuzzHttp(options: TargetOptions, name: 'mcp-http' | 'mcp-http-token', token?: string): Promise<TargetReport> {
  const seeds = seedPrograms().filter((s) => s.length < 4000);
  let target = await HttpTarget.start(options.timeoutMs, token);
  const tools = await target.tools(options.timeoutMs);
  if (tools.length === 0) throw new Error('tools/list gave no tools');
  let cases = 0;
  let peak = 0;
  const stats = await fuzzLoop<HttpCase>({
    arbitrary: httpCase(tools, seeds),
    run: async (c) => {
      if (target.server.exited) {
        peak = Math.max(peak, target.server.peakRss);
        await target.stop();
        target = await HttpTarget.start(options.timeoutMs, token);
      }
      const problem = await target.exchange(c, options.timeoutMs);
      if (problem || ++cases % 200 !== 0) return problem;
      return target.healthy(options.timeoutMs);
    },
    seconds: options.seconds,
    seed: options.seed,
    shrinkSeconds: 30,
    onFinding: (finding) => keepFinding(options, name, finding),
  });
  const final = await target.healthy(options.timeoutMs);
  if (final) {
    options.log(`${name}: FAILED after the run: ${final.check}: ${final.message}`);
    stats.findings.push({ ...final, input: { method: 'POST', path: '/mcp', headers: {}, body: '' }, hits: 1 });
  }
  options.log(`${name}: health checks passed: ${final ? 'no' : 'yes'}`);
  peak = Math.max(peak, target.server.peakRss);
  await target.stop();
  return { target: name, ...stats, peakRssMb: Math.round(peak / 1048576) };
}
