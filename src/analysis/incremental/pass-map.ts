// What a per-item memo keeps from one pass over a file to the next: values by
// item key, each stamped with the last pass that used or made it. One map
// across passes, not one per pass: a pass over an edited file finds nearly
// every key already there, so it writes no entry and the map does not grow
// again from empty (a keystroke used to rebuild one map per layer). What the
// last pass did not use belongs to deleted items: forgotten when the next
// pass begins.

export class PassMap<V> {
  readonly #entries = new Map<string, { value: V; pass: number }>();
  #pass = 0;

  /** Starts a pass: forgets what the last pass neither used nor made. */
  begin(): void {
    const pass = ++this.#pass;
    // forEach, not for…of: an entry array per item and pass was a tenth of what a keystroke allocated.
    this.#entries.forEach((entry, key, entries) => {
      if (entry.pass !== pass - 1) entries.delete(key);
    });
  }

  /**
   * The value kept under `key` by this pass or the last, kept for the next
   * pass as well: one lookup per item, as most items of a pass are found. A
   * caller that finds it stale replaces it (keep) or leaves it; a value left
   * is looked at again by the next pass and, unused there, forgotten.
   */
  use(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    entry.pass = this.#pass;
    return entry.value;
  }

  /** Keeps `value` under `key` for the next pass, in place of what was there. */
  keep(key: string, value: V): void {
    const entry = this.#entries.get(key);
    if (!entry) {
      this.#entries.set(key, { value, pass: this.#pass });
      return;
    }
    entry.value = value;
    entry.pass = this.#pass;
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** A pass map of items' results with how many the last pass found and made: for tests and benchmarks. */
export class CountedPassMap<V> {
  protected readonly entries = new PassMap<V>();
  hits = 0;
  misses = 0;

  begin(): void {
    this.entries.begin();
    this.hits = 0;
    this.misses = 0;
  }

  /** The value kept under `key`, kept for the next pass too. */
  find(key: string): V | undefined {
    return this.entries.use(key);
  }

  keep(key: string, value: V): void {
    this.entries.keep(key, value);
  }
}
