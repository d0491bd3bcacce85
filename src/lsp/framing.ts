// A stream between stdin and vscode-jsonrpc's reader that passes every
// well-framed message on unchanged and stops the two kinds the library cannot
// survive. Its content decoder hook sees a body only once the library has
// framed it, which is too late for both:
//
// - Bad framing (no Content-Length, a negative or absurd one, a header line
//   without a colon): the library reports an error and then reads the body as
//   the next headers, or waits for 99999999999999 bytes, answering nothing
//   ever again while the process lives on. A byte stream cannot be resynced
//   once its framing is lost, so the server says why on stderr and exits
//   nonzero (`broken`), which the editor sees and can act on, once it has
//   answered the requests passed on before the break.
// - A body nested deeper than MAX_JSON_DEPTH: the library logs a message that
//   is neither request nor notification with JSON.stringify, which recurses,
//   and 5,000 nested arrays ended the process with a stack overflow. Such a
//   body is not passed on; `tooDeep` answers it or logs it.
import { Transform } from 'node:stream';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../ide/index.ts';

/**
 * The largest body accepted. Far beyond any message an editor sends (a
 * document's whole text, past MAX_SOURCE_CHARS, is still well below it), and
 * below the longest string V8 can make, which the body must be decoded into.
 */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** Headers are a line or two; a client that sends this much without the blank line is not speaking LSP. */
const MAX_HEADER_BYTES = 8 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');

export interface FramingGuard {
  /** The framing is lost: nothing more can be read. `forwarded` bodies were passed on before it. */
  broken(reason: string, forwarded: number): void;
  /** A well-framed body nested deeper than MAX_JSON_DEPTH, which was not passed on. */
  tooDeep(body: string): void;
}

export function guardFraming(guard: FramingGuard): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** The message being read, once its headers are: their length and the body's. */
  let frame: { headerBytes: number; bodyBytes: number } | undefined;
  let lost = false;
  let forwarded = 0;

  const take = (): Buffer => {
    const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [all];
    return all;
  };
  const fail = (reason: string) => {
    lost = true;
    pending = [];
    pendingBytes = 0;
    guard.broken(reason, forwarded);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (lost) return done();
      pending.push(chunk);
      pendingBytes += chunk.length;
      while (!lost) {
        if (!frame) {
          const data = take();
          const end = data.indexOf(HEADER_END);
          if (end < 0) {
            if (pendingBytes > MAX_HEADER_BYTES) fail(`no end of headers within ${MAX_HEADER_BYTES} bytes`);
            break;
          }
          const bodyBytes = contentLength(data.subarray(0, end).toString('latin1'));
          if (typeof bodyBytes === 'string') {
            fail(bodyBytes);
            break;
          }
          frame = { headerBytes: end + HEADER_END.length, bodyBytes };
        }
        const length = frame.headerBytes + frame.bodyBytes;
        if (pendingBytes < length) break;
        const data = take();
        const body = data.subarray(frame.headerBytes, length);
        const text = body.toString('utf8');
        if (nestsDeeperThan(text, MAX_JSON_DEPTH)) guard.tooDeep(text);
        else {
          this.push(data.subarray(0, length));
          forwarded++;
        }
        pending = data.length > length ? [data.subarray(length)] : [];
        pendingBytes -= length;
        frame = undefined;
        if (pendingBytes === 0) break;
      }
      done();
    },
  });
}

/** The body's length from a message's headers, or why there is none. */
function contentLength(headers: string): number | string {
  let length: number | undefined;
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) return `a header line without a colon: ${JSON.stringify(line.slice(0, 80))}`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,15}$/.test(value)) return `Content-Length is not a number of bytes: ${JSON.stringify(value.slice(0, 80))}`;
    length = Number(value);
    if (length > MAX_MESSAGE_BYTES) return `Content-Length ${length} is over the limit of ${MAX_MESSAGE_BYTES} bytes`;
  }
  return length ?? 'a message without a Content-Length header';
}
