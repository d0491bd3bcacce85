// Streamable HTTP on one loopback endpoint, `/mcp`: modern (2026-07-28)
// requests are served statelessly per request, 2025-era clients get sessions
// (Mcp-Session-Id), and `--sse` adds the deprecated HTTP+SSE transport.
// Host and Origin are checked on every request (DNS rebinding), and an
// optional bearer token is required before anything else is read.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation, localhostOriginValidation, NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, isLegacyRequest } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';
import type { Host } from './host.ts';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.ts';
import { buildServer } from './server.ts';

export const MCP_PATH = '/mcp';
export const SSE_PATH = '/sse';
export const SSE_MESSAGES_PATH = '/messages';

export interface HttpOptions {
  host: string;
  port: number;
  /** Hex token every request must present as `Authorization: Bearer …`. */
  token?: string;
  sse?: boolean;
  /** Largest request body; sources are sent inline, so this is generous. */
  maxBodyBytes: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Parses `--addr host:port` and refuses anything that is not loopback. */
export function parseAddress(addr: string): { host: string; port: number } | { error: string } {
  const match = /^(\[[^\]]+\]|[^:]+|::1):(\d{1,5})$/.exec(addr);
  if (!match) return { error: `--addr must be HOST:PORT (for example 127.0.0.1:7325), not ${JSON.stringify(addr)}` };
  const host = match[1]!.replace(/^\[|\]$/g, '');
  const port = Number(match[2]);
  if (port > 65_535) return { error: `port ${port} is out of range` };
  if (!LOOPBACK.has(host)) {
    return { error: `refusing to listen on ${host}: yaoxiang mcp binds only to loopback (127.0.0.1, ::1, localhost), because any web page could reach another address. Use an SSH tunnel or a reverse proxy with authentication to expose it.` };
  }
  return { host, port };
}

export async function serveOverHttp(host: Host, options: HttpOptions): Promise<{ server: HttpServer; url: string; close(): Promise<void> }> {
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const modern = toNodeHandler(createMcpHandler(() => buildServer(host), { legacy: 'reject', onerror: (error) => host.log(`http: ${error.message}`) }));
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const sseSessions = new Map<string, SSEServerTransport>();

  const legacy = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const sid = req.headers['mcp-session-id'];
    const id = Array.isArray(sid) ? sid[0] : sid;
    const existing = id ? sessions.get(id) : undefined;
    if (existing) return existing.handleRequest(req, res, body);
    if (id) return jsonError(res, 404, -32001, 'Session not found; start a new session with initialize');
    if (req.method !== 'POST' || !isInitializeRequest(body)) return jsonError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header required (send initialize first)');
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (newId) => void sessions.set(newId, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await buildServer(host).connect(transport);
    return transport.handleRequest(req, res, body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    if (options.token !== undefined && !hasToken(req, options.token)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="yaoxiang-mcp"' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Unauthorized: send Authorization: Bearer <token>' }, id: null }));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (options.sse && url.pathname === SSE_PATH && req.method === 'GET') {
      const transport = new SSEServerTransport(SSE_MESSAGES_PATH, res);
      sseSessions.set(transport.sessionId, transport);
      transport.onclose = () => sseSessions.delete(transport.sessionId);
      await buildServer(host).connect(transport);
      return;
    }
    if (options.sse && url.pathname === SSE_MESSAGES_PATH && req.method === 'POST') {
      const transport = sseSessions.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) return jsonError(res, 404, -32001, 'SSE session not found');
      const body = await readJson(req, res, options.maxBodyBytes);
      if (body === undefined) return;
      return transport.handlePostMessage(req, res, body);
    }
    if (url.pathname !== MCP_PATH) return jsonError(res, 404, -32601, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (req.method === 'GET' || req.method === 'DELETE') return legacy(req, res, undefined);
    if (req.method !== 'POST') return jsonError(res, 405, -32000, 'Method not allowed');
    const body = await readJson(req, res, options.maxBodyBytes);
    if (body === undefined) return;
    if (await isLegacyRequest(await toWebRequest(req, body))) return legacy(req, res, body);
    return modern(req, res, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      host.log(`http: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) jsonError(res, 500, -32603, 'Internal error');
      else res.end();
    });
  });
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
      for (const t of sessions.values()) await t.close();
      for (const t of sseSessions.values()) await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function hasToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The parsed body, or undefined after answering 413 (too large) or 400 (not JSON, or nested too deeply). */
async function readJson(req: IncomingMessage, res: ServerResponse, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    jsonError(res, 413, -32600, `Request body of ${declared} bytes exceeds the ${limit}-byte limit`);
    req.resume();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      jsonError(res, 413, -32600, `Request body exceeds the ${limit}-byte limit`);
      req.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    jsonError(res, 400, -32700, 'Parse error: the body is not valid JSON');
    return undefined;
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    jsonError(res, 400, -32600, `Invalid Request: the body nests deeper than ${MAX_JSON_DEPTH} levels`);
    return undefined;
  }
  return body;
}

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
