// A pool of worker threads that run jobs off the event loop, so the thread
// that owns the protocol keeps answering (initialize, lists, cancellations)
// whatever a job costs. Each worker runs one job at a time (pool-worker.ts is
// its side of the protocol). A job ends in exactly one of four ways: its
// answer; its caller's signal aborting (rejects with the signal's reason at
// once); its time budget running out (rejects with PoolTimeout); or its worker
// failing (PoolWorkerError). A worker told to stop gets `graceMs` to say it
// did (cooperative checks in the passes); one that does not is terminated and
// replaced, so a stop never waits on a synchronous pass that cannot hear it.
import { Worker } from 'node:worker_threads';
import type { PoolEvent, PoolReply, PoolRequest, PoolWorkerFailure } from './pool-protocol.ts';

export interface PoolOptions {
  /** The worker's script (compiled JavaScript), which calls `serveJobs` (pool-worker.ts). */
  script: URL;
  /** Given to every worker as `workerData`: what it needs to set itself up. */
  workerData?: unknown;
  /** Workers kept running; each is started at once so that it is warm when a job comes. */
  size: number;
  /** How long a worker asked to stop a job may take before it is terminated. */
  graceMs?: number;
  /** A worker's JavaScript heap; past it the worker dies and its job fails, the process lives on. */
  heapMb?: number;
  /** Where a worker's stdout and stderr go: never the process's stdout, which may carry a protocol. */
  log?: (text: string) => void;
  /**
   * The notes a worker started later (a replacement) needs to catch up with
   * the ones broadcast before it existed: the open documents, say.
   */
  catchUp?: () => unknown[];
  /** Takes what a worker tells unasked (pool-worker.ts: tellOwner), from any worker, replacements included. */
  onEvent?: (event: unknown) => void;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Milliseconds from now (waiting for a worker included) after which the job is stopped. */
  budgetMs?: number;
  /**
   * Jobs with the same key go, when it is free, to the worker that ran the
   * last of them: it may still hold what that one made (parse_source keeps
   * the texts it parsed), which another worker would have to make again.
   */
  affinity?: string;
}

/** A job stopped because its budget ran out. */
export class PoolTimeout extends Error {
  override readonly name = 'PoolTimeout';
  readonly budgetMs: number;
  constructor(budgetMs: number) {
    super(`the call did not finish within its ${budgetMs} ms budget and was stopped`);
    this.budgetMs = budgetMs;
  }
}

/** A job whose worker threw, ran out of memory or died; `data` is what the worker attached. */
export class PoolWorkerError extends Error {
  override readonly name = 'PoolWorkerError';
  readonly data: unknown;
  constructor(message: string, data?: unknown) {
    super(message);
    this.data = data;
  }
}

const DEFAULT_GRACE_MS = 50;
const DEFAULT_HEAP_MB = 2_048;
/** Workers dying this often (a script that cannot start) stop the pool instead of restarting forever. */
const MAX_DEATHS = 5;
const DEATH_WINDOW_MS = 10_000;

interface Job<R> {
  id: number;
  payload: unknown;
  affinity: string | undefined;
  resolve(value: R): void;
  reject(error: unknown): void;
  /** Settled already (answered, aborted or timed out): later news about it is dropped. */
  settled: boolean;
  cleanup(): void;
}

interface Slot {
  worker: Worker;
  /** The job the worker runs, or one it was told to stop and has not confirmed. */
  job: Job<unknown> | undefined;
  stopping: NodeJS.Timeout | undefined;
  /** Jobs it has answered: a worker that has is warm (its caches filled), a fresh one may still be setting up. */
  served: number;
  /** The key of the last job with one it was given. */
  affinity: string | undefined;
}

export class WorkerPool<Payload, Result> {
  readonly #options: Required<Omit<PoolOptions, 'workerData' | 'log' | 'catchUp' | 'onEvent'>> & Pick<PoolOptions, 'workerData' | 'log' | 'catchUp' | 'onEvent'>;
  readonly #slots: Slot[] = [];
  readonly #queue: Job<Result>[] = [];
  #nextId = 1;
  #disposed = false;
  /** When recent workers died unasked, to tell a crash loop from an unlucky job. */
  #deaths: number[] = [];
  #broken: string | undefined;

  constructor(options: PoolOptions) {
    this.#options = { graceMs: DEFAULT_GRACE_MS, heapMb: DEFAULT_HEAP_MB, ...options, size: Math.max(1, options.size) };
    for (let i = 0; i < this.#options.size; i++) this.#slots.push(this.#start());
  }

  /** Jobs running or waiting for a worker. */
  get pending(): number {
    return this.#queue.length + this.#slots.filter((slot) => slot.job && !slot.job.settled).length;
  }

  run(payload: Payload, options: RunOptions = {}): Promise<Result> {
    const { signal, budgetMs, affinity } = options;
    if (this.#disposed) return Promise.reject(new PoolWorkerError('the worker pool has been disposed'));
    if (this.#broken) return Promise.reject(new PoolWorkerError(this.#broken));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Result>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const job: Job<Result> = {
        id: this.#nextId++,
        payload,
        affinity,
        settled: false,
        resolve: (value) => settle(() => resolve(value)),
        reject: (error) => settle(() => reject(error)),
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      const settle = (done: () => void) => {
        if (job.settled) return;
        job.settled = true;
        job.cleanup();
        done();
      };
      const stop = (reason: unknown) => {
        if (job.settled) return;
        job.reject(reason);
        this.#abandon(job);
      };
      const onAbort = () => stop(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (budgetMs !== undefined) timer = setTimeout(() => stop(new PoolTimeout(budgetMs)), budgetMs);
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /**
   * Tells every worker `note` (a document changed, say) ahead of any job run
   * after this call: messages to a worker arrive in the order they were sent.
   */
  broadcast(note: unknown): void {
    for (const slot of this.#slots) slot.worker.postMessage({ type: 'note', payload: note } satisfies PoolRequest);
  }

  /** Terminates every worker; running and waiting jobs fail. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    for (const job of this.#queue.splice(0)) job.reject(new PoolWorkerError('the worker pool has been disposed'));
    const slots = this.#slots.splice(0);
    for (const slot of slots) slot.job?.reject(new PoolWorkerError('the worker pool has been disposed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate().catch(() => undefined)));
  }

  #dispatch(): void {
    for (;;) {
      const job = this.#queue[0];
      const idle = this.#slots.filter((slot) => !slot.job);
      if (!job || idle.length === 0) return;
      // The worker of the job's key first; then warm workers: a replacement still setting itself up
      // should not make a job wait that another could take now.
      const slot = (job.affinity !== undefined ? idle.find((s) => s.affinity === job.affinity) : undefined) ?? idle.find((s) => s.served > 0) ?? idle[0]!;
      this.#queue.shift();
      slot.job = job;
      // A job without a key leaves the worker's: what the keyed one made is still there.
      if (job.affinity !== undefined) slot.affinity = job.affinity;
      slot.worker.postMessage({ type: 'run', id: job.id, payload: job.payload } satisfies PoolRequest);
    }
  }

  /** A settled job's worker is told to stop it; if it has not within the grace, it is replaced. */
  #abandon(job: Job<unknown>): void {
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      return;
    }
    const slot = this.#slots.find((s) => s.job === job);
    if (!slot || slot.stopping) return;
    slot.worker.postMessage({ type: 'cancel', id: job.id } satisfies PoolRequest);
    slot.stopping = setTimeout(() => this.#replace(slot), this.#options.graceMs);
  }

  #start(): Slot {
    const worker = new Worker(this.#options.script, {
      workerData: this.#options.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.#options.heapMb },
      // Piped, not inherited: a stray console.log in a worker must not reach a protocol on stdout.
      stdout: true,
      stderr: true,
    });
    worker.stdout.on('data', (chunk: Buffer) => this.#log(chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => this.#log(chunk.toString()));
    // Workers never keep the process alive: stdio servers exit when their client goes.
    worker.unref();
    for (const note of this.#options.catchUp?.() ?? []) worker.postMessage({ type: 'note', payload: note } satisfies PoolRequest);
    const slot: Slot = { worker, job: undefined, stopping: undefined, served: 0, affinity: undefined };
    worker.on('message', (message: PoolReply<Result> | PoolEvent) => {
      if ('type' in message) this.#options.onEvent?.(message.payload);
      else this.#onReply(slot, message);
    });
    worker.on('error', (error: Error) => this.#onDeath(slot, `the worker failed: ${error.message}`));
    worker.on('exit', (code) => this.#onDeath(slot, `the worker exited with code ${code}`));
    return slot;
  }

  #log(text: string): void {
    if (this.#options.log) this.#options.log(text);
    else process.stderr.write(text);
  }

  #onReply(slot: Slot, reply: PoolReply<Result>): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(slot.stopping);
    slot.stopping = undefined;
    slot.job = undefined;
    slot.served++;
    if (reply.ok) job.resolve(reply.value);
    else job.reject(workerError(reply.error));
    if (reply.retire !== undefined) this.#retire(slot, reply.retire);
    this.#dispatch();
  }

  /** A worker whose last job grew memory it never gives back (pool-worker.ts: Retirement) is replaced by a fresh one, which catches up on the notes. */
  #retire(slot: Slot, grewMb: number): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0 || this.#disposed) return;
    this.#log(`a worker's job grew memory it never gives back by ${grewMb} MiB; the worker is replaced\n`);
    this.#slots[index] = this.#start();
    void slot.worker.terminate().catch(() => undefined);
  }

  #onDeath(slot: Slot, message: string): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    clearTimeout(slot.stopping);
    slot.job?.reject(new PoolWorkerError(message));
    if (this.#disposed) return;
    const now = Date.now();
    this.#deaths = [...this.#deaths.filter((at) => now - at < DEATH_WINDOW_MS), now];
    if (this.#deaths.length >= MAX_DEATHS) {
      this.#broken = `the workers keep dying (${MAX_DEATHS} in ${DEATH_WINDOW_MS / 1000} s; the last: ${message})`;
      this.#slots.splice(index, 1);
      for (const job of this.#queue.splice(0)) job.reject(new PoolWorkerError(this.#broken));
      return;
    }
    this.#slots[index] = this.#start();
    this.#dispatch();
  }

  /** Terminates a worker that did not stop in time and puts a fresh one in its place. */
  #replace(slot: Slot): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    this.#log(`a worker did not stop its job within ${this.#options.graceMs} ms; it is replaced\n`);
    this.#slots[index] = this.#start();
    void slot.worker.terminate().catch(() => undefined);
    this.#dispatch();
  }
}

function workerError(failure: PoolWorkerFailure): PoolWorkerError {
  const error = new PoolWorkerError(failure.message, failure.data);
  if (failure.stack) error.stack = failure.stack;
  return error;
}
