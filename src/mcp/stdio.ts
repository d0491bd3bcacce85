// stdio: newline-delimited JSON-RPC on stdin/stdout; both protocol eras from one factory.
import { PassThrough, Writable } from 'node:stream';
import { serializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Host } from './host.ts';
import { buildServer } from './server.ts';
import { answerDroppedLines } from './stdio-guard.ts';

/**
 * How long requests still running when stdin ends may take to be answered.
 * A script that writes its requests and closes stdin (`… | yaoxiang mcp`)
 * gets its answers; a request that never finishes does not keep the process.
 */
export const STDIN_CLOSED_GRACE_MS = 10_000;

export function serveOverStdio(host: Host, options: { graceMs?: number } = {}): { close(): Promise<void> } {
  const inFlight = new InFlight();
  const guarded = process.stdin.pipe(answerDroppedLines((message) => void process.stdout.write(serializeMessage(message)), (message) => inFlight.received(message)));
  // The SDK's transport closes itself, and can answer nothing more, when its input ends; so its input never
  // ends: the end of stdin is seen here, and the process exits once the requests received are answered.
  const input = guarded.pipe(new PassThrough(), { end: false });
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      inFlight.sent(chunk);
      process.stdout.write(chunk, (error) => done(error ?? null));
    },
  });
  const handle = serveStdio(() => buildServer(host), {
    transport: new StdioServerTransport(input, output),
    // The SDK reports each line it drops with the whole zod issue list (about 60 lines); the
    // client has had its answer from the guard, so the reason fits on one line here.
    onerror: (error) => host.log(`stdio: ${oneLine(error.message)}`),
  });
  let exiting = false;
  const exit = () => {
    if (exiting) return;
    exiting = true;
    void handle.close().finally(() => process.exit(0));
  };
  // stdin ended: nothing more can arrive, but what did is answered first (within the grace period).
  const drainThenExit = () => {
    if (exiting) return;
    const grace = setTimeout(() => {
      host.log(`stdio: stdin closed; ${inFlight.size} request(s) still running after ${options.graceMs ?? STDIN_CLOSED_GRACE_MS} ms are dropped`);
      exit();
    }, options.graceMs ?? STDIN_CLOSED_GRACE_MS);
    inFlight.whenIdle(() => {
      clearTimeout(grace);
      exit();
    });
  };
  // The guard's stream ends once stdin has and every line of it was passed on.
  guarded.once('end', drainThenExit);
  process.stdin.once('error', drainThenExit);
  // stdout gone (EPIPE): nothing can be answered any more.
  process.stdout.once('error', exit);
  return handle;
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

  /** Bytes the server writes: one or more serialized messages. */
  sent(chunk: Buffer): void {
    if (this.#ids.size === 0) return;
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line === '') continue;
      try {
        const m = JSON.parse(line) as { id?: string | number; method?: string };
        if (m.method === undefined && m.id !== undefined) this.#done(m.id);
      } catch {
        // Not ours to judge: the transport writes whole messages.
      }
    }
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
