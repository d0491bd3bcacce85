// When diagnostics are recomputed after changes. A quiet period that restarts
// on every change (a debounce) adds its whole length to every keystroke, so
// edit → diagnostics could never beat it (issue 22: under 150 ms p50 on a
// 2,500-line file, where the check itself takes about 100 ms). Instead a run
// starts a moment after a change when none started within the last interval,
// else when the interval ends: a lone keystroke is answered as soon as the
// check is done, steady typing gets at most one run per interval, on the
// newest text, and runs never overlap (their publications stay in order).

/** Long enough for one read of the input to deliver its batch of notifications (a didChange and its didSave). */
export const FOLD_MS = 5;

export class PublishPacer {
  readonly #run: () => Promise<void>;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  /** A change came while a run was going: another run follows it. */
  #again = false;
  #lastStart = Number.NEGATIVE_INFINITY;
  #disposed = false;

  constructor(run: () => Promise<void>, intervalMs: number, now: () => number = Date.now) {
    this.#run = run;
    this.#intervalMs = intervalMs;
    this.#now = now;
  }

  /** Something changed: a run will see it. */
  schedule(): void {
    if (this.#disposed) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#timer) return;
    const wait = Math.max(FOLD_MS, this.#lastStart + this.#intervalMs - this.#now());
    this.#timer = setTimeout(() => void this.#start(), wait);
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #start(): Promise<void> {
    this.#timer = undefined;
    this.#running = true;
    this.#lastStart = this.#now();
    try {
      await this.#run();
    } catch (error) {
      process.stderr.write(`yaoxiang lsp: publishing diagnostics failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    } finally {
      this.#running = false;
    }
    if (this.#again) {
      this.#again = false;
      this.schedule();
    }
  }
}
