// HTTP/1.x written by hand over a socket, for requests fetch() and node:http
// will not send: a foreign or missing Host, HTTP/1.0, a body that never ends.
import net from 'node:net';

export const ACCEPT = 'application/json, text/event-stream';
export const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

export interface RawRequest {
  method?: string;
  path?: string;
  version?: '1.0' | '1.1';
  /** Replaces the defaults by name; `undefined` leaves a header out. */
  headers?: Record<string, string | undefined>;
  body?: string;
}

export interface RawResponse {
  status: number;
  /** Interim 1xx statuses seen before the final one. */
  interim: number[];
  headers: Record<string, string>;
  body: string;
}

/** A JSON-RPC error body as the server writes it for refused requests. */
export function rpcError(code: number, message: string): unknown {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

export function requestText(port: number, request: RawRequest = {}): string {
  const body = request.body ?? JSON.stringify(INITIALIZE);
  const headers: Record<string, string | undefined> = {
    host: `localhost:${port}`,
    'content-type': 'application/json',
    accept: ACCEPT,
    connection: 'close',
    'content-length': String(Buffer.byteLength(body)),
    ...request.headers,
  };
  const lines = Object.entries(headers).filter(([, value]) => value !== undefined).map(([name, value]) => `${name}: ${value}`);
  return `${request.method ?? 'POST'} ${request.path ?? '/mcp'} HTTP/${request.version ?? '1.1'}\r\n${lines.map((line) => `${line}\r\n`).join('')}\r\n${body}`;
}

/** Sends one request and reads its answer (to its end, not the connection's: SSE answers keep the connection alive). */
export function rawRequest(port: number, request: RawRequest = {}, timeoutMs = 20_000): Promise<RawResponse> {
  return exchange(port, requestText(port, request), timeoutMs);
}

export function exchange(port: number, text: string, timeoutMs = 20_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const head = /^(HEAD) /.test(text);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms; got ${JSON.stringify(Buffer.concat(chunks).toString('latin1'))}`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (isComplete(Buffer.concat(chunks), head)) finish();
    });
    socket.on('error', () => undefined);
    socket.on('close', finish);
    socket.write(text);
  });
}

/** Whether the bytes hold a whole final response (a HEAD answer has no body). */
function isComplete(bytes: Buffer, head: boolean): boolean {
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return false;
    const headText = rest.subarray(0, end).toString('latin1');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headText)?.[1]);
    rest = rest.subarray(end + 4);
    if (status >= 100 && status < 200) continue;
    if (head) return true;
    if (/\r\ntransfer-encoding: *chunked/i.test(headText)) return rest.includes('0\r\n\r\n') && dechunkedLength(rest) !== undefined;
    const length = /\r\ncontent-length: *(\d+)/i.exec(headText);
    return length !== null && rest.length >= Number(length[1]);
  }
}

/** The body length when the chunked body is complete, else undefined. */
function dechunkedLength(bytes: Buffer): number | undefined {
  let rest = bytes;
  let total = 0;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) return undefined;
    const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) return total;
    if (rest.length < lineEnd + 2 + size + 2) return undefined;
    total += size;
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

export function parseResponse(bytes: Buffer): RawResponse {
  let rest = bytes;
  const interim: number[] = [];
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) throw new Error(`no complete response head in ${JSON.stringify(rest.toString('latin1'))}`);
    const [statusLine, ...headerLines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
    rest = rest.subarray(end + 4);
    if (status >= 100 && status < 200) {
      interim.push(status);
      continue;
    }
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { status, interim, headers, body: (headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest).toString('utf8') };
  }
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = bytes;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) break;
    const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
  return Buffer.concat(parts);
}

/** The JSON-RPC message in a response body, whether sent as JSON or as one SSE event. */
export function messageOf(body: string): Record<string, any> {
  const data = /^data: (.*)$/m.exec(body);
  return JSON.parse(data ? data[1]! : body) as Record<string, any>;
}

export function portOf(url: string): number {
  return Number(new URL(url).port);
}
