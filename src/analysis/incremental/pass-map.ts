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

  /** The value kept under `key` by this pass or the last. */
  get(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Keeps `value` under `key` for the next pass (a value already there is used again: pass it back). */
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
