// The SDK's stdio transport drops every line it cannot take, logging only to
// stderr, even a request that carries an id: the client then waits for a
// reply that never comes. This stream sits between stdin and the transport,
// passes every byte on unchanged, and answers exactly the lines the SDK will
// drop (it parses them with the SDK's own deserializer): -32700 for text that
// is not JSON, else what invalid-message.ts says. Malformed responses are
// never answered, and blank lines are ignored.
import { Transform } from 'node:stream';
import { deserializeMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE, type JSONRPCErrorResponse } from '@modelcontextprotocol/server';
import { classifyMessage, errorResponse } from './invalid-message.ts';

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
  const verdict = classifyMessage(JSON.parse(text) as unknown);
  return verdict.kind === 'invalid' ? verdict.answer : undefined;
}
