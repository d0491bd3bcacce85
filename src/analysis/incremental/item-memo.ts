// Per-item memo of a checker layer that looks at one top-level statement at a
// time: after an edit, a statement whose text did not change gives the
// findings it gave before, moved by however far the statement moved. Findings
// are stored relative to the statement's start and keyed by its text and kind
// (what the parser made of that text), so an item that moved is still found,
// and an item whose text changed is looked at again. A layer that also reads
// facts from outside the statement (types another layer inferred) says which
// facts it read; the findings are reused only while those facts still hold.
import type { RawDiagnostic } from '../infer/messages.ts';
import type { RecordFieldStarts } from '../infer/ir-bodies.ts';
import type { OwnershipMemoEnv } from './ownership-items.ts';
import { DeclarationMemo } from './declaration-items.ts';
import { InferenceMemo } from './inference-items.ts';
import { orNone } from './none.ts';
import { PassMap } from './pass-map.ts';
import type { TopLevelItem } from './top-level.ts';

/** What a memo moves: a finding's offsets into the file. */
export interface Located {
  start: number;
  end: number;
}

/** A layer's findings on one statement (offsets into the file), and the outside facts they rest on. */
export interface ItemFindings<C, F extends Located = RawDiagnostic> {
  found: F[];
  /** Whether the outside facts read still hold in `context` for the statement now at `start`; absent when none were read. */
  holds?: (context: C, start: number) => boolean;
}

/** A layer on one item: it reads the item's row, or its `node` when it must look inside. */
export type StatementLayer<C, F extends Located = RawDiagnostic> = (item: TopLevelItem, context: C) => ItemFindings<C, F>;

/** A finding moved by `delta`: its start and end, and any other offset it holds. */
export type Move<F> = (finding: F, delta: number) => F;

const moveRange = <F extends Located>(d: F, delta: number): F => ({ ...d, start: d.start + delta, end: d.end + delta });

interface Memoised<C, F> {
  /** Offsets relative to the statement's start. */
  found: readonly F[];
  holds: ((context: C, start: number) => boolean) | undefined;
}

export class ItemMemo<C = undefined, F extends Located = RawDiagnostic> {
  readonly #entries = new PassMap<Memoised<C, F>>();
  readonly #move: Move<F>;
  /** Statements the last pass found in the memo, and those it had to look at: for tests and benchmarks. */
  hits = 0;
  misses = 0;

  constructor(move: Move<F> = moveRange) {
    this.#move = move;
  }

  /**
   * The layer's findings on `statements` in order, each from the memo when it
   * still holds. `unchanged`: whether what the layer reads outside an item is
   * what it was in the last pass; then the findings the last pass had for the
   * item at its place hold without the facts they rest on being read again.
   */
  run(statements: readonly TopLevelItem[], context: C, layer: StatementLayer<C, F>, unchanged?: (item: TopLevelItem) => boolean): F[] {
    this.#entries.begin();
    this.hits = 0;
    this.misses = 0;
    const found: F[] = [];
    for (const statement of statements) {
      const start = statement.startIndex;
      // Every value the last pass recorded held then (one that did not was replaced by a fresh one).
      const asBefore = unchanged?.(statement) ? this.#entries.atPlace(statement) : undefined;
      let entry = asBefore ?? this.#entries.use(statement);
      if (entry && (asBefore || !entry.holds || entry.holds(context, start))) {
        this.hits++;
      } else {
        this.misses++;
        const fresh = layer(statement, context);
        entry = { found: orNone(fresh.found.map((d) => this.#move(d, -start))), holds: fresh.holds };
        this.#entries.keep(statement, entry);
      }
      // Indexed: most items found nothing, and an iterator for each would be most of what a keystroke's pass allocates.
      const items = entry.found;
      for (let i = 0; i < items.length; i++) found.push(this.#move(items[i]!, start));
    }
    return found;
  }
}

/** A layer that reads nothing outside the statement. */
export function local<F extends Located = RawDiagnostic>(layer: (item: TopLevelItem) => F[]): StatementLayer<undefined, F> {
  return (item) => ({ found: layer(item) });
}


/** A file's memos, one per per-statement layer, kept from one check of the file to the next. */
export interface FileItemMemos {
  ir: ItemMemo<RecordFieldStarts>;
  termination: ItemMemo;
  ownership: ItemMemo<OwnershipMemoEnv>;
  /** Annotations nested past the checker's depth (`tooDeepAnnotations`), over every top-level node. */
  annotations: ItemMemo;
  inference: InferenceMemo;
  declarations: DeclarationMemo;
  /** The inference pass (`InferenceMemo.passes`) the ownership memo last ran beside; -1 before it ran. */
  ownershipRanWith: number;
}

export function fileItemMemos(): FileItemMemos {
  return { ir: new ItemMemo<RecordFieldStarts>(), termination: new ItemMemo(), ownership: new ItemMemo<OwnershipMemoEnv>(), annotations: new ItemMemo(), inference: new InferenceMemo(), declarations: new DeclarationMemo(), ownershipRanWith: -1 };
}

/** Statements the last check of a file took from its memos. */
export function memoHits(memos: FileItemMemos): number {
  return memos.ir.hits + memos.termination.hits + memos.ownership.hits + memos.annotations.hits + memos.inference.hits + memos.declarations.hits;
}
