// Per-item memo of a checker layer that looks at one top-level statement at a
// time: after an edit, a statement whose text did not change gives the
// findings it gave before, moved by however far the statement moved. Findings
// are stored relative to the statement's start and keyed by its text and kind
// (what the parser made of that text), so an item that moved is still found,
// and an item whose text changed is looked at again. A layer that also reads
// facts from outside the statement (types another layer inferred) says which
// facts it read; the findings are reused only while those facts still hold.
import type { Node } from 'web-tree-sitter';
import type { RawDiagnostic } from '../infer/messages.ts';
import type { OwnershipEnv } from '../infer/ownership.ts';

/** A layer's findings on one statement (offsets into the file), and the outside facts they rest on. */
export interface ItemFindings<C> {
  found: RawDiagnostic[];
  /** Whether the outside facts read still hold in `context` for the statement now at `start`; absent when none were read. */
  holds?: (context: C, start: number) => boolean;
}

export type StatementLayer<C> = (statement: Node, context: C) => ItemFindings<C>;

interface Memoised<C> {
  /** Offsets relative to the statement's start. */
  found: readonly RawDiagnostic[];
  holds?: (context: C, start: number) => boolean;
}

export class ItemMemo<C = undefined> {
  /** Entries of the last pass; the current pass's become it when the pass ends, so deleted items are forgotten. */
  #previous = new Map<string, Memoised<C>>();
  #current = new Map<string, Memoised<C>>();
  /** Statements the last pass found in the memo, and those it had to look at: for tests and benchmarks. */
  hits = 0;
  misses = 0;

  /** The layer's findings on `statements` in order, each from the memo when it still holds. */
  run(statements: readonly Node[], context: C, layer: StatementLayer<C>): RawDiagnostic[] {
    this.#previous = this.#current;
    this.#current = new Map();
    this.hits = 0;
    this.misses = 0;
    const found: RawDiagnostic[] = [];
    for (const statement of statements) {
      const start = statement.startIndex;
      const key = itemKey(statement);
      let entry = this.#current.get(key) ?? this.#previous.get(key);
      if (entry && (!entry.holds || entry.holds(context, start))) {
        this.hits++;
      } else {
        this.misses++;
        const fresh = layer(statement, context);
        entry = { found: fresh.found.map((d) => ({ ...d, start: d.start - start, end: d.end - start })), ...(fresh.holds ? { holds: fresh.holds } : {}) };
      }
      this.#current.set(key, entry);
      for (const d of entry.found) found.push({ ...d, start: d.start + start, end: d.end + start });
    }
    return found;
  }
}

/** A layer that reads nothing outside the statement. */
export function local(layer: (statement: Node) => RawDiagnostic[]): StatementLayer<undefined> {
  return (statement) => ({ found: layer(statement) });
}

/** What decides a statement's subtree: the parser's kind for it and its text. */
function itemKey(statement: Node): string {
  return `${statement.type}\u0000${statement.text}`;
}

/** A file's memos, one per per-statement layer, kept from one check of the file to the next. */
export interface FileItemMemos {
  ir: ItemMemo;
  termination: ItemMemo;
  ownership: ItemMemo<OwnershipEnv>;
}

export function fileItemMemos(): FileItemMemos {
  return { ir: new ItemMemo(), termination: new ItemMemo(), ownership: new ItemMemo<OwnershipEnv>() };
}

/** Statements the last check of a file took from its memos. */
export function memoHits(memos: FileItemMemos): number {
  return memos.ir.hits + memos.termination.hits + memos.ownership.hits;
}
