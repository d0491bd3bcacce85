// Per-item memo of inference (pass 3). Top-level items are inferred in order
// against one shared state (the global scope, one type-variable supply whose
// numbers appear in messages, the functions already checked), so an item's
// result can be reused only where a fresh run would reach it in the same
// state and leave the state as the item did. The checker records, while an
// item runs: the outside facts it read (each global name's entry, whether a
// function of that name was checked), where the variable supply stood (which
// matters only to an item whose results show a variable's number: a type
// still unresolved), and everything it wrote to the result, with offsets
// relative to the item. An
// item that wrote to the state other items read (a global name, a variable it
// did not create, an import) is not kept: it runs again on every pass.
import type { RawDiagnostic } from '../infer/messages.ts';
import { groupByStatement, type ItemLedger } from '../infer/ledger.ts';
import { holdsUnboundVariable, type Type } from '../infer/types.ts';
import { NONE, orNone } from './none.ts';
import type { TopLevelItem } from './top-level.ts';
import { CountedPassMap } from './pass-map.ts';

/** What the checker's lookup found for an identifier (see checker.ts `Resolution`). */
export type ItemResolution = number | 'module' | 'prelude' | 'unknown';

/** One item's inference, offsets relative to its start. */
export interface InferredItem {
  /** The variable supply where the item began, and where it left it. */
  varStart: number;
  varEnd: number;
  /**
   * Whether a variable's number shows in what the item wrote: a message
   * names one, or a type kept for hover still holds one unbound. Only then
   * does the item's result depend on where the supply stood.
   */
  numbered: boolean;
  /** Outside facts the item read, as they were when it began: key, value, key, value… (a replay reads them all; a Map's entries cost an array each). */
  facts: readonly string[];
  diagnostics: readonly RawDiagnostic[];
  /** The item's ledger writes by statement, made once when the item is kept: what each replay hands the ledger. */
  ledgerStatements: ItemLedger;
  // The editor's results, each list flat (one array per item, not one per
  // entry: a large file's items held hundreds of thousands of small arrays,
  // which every full collection marked).
  /** Triples: offset, length, type. */
  nodeTypes: ReadonlyArray<number | Type>;
  /** Pairs: offset, type. */
  bindingTypes: ReadonlyArray<number | Type>;
  /** Pairs: offset, record. */
  receivers: ReadonlyArray<number | string>;
  /** Triples: offset, resolution, inside (the resolution is a declaring token of the item itself, stored relative to it). */
  resolutions: ReadonlyArray<ItemResolution | boolean>;
  /** Functions the item marked checked, as their facts' keys (`C` + name). */
  checked: readonly string[];
}

/** An item's lists while it is recorded: its own arrays, which become read-only once kept. */
type Filling<T> = { [K in keyof T]: T[K] extends ReadonlyArray<infer E> ? E[] : T[K] };

/** Collects one item's writes as the checker makes them; `impure` once it wrote shared state. */
export class ItemRecording {
  readonly start: number;
  readonly end: number;
  readonly varStart: number;
  impure = false;
  /** A variable's number was written into a text while the item ran. */
  numbered = false;
  readonly facts = new Map<string, string>();
  /** The item's writes as they are made; the ledger's in order, grouped by statement only when the item is kept. */
  readonly item: Filling<Omit<InferredItem, 'varStart' | 'varEnd' | 'numbered' | 'facts' | 'ledgerStatements'>> & { ledger: Array<[offset: number, name: string, type: Type]> } = {
    diagnostics: [], ledger: [], nodeTypes: [], bindingTypes: [], receivers: [], resolutions: [], checked: [],
  };

  constructor(start: number, end: number, varStart: number) {
    this.start = start;
    this.end = end;
    this.varStart = varStart;
  }

  /** The first read of a fact is the one that counts: the item wrote none (else it is impure). */
  read(key: string, value: () => string): void {
    if (!this.facts.has(key)) this.facts.set(key, value());
  }

  diagnostic(d: RawDiagnostic): void {
    this.item.diagnostics.push({ ...d, start: d.start - this.start, end: d.end - this.start });
  }

  resolution(offset: number, resolution: ItemResolution): void {
    const inside = typeof resolution === 'number' && resolution >= this.start && resolution < this.end;
    this.item.resolutions.push(offset - this.start, inside ? resolution - this.start : resolution, inside);
  }

  finish(varEnd: number): InferredItem {
    const facts: string[] = [];
    this.facts.forEach((value, key) => facts.push(key, value));
    const { diagnostics, ledger, nodeTypes, bindingTypes, receivers, resolutions, checked } = this.item;
    return {
      diagnostics: orNone(diagnostics), nodeTypes: orNone(nodeTypes), bindingTypes: orNone(bindingTypes),
      receivers: orNone(receivers), resolutions: orNone(resolutions), checked: orNone(checked),
      ledgerStatements: groupByStatement(ledger), varStart: this.varStart, varEnd, facts: orNone(facts),
      // The ledger's types are not here: the ownership layer reads their constructors, never their texts.
      numbered: this.numbered || showsVariable(nodeTypes, 3) || showsVariable(bindingTypes, 2),
    };
  }
}

/** Whether a type of a flat list (every `width`th element, the last of each entry) still holds an unbound variable. */
function showsVariable(flat: ReadonlyArray<number | Type>, width: number): boolean {
  for (let i = width - 1; i < flat.length; i += width) if (holdsUnboundVariable(flat[i] as Type)) return true;
  return false;
}

/**
 * The items of a file's last inference, by kind and text: those the last
 * pass looked up or recorded, so deleted items are forgotten.
 */
export class InferenceMemo extends CountedPassMap<InferredItem> {
  /** What every item read that no fact records (records, methods, generics): a change drops every item. */
  #environment = '';
  /** What the last whole pass began from (undefined after a pass that did not end: its record is partial). */
  #start: PassStart | undefined;
  #pending: PassStart | undefined;
  /** Per ordinal, of the last whole pass and of this one: what each item did to the state later items read (`ItemEffects`). */
  #lastEffects: Array<ItemEffects | undefined> = [];
  #effects: Array<ItemEffects | undefined> = [];
  /** Per ordinal: whether the item's entry was found to hold there (or was just made), in the last whole pass and in this one. */
  #lastHeld = new Uint8Array(0);
  #held = new Uint8Array(0);
  /** Per ordinal, this pass: the item replayed the very entry the last whole pass had for it there (the settled path). */
  #replayedAsBefore = new Uint8Array(0);
  /** Whether this pass stayed settled to its end (`endPass`): then it left the shared state as the last whole one did. */
  #endedSettled = false;
  /** Whether this pass began as the last whole one did (`startsAsBefore`). */
  #startedAsBefore = false;
  /** Whole passes so far: a later layer's memo notes which one it ran beside. */
  passes = 0;
  /** Items this pass reused without reading their facts again: for tests and benchmarks. */
  settledHits = 0;

  /** Begins a pass in `environment` (an item's state is checked on each use). */
  beginIn(environment: string): void {
    if (environment !== this.#environment) this.entries.clear();
    this.#environment = environment;
    this.begin();
  }

  /**
   * Whether this pass begins where the last whole one did: declarations of
   * the same generation (`declarationsGeneration`: DeclarationMemo keeps it
   * while no statement declares anything else), the same names bound by
   * `use` (`imports`, as texts) and as many items. Called once per pass,
   * after `beginIn`.
   */
  startsAsBefore(declarations: object, imports: string, items: number): boolean {
    const last = this.#start;
    this.#start = undefined;
    this.#pending = { declarations, imports, items };
    this.#lastEffects = last ? this.#effects : [];
    this.#lastHeld = last ? this.#held : new Uint8Array(0);
    this.#effects = new Array<ItemEffects | undefined>(items);
    this.#held = new Uint8Array(items);
    this.#replayedAsBefore = new Uint8Array(items);
    this.#endedSettled = false;
    this.settledHits = 0;
    this.#startedAsBefore = last !== undefined && last.declarations === declarations && last.imports === imports && last.items === items;
    return this.#startedAsBefore;
  }

  /** The pass ended, `settled` still or not: what it recorded may settle the next. */
  endPass(settled: boolean): void {
    this.#start = this.#pending;
    this.#endedSettled = settled;
    this.passes++;
  }

  /** Notes that the item at `ordinal` replayed the entry the last whole pass had for it there. */
  replayedAsBefore(ordinal: number): void {
    this.#replayedAsBefore[ordinal] = 1;
  }

  /**
   * After a whole pass: whether the types inference gave `item` and the
   * global names are what the last whole pass gave them (the pass began as
   * that one did and stayed settled to its end, every item doing what that
   * one's did, and the item replayed that pass's entry), so a layer reading
   * them finds what it found then.
   */
  sameAsLastPass(item: TopLevelItem): boolean {
    return this.#startedAsBefore && this.#endedSettled && this.#replayedAsBefore[item.ordinal] === 1;
  }

  /**
   * The entry of `item` when the last whole pass found it to hold at this
   * very ordinal (the parser shared its subtree, and no item was added or
   * removed before it): in a settled pass it holds again without its facts
   * being read, as every fact it read is what it was then.
   */
  heldAtPlace(item: TopLevelItem): InferredItem | undefined {
    const ordinal = item.ordinal;
    if (this.#lastHeld[ordinal] !== 1 || item.previousOrdinal !== ordinal || item.previousSerial !== this.entries.lastSerial) return undefined;
    return this.entries.atPlace(item);
  }

  /** Notes what the item at `ordinal` did to the shared state, and whether its entry held; false when the last pass's item there did otherwise. */
  record(ordinal: number, effects: ItemEffects, held: boolean): boolean {
    this.#effects[ordinal] = effects;
    if (held) this.#held[ordinal] = 1;
    return sameEffects(effects, this.#lastEffects[ordinal] ?? NO_EFFECTS);
  }

  /** Whether the last pass's items from `from` up to `to` (ones this pass did not run: comments, broken ones) did nothing to the shared state. */
  nothingDoneBetween(from: number, to: number): boolean {
    for (let ordinal = from; ordinal < to; ordinal++) if ((this.#lastEffects[ordinal] ?? NO_EFFECTS).length > 0) return false;
    return true;
  }
}

/** Where a pass began: see `InferenceMemo.startsAsBefore`. */
interface PassStart {
  declarations: object;
  imports: string;
  items: number;
}

/**
 * What an item did to the state later items read: the functions it marked
 * checked (their facts' keys); for an item that wrote a global name, the name
 * and its entry's text after it (`W` + name + `=` + text); for one that bound
 * a variable it did not make, the entries of the globals it read, as text
 * (`B` + …), where that variable came from.
 */
export type ItemEffects = readonly string[];

const NO_EFFECTS: ItemEffects = NONE;

function sameEffects(a: ItemEffects, b: ItemEffects): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A number for a node's span, unique per (start, end) in files up to 2^27 characters: how node types are found again after a reparse. */
export function spanKey(start: number, end: number): number {
  return start * 2 ** 26 + Math.min(end - start, 2 ** 26 - 1);
}
