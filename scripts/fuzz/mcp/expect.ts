// What the server owes each message, on either transport, and what a response
// must look like. The rules (checked against the server, and documented in
// the fuzz script's header):
// - a JSON object that carries a usable id (a string or a safe integer) and is
//   not itself a response gets exactly one response with that id: a result,
//   or an error (-32600 when the message is not a valid request);
// - everything else (unparseable text, primitives, batches, notifications,
//   responses, ids of other types) gets nothing, or an error with id null;
// - a request named by a notifications/cancelled in the same case may get
//   nothing (MCP cancellation: the receiver SHOULD NOT respond).
export type Json = unknown;

export function usableId(id: Json): id is string | number {
  return typeof id === 'string' || Number.isSafeInteger(id);
}

/** What stands for an id too deeply nested to serialize: such an id is never echoed, so it matches no response. */
const TOO_DEEP_ID = '<an id too deep to serialize>';

/**
 * An id as the JSON text that keys it (1 and "1" differ). Ids arrive mutated,
 * nested 100,000 deep among them, where JSON.stringify overflows the stack.
 */
export function idKey(id: Json): string {
  try {
    return JSON.stringify(id) ?? 'undefined';
  } catch {
    return TOO_DEEP_ID;
  }
}

export interface Owed {
  /** Response count owed per id (JSON text of the id, so 1 and "1" differ). */
  ids: Map<string, number>;
  /**
   * Ids a response may carry besides null: the owed ones, ids of other types
   * that an error may echo (1.5), and, where batches are served (2025-era
   * HTTP sessions), the ids inside a batch.
   */
  allowed: Set<string>;
  /** Requests a notifications/cancelled of the same case named: answered or not, and perhaps after the case. */
  cancelled: Set<string>;
  /** Ids used once, by a tools/call: its -32603 means a tool crashed (an id shared with another request could be that one's). */
  toolCalls: Set<string>;
}

export function owed(lines: readonly string[], options: { batches: boolean }): Owed {
  const result: Owed = { ids: new Map(), allowed: new Set(), toolCalls: new Set(), cancelled: new Set() };
  const methods = new Map<string, unknown[]>();
  const note = (message: Json, required: boolean) => {
    if (!isObject(message) || !('id' in message) || message.id === null) return;
    const key = idKey(message.id);
    result.allowed.add(key);
    if (!usableId(message.id) || (!('method' in message) && ('result' in message || 'error' in message))) return;
    if (required) result.ids.set(key, (result.ids.get(key) ?? 0) + 1);
    methods.set(key, [...(methods.get(key) ?? []), message.method]);
  };
  for (const text of lines) {
    const message = parseAsSent(text);
    if (Array.isArray(message)) {
      if (options.batches) for (const element of message) note(element, false);
    } else {
      note(message, true);
    }
  }
  for (const [key, used] of methods) if (used.length === 1 && used[0] === 'tools/call') result.toolCalls.add(key);
  // A request cancelled by notifications/cancelled may go unanswered (MCP: the receiver SHOULD NOT respond).
  for (const text of lines) {
    const message = parseAsSent(text);
    if (!isObject(message) || message.method !== 'notifications/cancelled' || !isObject(message.params)) continue;
    const key = idKey(message.params.requestId);
    if (result.ids.delete(key)) result.cancelled.add(key);
  }
  return result;
}

/** Why a message from the server is not a well-formed JSON-RPC message, or undefined. */
export function malformedReply(message: Json): string | undefined {
  if (!isObject(message)) return 'not a JSON object';
  if (message.jsonrpc !== '2.0') return 'jsonrpc is not "2.0"';
  if (!('id' in message)) return typeof message.method === 'string' ? undefined : 'neither a response nor a notification';
  if (('result' in message) === ('error' in message)) return 'a response needs exactly one of result and error';
  if ('error' in message) {
    const error = message.error;
    if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') return 'error needs an integer code and a message';
  } else if (message.id === null) {
    return 'a result with id null';
  }
  return undefined;
}

/**
 * Tool-level error codes a result may carry (README, src/mcp/contract.ts).
 * MCP-TIMEOUT is a call that ran past its budget: a typed answer, where a
 * case's call waited behind work the earlier cases left on the workers.
 */
export const TOOL_ERROR_CODES = new Set(['MCP-INVALID-INPUT', 'MCP-PROJECT-NOT-FOUND', 'MCP-PATH-OUTSIDE-PROJECT', 'MCP-INDEXING', 'MCP-RESULT-TOO-LARGE', 'MCP-TIMEOUT']);

/** What is wrong with a response to a tools/call, or undefined. */
export function badToolReply(message: Record<string, unknown>): string | undefined {
  if (isObject(message.error)) {
    return message.error.code === -32603 ? `internal error (a tool threw): ${String(message.error.message).slice(0, 300)}` : undefined;
  }
  const result = message.result;
  if (!isObject(result) || !Array.isArray(result.content)) return 'a tools/call result without content';
  if (result.isError === true) {
    const code = isObject(result.structuredContent) ? result.structuredContent.errorCode : undefined;
    if (typeof code !== 'string' || !TOOL_ERROR_CODES.has(code)) return `an isError result with errorCode ${JSON.stringify(code)}`;
  }
  return undefined;
}

/** The JSON the server reads from this text: the wire is UTF-8, so a lone surrogate arrives as U+FFFD. */
export function parseAsSent(text: string): Json {
  return parseOrUndefined(Buffer.from(text, 'utf8').toString('utf8'));
}

export function parseOrUndefined(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

export function isObject(value: Json): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
