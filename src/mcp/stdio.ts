// stdio: newline-delimited JSON-RPC on stdin/stdout; both protocol eras from one factory.
import { PassThrough, Writable, type Readable } from 'node:stream';
import { serializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Host } from './host.ts';
import { buildServer } from './server.ts';
import type { ToolRunner } from './tool-pool.ts';
import { holdWhileBusy } from './back-pressure.ts';
import { shutdownWhenGone, watchClient } from './shutdown.ts';
import { writtenLine } from './written-result.ts';
import { answerDroppedLines } from './stdio-guard.ts';

/** Where tools/call runs (the worker pool) and how many calls it holds, for back-pressure and shutdown; in process when absent. */
export interface CallRunner {
  run: ToolRunner;
  /** `run` with results written on the worker (tool-pool.ts), when the runner can. */
  runWritten?: ToolRunner;
  readonly pending: number;
  dispose(): Promise<void>;
}

/**
 * How long requests still running when stdin ends may take to be answered.
 * A script that writes its requests and closes stdin (`… | yaoxiang mcp`)
 * gets its answers; a request that never finishes does not keep the process.
 */
export const STDIN_CLOSED_GRACE_MS = 10_000;

export function serveOverStdio(host: Host, runner?: CallRunner, options: { graceMs?: number } = {}): { close(): Promise<void> } {
  const inFlight = new InFlight();
  const output = new Writable({
    // Answers come as strings (the SDK's, the guard's) or as a written result's pieces; a string made a Buffer
    // here would be copied once more on the protocol's thread (stdout encodes strings outside the JS heap).
    decodeStrings: false,
    write(chunk: Buffer | string, _encoding, done) {
      // A failed write (EPIPE: the client is gone) is stdout's 'error', which starts the shutdown; the
      // transport is not told too, or it would log each answer it could not deliver.
      process.stdout.write(chunk, () => done());
    },
  });
  // The SDK's transport closes itself, and can answer nothing more, when its input ends; so its input is a
  // stream that never ends, and stdin's lines reach it as messages from the guard (stdio-guard.ts): the end
  // of stdin is seen here, and the shutdown waits until the requests received are answered.
  const transport = new AnsweringTransport(new PassThrough(), output, inFlight);
  // Results written on the workers are spliced in by the transport (written-result.ts).
  const run = runner?.runWritten ?? runner?.run;
  // Everything for stdout goes through `output`, in order: a written result is several pieces, and an answer
  // of the guard's written to stdout itself could land between two of them while stdout is backed up.
  // `output` holds what stdout has not taken yet, so it is also what back-pressure measures.
  const guarded = process.stdin
    .pipe(holdWhileBusy(output, () => runner?.pending ?? 0))
    .pipe(answerDroppedLines(
      (message) => void output.write(serializeMessage(message)),
      (message) => {
        if (transport.receive(message)) inFlight.received(message);
      },
      (reason) => host.log(`stdio: ${reason}`),
    ));
  guarded.resume();
  const handle = serveStdio(() => buildServer(host, run), {
    transport,
    // The SDK reports a problem with the whole zod issue list (about 60 lines); one line is enough here.
    onerror: (error) => host.log(`stdio: ${oneLine(error.message)}`),
  });
  const shutdown = shutdownWhenGone({ cancelWork: () => runner?.dispose() ?? Promise.resolve(), close: () => handle.close(), log: host.log });
  const graceMs = options.graceMs ?? STDIN_CLOSED_GRACE_MS;
  let draining = false;
  // stdin ended (seen once every line of it was judged): what was received is answered first, within the
  // grace period. stdout failed (EPIPE): nothing can be answered any more, so the shutdown starts at once.
  watchClient(guarded, process.stdout, (reason) => {
    if (reason === 'stdout failed') return shutdown(reason);
    if (draining) return;
    draining = true;
    const grace = setTimeout(() => {
      host.log(`stdio: stdin closed; ${inFlight.size} request(s) still running after ${graceMs} ms are dropped`);
      shutdown(reason);
    }, graceMs);
    inFlight.whenIdle(() => {
      clearTimeout(grace);
      shutdown(reason);
    });
  });
  return handle;
}

/**
 * The SDK's transport, given its messages parsed (`receive`), writing the
 * results written on workers (written-result.ts), and telling `inFlight` of
 * each response it has written. Seen
 * as the message object, before it is serialized: reading the ids back out of
 * the bytes meant parsing every answer again (a 100 kB parse_source result
 * cost as much to re-parse as to build).
 */
class AnsweringTransport extends StdioServerTransport {
  readonly #inFlight: InFlight;
  readonly #output: Writable;
  #closed = false;

  constructor(input: Readable, output: Writable, inFlight: InFlight) {
    super(input, output);
    this.#inFlight = inFlight;
    this.#output = output;
  }

  override async close(): Promise<void> {
    this.#closed = true;
    await super.close();
  }

  /**
   * A message of the client's, parsed: what the SDK's transport would make of
   * a line of its input, and, like it, nothing once closed. False when not
   * taken (closed, or the handler threw: reported as the SDK reports it).
   */
  receive(message: JSONRPCMessage): boolean {
    if (this.#closed) return false;
    try {
      this.onmessage?.(message);
      return true;
    } catch (error) {
      this.onerror?.(error as Error);
      return false;
    }
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    try {
      const pieces = writtenLine(message);
      if (pieces === undefined) return await super.send(message);
      if (this.#closed) throw new Error('StdioServerTransport is closed');
      // The output's callback for the last piece comes once stdout has taken the line, as the SDK's own send waits for a drain.
      await new Promise<void>((resolve) => pieces.forEach((piece, i) => this.#output.write(piece, i === pieces.length - 1 ? () => resolve() : undefined)));
    } finally {
      // Done once written (or never to be written: a closed transport), as the old byte count was.
      this.#inFlight.sent(message);
    }
  }
}

/** Ids of the client's requests not answered yet: received ones minus responses sent and requests cancelled. */
class InFlight {
  readonly #ids = new Set<string | number>();
  #idle: (() => void) | undefined;

  get size(): number {
    return this.#ids.size;
  }

  received(message: JSONRPCMessage): void {
    const m = message as { id?: string | number; method?: string; params?: { requestId?: string | number } };
    if (m.method === 'notifications/cancelled' && m.params?.requestId !== undefined) this.#done(m.params.requestId);
    else if (m.method !== undefined && m.id !== undefined) this.#ids.add(m.id);
  }

  /** A message the server wrote: a response ends its request. */
  sent(message: JSONRPCMessage): void {
    const m = message as { id?: string | number; method?: string };
    if (m.method === undefined && m.id !== undefined) this.#done(m.id);
  }

  whenIdle(callback: () => void): void {
    this.#idle = callback;
    if (this.#ids.size === 0) callback();
  }

  #done(id: string | number): void {
    this.#ids.delete(id);
    if (this.#ids.size === 0) this.#idle?.();
  }
}

function oneLine(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
