// A pool worker's side of pool.ts: one job per `run` message, answered with its
// value or its error; a `cancel` aborts the job's signal, which the handler's
// passes check between their steps (a pass that cannot hear it is terminated
// by the pool after its grace).
import { parentPort } from 'node:worker_threads';
import type { PoolEvent, PoolReply, PoolRequest } from './pool-protocol.ts';

/** An error a handler throws to hand the caller `data` along with the message. */
export class JobFailure extends Error {
  readonly data: unknown;
  constructor(message: string, data: unknown) {
    super(message);
    this.name = 'JobFailure';
    this.data = data;
  }
}

/**
 * Memory a worker keeps for good once it has grown, and how much one job may
 * grow it before the worker asks to be replaced (after answering). What
 * qualifies is tree-sitter's WASM heap: it grows to what the largest parse
 * needed and never shrinks, and one 1 MB hostile source left the MCP server
 * at 730–770 MB for good. The JavaScript heap and array buffers do
 * not: the collector gives them back.
 */
export interface Retirement {
  retainedBytes: () => number;
  /** Growth in one job past which the worker is replaced. */
  limitBytes?: number;
  /**
   * Whether a job's growth may retire the worker (every job's when absent):
   * what the worker keeps on purpose, such as the index of the project it
   * serves, is its working state, and replacing the worker would only build it again.
   */
  counts?: (payload: unknown) => boolean;
}

/**
 * Far past what a real program's parse needs: a 0.9 MB program grows the WASM
 * heap by 23 MB (sources are capped at 2 MB), while 1 MB of `(` grows it by
 * 166 MB and 1 MB of `+ ` by 380 MB.
 */
const DEFAULT_RETIREMENT_LIMIT_BYTES = 128 * 1024 * 1024;

/**
 * `hear` takes the pool's broadcast notes, each before any job sent after it.
 * `transferOf` names the buffers of a result that move to the owner instead
 * of being copied (each must be the result's alone: it is unusable here after).
 */
export function serveJobs<Payload, Result, Note = never>(
  handle: (payload: Payload, signal: AbortSignal) => Promise<Result>,
  hear?: (note: Note) => void,
  retirement?: Retirement,
  transferOf?: (value: Result) => ArrayBuffer[],
): void {
  const port = parentPort;
  if (!port) throw new Error('a pool worker runs only as a worker thread (see threads/pool.ts)');
  const running = new Map<number, AbortController>();
  port.on('message', (request: PoolRequest) => {
    if (request.type === 'note') {
      try {
        hear?.(request.payload as Note);
      } catch (error) {
        // A note that cannot be taken must not end the worker; the jobs after it answer from what it has.
        process.stderr.write(`a pool worker could not take a note: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
      }
      return;
    }
    if (request.type === 'cancel') {
      running.get(request.id)?.abort(new Error('cancelled'));
      return;
    }
    const controller = new AbortController();
    running.set(request.id, controller);
    const retainedBefore = retirement?.retainedBytes() ?? 0;
    void handle(request.payload as Payload, controller.signal)
      .then(
        (value): PoolReply<Result> => ({ id: request.id, ok: true, value }),
        (error: unknown): PoolReply<Result> => ({
          id: request.id,
          ok: false,
          error: {
            message: error instanceof Error ? error.message : String(error),
            ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
            ...(error instanceof JobFailure ? { data: error.data } : {}),
          },
        }),
      )
      .then((reply) => {
        running.delete(request.id);
        const grew = retirement && (retirement.counts?.(request.payload) ?? true) ? retirement.retainedBytes() - retainedBefore : 0;
        if (grew > (retirement?.limitBytes ?? DEFAULT_RETIREMENT_LIMIT_BYTES)) reply.retire = Math.round(grew / 1048576);
        port.postMessage(reply, reply.ok && transferOf ? transferOf(reply.value) : []);
      });
  });
}

/** Tells the pool's owner `event` unasked, between or during jobs (see PoolOptions.onEvent). */
export function tellOwner(event: unknown): void {
  if (!parentPort) throw new Error('a pool worker runs only as a worker thread (see threads/pool.ts)');
  parentPort.postMessage({ type: 'event', payload: event } satisfies PoolEvent);
}
