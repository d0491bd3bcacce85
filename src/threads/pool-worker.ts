// A pool worker's side of pool.ts: one job per `run` message, answered with its
// value or its error; a `cancel` aborts the job's signal, which the handler's
// passes check between their steps (a pass that cannot hear it is terminated
// by the pool after its grace).
import { getHeapStatistics } from 'node:v8';
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
 * A job that grows the worker's memory outside its JavaScript heap by more
 * than this retires the worker. That memory is mostly tree-sitter's WASM
 * heap, which grows to what the largest parse needed and never shrinks: one
 * 2 MB hostile source left a tool worker holding 700 MB for its whole life.
 */
const RETIRE_AFTER_GROWTH_MB = 128;

/** `hear` takes the pool's broadcast notes, each before any job sent after it; `retireAfterGrowthMb` is for tests. */
export function serveJobs<Payload, Result, Note = never>(handle: (payload: Payload, signal: AbortSignal) => Promise<Result>, hear?: (note: Note) => void, retireAfterGrowthMb = RETIRE_AFTER_GROWTH_MB): void {
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
    const externalBefore = getHeapStatistics().external_memory;
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
        const grewMb = (getHeapStatistics().external_memory - externalBefore) / 1048576;
        if (grewMb > retireAfterGrowthMb) reply.retire = Math.round(grewMb);
        port.postMessage(reply);
      });
  });
}

/** Tells the pool's owner `event` unasked, between or during jobs (see PoolOptions.onEvent). */
export function tellOwner(event: unknown): void {
  if (!parentPort) throw new Error('a pool worker runs only as a worker thread (see threads/pool.ts)');
  parentPort.postMessage({ type: 'event', payload: event } satisfies PoolEvent);
}
