// The inference ledger: the type each statement gave the variables it declared,
// by the statement's start and the name (what the ownership layer classifies
// moves and copies by). Keyed by number, then name, rather than one
// `start:name` string.
//
// A keystroke replays most of a file's items, so a replayed item costs the
// ledger two array slots: its start and its statements' name maps, which it
// made once when it was kept and shares with every replay. A lookup finds the
// item by binary search over those starts (items are replayed in file order),
// then the statement in the item's own map. Building one map of every
// statement instead cost a tenth of a keystroke on 100,000 lines, and its
// garbage a part of the collections. Statements the checker infers afresh
// are written to a map of their own, which a lookup reads first.
import { countAtMost } from '../../syntax/sorted.ts';
import type { Type } from './types.ts';

/** What the ownership layer reads. */
export interface LedgerReader {
  lookup(statementStart: number, name: string): Type | undefined;
}

/** One item's ledger writes: its statements by offset from the item's start, each with its names' types. */
export type ItemLedger = ReadonlyMap<number, ReadonlyMap<string, Type>>;

const NO_STATEMENTS: ItemLedger = new Map();

export class Ledger implements LedgerReader {
  /** Statements written by `set`: they take precedence over replayed items (a write copies what it overrides). */
  readonly #written = new Map<number, Map<string, Type>>();
  /** The greatest start written by `set`, or -1. */
  #lastWritten = -1;
  /** Replayed items, in increasing order of start: their starts and their statements. */
  readonly #itemStarts: number[] = [];
  readonly #items: ItemLedger[] = [];

  lookup(statementStart: number, name: string): Type | undefined {
    const written = this.#written.get(statementStart);
    if (written) return written.get(name);
    return this.#replayed(statementStart)?.get(name);
  }

  /** A later write of the same statement and name wins, as in a Map. */
  set(statementStart: number, name: string, type: Type): void {
    let names = this.#written.get(statementStart);
    if (!names) {
      names = new Map(this.#replayed(statementStart));
      this.#written.set(statementStart, names);
      if (statementStart > this.#lastWritten) this.#lastWritten = statementStart;
    }
    names.set(name, type);
  }

  /** A replayed item's statements (from `groupByStatement`), at offsets from `itemStart`: later than what is there, as `set` would be. */
  adopt(itemStart: number, statements: ItemLedger): void {
    if (statements.size === 0) return;
    const starts = this.#itemStarts;
    // Out of file order, or after a write inside the item: written name by name, so the item's entries win as later writes.
    if (itemStart <= this.#lastWritten || (starts.length > 0 && itemStart <= starts[starts.length - 1]!)) {
      for (const [offset, names] of statements) for (const [name, type] of names) this.set(itemStart + offset, name, type);
      return;
    }
    starts.push(itemStart);
    this.#items.push(statements);
  }

  /** The names of the replayed statement at `statementStart`, if a replayed item holds one. */
  #replayed(statementStart: number): ReadonlyMap<string, Type> | undefined {
    // The last item starting at or before the statement.
    const item = countAtMost(this.#itemStarts, statementStart) - 1;
    return item < 0 ? undefined : this.#items[item]!.get(statementStart - this.#itemStarts[item]!);
  }
}

/** An item's ledger writes in order, grouped by statement (a later write of a name wins): made once when the item is kept, shared by its replays. */
export function groupByStatement(writes: ReadonlyArray<readonly [offset: number, name: string, type: Type]>): ItemLedger {
  if (writes.length === 0) return NO_STATEMENTS;
  const byOffset = new Map<number, Map<string, Type>>();
  for (const [offset, name, type] of writes) {
    let names = byOffset.get(offset);
    if (!names) byOffset.set(offset, (names = new Map<string, Type>()));
    names.set(name, type);
  }
  return byOffset;
}
