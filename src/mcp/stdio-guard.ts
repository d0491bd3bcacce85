// The SDK's stdio transport drops every line it cannot take, logging only to
// stderr, even a request that carries an id: the client then waits for a
// reply that never comes. JSON-RPC 2.0 (§5.1) wants an answer: -32700 for
// text that is not JSON, -32600 for JSON that is not a valid message, with
// the request's id when it has a usable one (a string or a safe integer) and
// null otherwise. This stream sits between stdin and the transport, passes
// every byte on unchanged, and answers exactly the lines the SDK will drop
// (it parses them with the SDK's own deserializer). Malformed responses are
// never answered, and blank lines are ignored.
import { Transform } from 'node:stream';
import { deserializeMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE, type JSONRPCErrorResponse } from '@modelcontextprotocol/server';

export function answerDroppedLines(reply: (message: JSONRPCErrorResponse) => void): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // Past the SDK's line limit the transport closes the connection; stop buffering too.
  let overLimit = false;
  const onLine = (bytes: Buffer) => {
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    try {
      deserializeMessage(text);
    } catch (error) {
      const answer = answerFor(text, error);
      if (answer) reply(answer);
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      for (let end = chunk.indexOf(0x0a); end >= 0; end = chunk.indexOf(0x0a, start)) {
        if (!overLimit) onLine(Buffer.concat([...pending, chunk.subarray(start, end)]));
        pending = [];
        pendingBytes = 0;
        overLimit = false;
        start = end + 1;
      }
      const rest = chunk.subarray(start);
      pendingBytes += rest.length;
      if (pendingBytes > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
        overLimit = true;
        pending = [];
      } else if (rest.length > 0) {
        pending.push(rest);
      }
      done(null, chunk);
    },
  });
}

function answerFor(text: string, error: unknown): JSONRPCErrorResponse | undefined {
  if (error instanceof SyntaxError) return errorResponse(null, -32700, 'Parse error: the line is not valid JSON');
  const value = JSON.parse(text) as unknown;
  if (Array.isArray(value)) return errorResponse(null, -32600, 'Invalid Request: batches are not supported; send one JSON-RPC message per line');
  if (typeof value !== 'object' || value === null) return errorResponse(null, -32600, 'Invalid Request: a JSON-RPC message is a JSON object');
  const message = value as Record<string, unknown>;
  if (!('method' in message) && ('result' in message || 'error' in message)) return undefined;
  const id = typeof message.id === 'string' || Number.isSafeInteger(message.id) ? (message.id as string | number) : null;
  return errorResponse(id, -32600, 'Invalid Request: not a valid JSON-RPC 2.0 request (jsonrpc "2.0", a string method, a string or integer id, object params)');
}

function errorResponse(id: string | number | null, code: number, message: string): JSONRPCErrorResponse {
  // The SDK's type has no room for id null, which JSON-RPC 2.0 prescribes when the id cannot be read.
  return { jsonrpc: '2.0', id: id as string | number, error: { code, message } };
}
