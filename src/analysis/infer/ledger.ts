// The inference ledger: the type each statement gave the variables it declared,
// by the statement's start and the name (what the ownership layer classifies
// moves and copies by). Keyed by number, then name, rather than one
// `start:name` string: a keystroke replays most of a file's items, and each
// replayed item hands over its statements' names as maps it made once, so a
// replay allocates no key string and no entry per variable.
import type { Type } from './types.ts';

/** What the ownership layer reads. */
export interface LedgerReader {
  lookup(statementStart: number, name: string): Type | undefined;
}

/**
 * A name map a replayed item hands over: shared with its memo entry, so never
 * written in place. Marked by its class, not kept in a WeakSet: every item of
 * a file has one or two, and weak entries cost each full collection.
 */
class SharedNames extends Map<string, Type> {}

export class Ledger implements LedgerReader {
  readonly #byStatement = new Map<number, Map<string, Type>>();

  lookup(statementStart: number, name: string): Type | undefined {
    return this.#byStatement.get(statementStart)?.get(name);
  }

  /** A later write of the same statement and name wins, as in a Map. */
  set(statementStart: number, name: string, type: Type): void {
    let names = this.#byStatement.get(statementStart);
    if (!names || names instanceof SharedNames) {
      names = new Map(names);
      this.#byStatement.set(statementStart, names);
    }
    names.set(name, type);
  }

  /** A replayed item's statements: its name maps (from `groupByStatement`), at offsets from `itemStart`. */
  adopt(itemStart: number, statements: readonly LedgerStatement[]): void {
    for (const [offset, names] of statements) {
      const existing = this.#byStatement.get(itemStart + offset);
      if (existing) for (const [name, type] of names) this.set(itemStart + offset, name, type);
      else this.#byStatement.set(itemStart + offset, names as Map<string, Type>);
    }
  }
}

/** One statement of an item: its offset in the item and its names' types. */
export type LedgerStatement = readonly [offset: number, names: ReadonlyMap<string, Type>];

/** An item's ledger writes in order, as its statements' name maps (a later write of a name wins), made shareable. */
export function groupByStatement(writes: ReadonlyArray<readonly [offset: number, name: string, type: Type]>): LedgerStatement[] {
  const byOffset = new Map<number, SharedNames>();
  for (const [offset, name, type] of writes) {
    let names = byOffset.get(offset);
    if (!names) byOffset.set(offset, (names = new SharedNames()));
    names.set(name, type);
  }
  return [...byOffset];
}
