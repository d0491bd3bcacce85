// Per-item memo of the binding model (model/build.ts). After the module's
// names are bound (the hoisting pass, over the whole file), the builder goes
// through the top-level statements one at a time, and what it does to the
// scope table for one statement depends on the statement's subtree (the
// definition kinds the definitions query gives names inside it too: none of
// its patterns reaches above a top-level statement, which a test checks) and
// on the names visible from the module: never on another statement's scopes,
// which are closed before it begins. So the builder records, while a statement
// runs, its operations on the table, with offsets relative to the statement
// and scopes relative to the first it opened, and a later version of the
// file with the same statement replays them there instead of running its
// captures (a query and a `Node` per capture). What reads names from outside
// the statement is replayed as the decision it is, not as its outcome: a use
// is resolved again, and an assignment writes a visible name or binds a new
// one as the table says at replay. A statement that binds a name in the module
// scope (which other statements would see) is not kept, nor one the parser
// recovered from: its text alone does not decide where the parser put its
// ERROR and MISSING nodes (the text before and after it does too).
import type { Binding, ScopeKind, Span, SymbolKind, UseKind } from '../model/types.ts';
import { CountedPassMap } from './pass-map.ts';

/** One operation of the builder on the scope table; offsets and scopes as the builder gave them (absolute). */
export type ModelOp =
  | { op: 'open'; kind: ScopeKind; start: number; end: number; parent: number; hidesParent?: true }
  | { op: 'close'; scope: number }
  | { op: 'bind'; name: string; span: Span; kind: SymbolKind; scope: number; declaration: Span; extra: Partial<Binding> }
  /**
   * `name = …`: writes the name where one is visible, else binds it with
   * `kind`. In a body (`module` false) a module-level name is not written; at
   * module level only a name of the module is.
   */
  | { op: 'assign'; name: string; span: Span; kind: SymbolKind; scope: number; declaration: Span; extra: Partial<Binding>; module: boolean }
  | { op: 'use'; name: string; span: Span; kind: UseKind }
  | { op: 'member'; name: string; span: Span; object: { text: string; start: number } | undefined };

/** The module scope's id: statements' operations refer to it by this id wherever they run. */
export const MODULE_SCOPE = 0;

/**
 * An operation as the memo keeps it: offsets relative to the statement's
 * start, scopes to the first it opened (the module's is -1), and spans as
 * numbers rather than objects (a memo holds thousands of these per file).
 */
export type RecordedOp =
  | { op: 'open'; kind: ScopeKind; start: number; end: number; parent: number; hidesParent?: true }
  | { op: 'close'; scope: number }
  | { op: 'bind' | 'assign'; name: string; start: number; end: number; kind: SymbolKind; scope: number; declarationStart: number; declarationEnd: number; extra: Partial<Binding>; module: boolean }
  | { op: 'use'; name: string; start: number; end: number; kind: UseKind }
  | { op: 'member'; name: string; start: number; end: number; object: string | undefined; objectStart: number };

/** A statement's operations, as the memo keeps them. */
export interface ModelItem {
  /** Its module-level names, bound before any statement's inside. */
  hoist: readonly RecordedOp[];
  /** Its inside. */
  body: readonly RecordedOp[];
}

const RELATIVE_MODULE = -1;

const shift = (span: Span, delta: number): Span => ({ start: span.start + delta, end: span.end + delta });

function shiftExtra(extra: Partial<Binding>, delta: number): Partial<Binding> {
  return extra.importedSpan ? { ...extra, importedSpan: shift(extra.importedSpan, delta) } : extra;
}

/**
 * Collects one statement's operations as the builder applies them; `impure`
 * once one reached outside the statement: its inside binding a name in the
 * module scope, or any operation on another statement's scope.
 */
export class ModelRecording {
  readonly start: number;
  /** The id the statement's first scope gets. */
  readonly base: number;
  /** The hoisting pass: binding the statement's names in the module scope is what it does. */
  readonly #hoisting: boolean;
  impure = false;
  readonly #ops: RecordedOp[] = [];

  constructor(start: number, base: number, hoisting = false) {
    this.start = start;
    this.base = base;
    this.#hoisting = hoisting;
  }

  /** A scope id as the memo keeps it; the module's as itself, another statement's makes the recording impure. */
  #scope(id: number): number {
    if (id >= this.base) return id - this.base;
    if (id !== MODULE_SCOPE) this.impure = true;
    return RELATIVE_MODULE;
  }

  record(op: ModelOp): void {
    const from = this.start;
    switch (op.op) {
      case 'open':
        this.#ops.push({ ...op, start: op.start - from, end: op.end - from, parent: this.#scope(op.parent) });
        return;
      case 'close':
        this.#ops.push({ op: 'close', scope: this.#scope(op.scope) });
        return;
      case 'bind':
      case 'assign':
        // A name its inside bound in the module scope would be visible to every other statement.
        if (op.scope < this.base && !this.#hoisting) this.impure = true;
        this.#ops.push({
          op: op.op, name: op.name, start: op.span.start - from, end: op.span.end - from, kind: op.kind, scope: this.#scope(op.scope),
          declarationStart: op.declaration.start - from, declarationEnd: op.declaration.end - from, extra: shiftExtra(op.extra, -from), module: op.op === 'assign' && op.module,
        });
        return;
      case 'use':
        this.#ops.push({ op: 'use', name: op.name, start: op.span.start - from, end: op.span.end - from, kind: op.kind });
        return;
      case 'member':
        this.#ops.push({ op: 'member', name: op.name, start: op.span.start - from, end: op.span.end - from, object: op.object?.text, objectStart: (op.object?.start ?? from) - from });
        return;
    }
  }

  finish(): readonly RecordedOp[] {
    return this.#ops;
  }
}

/** Recorded operations, made absolute again for a statement at `start` whose first scope gets id `base`. */
export function* replayed(ops: readonly RecordedOp[], start: number, base: number): Generator<ModelOp> {
  const scope = (id: number) => (id === RELATIVE_MODULE ? MODULE_SCOPE : id + base);
  for (const op of ops) {
    switch (op.op) {
      case 'open':
        yield { ...op, start: op.start + start, end: op.end + start, parent: scope(op.parent) };
        break;
      case 'close':
        yield { op: 'close', scope: scope(op.scope) };
        break;
      case 'bind':
      case 'assign': {
        const span = { start: op.start + start, end: op.end + start };
        const declaration = { start: op.declarationStart + start, end: op.declarationEnd + start };
        const extra = shiftExtra(op.extra, start);
        yield op.op === 'bind'
          ? { op: 'bind', name: op.name, span, kind: op.kind, scope: scope(op.scope), declaration, extra }
          : { op: 'assign', name: op.name, span, kind: op.kind, scope: scope(op.scope), declaration, extra, module: op.module };
        break;
      }
      case 'use':
        yield { op: 'use', name: op.name, span: { start: op.start + start, end: op.end + start }, kind: op.kind };
        break;
      case 'member':
        yield { op: 'member', name: op.name, span: { start: op.start + start, end: op.end + start }, object: op.object === undefined ? undefined : { text: op.object, start: op.objectStart + start } };
        break;
    }
  }
}

/** An edited file's statements' operations, by statement key, from its last model. */
export class ModelMemo extends CountedPassMap<ModelItem> {}
