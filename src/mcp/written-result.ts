// A tools/call result made on a worker crosses to the protocol's thread as the
// UTF-8 it will be written as, not as objects or strings. Sent as objects, a
// parse_source answer of 1,000 nodes was cloned on the protocol's thread (V8
// puts everything of a message over 100 kB straight into the old generation:
// about 190 kB a call here, two-byte strings with the corpus's CJK text),
// checked, serialized again there, text item and structured content both, and
// encoded once more on its way to stdout: about 1.3 MB of garbage a call, and
// the collections that followed were the calls' latency tail and stalled every
// other request meanwhile. Here the worker writes the JSON once and encodes it;
// the protocol's thread hands the SDK a small stand-in and, when the SDK has
// serialized the response around it, splices the worker's bytes in: the stdio
// transport (stdio.ts) and the event streams of HTTP sessions (http.ts). The
// stateless HTTP handler and HTTP+SSE serialize inside the SDK where no splice
// reaches, and are given objects.
import { randomUUID } from 'node:crypto';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { CallToolResult } from './contract.ts';

/** What a worker sends instead of a CallToolResult, in UTF-8: its structured content as JSON (which is also its text item), and that text as a JSON string. */
export interface WrittenResult {
  written: true;
  isError: boolean;
  json: Uint8Array;
  quoted: Uint8Array;
}

/** A result of callTool (success() or failure(): one text item, the JSON of the structured content) as written text. */
export function writeResult(result: CallToolResult): WrittenResult {
  const text = result.content[0]!.text;
  return { written: true, isError: result.isError, json: ownUtf8(text), quoted: ownUtf8(JSON.stringify(text)) };
}

/** The buffers a written result can move to the protocol's thread without a copy (`writeResult` made them, each its own). */
export function transferOf(result: WrittenResult): ArrayBuffer[] {
  return [result.json.buffer as ArrayBuffer, result.quoted.buffer as ArrayBuffer];
}

/** UTF-8 in a buffer of its own: Buffer.from gives a large text its own and puts small ones in a shared pool, which a transfer would take away. */
function ownUtf8(text: string): Uint8Array {
  const bytes = Buffer.from(text);
  return bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

export function isWrittenResult(value: unknown): value is WrittenResult {
  return (value as WrittenResult | null | undefined)?.written === true;
}

// Marks the SDK serializes where the worker's text goes. A nonce per process: no id or text of a client's can hold one.
const nonce = randomUUID();
const TEXT_MARK = `yaoxiang-result-text-${nonce}`;
const STRUCTURED_MARK = `yaoxiang-result-structured-${nonce}`;
/** The marks as serialized: JSON strings (they hold no character that needs escaping). */
const TEXT_TOKEN = JSON.stringify(TEXT_MARK);
const STRUCTURED_TOKEN = JSON.stringify(STRUCTURED_MARK);
/** The stand-in's structured content holds the written result under this key (the SDK's checks keep a record's values as they are). */
const HELD = `yaoxiang-written-${nonce}`;

/** What the SDK is given: a valid CallToolResult holding the written one, for `writtenLine` and `writtenJson` to find. */
export function standInFor(written: WrittenResult): CallToolResult {
  return { content: [{ type: 'text', text: TEXT_MARK }], structuredContent: { [HELD]: written }, isError: written.isError };
}

/**
 * The JSON-RPC line of a response holding a stand-in (serializeMessage's,
 * newline included), with the written text spliced in where the SDK put the
 * stand-in, in pieces to write in order (the worker's bytes are not copied
 * into one); undefined for any other message.
 */
export function writtenLine(message: JSONRPCMessage): Uint8Array[] | undefined {
  return writtenMessage(message, '\n');
}

/** `writtenLine`'s JSON alone, without the newline: for a server-sent event's data. */
export function writtenJson(message: JSONRPCMessage): Uint8Array[] | undefined {
  return writtenMessage(message, '');
}

function writtenMessage(message: JSONRPCMessage, ending: string): Uint8Array[] | undefined {
  const result = (message as { result?: Record<string, unknown> }).result;
  const held = (result?.structuredContent as Record<string, unknown> | undefined)?.[HELD];
  if (!result || !isWrittenResult(held)) return undefined;
  const content = result.content as Array<{ text?: unknown }> | undefined;
  const line = JSON.stringify({ ...message, result: { ...result, structuredContent: STRUCTURED_MARK } }) + ending;
  const text = content?.length === 1 && content[0]!.text === TEXT_MARK ? line.indexOf(TEXT_TOKEN) : -1;
  const structured = line.indexOf(STRUCTURED_TOKEN);
  if (text === -1 || structured === -1) return [Buffer.from(JSON.stringify(withObjects(message, result, held)) + ending)];
  const pieces: Array<[number, number, Uint8Array]> = [
    [text, TEXT_TOKEN.length, held.quoted],
    [structured, STRUCTURED_TOKEN.length, held.json],
  ];
  pieces.sort((a, b) => a[0] - b[0]);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const [at, length, bytes] of pieces) {
    out.push(Buffer.from(line.slice(from, at)), bytes);
    from = at + length;
  }
  out.push(Buffer.from(line.slice(from)));
  return out;
}

/** The result as objects again: only for a stand-in in a shape the splice does not know (the SDK moved it), so that the answer is right if slow. */
function withObjects(message: JSONRPCMessage, result: Record<string, unknown>, held: WrittenResult): JSONRPCMessage {
  const text = Buffer.from(held.json).toString('utf8');
  return { ...message, result: { ...result, content: [{ type: 'text', text }], structuredContent: JSON.parse(text) as Record<string, unknown> } };
}
