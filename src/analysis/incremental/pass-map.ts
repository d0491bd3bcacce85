// What a per-item memo keeps from one pass over a file to the next: a value per
// item, found two ways.
//
// - At its place: an item whose subtree the parser shared with the tree of the
//   last pass (`TopLevelItem.previousSerial`) finds the value the last pass had for
//   that very item, by its ordinal. A keystroke leaves all but one or two
//   items shared, so most of a pass is array reads: looking each one up by its
//   text, in every layer, was a tenth of a keystroke on 100,000 lines.
// - By key (the item's kind and text): an item parsed again with the same text
//   (after an unclosed bracket was closed, say), moved, or pasted back.
//
// Either way the caller still checks that the value holds where it is found.
// The key map keeps what any pass kept; when it holds many more values than
// the last pass had items, what the last pass did not have is dropped, which
// forgets deleted and edited items' values (a keystroke leaves one behind).
// Values are objects, each item's own, so a value tells which item it was.

import { topLevelItems, type TopLevelItem } from './top-level.ts';

/** Values kept by key beyond twice the last pass's count before those the last pass did not have are dropped. */
const SLACK = 256;

export class PassMap<V extends object> {
  readonly #byKey = new Map<string, V>();
  /** The last pass's values by ordinal in its tree (holes for items without one), and that tree's table's serial. */
  #lastSerial = 0;
  #lastValues: Array<V | undefined> = [];
  #lastCount = 0;
  /** This pass's. */
  #serial = 0;
  #values: Array<V | undefined> = [];
  #count = 0;

  /** Values kept by key now: for tests. */
  get keyed(): number {
    return this.#byKey.size;
  }

  /** Starts a pass: the one before becomes the last. */
  begin(): void {
    if (this.#serial !== 0) {
      this.#lastSerial = this.#serial;
      this.#lastValues = this.#values;
      this.#lastCount = this.#count;
    }
    this.#serial = 0;
    this.#values = [];
    this.#count = 0;
    if (this.#byKey.size > 2 * this.#lastCount + SLACK) this.#keepOnlyLast();
  }

  /**
   * The value kept for `item` (at its place in the last pass, else by its
   * key), kept for the next pass as well. A caller that finds it stale
   * replaces it (keep) or leaves it.
   */
  use(item: TopLevelItem): V | undefined {
    const serial = item.previousSerial;
    let value = serial !== 0 && serial === this.#lastSerial ? this.#lastValues[item.previousOrdinal] : undefined;
    value ??= this.#byKey.get(item.key);
    if (value !== undefined) this.#record(item, value);
    return value;
  }

  /** Keeps `value` for `item`, in place of what was there. */
  keep(item: TopLevelItem, value: V): void {
    this.#byKey.set(item.key, value);
    this.#record(item, value);
  }

  clear(): void {
    this.#byKey.clear();
    this.#lastSerial = 0;
    this.#lastValues = [];
    this.#lastCount = 0;
    this.#serial = 0;
    this.#values = [];
    this.#count = 0;
  }

  #record(item: TopLevelItem, value: V): void {
    if (this.#serial === 0) {
      // Sized once: an array grown an index at a time was a good part of what a pass allocated.
      this.#serial = item.table.serial;
      this.#values = new Array<V | undefined>(topLevelItems(item.tree).length);
    }
    // A pass is over one tree; an item of another (none today) is found by key only.
    if (item.table.serial !== this.#serial) return;
    if (this.#values[item.ordinal] === undefined) this.#count++;
    this.#values[item.ordinal] = value;
  }

  /** Forgets what the last pass did not have (each value is one item's own object). */
  #keepOnlyLast(): void {
    const live = new Set(this.#lastValues);
    this.#byKey.forEach((value, key, byKey) => {
      if (!live.has(value)) byKey.delete(key);
    });
  }
}

/** A pass map of items' results with how many the last pass found and made: for tests and benchmarks. */
export class CountedPassMap<V extends object> {
  protected readonly entries = new PassMap<V>();
  hits = 0;
  misses = 0;

  begin(): void {
    this.entries.begin();
    this.hits = 0;
    this.misses = 0;
  }

  /** The value kept for `item`, kept for the next pass too. */
  find(item: TopLevelItem): V | undefined {
    return this.entries.use(item);
  }

  keep(item: TopLevelItem, value: V): void {
    this.entries.keep(item, value);
  }
}
