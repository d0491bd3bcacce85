// A read-only map that is another with some of its keys' values replaced. A
// keystroke's declarations are the last ones with the few entries that hold
// type variables made afresh (declaration-items.ts): handing those on in an
// overlay, rather than copying a map of every name in the file, is what lets
// a keystroke on a large file cost little more than its edited item.

/** `base` with the values of some of its keys replaced by `replaced`'s. Values are objects, so `undefined` always means "not replaced". */
export class OverlayMap<K, V extends object> implements ReadonlyMap<K, V> {
  readonly base: ReadonlyMap<K, V>;
  readonly replaced: ReadonlyMap<K, V>;

  /** Only keys of `base` may be replaced: the overlay has base's keys, size and order. */
  constructor(base: ReadonlyMap<K, V>, replaced: ReadonlyMap<K, V>) {
    this.base = base;
    this.replaced = replaced;
  }

  get size(): number {
    return this.base.size;
  }

  get(key: K): V | undefined {
    return this.replaced.get(key) ?? this.base.get(key);
  }

  has(key: K): boolean {
    return this.base.has(key);
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    this.base.forEach((value, key) => callback.call(thisArg, this.replaced.get(key) ?? value, key, this));
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) yield [key, this.replaced.get(key) ?? value];
  }

  keys(): MapIterator<K> {
    return this.base.keys();
  }

  *values(): MapIterator<V> {
    for (const [key, value] of this.base) yield this.replaced.get(key) ?? value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}
