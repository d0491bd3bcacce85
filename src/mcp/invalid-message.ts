// The SDK's transports drop, or answer in plain text, a JSON value they
// cannot take as a JSON-RPC message, even one that carries an id: the client
// then waits for a reply that never comes. JSON-RPC 2.0 (§5.1) wants an
// answer: -32600 with the request's id when it has a usable one (a string or a
// safe integer), and null otherwise. stdio and the HTTP+SSE transport both
// ask here, with the SDK's own schema deciding what is valid.
import { isUtf8 } from 'node:buffer';
import { parseJSONRPCMessage, specTypeSchemas, type JSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { decodeSource, usableRequestId } from '../ide/index.ts';
import { ERROR_CODES, failure, ToolError } from './contract.ts';

export type Rejection =
  /** A valid JSON-RPC message: the transport takes it. */
  | { kind: 'valid' }
  /** Looks like a response (no method; a result or an error): nobody waits for an answer to it. */
  | { kind: 'malformed-response' }
  | { kind: 'invalid'; answer: JSONRPCErrorResponse };

export function classifyMessage(value: unknown): Rejection {
  try {
    parseJSONRPCMessage(value);
    return { kind: 'valid' };
  } catch {
    // Fall through: say why, in the words a client can act on.
  }
  if (Array.isArray(value)) return invalid(null, 'Invalid Request: batches are not supported; send one JSON-RPC message at a time');
  if (typeof value !== 'object' || value === null) return invalid(null, 'Invalid Request: a JSON-RPC message is a JSON object');
  const message = value as Record<string, unknown>;
  if (!('method' in message) && ('result' in message || 'error' in message)) return { kind: 'malformed-response' };
  return invalid(usableRequestId(message.id) ?? null, 'Invalid Request: not a valid JSON-RPC 2.0 request (jsonrpc "2.0", a string method, a string or integer id, object params)');
}

export function errorResponse(id: string | number | null, code: number, message: string): JSONRPCErrorResponse {
  // The SDK's type has no room for id null, which JSON-RPC 2.0 prescribes when the id cannot be read.
  return { jsonrpc: '2.0', id: id as string | number, error: { code, message } };
}

function invalid(id: string | number | null, message: string): Rejection {
  return { kind: 'invalid', answer: errorResponse(id, -32600, message) };
}

/**
 * The answer to a message whose bytes are not valid UTF-8 (checked before any
 * decoding: a decoder would turn the bad bytes into U+FFFD and the tool would
 * analyse text the client never sent). A tool call gets the tools' own
 * MCP-INVALID-INPUT result naming the argument ("source is not valid UTF-8"),
 * another request -32600 with its id, text that is not even JSON -32700;
 * a notification or a response gets none (undefined).
 */
export function invalidUtf8Answer(bytes: Buffer): JSONRPCMessage | undefined {
  const decoded = decodeSource(bytes);
  const offset = decoded.ok ? -1 : decoded.offset;
  const where = `first invalid byte at offset ${offset} of the message`;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return errorResponse(null, -32700, `Parse error: the message is not valid UTF-8 (${where})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return errorResponse(null, -32600, `Invalid Request: the message is not valid UTF-8 (${where})`);
  const message = value as Record<string, unknown>;
  const id = usableRequestId(message.id);
  if (id === undefined || typeof message.method !== 'string') return undefined;
  if (message.method !== 'tools/call') return errorResponse(id, -32600, `Invalid Request: the message is not valid UTF-8 (${where})`);
  const args = (message.params as { arguments?: unknown } | undefined)?.arguments;
  const field = replacedField(args) ?? 'the request';
  const result = failure(new ToolError(ERROR_CODES.invalidInput, `${field} is not valid UTF-8 (${where}); send UTF-8 text`));
  return { jsonrpc: '2.0', id, result };
}

/** Whether the bytes of one message are valid UTF-8 (native, no decoding). */
export function isUtf8Message(bytes: Buffer): boolean {
  return isUtf8(bytes);
}

/** The path (`source`, `files[2]`) of the first argument string that decoding had to repair. */
function replacedField(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\uFFFD') ? at : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = replacedField(value[i], `${at}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      const found = replacedField(inner, at === '' ? key : `${at}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The answer to a message nested deeper than MAX_JSON_DEPTH, as the HTTP
 * transport gives: a tool call's arguments cross to a worker thread by
 * structured clone, which recurses, so 10,000 nested arrays overflowed its
 * stack. JSON.parse does not recurse, so the id can still be read.
 */
export function tooDeepAnswer(text: string, maxDepth: number): JSONRPCErrorResponse | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return errorResponse(null, -32700, 'Parse error: the message is not JSON');
  }
  const message = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  // A notification, or a response the client sent: nothing is owed.
  if (message && (!('id' in message) || (!('method' in message) && ('result' in message || 'error' in message)))) return undefined;
  const id = usableRequestId(message?.id) ?? null;
  return errorResponse(id, -32600, `Invalid Request: the message nests deeper than ${maxDepth} levels`);
}

/**
 * The answer to a line too long to read (over `limit` bytes), from its first
 * bytes alone: the id when the line starts as serializers write a request
 * (`{"jsonrpc":"2.0","id":…` or `{"id":…`), where a top-level "id" can be
 * nothing else; null otherwise, as JSON-RPC 2.0 prescribes.
 */
export function tooLargeAnswer(head: string, limit: number): JSONRPCErrorResponse {
  const found = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d{1,16}|"(?:[^"\\]|\\.){0,256}")\s*[,}]/.exec(head);
  let id: string | number | null = null;
  if (found) {
    try {
      id = usableRequestId(JSON.parse(found[1]!)) ?? null;
    } catch {
      // An escape JSON does not have (`"\x"`): no usable id.
    }
  }
  return errorResponse(id, -32600, `Invalid Request: the message is longer than ${limit} bytes, the most this server reads in one line; send a smaller source`);
}

/**
 * Requests whose params the SDK checks by throwing a plain error: it answers
 * -32603 with the whole zod issue list, where a caller's mistake is -32602.
 * tools/call is not among them (the SDK answers -32602 itself, and the tools
 * check their own arguments).
 */
const CHECKED_PARAMS = { initialize: specTypeSchemas.InitializeRequest, 'tools/list': specTypeSchemas.ListToolsRequest } as const;

/** -32602 naming each bad field, for an initialize or tools/list request whose params the SDK would refuse; undefined otherwise. */
export function invalidParamsAnswer(value: unknown): JSONRPCErrorResponse | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const message = value as { id?: unknown; method?: unknown };
  const id = usableRequestId(message.id);
  if (id === undefined || !Object.hasOwn(CHECKED_PARAMS, message.method as string)) return undefined;
  const method = message.method as keyof typeof CHECKED_PARAMS;
  const checked = CHECKED_PARAMS[method]['~standard'].validate(value);
  if (checked instanceof Promise || !checked.issues) return undefined;
  const problems = checked.issues.map((issue) => `${(issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)).join('.')}: ${issue.message}`);
  return errorResponse(id, -32602, `Invalid params for ${method}: ${problems.join('; ')}`);
}
