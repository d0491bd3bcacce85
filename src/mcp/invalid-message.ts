// The SDK's transports drop, or answer in plain text, a JSON value they
// cannot take as a JSON-RPC message, even one that carries an id: the client
// then waits for a reply that never comes. JSON-RPC 2.0 (§5.1) wants an
// answer: -32600 with the request's id when it has a usable one (a string or a
// safe integer), and null otherwise. stdio and the HTTP+SSE transport both
// ask here, with the SDK's own schema deciding what is valid.
import { parseJSONRPCMessage, type JSONRPCErrorResponse } from '@modelcontextprotocol/server';

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
  const id = typeof message.id === 'string' || Number.isSafeInteger(message.id) ? (message.id as string | number) : null;
  return invalid(id, 'Invalid Request: not a valid JSON-RPC 2.0 request (jsonrpc "2.0", a string method, a string or integer id, object params)');
}

export function errorResponse(id: string | number | null, code: number, message: string): JSONRPCErrorResponse {
  // The SDK's type has no room for id null, which JSON-RPC 2.0 prescribes when the id cannot be read.
  return { jsonrpc: '2.0', id: id as string | number, error: { code, message } };
}

function invalid(id: string | number | null, message: string): Rejection {
  return { kind: 'invalid', answer: errorResponse(id, -32600, message) };
}
