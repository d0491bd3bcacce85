// The SDK's stdio transport drops every line it cannot take, logging only to
// stderr, even a request that carries an id: the client then waits for a
// reply that never comes. This stream takes stdin's lines in the transport's
// place: it parses each with the SDK's own deserializer, hands on the message
// (each line is decoded and parsed once, here: a 20 kB parse_source request
// parsed again by the transport cost the protocol's thread as much again), and
// answers exactly the lines the SDK would drop: -32700 for text that is not
// JSON, else what invalid-message.ts says. Malformed responses are never
// answered, and blank lines are ignored. A line that is not valid UTF-8
// is answered here and not passed on: the SDK would decode it with U+FFFD;
// so is one nested deeper than MAX_JSON_DEPTH, as over HTTP (ide/json-depth.ts),
// and one longer than the SDK's transport takes (it would close for good),
// and a request whose params the SDK would refuse with -32603 (-32602 here).
import { Transform } from 'node:stream';
import { deserializeMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE, type JSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../ide/index.ts';
import { classifyMessage, errorResponse, invalidParamsAnswer, invalidUtf8Answer, isUtf8Message, tooDeepAnswer, tooLargeAnswer } from './invalid-message.ts';

/**
 * `deliver` gets each message in order; `dropped` hears of each line dropped
 * without an answer. The stream's readable side carries nothing: it ends when
 * stdin has ended and every line was judged.
 */
export function answerDroppedLines(reply: (message: JSONRPCMessage) => void, deliver: (message: JSONRPCMessage) => void, dropped: (reason: string) => void = () => undefined): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // A line past the SDK's limit would make its transport close for good (and the server go deaf): it is
  // answered here instead and dropped as it comes, all but its first bytes, which hold the request's id.
  let overLimitHead: string | undefined;
  const onLine = (bytes: Buffer): void => {
    // Raw bytes first: decoded with replacement, 0xFF in `source` would reach the tool as U+FFFD.
    if (!isUtf8Message(bytes)) {
      const answer = invalidUtf8Answer(bytes);
      if (answer) reply(answer);
      return;
    }
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      const answer = tooDeepAnswer(text, MAX_JSON_DEPTH);
      if (answer) reply(answer);
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text);
    } catch (error) {
      const answer = answerFor(text, error);
      if (answer) reply(answer);
      else dropped(`a line that is not a JSON-RPC message was dropped: ${(error as Error).message}`);
      return;
    }
    const badParams = invalidParamsAnswer(message);
    if (badParams) {
      reply(badParams);
      return;
    }
    deliver(message);
  };
  const headOf = (chunks: readonly Buffer[]): string => Buffer.concat(chunks).subarray(0, ID_HEAD_BYTES).toString('utf8');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // Whole lines only: a line is judged before any of it is passed on.
      let start = 0;
      for (let end = chunk.indexOf(0x0a); end >= 0; end = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, end + 1);
        if (overLimitHead === undefined && pendingBytes + piece.length > MAX_LINE_BYTES) overLimitHead = headOf([...pending, piece]);
        if (overLimitHead !== undefined) {
          reply(tooLargeAnswer(overLimitHead, MAX_LINE_BYTES));
        } else {
          const line = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
          onLine(line.subarray(0, line.length - 1));
        }
        pending = [];
        pendingBytes = 0;
        overLimitHead = undefined;
        start = end + 1;
      }
      const rest = chunk.subarray(start);
      if (rest.length === 0 || overLimitHead !== undefined) return done();
      pending.push(rest);
      pendingBytes += rest.length;
      if (pendingBytes > MAX_LINE_BYTES) {
        overLimitHead = headOf(pending);
        pending = [];
      }
      done();
    },
    flush(done) {
      // A last line without its newline is not a message (the SDK's transport never takes one either).
      if (pending.length > 0) dropped('the last line of stdin had no newline and was dropped');
      done();
    },
  });
}

/** The most one line may hold, its newline included: what the SDK's transport takes. */
const MAX_LINE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;
/** Enough of a line to find the id its client's serializer puts near the start. */
const ID_HEAD_BYTES = 4096;

function answerFor(text: string, error: unknown): JSONRPCErrorResponse | undefined {
  if (error instanceof SyntaxError) return errorResponse(null, -32700, 'Parse error: the line is not valid JSON');
  const verdict = classifyMessage(JSON.parse(text) as unknown);
  return verdict.kind === 'invalid' ? verdict.answer : undefined;
}
