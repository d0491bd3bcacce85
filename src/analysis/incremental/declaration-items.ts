// Passes 1 and 2 (collectDeclarations) per top-level item: what each type
// definition and each signature adds to the file's declarations is kept by the
// statement's kind and text, and added again unchanged when the statement is.
// Only what holds no type variable is kept: inference binds the variables of
// a declared type in place (a scheme without generics is not copied), so
// such a declaration must be made afresh for every check, as a fresh check
// would. (Type definitions draw none: their types are annotations.) Signatures read which records and generic types the file defines
// (`Type.fn` methods): their entries hold only while those are the same.
import type { Tree } from 'web-tree-sitter';
import {
  collectSignature, collectTypeDefinition, topLevelStatements, type DeclarationMaps, type FileDeclarations, type GenericTypeDef, type ProofFunction,
} from '../infer/declarations.ts';
import type { Scheme } from '../infer/signatures.ts';
import { describe, hasVariables, VarSupply, type Type } from '../infer/types.ts';
import { NONE } from './none.ts';
import { OverlayMap } from './overlay-map.ts';
import { PassMap } from './pass-map.ts';
import type { TopLevelItem } from './top-level.ts';

/** The maps of FileDeclarations one statement writes, each as its writes in order. */
interface StatementDeclarations {
  structs: ReadonlyArray<[string, Type]>;
  generics: ReadonlyArray<[string, GenericTypeDef]>;
  proofFunctions: ReadonlyArray<[string, ProofFunction]>;
  methods: ReadonlyArray<[string, Scheme]>;
  values: ReadonlyArray<[string, Scheme]>;
  exports: ReadonlyArray<[string, Scheme]>;
  functionCounts: ReadonlyArray<[string, number]>;
  /** Signatures: the file's record and generic type names they were read with. */
  typeNames?: string;
  /** Kept in the memo: it drew no variable and holds none. */
  kept?: true;
  /** What it declares as text (`declarationText`): made when first compared, or as it is made when it holds variables. */
  text?: string;
}

interface LastCollection {
  definitions: readonly StatementDeclarations[];
  signatures: readonly StatementDeclarations[];
  result: FileDeclarations;
  generation: object;
}

/**
 * Each collection's generation: the same as the last collection's when every
 * statement declared the same (`DeclarationMemo.collect`; entries made again,
 * those holding variables, declared the same as they were made), which is
 * where the checker's global scope begins.
 */
const generations = new WeakMap<FileDeclarations, object>();

/** `declarations`' generation, when a DeclarationMemo collected them. */
export function declarationsGeneration(declarations: FileDeclarations): object | undefined {
  return generations.get(declarations);
}

export class DeclarationMemo {
  /** Per pass (type definitions, signatures): entries by item key, kept from one collection to the next. */
  readonly #entries: Record<'T' | 'S', PassMap<StatementDeclarations>> = { T: new PassMap(), S: new PassMap() };
  /** The last collection's signature entries in order, and what it returned: given again while every entry is the same. */
  #last: LastCollection | undefined;
  /** Statements the last collection took from the memo: for tests and benchmarks. */
  hits = 0;

  /**
   * collectDeclarations(tree), with each statement's part from the memo where
   * it holds. When every statement declares what it did in the last
   * collection (a keystroke inside a function body), that collection's
   * declarations are given again, with fresh entries for those that hold type
   * variables (inference binds them in place) laid over them: the checker then
   * knows the global scope it starts from is the one before (checker.ts,
   * `settled`), and no map of the file's names is rebuilt.
   */
  collect(tree: Tree): FileDeclarations {
    this.#entries.T.begin();
    this.#entries.S.begin();
    this.hits = 0;
    const vars = new VarSupply();
    const result = emptyDeclarations();
    const statements = topLevelStatements(tree);
    const definitions: StatementDeclarations[] = [];
    for (const statement of statements) {
      if (statement.type !== 'type_definition') continue;
      const entry = this.#entry(statement, 'T', result, undefined, (scratch) => {
        collectTypeDefinition(statement.node, scratch);
        return true;
      });
      definitions.push(entry);
      apply(entry, result);
    }
    const typeNames = [...result.structs.keys(), '|', ...result.generics.keys()].join(',');
    const signatures: StatementDeclarations[] = [];
    for (const statement of statements) {
      signatures.push(this.#entry(statement, 'S', result, typeNames, (scratch, counts) => {
        const before = vars.issued;
        collectSignature(statement.node, scratch, vars, counts);
        return vars.issued === before;
      }));
    }
    const last = this.#last;
    // The records and generic types, which are few, must be the very entries of the last collection.
    if (last && sameList(definitions, last.definitions) && sameSignatures(signatures, last.signatures)) {
      const again = signatures.every((entry) => entry.kept) ? last.result : withEntriesAgain(last, signatures);
      if (again) {
        this.#last = { definitions, signatures, result: again, generation: last.generation };
        generations.set(again, last.generation);
        return again;
      }
    }
    const functionCounts = new Map<string, number>();
    for (const entry of signatures) {
      apply(entry, result);
      for (const [name, count] of entry.functionCounts) functionCounts.set(name, (functionCounts.get(name) ?? 0) + count);
    }
    for (const [name, count] of functionCounts) if (count > 1) result.overloaded.add(name);
    const generation = {};
    this.#last = { definitions, signatures, result, generation };
    generations.set(result, generation);
    return result;
  }

  /**
   * One statement's part: from the memo, or collected into a scratch copy
   * (which reads the file's records for signatures) and kept when it drew no
   * variable and holds none. `collect` says whether it drew none.
   */
  #entry(statement: TopLevelItem, pass: 'T' | 'S', result: DeclarationMaps, typeNames: string | undefined, collect: (scratch: DeclarationMaps, counts: Map<string, number>) => boolean): StatementDeclarations {
    const entries = this.#entries[pass];
    const known = entries.use(statement);
    if (known && known.typeNames === typeNames) {
      this.hits++;
      return known;
    }
    const scratch = emptyDeclarations();
    if (pass === 'S') {
      scratch.structs = result.structs;
      scratch.generics = result.generics;
    }
    const counts = new Map<string, number>();
    const noVariablesDrawn = collect(scratch, counts);
    const entry: StatementDeclarations = {
      structs: pass === 'T' ? entriesOf(scratch.structs) : NONE,
      generics: pass === 'T' ? entriesOf(scratch.generics) : NONE,
      proofFunctions: entriesOf(scratch.proofFunctions), methods: entriesOf(scratch.methods), values: entriesOf(scratch.values), exports: entriesOf(scratch.exports),
      functionCounts: entriesOf(counts), ...(typeNames === undefined ? {} : { typeNames }),
    };
    if (noVariablesDrawn && !holdsVariables(entry)) {
      entry.kept = true;
      entries.keep(statement, entry);
    } else {
      // Its types hold variables, which inference binds in place: its text is taken now, before any is bound.
      entry.text = declarationText(entry);
    }
    return entry;
  }
}

/**
 * Whether two collections' signature entries declare the same, in the same
 * order: each the same entry, or one made again (the edited statement's)
 * with the same names and texts. Only kept entries are compared (a
 * collection with one that was not is never given again): they hold no
 * variable, so their texts say all they are.
 */
function sameSignatures(now: readonly StatementDeclarations[], before: readonly StatementDeclarations[]): boolean {
  if (now.length !== before.length) return false;
  for (let i = 0; i < now.length; i++) {
    const a = now[i]!;
    const b = before[i]!;
    if (a !== b && textOf(a) !== textOf(b)) return false;
  }
  return true;
}

/**
 * The last collection's declarations with the entries made again (those
 * holding variables: fresh ones for each check) laid over the last ones'
 * (`OverlayMap`, over the maps the last rebuild made); undefined when a name
 * one of them declared was declared again by a later statement (the map held
 * the later one's).
 */
function withEntriesAgain(last: LastCollection, signatures: readonly StatementDeclarations[]): FileDeclarations | undefined {
  const before = last.result;
  const values = new Map<string, Scheme>();
  const exports = new Map<string, Scheme>();
  const methods = new Map<string, Scheme>();
  const proofFunctions = new Map<string, ProofFunction>();
  const won = <V>(map: ReadonlyMap<string, V>, entries: ReadonlyArray<[string, V]>) => entries.every(([name, value]) => map.get(name) === value);
  for (let i = 0; i < signatures.length; i++) {
    const entry = signatures[i]!;
    if (entry.kept) continue;
    const old = last.signatures[i]!;
    if (!won(before.values, old.values) || !won(before.exports, old.exports) || !won(before.methods, old.methods) || !won(before.proofFunctions, old.proofFunctions)) return undefined;
    for (const [name, scheme] of entry.values) values.set(name, scheme);
    for (const [name, scheme] of entry.exports) exports.set(name, scheme);
    for (const [name, scheme] of entry.methods) methods.set(name, scheme);
    for (const [name, proof] of entry.proofFunctions) proofFunctions.set(name, proof);
  }
  const laid = {
    values: overlay(before.values, values), exports: overlay(before.exports, exports), methods: overlay(before.methods, methods), proofFunctions: overlay(before.proofFunctions, proofFunctions),
  };
  if (!laid.values || !laid.exports || !laid.methods || !laid.proofFunctions) return undefined;
  return { structs: before.structs, generics: before.generics, overloaded: before.overloaded, values: laid.values, exports: laid.exports, methods: laid.methods, proofFunctions: laid.proofFunctions };
}

/**
 * `replaced` laid over the map under `map` (its base, when it is an overlay
 * already: overlays are never stacked); undefined when `replaced` leaves out a
 * name the overlay before it replaced (its base holds a stale value there).
 */
function overlay<V extends object>(map: ReadonlyMap<string, V>, replaced: ReadonlyMap<string, V>): ReadonlyMap<string, V> | undefined {
  const base = map instanceof OverlayMap ? (map as OverlayMap<string, V>).base : map;
  if (map instanceof OverlayMap) for (const name of (map as OverlayMap<string, V>).replaced.keys()) if (!replaced.has(name)) return undefined;
  return replaced.size === 0 ? base : new OverlayMap(base, replaced);
}

function textOf(entry: StatementDeclarations): string {
  return (entry.text ??= declarationText(entry));
}

/** All a signature entry declares, as text. */
function declarationText(entry: StatementDeclarations): string {
  const schemes = (list: ReadonlyArray<[string, Scheme]>) => list.map(([name, scheme]) => `${name}:${scheme.generics.join(',')}|${describe(scheme.type)}`).join(';');
  return [
    schemes(entry.values), schemes(entry.exports), schemes(entry.methods), JSON.stringify(entry.proofFunctions), JSON.stringify(entry.functionCounts),
    entry.structs.length === 0 && entry.generics.length === 0 ? '' : `${entry.structs.map(([name, type]) => `${name}:${describe(type)}`).join(';')}/${JSON.stringify(entry.generics)}`,
  ].join('\n');
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}


/** A map's entries in order, or NONE for an empty one (most statements declare nothing of most kinds). */
function entriesOf<K, V>(map: ReadonlyMap<K, V>): ReadonlyArray<[K, V]> {
  return map.size === 0 ? NONE : [...map];
}

function emptyDeclarations(): DeclarationMaps {
  return { structs: new Map(), generics: new Map(), proofFunctions: new Map(), methods: new Map(), values: new Map(), overloaded: new Set(), exports: new Map() };
}

function apply(entry: StatementDeclarations, result: DeclarationMaps): void {
  for (const [name, type] of entry.structs) result.structs.set(name, type);
  for (const [name, generic] of entry.generics) result.generics.set(name, generic);
  for (const [name, proof] of entry.proofFunctions) result.proofFunctions.set(name, proof);
  for (const [name, scheme] of entry.methods) result.methods.set(name, scheme);
  for (const [name, scheme] of entry.values) result.values.set(name, scheme);
  for (const [name, scheme] of entry.exports) result.exports.set(name, scheme);
}

/** Whether any type the statement declared holds a variable (or the error type): then it is made afresh each time. */
function holdsVariables(entry: StatementDeclarations): boolean {
  return [...entry.methods, ...entry.values, ...entry.exports].some(([, s]) => hasVariables(s.type));
}
