// A Map whose writes can be queued and made on its first read. A keystroke
// replays every untouched item's inference results into the file's maps
// (node types, binding types, receivers, resolutions), which only hover,
// inlay hints and navigation read: queued, the replay costs three slots of
// an array per item and map, and the maps are filled when, and if, someone
// asks. Writes are made in the order they were queued, direct `set`s
// included, so the map ends up as it would have been written at once: the
// same entries, the same iteration order, the later write winning.

/** How a queued write is made: given the map and the two values queued with it. */
export type DeferredWrite<K, V, A, B> = (map: DeferredMap<K, V>, a: A, b: B) => void;

/**
 * Pairs of values several maps queue writes of, listed once for all of them
 * (a keystroke replays thousands of items into four maps): each map queues a
 * run of the log's pairs, which grows while nothing else is queued after it.
 * Pairs are never changed once pushed.
 */
export class WriteLog<A, B> {
  readonly pairs: unknown[] = [];

  push(a: A, b: B): void {
    this.pairs.push(a, b);
  }
}

/** A map's queued run of a log's pairs, from `from` up to `to` (slots of `pairs`). */
interface LoggedRun {
  write: DeferredWrite<never, never, unknown, unknown>;
  log: WriteLog<unknown, unknown>;
  from: number;
  to: number;
}

export class DeferredMap<K, V> extends Map<K, V> {
  /**
   * Queued writes, three slots each: the function, then its two values. Flat,
   * with module-level functions, so a replayed item queues no closure.
   */
  #queued: unknown[] = [];

  /** The run of a log this map queued last, while nothing was queued after it. */
  #lastRun: LoggedRun | undefined;

  /** Runs `write(this, a, b)` when the map is next read, after every write queued before it. */
  defer<A, B>(write: DeferredWrite<K, V, A, B>, a: A, b: B): void {
    this.#queued.push(write, a, b);
    this.#lastRun = undefined;
  }

  /** `defer(write, a, b)` of the pair just pushed to `log`: queued as part of a run of the log when it can be. */
  deferLogged<A, B>(write: DeferredWrite<K, V, A, B>, log: WriteLog<A, B>): void {
    const end = log.pairs.length;
    const last = this.#lastRun;
    if (last && last.log === log && last.write === write && last.to === end - 2) {
      last.to = end;
      return;
    }
    const run: LoggedRun = { write: write as LoggedRun['write'], log, from: end - 2, to: end };
    this.#queued.push(writeRun, run, undefined);
    this.#lastRun = run;
  }

  #flush(): void {
    if (this.#queued.length === 0) return;
    const queued = this.#queued;
    this.#queued = [];
    this.#lastRun = undefined;
    for (let i = 0; i < queued.length; i += 3) (queued[i] as DeferredWrite<K, V, unknown, unknown>)(this, queued[i + 1], queued[i + 2]);
  }

  override set(key: K, value: V): this {
    // A write queued earlier must land first; while flushing, the queue is empty and this writes through.
    if (this.#queued.length > 0) this.defer(setEntry, key, value);
    else super.set(key, value);
    return this;
  }

  override get(key: K): V | undefined {
    this.#flush();
    return super.get(key);
  }

  override has(key: K): boolean {
    this.#flush();
    return super.has(key);
  }

  override delete(key: K): boolean {
    this.#flush();
    return super.delete(key);
  }

  override clear(): void {
    this.#queued = [];
    this.#lastRun = undefined;
    super.clear();
  }

  override get size(): number {
    this.#flush();
    return super.size;
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    this.#flush();
    super.forEach(callback, thisArg);
  }

  override entries(): MapIterator<[K, V]> {
    this.#flush();
    return super.entries();
  }

  override keys(): MapIterator<K> {
    this.#flush();
    return super.keys();
  }

  override values(): MapIterator<V> {
    this.#flush();
    return super.values();
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}

function setEntry<K, V>(map: DeferredMap<K, V>, key: K, value: V): void {
  map.set(key, value);
}

function writeRun<K, V>(map: DeferredMap<K, V>, run: LoggedRun): void {
  const { pairs } = run.log;
  const write = run.write as DeferredWrite<K, V, unknown, unknown>;
  for (let i = run.from; i < run.to; i += 2) write(map, pairs[i], pairs[i + 1]);
}
