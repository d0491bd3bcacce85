// What a per-item memo keeps from one pass over a file to the next: a value per
// item, found two ways.
//
// - At its place: an item whose subtree the parser shared with the tree of the
//   last pass (`TopLevelItem.previousSerial`) finds the value the last pass had for
//   that very item, by its ordinal. A keystroke leaves all but one or two
//   items shared, so most of a pass is array reads: looking each one up by its
//   text, in every layer, was a tenth of a keystroke on 100,000 lines.
// - By key (the item's kind and text): an item parsed again with the same text
//   (after an unclosed bracket was closed, say), moved, or pasted back. Not an
//   item with a syntax error: the same text may be recovered from otherwise.
//
// Either way the caller still checks that the value holds where it is found.
// What the last pass did not have (a deleted item's value, or an edited
// item's before the edit) is forgotten when the next pass begins, as a
// map swept every pass would: the values the pass before last had and the
// last did not carry are found from the slots it did not read by place, a
// handful, so the sweep costs no visit of every item. (Kept for many passes
// instead, a function typed in for a while kept a copy of itself and its
// results per keystroke.)

import { topLevelItems, type TopLevelItem } from './top-level.ts';

export class PassMap<V extends object> {
  readonly #byKey = new Map<string, V>();
  /** The key each value kept by key is under: to forget it. */
  readonly #keyOf = new Map<V, string>();
  /** The last pass's values by ordinal in its tree (holes for items without one), and that tree's table's serial. */
  #lastSerial = 0;
  #lastValues: Array<V | undefined> = [];
  /** Which of the last pass's slots this pass took by place. */
  #carried: Uint8Array = new Uint8Array(0);
  /** This pass's values, and those it took by key or kept (not by place). */
  #serial = 0;
  #values: Array<V | undefined> = [];
  /** The pass before last's values, done with: the next pass's, cleared (an array of every item, each pass, was most of what a keystroke's memos allocated). */
  #spare: Array<V | undefined> = [];
  #notByPlace = new Set<V>();

  /** The serial of the table of the last pass's tree (0 before the second pass): an item shared with that tree names it as `previousSerial`. */
  get lastSerial(): number {
    return this.#lastSerial;
  }

  /** Values kept by key now: for tests. */
  get keyed(): number {
    return this.#byKey.size;
  }

  /** Starts a pass: forgets what the last pass did not have, and the last pass becomes the one before. */
  begin(): void {
    if (this.#serial === 0) return;
    this.#forgetNotCarried();
    this.#spare = this.#lastValues;
    this.#lastSerial = this.#serial;
    this.#lastValues = this.#values;
    if (this.#carried.length === this.#values.length) this.#carried.fill(0);
    else this.#carried = new Uint8Array(this.#values.length);
    this.#serial = 0;
    this.#values = [];
    if (this.#notByPlace.size > 0) this.#notByPlace = new Set();
  }

  /**
   * The value kept for `item` (at its place in the last pass, else by its
   * key), kept for the next pass as well. A caller that finds it stale
   * replaces it (keep) or leaves it.
   */
  use(item: TopLevelItem): V | undefined {
    const atPlace = this.atPlace(item);
    if (atPlace !== undefined) return atPlace;
    // The parser's recovery from an error depends on more than the item's text (what was open before it, say):
    // an item with one is the same only where the parser shared its very subtree.
    if (item.table.hasError(item.index)) return undefined;
    const value = this.#byKey.get(item.key);
    if (value !== undefined) {
      this.#notByPlace.add(value);
      this.#record(item, value);
    }
    return value;
  }

  /** The value the last pass had for `item` at its place (kept for the next pass as well), if it had one: never one found by key. */
  atPlace(item: TopLevelItem): V | undefined {
    const serial = item.previousSerial;
    if (serial === 0 || serial !== this.#lastSerial) return undefined;
    const value = this.#lastValues[item.previousOrdinal];
    if (value !== undefined) {
      this.#carried[item.previousOrdinal] = 1;
      this.#record(item, value);
    }
    return value;
  }

  /** Keeps `value` for `item`, in place of what was there. */
  keep(item: TopLevelItem, value: V): void {
    const key = item.key;
    const replaced = this.#byKey.get(key);
    if (replaced !== undefined && replaced !== value) this.#keyOf.delete(replaced);
    this.#byKey.set(key, value);
    this.#keyOf.set(value, key);
    this.#notByPlace.add(value);
    this.#record(item, value);
  }

  clear(): void {
    this.#byKey.clear();
    this.#keyOf.clear();
    this.#lastSerial = 0;
    this.#lastValues = [];
    this.#carried = new Uint8Array(0);
    this.#serial = 0;
    this.#values = [];
    this.#spare = [];
    this.#notByPlace = new Set();
  }

  #record(item: TopLevelItem, value: V): void {
    if (this.#serial === 0) {
      // Sized once: an array grown an index at a time was a good part of what a pass allocated.
      this.#serial = item.table.serial;
      const length = topLevelItems(item.tree).length;
      this.#values = this.#spare.length === length ? this.#spare.fill(undefined) : new Array<V | undefined>(length);
      this.#spare = [];
    }
    // A pass is over one tree; an item of another (none today) is found by key only.
    if (item.table.serial === this.#serial) this.#values[item.ordinal] = value;
  }

  /** The last pass's values that the pass just ended neither took by place nor found or kept by key: gone from the map. */
  #forgetNotCarried(): void {
    const values = this.#lastValues;
    const carried = this.#carried;
    for (let ordinal = 0; ordinal < values.length; ordinal++) {
      if (carried[ordinal] === 1) continue;
      const value = values[ordinal];
      if (value === undefined || this.#notByPlace.has(value)) continue;
      const key = this.#keyOf.get(value);
      if (key === undefined) continue;
      this.#keyOf.delete(value);
      if (this.#byKey.get(key) === value) this.#byKey.delete(key);
    }
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
