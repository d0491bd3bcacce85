// Streamable HTTP on one loopback endpoint, `/mcp`: modern (2026-07-28)
// requests are served statelessly per request, 2025-era clients get sessions
// (Mcp-Session-Id), and `--sse` adds the deprecated HTTP+SSE transport.
//
// Every request passes the same gates in this order, and the first that fails
// answers: Host (403), Origin (403), bearer token (401), path (404), method
// (405), Content-Type (415), body size (413), JSON (400). Host and Origin come
// first because they decide whether the request is addressed to this server
// at all (DNS rebinding); the token comes before anything that reveals what
// the server offers or reads a body. Nothing but headers is read until all
// header checks have passed.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, isJsonContentType, isLegacyRequest, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';
import type { Host } from './host.ts';
import { classifyMessage, invalidParamsAnswer, invalidUtf8Answer, isUtf8Message } from './invalid-message.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../ide/index.ts';
import { buildServer } from './server.ts';
import { DEFAULT_SESSION_LIMITS, SessionTable, type SessionLimits } from './sessions.ts';
import type { ToolRunner } from './tool-pool.ts';
import { writtenJson } from './written-result.ts';

export const MCP_PATH = '/mcp';
export const SSE_PATH = '/sse';
export const SSE_MESSAGES_PATH = '/messages';

export interface HttpTimeouts {
  /** Time a client has to send all request headers (node:http `headersTimeout`). */
  headersMs: number;
  /** Time a client has to send the whole request, body included (node:http `requestTimeout`). */
  requestMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  // Headers are a few hundred bytes; only a slowloris client needs more than a second or two.
  headersMs: 10_000,
  // The largest body (about 9 MiB) crosses loopback in milliseconds and a slow
  // tunnel in seconds; a minute leaves room for both and still frees the socket.
  requestMs: 60_000,
};

export interface HttpOptions {
  host: string;
  port: number;
  /** Hex token every request must present as `Authorization: Bearer …`. */
  token?: string;
  sse?: boolean;
  /** Largest request body; sources are sent inline, so this is generous. */
  maxBodyBytes: number;
  /** Browser origins allowed besides the server's own, as `scheme://host[:port]`. */
  allowedOrigins?: readonly string[];
  timeouts?: Partial<HttpTimeouts>;
  sessions?: Partial<SessionLimits>;
  /** Runs tools/call (the worker pool); in process when absent. */
  run?: ToolRunner;
  /** `run` with results written on the worker (tool-pool.ts), for the transports that can splice them in. */
  runWritten?: ToolRunner;
}

/** Names a loopback client can put in Host (and a page on this machine in Origin). */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const LISTEN_ADDRESSES = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const ALLOWED_METHODS = 'GET, POST, DELETE';
/** How long a refused request's connection stays open after the answer, for the client to read it. */
const REFUSED_BODY_GRACE_MS = 1_000;
/** How much of a refused request's body is read and dropped meanwhile; past it the client's sends stall. */
const MAX_DRAINED_BYTES = 1024 * 1024;
/** node:http's own answers to a request it cannot parse or that came too slowly, as it words them. */
const PARSER_REFUSALS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** Parses `--addr host:port` and refuses anything that is not loopback. */
export function parseAddress(addr: string): { host: string; port: number } | { error: string } {
  const match = /^(\[[^\]]+\]|[^:]+|::1):(\d{1,5})$/.exec(addr);
  if (!match) return { error: `--addr must be HOST:PORT (for example 127.0.0.1:7325), not ${JSON.stringify(addr)}` };
  const host = match[1]!.replace(/^\[|\]$/g, '');
  const port = Number(match[2]);
  if (port > 65_535) return { error: `port ${port} is out of range` };
  if (!LISTEN_ADDRESSES.has(host)) {
    return { error: `refusing to listen on ${host}: yaoxiang mcp binds only to loopback (127.0.0.1, ::1, localhost), because any web page could reach another address. Use an SSH tunnel or a reverse proxy with authentication to expose it.` };
  }
  return { host, port };
}

/** `scheme://host[:port]` as browsers send it in Origin, or an error for `--allow-origin`. */
export function parseAllowedOrigin(given: string): { origin: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return { error: `--allow-origin must be an origin such as http://localhost:6274, not ${JSON.stringify(given)}` };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === 'null' || given.replace(/\/$/, '').toLowerCase() !== url.origin) {
    return { error: `--allow-origin must be an http(s) origin without path, such as http://localhost:6274, not ${JSON.stringify(given)}` };
  }
  return { origin: url.origin };
}

export async function serveOverHttp(host: Host, options: HttpOptions): Promise<{ server: HttpServer; url: string; close(): Promise<void> }> {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.timeouts };
  const sessions = new SessionTable<NodeStreamableHTTPServerTransport | SSEServerTransport>({ ...DEFAULT_SESSION_LIMITS, ...options.sessions });
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const modern = toNodeHandler(createMcpHandler(() => buildServer(host, options.run), { legacy: 'reject', onerror: (error) => host.log(`http: ${error.message}`) }));

  const tooManySessions = (res: ServerResponse, retryAfterSeconds: number) => {
    res.setHeader('retry-after', String(retryAfterSeconds));
    jsonError(res, 503, -32000, `Too many sessions: this server holds at most ${sessions.limits.max} at once (--max-sessions). End unused ones with DELETE, or retry in ${retryAfterSeconds} s, when an idle one expires (--session-idle-ms ${sessions.limits.idleMs}).`);
  };

  const legacy = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const sid = req.headers['mcp-session-id'];
    const id = Array.isArray(sid) ? sid[0] : sid;
    if (id) {
      const existing = sessions.use(id, res);
      if (existing instanceof NodeStreamableHTTPServerTransport) return existing.handleRequest(req, res, body);
      return jsonError(res, 404, -32001, 'Session not found; start a new session with initialize');
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) return jsonError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header required (send initialize first)');
    const admitted = sessions.admit();
    if (!admitted.ok) return tooManySessions(res, admitted.retryAfterSeconds);
    try {
      const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (newId: string): void => sessions.add(newId, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.remove(transport.sessionId);
      };
      const run = options.runWritten && spliceWrittenResults(transport) ? options.runWritten : options.run;
      await buildServer(host, run).connect(transport);
      return await transport.handleRequest(req, res, body);
    } finally {
      admitted.release();
    }
  };

  const sse = async (res: ServerResponse) => {
    const admitted = sessions.admit();
    if (!admitted.ok) return tooManySessions(res, admitted.retryAfterSeconds);
    try {
      const transport = new SSEServerTransport(SSE_MESSAGES_PATH, res);
      sessions.add(transport.sessionId, transport);
      // The stream is this session's open response: it stays busy, never idle, until the client goes.
      sessions.use(transport.sessionId, res);
      transport.onclose = () => sessions.remove(transport.sessionId);
      await buildServer(host, options.run).connect(transport);
    } finally {
      admitted.release();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const refused = hostProblem(req.headers.host) ?? originProblem(req.headers.origin, req.headers.host, allowedOrigins);
    if (refused) return jsonError(res, 403, -32000, `Forbidden: ${refused}`);
    if (options.token !== undefined && !hasToken(req, options.token)) {
      res.setHeader('www-authenticate', 'Bearer realm="yaoxiang-mcp"');
      return jsonError(res, 401, -32001, 'Unauthorized: send Authorization: Bearer <token>');
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (options.sse && url.pathname === SSE_PATH && req.method === 'GET') return sse(res);
    if (options.sse && url.pathname === SSE_MESSAGES_PATH && req.method === 'POST') {
      const transport = sessions.use(url.searchParams.get('sessionId') ?? '', res);
      if (!(transport instanceof SSEServerTransport)) return jsonError(res, 404, -32001, 'SSE session not found');
      const body = await readJson(req, res, options.maxBodyBytes, (answer) => {
        // Answers of this transport go down the session's event stream; the POST only says it was taken.
        if (answer) void transport.send(answer);
        res.writeHead(202).end('Accepted');
      });
      if (body === undefined) return;
      // The transport answers what it cannot take with plain text ("Invalid message: [object Object]"), without the id.
      const verdict = classifyMessage(body);
      if (verdict.kind === 'invalid') return jsonReply(res, 400, verdict.answer);
      if (verdict.kind === 'malformed-response') return jsonError(res, 400, -32600, 'Invalid Request: a response needs an id and exactly one of result and error');
      const badParams = invalidParamsAnswer(body);
      if (badParams) {
        void transport.send(badParams);
        return res.writeHead(202).end('Accepted');
      }
      return transport.handlePostMessage(req, res, body);
    }
    if (url.pathname !== MCP_PATH) return jsonError(res, 404, -32601, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (req.method === 'GET' || req.method === 'DELETE') return legacy(req, res, undefined);
    if (req.method !== 'POST') {
      res.setHeader('allow', ALLOWED_METHODS);
      return jsonError(res, 405, -32000, `Method not allowed: ${MCP_PATH} takes ${ALLOWED_METHODS}`);
    }
    const body = await readJson(req, res, options.maxBodyBytes, (answer) => {
      if (answer === undefined) res.writeHead(202).end();
      else jsonReply(res, 'result' in answer ? 200 : 400, answer);
    });
    if (body === undefined) return;
    const badParams = invalidParamsAnswer(body);
    if (badParams) return jsonReply(res, 400, badParams);
    if (await isLegacyRequest(headersOnly(req), body)) return legacy(req, res, body);
    return modern(req, res, body);
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      host.log(`http: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) jsonError(res, 500, -32603, 'Internal error');
      else res.end();
    });
  };
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    // How often node:http looks for connections over those limits; the default 30 s would let a slow client stay that much longer.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
  }, listener);
  // With a listener here node:http does not answer `Expect: 100-continue` itself, so
  // an oversized upload is refused before the client sends it (readJson sends 100 otherwise).
  server.on('checkContinue', listener);
  server.on('clientError', refuseUnparsed);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${shown}:${address.port}${MCP_PATH}`,
    close: async () => {
      await sessions.closeAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Why a Host header is refused, or undefined. Only the three loopback names,
 * spelled exactly (any case): a DNS-rebinding page makes the browser send its
 * own name, so the name is what matters. Any port is accepted, because SSH
 * tunnels and port forwards change it and a browser cannot forge it.
 */
export function hostProblem(given: string | undefined): string | undefined {
  if (given === undefined || given === '') return 'Missing Host header';
  const split = splitHost(given);
  // A port past 65535 is no port: URL parsing (the SDK's, for every request) would throw and answer 500.
  if (split === undefined || (split.port !== undefined && split.port > 65_535)) return `Invalid Host header ${JSON.stringify(given)}`;
  const name = split.name;
  if (!LOOPBACK_NAMES.has(name)) return `Host ${JSON.stringify(given)} is not this server; it answers only to localhost, 127.0.0.1 and [::1] (DNS rebinding protection)`;
  return undefined;
}

/**
 * Why an Origin header is refused, or undefined. Absent is fine (agents and
 * other non-browser clients send none). A browser page may call only from this
 * server's own origin: a loopback name with the port the request came in on,
 * so pages of other local servers (another port) are refused too. `null`
 * (sandboxed frames, file:// pages), https and other schemes, and foreign
 * names are refused; `--allow-origin` adds exact exceptions.
 */
export function originProblem(given: string | undefined, host: string | undefined, allowed: ReadonlySet<string>): string | undefined {
  if (given === undefined) return undefined;
  if (allowed.has(given)) return undefined;
  // http only: this server speaks no TLS, so an https page on a loopback name is some other server.
  const match = /^http:\/\/(.+)$/i.exec(given);
  const origin = match ? splitHost(match[1]!) : undefined;
  if (!origin || !LOOPBACK_NAMES.has(origin.name)) return `Origin ${JSON.stringify(given)} is not allowed; browser pages may call this server only from its own origin (DNS rebinding protection), or start it with --allow-origin`;
  const hostPort = host === undefined ? undefined : splitHost(host)?.port;
  if ((origin.port ?? 80) !== (hostPort ?? 80)) return `Origin ${JSON.stringify(given)} is another server on this machine; browser pages may call this server only from its own origin, or start it with --allow-origin`;
  return undefined;
}

/** `name[:port]` with the name lower-cased, or undefined when it is not that shape. */
function splitHost(text: string): { name: string; port: number | undefined } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/@\s]+)(?::(\d{1,5}))?$/i.exec(text);
  if (!match) return undefined;
  return { name: match[1]!.toLowerCase(), port: match[2] === undefined ? undefined : Number(match[2]) };
}

/**
 * The request's method, URL and headers as a web Request, without its body:
 * the SDK tells the eras apart by those and the body already parsed. Its own
 * toWebRequest would serialize the body again (and the classifier then read
 * and parse that copy), twice the request's size in garbage per call.
 */
function headersOnly(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Host has passed hostProblem by now: a loopback name, so a valid URL.
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers });
}

function hasToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The parsed body, or undefined after answering 415, 413 or 400 (not JSON, or
 * nested too deeply). An oversized body is refused as soon as it is known to be
 * too large (by Content-Length before reading any of it, or while streaming a
 * chunked one) and the connection is closed after the answer, so the rest is
 * never read.
 */
async function readJson(req: IncomingMessage, res: ServerResponse, limit: number, answerInvalidUtf8: (answer: JSONRPCMessage | undefined) => void): Promise<unknown> {
  if (!isJsonContentType(req.headers['content-type'] ?? '')) {
    jsonError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    return undefined;
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    refuseBody(req, res, `Request body of ${declared} bytes exceeds the ${limit}-byte limit`);
    return undefined;
  }
  if (/100-continue/i.test(req.headers.expect ?? '')) res.writeContinue();
  const raw = await new Promise<Buffer | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      refuseBody(req, res, `Request body exceeds the ${limit}-byte limit`);
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    // A client gone mid-body leaves nobody to answer.
    req.once('close', () => resolve(undefined));
    req.once('error', reject);
  });
  if (raw === undefined) return undefined;
  // Raw bytes first: decoding replaces invalid UTF-8 with U+FFFD, and the tool would analyse text nobody sent.
  if (!isUtf8Message(raw)) {
    answerInvalidUtf8(invalidUtf8Answer(raw));
    return undefined;
  }
  const text = raw.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    jsonError(res, 400, -32700, 'Parse error: the body is not valid JSON');
    return undefined;
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    jsonError(res, 400, -32600, `Invalid Request: the body nests deeper than ${MAX_JSON_DEPTH} levels`);
    return undefined;
  }
  return body;
}

/**
 * 413, then stop reading: the request stays paused, so the rest of the body
 * waits in the kernel and the client's sends stall. See answerUnread.
 */
function refuseBody(req: IncomingMessage, res: ServerResponse, message: string): void {
  answerUnread(req, res, 413, -32600, message, false);
}

/**
 * An answer given before the request's body was read (413, or a refusal by
 * Host, Origin, token, path or method). It goes out with its length and
 * `Connection: close`, but the socket is closed only when the body has come
 * in or after a grace period: closing it with unread data makes TCP send a
 * reset that can destroy the answer in the client's buffers before it reads
 * it. Up to MAX_DRAINED_BYTES of the body is read and dropped meanwhile, so
 * a client sending a modest body finishes and reads its answer; a 413's
 * client is cut off (refuseBody).
 */
function answerUnread(req: IncomingMessage, res: ServerResponse, status: number, code: number, message: string, drain = true): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.write(body);
  // Ending the response lets node:http close the socket.
  const end = () => {
    if (!res.writableEnded) res.end();
  };
  setTimeout(end, REFUSED_BODY_GRACE_MS).unref();
  if (!drain) {
    req.pause();
    return;
  }
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAINED_BYTES) req.pause();
  });
  req.once('end', end);
  req.resume();
}

/**
 * A request node:http could not take (headers too large, malformed, too
 * slow): its own answer, but closed the way answerUnread closes. node:http
 * would destroy the socket at once, and a client still sending its body got
 * a reset instead of the answer (the fuzzer: a 10 KB header before a 116 KB
 * body lost its 431 every time). Nothing of the request is parsed any more;
 * what still comes is dropped until the client hangs up or the grace ends.
 */
function refuseUnparsed(error: NodeJS.ErrnoException, socket: Duplex): void {
  // node:http answers only while no response of its own is under way on the socket; neither do we.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.on('error', () => socket.destroy());
  socket.resume();
  socket.end(`HTTP/1.1 ${PARSER_REFUSALS[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
  setTimeout(() => socket.destroy(), REFUSED_BODY_GRACE_MS).unref();
}

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  // A refusal that comes before the body is read must not lose itself to a reset.
  if (res.req && hasUnreadBody(res.req)) return answerUnread(res.req, res, status, code, message);
  jsonReply(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

/** An answer to a body that has been read. */
function jsonReply(res: ServerResponse, status: number, message: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(message));
}

function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete || req.readableEnded) return false;
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** What the SDK's streamable transport for Node keeps inside: its web-standard transport, whose events it writes with writeSSEEvent. */
interface WithEventWriter {
  _webStandardTransport?: {
    writeSSEEvent?: (controller: ReadableStreamDefaultController<Uint8Array>, encoder: { encode(text: string): Uint8Array }, message: JSONRPCMessage, eventId?: string) => boolean;
    onerror?: (error: Error) => void;
  };
}

/**
 * Lets a session's event stream carry results written on a worker
 * (written-result.ts): its event writer splices them in, and writes every
 * other message as the SDK does. False, and nothing changed, when the
 * transport is not built as this SDK's is: then the session gets results as
 * objects, as right and only slower.
 */
export function spliceWrittenResults(transport: NodeStreamableHTTPServerTransport): boolean {
  const inner = (transport as unknown as WithEventWriter)._webStandardTransport;
  const write = inner?.writeSSEEvent;
  if (!inner || typeof write !== 'function') return false;
  inner.writeSSEEvent = (controller, encoder, message, eventId) => {
    const json = writtenJson(message);
    if (json === undefined) return write.call(inner, controller, encoder, message, eventId);
    try {
      // The SDK's framing (writeSSEEvent): an event per message, its data on one line.
      controller.enqueue(encoder.encode(`event: message\n${eventId ? `id: ${eventId}\n` : ''}data: `));
      for (const piece of json) controller.enqueue(piece);
      controller.enqueue(encoder.encode('\n\n'));
      return true;
    } catch (error) {
      inner.onerror?.(error as Error);
      return false;
    }
  };
  return true;
}
