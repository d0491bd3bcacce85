// Runs each input in a worker thread under a time and a memory bound. The
// worker posts a result per input; the main thread's watchdog terminates it
// when no result comes in time (a hang), when V8 stops it at its heap limit,
// or when the process's resident memory (which also counts tree-sitter's WASM
// heap, outside V8's limit) passes the bound. A fresh worker takes over.
import { Worker } from 'node:worker_threads';

export interface SandboxLimits {
  /** Per-input time bound. */
  timeoutMs: number;
  /** V8 old-generation limit of the worker. */
  heapMb: number;
  /** Bound on the whole process's resident set while an input runs. */
  rssMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { timeoutMs: 10_000, heapMb: 1024, rssMb: 3072 };

export type Outcome<Failure> =
  | { kind: 'ok' }
  | { kind: 'failed'; failure: Failure }
  | { kind: 'hang'; ms: number }
  | { kind: 'memory'; message: string }
  | { kind: 'crash'; message: string };

export class Sandbox<Input, Failure> {
  readonly #url: URL;
  readonly #limits: SandboxLimits;
  readonly #workerData: unknown;
  #worker: Promise<Worker> | undefined;
  #next = 0;
  /** Highest resident set seen, in bytes, over the sandbox's life. */
  peakRss = 0;
  /** How often the worker reported each event (what the inputs exercised). */
  readonly events = new Map<string, number>();

  /** `workerData`: what the worker reads at start (which check it runs). */
  constructor(url: URL, limits: SandboxLimits = DEFAULT_LIMITS, workerData?: unknown) {
    this.#url = url;
    this.#limits = limits;
    this.#workerData = workerData;
  }

  async run(input: Input): Promise<Outcome<Failure>> {
    const worker = await (this.#worker ??= this.#start());
    const id = this.#next++;
    return new Promise<Outcome<Failure>>((resolve) => {
      const started = Date.now();
      const finish = (outcome: Outcome<Failure>, restart: boolean) => {
        clearInterval(watchdog);
        // Read here too: when every input takes under the watchdog's 50 ms, it never fires (a run once reported a peak of 0 MB).
        this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (restart) {
          this.#worker = undefined;
          void worker.terminate();
        }
        resolve(outcome);
      };
      const onMessage = (message: { id: number; result: Failure | undefined; events?: string[] }) => {
        if (message.id !== id) return;
        for (const event of message.events ?? []) this.events.set(event, (this.events.get(event) ?? 0) + 1);
        finish(message.result === undefined ? { kind: 'ok' } : { kind: 'failed', failure: message.result }, false);
      };
      const onError = (error: Error & { code?: string }) => {
        const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
        finish(memory ? { kind: 'memory', message: `worker heap over ${this.#limits.heapMb} MB: ${error.message}` } : { kind: 'crash', message: error.stack ?? error.message }, true);
      };
      const onExit = (code: number) => finish({ kind: 'crash', message: `worker exited with code ${code}` }, true);
      const watchdog = setInterval(() => {
        const rss = process.memoryUsage.rss();
        this.peakRss = Math.max(this.peakRss, rss);
        if (rss > this.#limits.rssMb * 1024 * 1024) finish({ kind: 'memory', message: `resident set ${Math.round(rss / 1048576)} MB over ${this.#limits.rssMb} MB` }, true);
        else if (Date.now() - started > this.#limits.timeoutMs) finish({ kind: 'hang', ms: Date.now() - started }, true);
      }, 50);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, input });
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await (await worker).terminate();
  }

  #start(): Promise<Worker> {
    const worker = new Worker(this.#url, { resourceLimits: { maxOldGenerationSizeMb: this.#limits.heapMb }, workerData: this.#workerData });
    return new Promise((resolve, reject) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('message', onReady);
        worker.off('error', reject);
        resolve(worker);
      };
      worker.on('message', onReady);
      worker.once('error', reject);
    });
  }
}
