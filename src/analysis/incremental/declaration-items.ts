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
  collectSignature, collectTypeDefinition, topLevelStatements, type FileDeclarations, type GenericTypeDef, type ProofFunction,
} from '../infer/declarations.ts';
import type { Scheme } from '../infer/signatures.ts';
import { hasVariables, VarSupply, type Type } from '../infer/types.ts';
import { NONE } from './none.ts';
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
}

export class DeclarationMemo {
  /** Per pass (type definitions, signatures): entries by item key, kept from one collection to the next. */
  readonly #entries: Record<'T' | 'S', PassMap<StatementDeclarations>> = { T: new PassMap(), S: new PassMap() };
  /** Statements the last collection took from the memo: for tests and benchmarks. */
  hits = 0;

  /** collectDeclarations(tree), with each statement's part from the memo where it holds. */
  collect(tree: Tree): FileDeclarations {
    this.#entries.T.begin();
    this.#entries.S.begin();
    this.hits = 0;
    const vars = new VarSupply();
    const result = emptyDeclarations();
    const statements = topLevelStatements(tree);
    for (const statement of statements) {
      if (statement.type !== 'type_definition') continue;
      this.#add(statement, 'T', result, undefined, (scratch) => {
        collectTypeDefinition(statement.node, scratch);
        return true;
      });
    }
    const typeNames = [...result.structs.keys(), '|', ...result.generics.keys()].join(',');
    const functionCounts = new Map<string, number>();
    for (const statement of statements) {
      const added = this.#add(statement, 'S', result, typeNames, (scratch, counts) => {
        const before = vars.issued;
        collectSignature(statement.node, scratch, vars, counts);
        return vars.issued === before;
      });
      for (const [name, count] of added.functionCounts) functionCounts.set(name, (functionCounts.get(name) ?? 0) + count);
    }
    for (const [name, count] of functionCounts) if (count > 1) result.overloaded.add(name);
    return result;
  }

  /**
   * One statement's part: from the memo, or collected into a scratch copy
   * (which reads the file's records for signatures) and kept when it drew no
   * variable and holds none. `collect` says whether it drew none.
   */
  #add(statement: TopLevelItem, pass: 'T' | 'S', result: FileDeclarations, typeNames: string | undefined, collect: (scratch: FileDeclarations, counts: Map<string, number>) => boolean): StatementDeclarations {
    const entries = this.#entries[pass];
    const known = entries.use(statement);
    if (known && known.typeNames === typeNames) {
      this.hits++;
      apply(known, result);
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
    if (noVariablesDrawn && !holdsVariables(entry)) entries.keep(statement, entry);
    apply(entry, result);
    return entry;
  }
}

/** A map's entries in order, or NONE for an empty one (most statements declare nothing of most kinds). */
function entriesOf<K, V>(map: ReadonlyMap<K, V>): ReadonlyArray<[K, V]> {
  return map.size === 0 ? NONE : [...map];
}

function emptyDeclarations(): FileDeclarations {
  return { structs: new Map(), generics: new Map(), proofFunctions: new Map(), methods: new Map(), values: new Map(), overloaded: new Set(), exports: new Map() };
}

function apply(entry: StatementDeclarations, result: FileDeclarations): void {
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
