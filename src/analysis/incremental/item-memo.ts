// Per-item memo of a checker layer whose findings on a top-level statement
// depend on that statement's subtree alone (the IR layer's refusals, the
// termination layer): after an edit, a statement whose text did not change
// gives the findings it gave before, moved by however far the statement moved.
// Findings are stored relative to the statement's start and keyed by its text
// and kind (what the parser made of that text), so an item that moved is still
// found, and an item whose text changed is looked at again.
import type { Node } from 'web-tree-sitter';
import type { RawDiagnostic } from '../infer/messages.ts';

/** A layer's findings on one statement, at offsets into the file. */
export type StatementLayer = (statement: Node) => RawDiagnostic[];

export class ItemMemo {
  /** Findings by item key, offsets relative to the item's start: those of the last pass. */
  #previous = new Map<string, readonly RawDiagnostic[]>();
  /** Items reached by the current pass; it becomes `#previous` when the pass ends, so deleted items are forgotten. */
  #current = new Map<string, readonly RawDiagnostic[]>();
  /** Statements the last pass found in the memo, and those it had to look at: for tests and benchmarks. */
  hits = 0;
  misses = 0;

  /**
   * The layer's findings on `statements` in order, each from the memo when a
   * statement of the same kind and text was seen by the previous pass.
   */
  run(statements: readonly Node[], layer: StatementLayer): RawDiagnostic[] {
    this.#previous = this.#current;
    this.#current = new Map();
    this.hits = 0;
    this.misses = 0;
    const found: RawDiagnostic[] = [];
    for (const statement of statements) {
      const start = statement.startIndex;
      const key = itemKey(statement);
      let relative = this.#current.get(key) ?? this.#previous.get(key);
      if (relative) this.hits++;
      else {
        this.misses++;
        relative = layer(statement).map((d) => ({ ...d, start: d.start - start, end: d.end - start }));
      }
      this.#current.set(key, relative);
      for (const d of relative) found.push({ ...d, start: d.start + start, end: d.end + start });
    }
    return found;
  }
}

/** What decides a statement's subtree: the parser's kind for it and its text. */
function itemKey(statement: Node): string {
  return `${statement.type}\u0000${statement.text}`;
}

/** A file's memos, one per statement-local layer, kept from one check of the file to the next. */
export interface FileItemMemos {
  ir: ItemMemo;
  termination: ItemMemo;
}

export function fileItemMemos(): FileItemMemos {
  return { ir: new ItemMemo(), termination: new ItemMemo() };
}
