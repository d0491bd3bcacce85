// What one tools/call keeps while the registry retries it with narrower
// arguments (a result over the size limit): a tool's expensive work on its
// input, such as parsing a 1 MB source, is done once per call, not once per
// retry, and whatever it holds is released when the call ends.

export class CallScope {
  readonly #values = new Map<string, unknown>();
  readonly #releases: Array<() => void> = [];

  /** The value under `key`, computed by the first retry that asks for it. */
  once<T>(key: string, compute: () => T): T {
    if (!this.#values.has(key)) this.#values.set(key, compute());
    return this.#values.get(key) as T;
  }

  /** Runs `release` when the call ends, after its last retry. */
  onEnd(release: () => void): void {
    this.#releases.push(release);
  }

  /** Releases, newest first; one failing release does not keep the others from running. */
  end(): void {
    this.#values.clear();
    for (const release of this.#releases.splice(0).reverse()) {
      try {
        release();
      } catch {
        // Releasing is best effort: the result is already decided.
      }
    }
  }
}
