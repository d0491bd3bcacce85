// Formatting off the event loop. Formatting is synchronous and takes about 4 s
// per MB; on the server's own thread it held every other request and its
// cancellation. Here each job runs on a worker thread, one at a time; a job
// whose signal aborts stops its thread at once (the next job starts a fresh
// one), and a thread left idle is stopped so the WASM memory a large file grew
// is given back.
import { Worker } from 'node:worker_threads';
import type { FormatJob, FormatJobResult, FormatReply } from './format-job.ts';

export type { FormatJob, FormatJobResult } from './format-job.ts';

/** How long a thread with nothing to do is kept, for the next job to skip its start (about 0.1 s). */
const IDLE_MS = 30_000;
/** A thread's JavaScript heap; past it the thread ends and the job fails, the server lives on. */
const HEAP_MB = 2_048;

/** A job the thread failed: the formatter threw, or the thread ran out of memory or died. */
export class FormatThreadError extends Error {
  override readonly name = 'FormatThreadError';
}

export class FormatThread {
  #worker: Worker | undefined;
  /** The last stopped thread's end: its WASM heap may be large, so the next thread waits for it. */
  #stopping: Promise<unknown> = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;
  #turn: Promise<unknown> = Promise.resolve();
  #disposed = false;

  /**
   * Formats on the thread after the jobs before it; rejects with `signal.reason` as soon as it
   * aborts, also while it still waits for its turn (which it then skips).
   */
  run(job: FormatJob, signal: AbortSignal): Promise<FormatJobResult> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const turn = this.#turn.then(() => this.#runNow(job, signal));
    this.#turn = turn.catch(() => undefined);
    return new Promise<FormatJobResult>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Stops the thread; later jobs are refused. */
  dispose(): void {
    this.#disposed = true;
    this.#stop();
  }

  async #runNow(job: FormatJob, signal: AbortSignal): Promise<FormatJobResult> {
    signal.throwIfAborted();
    if (this.#disposed) throw new FormatThreadError('the format thread has been disposed');
    clearTimeout(this.#idle);
    if (!this.#worker) {
      await this.#stopping;
      signal.throwIfAborted();
      if (this.#disposed) throw new FormatThreadError('the format thread has been disposed');
    }
    const worker = (this.#worker ??= this.#start());
    return new Promise<FormatJobResult>((resolve, reject) => {
      const settle = () => {
        signal.removeEventListener('abort', onAbort);
        worker.off('message', onReply).off('messageerror', onUnreadable).off('error', onError).off('exit', onExit);
        if (this.#worker === worker) this.#idle = setTimeout(() => this.#stop(), IDLE_MS).unref();
      };
      const onReply = (reply: FormatReply) => {
        settle();
        if (reply.ok) return resolve(reply.result);
        // A formatter that threw may have left the WASM heap in any state: the next job gets a new thread.
        this.#stop();
        const error = new FormatThreadError(reply.message);
        if (reply.stack) error.stack = reply.stack;
        reject(error);
      };
      const onError = (error: Error) => {
        settle();
        this.#forget(worker);
        reject(new FormatThreadError(`the format thread failed: ${error.message}`, { cause: error }));
      };
      const onUnreadable = (error: Error) => {
        settle();
        this.#stop();
        reject(new FormatThreadError(`the format thread's answer could not be read: ${error.message}`, { cause: error }));
      };
      const onExit = (code: number) => {
        settle();
        this.#forget(worker);
        reject(new FormatThreadError(`the format thread exited with code ${code}`));
      };
      const onAbort = () => {
        settle();
        this.#stop();
        reject(signal.reason);
      };
      worker.on('message', onReply).on('messageerror', onUnreadable).on('error', onError).on('exit', onExit);
      signal.addEventListener('abort', onAbort, { once: true });
      worker.postMessage(job);
    });
  }

  #start(): Worker {
    const worker = new Worker(new URL('./format-worker.js', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    // A thread that fails or ends between jobs is dropped; one that does during a job also fails the job (onError, onExit).
    worker.on('error', () => this.#forget(worker));
    worker.once('exit', () => this.#forget(worker));
    // A thread never keeps the process alive: stdio servers exit when their client goes.
    worker.unref();
    return worker;
  }

  #stop(): void {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) this.#stopping = worker.terminate().catch(() => undefined);
  }

  #forget(worker: Worker): void {
    if (this.#worker === worker) this.#worker = undefined;
  }
}
