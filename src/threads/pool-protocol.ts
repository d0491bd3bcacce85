// What a pool (pool.ts) and its workers (pool-worker.ts) say to each other.

export type PoolRequest =
  | { type: 'run'; id: number; payload: unknown }
  /** Stop job `id`: its caller gave up or its budget ran out. */
  | { type: 'cancel'; id: number }
  /** News every worker hears, in order with the jobs (see WorkerPool.broadcast). */
  | { type: 'note'; payload: unknown };

export interface PoolWorkerFailure {
  message: string;
  stack?: string;
  /** Whatever the job's handler attached, for the caller to turn back into its own error. */
  data?: unknown;
}

export type PoolReply<R> = ({ id: number; ok: true; value: R } | { id: number; ok: false; error: PoolWorkerFailure }) & {
  /** The job grew memory the worker never gives back by this many MiB (pool-worker.ts: Retirement): replace it. */
  retire?: number;
};

/** News a worker tells the pool's owner unasked (a project's loading progress, a change on disk), outside any job. */
export interface PoolEvent {
  type: 'event';
  payload: unknown;
}
