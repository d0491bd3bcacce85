// Pass 3 of the reference checker: the two statement visitors (semantics.md
// §5.3) and expression inference (§5.4), producing rules R1-R16 and R23-R24.
// V1 (`checkStatement`) visits top-level statements, function bodies and the
// blocks of statement-level if/for; V2 (`infer`, `inferBlock`) every
// expression and every block nested in an expression.
import type { Node, Tree } from 'web-tree-sitter';
import { stdModule } from '../std/index.ts';
import { isCommentAt } from '../../syntax/node-table.ts';
import { annotationType, innermostReturn, isComment, signatureShape, typeArguments } from './annotations.ts';
import {
  cleanStatements, functionScheme, isFunctionValue, lambdaParameters, constParameterTypes, readBinding, signatureBoundBody, signatureParameters, signatureTypesByName, topLevelStatements,
  type ConstExpr, type ConstKind, type FileDeclarations, type GenericTypeDef,
} from './declarations.ts';
import { binaryChain, Nesting } from './depth.ts';
import { TYPE_MESSAGES, type RawDiagnostic, type TypeCode } from './messages.ts';
import {
  BUILTIN_TYPE_NAMES, instantiateScheme, isNativeName, preludeValues, stdExportType, stdModuleRecord, stdRootRecord, type Scheme,
} from './signatures.ts';
import {
  BOOL, CHAR, ERROR, FLOAT, INT, FixedTexts, META, STRING, VOID, VarSupply, appliedType, describe, display, hasVariables, instantiate, isError, isExactlyBool, isFloat, isInt,
  observeBindings, observeNumbersShown, prune, unify, type Field, type Type, type TypeVar,
} from './types.ts';
import { declarationsGeneration } from '../incremental/declaration-items.ts';
import { InferenceMemo, ItemRecording, spanKey, type InferredItem, type ItemResolution } from '../incremental/inference-items.ts';
import { topLevelItems, type TopLevelItem } from '../incremental/top-level.ts';
import { orNone } from '../incremental/none.ts';
import { DeferredMap, WriteLog } from '../incremental/deferred-map.ts';
import { Ledger } from './ledger.ts';
import { brokenNode, hasMutability } from './table-reads.ts';

export { spanKey } from '../incremental/inference-items.ts';

/** The results only editors read, which a replayed item writes when they are first read. */
interface DeferredResults {
  nodeTypes: DeferredMap<number, Type>;
  bindingTypes: DeferredMap<number, Type>;
  receivers: DeferredMap<number, string>;
  resolutions: DeferredMap<number, Resolution>;
}

/** A project file as its importers see it: exports, record types and `Type.method` bindings. */
export interface ModuleInterface {
  values: ReadonlyMap<string, Scheme>;
  structs: ReadonlyMap<string, Type>;
  methods: ReadonlyMap<string, Scheme>;
}

/** How another file's module is seen through `use`, or undefined when it is not a project file. */
export type ModuleExports = (modulePath: string) => ModuleInterface | undefined;

/** What opened a scope: the file, a function body, a loop body (promoted into its parent when it ends), any other block. */
type ScopeKind = 'global' | 'function' | 'loop' | 'block';

interface VarInfo {
  type: Type;
  scheme?: Scheme;
  mutable: boolean;
  /** Start of the name token that declared it; absent for names pre-declared at module level or by `use`. */
  declaredAt?: number;
  /** A std prelude name, bound nowhere in the file. */
  prelude?: true;
  /** A binding of a std name in a function body: the reference overwrote that global's type instead. */
  retypesGlobal?: true;
}

/**
 * What the checker's name lookup found for an identifier: the declaring name
 * token (its start offset), a module-level name (a pre-declared function or
 * type, or a `use` item), a prelude name, or nothing (E1001).
 */
export type Resolution = number | 'module' | 'prelude' | 'unknown';

export interface InferenceResult {
  diagnostics: RawDiagnostic[];
  /** Type of every variable a statement declared, by the statement's start and the name (the ownership layer's ledger). */
  ledger: Ledger;
  /** Inferred type of expression nodes, by `spanKey(start, end)` (node ids do not survive a reparse). */
  nodeTypes: Map<number, Type>;
  /** Type of each binding's name token, by its start offset (hover, inlay hints). */
  bindingTypes: Map<number, Type>;
  /**
   * Names bound by top-level `use`, as the reference's pass 2 registers them in
   * its environment: std items with a loose `fn(t) -> void`, project items with
   * their real types (the ownership layer reads parameter modes from these).
   */
  imports: Map<string, Type>;
  /**
   * Member accesses `e.name`: the name of the record (or named) type of `e`
   * after `&`, `&mut` and `*`, by the start offset of `name`. What navigation
   * needs to give a field or method use to the type it belongs to.
   */
  receivers: Map<number, string>;
  /** Records registered from another project file's `use`: the module path each came from (the first wins, as in `structs`). */
  structModules: Map<string, string>;
  /** Identifier reads and assignment targets the checker looked up, by start offset (what navigation's model must agree with). */
  resolutions: Map<number, Resolution>;
}

const PRELUDE = preludeValues();

/**
 * The type an importer sees for a project module's export. The reference
 * types an import (`use m.{x}`, `use m.{x as y}`, and the fields of the
 * record `use m` binds) from its table of std native signatures first, by
 * the export's own name (inference/statements.rs `export_type`: the full
 * path `m.x`, then the short name `x`, then the export's real type), so an
 * export named like a std function (`open`, `len`, `read_file`) takes that
 * function's signature in every importer, whatever alias it is bound to.
 */
function projectExportScheme(name: string, exported: Scheme): Scheme {
  return isNativeName(name) ? PRELUDE.get(name) ?? exported : exported;
}

/**
 * `memo`: the file's items from its last inference, reused where a fresh run
 * would give the same (inference-items.ts). `editorResults: false` leaves
 * node types, binding types, receivers and resolutions empty: only editors
 * read them, and a batch `check` would pay for every expression's entry.
 */
export function inferFile(tree: Tree, declarations: FileDeclarations, moduleExports: ModuleExports, memo?: InferenceMemo, editorResults = true): InferenceResult {
  const checker = new Checker(declarations, moduleExports, memo, editorResults);
  checker.checkModule(tree);
  return checker.result;
}

// A replayed item's writes to the maps only editors read, made when one is first read (DeferredMap).
function replayNodeTypes(nodeTypes: Map<number, Type>, item: InferredItem, start: number): void {
  const flat = item.nodeTypes;
  for (let i = 0; i < flat.length; i += 3) {
    const offset = (flat[i] as number) + start;
    nodeTypes.set(spanKey(offset, offset + (flat[i + 1] as number)), flat[i + 2] as Type);
  }
}

function replayBindingTypes(bindingTypes: Map<number, Type>, item: InferredItem, start: number): void {
  const flat = item.bindingTypes;
  for (let i = 0; i < flat.length; i += 2) bindingTypes.set((flat[i] as number) + start, flat[i + 1] as Type);
}

function replayReceivers(receivers: Map<number, string>, item: InferredItem, start: number): void {
  const flat = item.receivers;
  for (let i = 0; i < flat.length; i += 2) receivers.set((flat[i] as number) + start, flat[i + 1] as string);
}

function replayResolutions(resolutions: Map<number, Resolution>, item: InferredItem, start: number): void {
  const flat = item.resolutions;
  for (let i = 0; i < flat.length; i += 3) {
    const resolution = flat[i + 1] as ItemResolution;
    resolutions.set((flat[i] as number) + start, flat[i + 2] === true ? (resolution as number) + start : resolution);
  }
}

/** The first character of a fact's key that asks whether a function was checked (`G` asks for a global's entry). */
const C_FACT = 0x43;

/** The global scope, which tells the checker of every write: other items read it. */
class GlobalScope extends Map<string, VarInfo> {
  onWrite: ((name: string) => void) | undefined;
  #declared: ReadonlyMap<string, Scheme> = new Map();

  /**
   * Pre-declares the file's top-level values, as the reference does before
   * its items. Generic ones are instantiated now, in the file's order (their
   * variables' numbers show in messages); every other one's entry, its
   * declared type itself, is made when first read: a keystroke on a large
   * file reads a few of its thousands of names.
   */
  declare(values: ReadonlyMap<string, Scheme>, instance: (scheme: Scheme) => Type): void {
    this.#declared = values;
    values.forEach((scheme, name) => {
      if (scheme.generics.length > 0) super.set(name, { type: instance(scheme), scheme, mutable: false });
    });
  }

  override get(name: string): VarInfo | undefined {
    const own = super.get(name);
    if (own !== undefined) return own;
    const scheme = this.#declared.get(name);
    if (scheme === undefined) return undefined;
    const info: VarInfo = { type: scheme.type, scheme, mutable: false };
    super.set(name, info);
    return info;
  }

  override has(name: string): boolean {
    return super.has(name) || this.#declared.has(name);
  }

  override set(name: string, info: VarInfo): this {
    this.onWrite?.(name);
    return super.set(name, info);
  }
}

/** Whether an item's inference may be kept: not a `use` (it writes the global scope), a comment or broken. Read off the node table. */
function memoisable({ table, index }: TopLevelItem): boolean {
  return !table.hasError(index) && !isCommentAt(table, index) && table.type(index) !== 'use_statement';
}

/** The checker's variables; while an item is recorded, those it creates are its own to bind. */
class ItemVarSupply extends VarSupply {
  own: Set<TypeVar> | undefined;

  override fresh(): TypeVar {
    const v = super.fresh();
    this.own?.add(v);
    return v;
  }
}

class Checker {
  readonly result: InferenceResult & DeferredResults = {
    diagnostics: [], ledger: new Ledger(), nodeTypes: new DeferredMap(), bindingTypes: new DeferredMap(), imports: new Map(),
    receivers: new DeferredMap(), structModules: new Map(), resolutions: new DeferredMap(),
  };
  private readonly vars = new ItemVarSupply();
  /** The replayed items and their starts, whose editor results the deferred maps write when first read. */
  private readonly replayed = new WriteLog<InferredItem, number>();
  private readonly globals = new GlobalScope();
  private readonly scopes: Map<string, VarInfo>[] = [this.globals];
  /** What opened each scope of `scopes` (the same length): whether its variables outlive it (`survives`). */
  private readonly scopeKinds: ScopeKind[] = ['global'];
  private readonly memo: InferenceMemo | undefined;
  /** The top-level item being recorded for the memo. */
  private recording: ItemRecording | undefined;
  /** A nested `use` registered records or methods after the items began: the memo's environment no longer holds. */
  private environmentMoved = false;
  /** Each global name's fact as the memo compares it (by its key, `G` + name), until the global scope is written. */
  private readonly globalFacts = new Map<string, string>();
  /** The functions checked so far, by their facts' keys (`C` + name): replayed items' are added when it is next read (`isChecked`). */
  private readonly checkedFunctions = new Set<string>();
  /**
   * The `checked` lists of items replayed since checkedFunctions was last
   * read: added when it is (`isChecked`). On a keystroke only the edited
   * item asks, and the items after it are never added.
   */
  private readonly replayedChecked: Array<readonly string[]> = [];
  private statementKey = 0;
  private expectedReturn: Type | undefined;
  /** Error type of the enclosing function's `Result` return, `null` outside one (E1081). */
  private resultError: Type | null = null;
  /** Past its limit, a TYPECHECK_TOO_DEEP where the checker stops descending; the rest of the file is still checked. */
  private readonly reported = new Set<string>();
  private readonly nesting = new Nesting((d) => this.report(d.code, d.message, d));

  private readonly decls: FileDeclarations;
  private readonly moduleExports: ModuleExports;
  /** Own and imported records and method bindings (the reference registers every project file's). */
  private readonly structs: Map<string, Type>;
  private readonly methods: Map<string, Scheme>;

  private readonly editorResults: boolean;

  constructor(decls: FileDeclarations, moduleExports: ModuleExports, memo: InferenceMemo | undefined, editorResults: boolean) {
    this.editorResults = editorResults;
    this.decls = decls;
    this.moduleExports = moduleExports;
    this.memo = memo;
    this.structs = new Map(decls.structs);
    this.methods = new Map(decls.methods);
  }

  private importInterface(path: string): ModuleInterface | undefined {
    const module = this.moduleExports(path);
    if (!module) return undefined;
    for (const [name, type] of module.structs) {
      if (this.structs.has(name)) continue;
      if (this.itemsBegan) this.environmentMoved = true;
      this.structs.set(name, type);
      this.result.structModules.set(name, path);
    }
    for (const [name, scheme] of module.methods) {
      if (this.methods.has(name)) continue;
      this.methods.set(name, scheme);
      if (this.itemsBegan) this.environmentMoved = true;
    }
    return module;
  }

  checkModule(tree: Tree): void {
    this.globals.declare(this.decls.values, (scheme) => this.instance(scheme));
    const statements = topLevelStatements(tree);
    const imported: string[] = [];
    this.globals.onWrite = (name) => imported.push(name);
    for (const s of statements) if (s.type === 'use_statement') this.processUse(s.node);
    const memo = this.memo;
    if (memo) {
      memo.beginIn(this.environment());
      // Declarations of the same generation begin the same (entries made again were compared as made): the imports are compared here.
      this.settled = memo.startsAsBefore(declarationsGeneration(this.decls) ?? this.decls, this.entryTexts(imported), topLevelItems(tree).length);
    }
    this.itemsBegan = true;
    this.globals.onWrite = (name) => this.globalWritten(name);
    for (const s of statements) this.checkItem(s);
    // A comment or broken item after the last statement does nothing: no later item reads the state.
    memo?.endPass(this.settled);
  }

  private itemsBegan = false;
  /**
   * Whether every fact an item may read is, at this point of the pass, what
   * it was at the same point of the last whole pass: the pass began from the
   * same declarations and imports, and each item so far did to the shared
   * state what the last pass's item at its ordinal did. While it holds, an
   * item whose entry held at this place in the last pass holds without its
   * facts being read again (on a keystroke, every item after the edited one).
   */
  private settled = false;
  /** The ordinal after the last item run: the items between it and the next (comments, broken ones) are not run. */
  private nextOrdinal = 0;
  /** The functions marked checked and the global names written so far, in order: what each item did to the shared state. */
  private readonly checkedLog: string[] = [];
  private readonly writeLog: string[] = [];
  /** An item run again bound a variable it did not make: a global entry it read may have changed in place. */
  private foreignBound = false;
  /** The global names (as facts' keys) items run again read, in order, while `loggingReads`: where a variable an item bound can have come from. */
  private readonly readLog: string[] = [];
  private loggingReads = false;

  /** The global entries of `names` as text, in order. */
  private entryTexts(names: Iterable<string>): string {
    const texts: string[] = [];
    for (const name of names) texts.push(`${name}=${entryText(this.globals.get(name))}`);
    return texts.join('\n');
  }

  // ---- per-item memo -----------------------------------------------------

  /** A top-level statement, from the memo when a fresh run would reach it in the state it was recorded in. */
  private checkItem(statement: TopLevelItem): void {
    const memo = this.memo;
    if (!memo) {
      this.checkStatement(statement.node);
      return;
    }
    const ordinal = statement.ordinal;
    if (this.settled && !memo.nothingDoneBetween(this.nextOrdinal, ordinal)) this.settled = false;
    this.nextOrdinal = ordinal + 1;
    if (this.settled && !this.environmentMoved && memoisable(statement)) {
      const known = memo.heldAtPlace(statement);
      if (known && (known.varStart === this.vars.issued || !known.numbered)) {
        memo.hits++;
        memo.settledHits++;
        this.replay(known, statement.startIndex);
        memo.record(ordinal, known.checked, true);
        memo.replayedAsBefore(ordinal);
        return;
      }
    }
    const checked = this.checkedLog.length;
    const written = this.writeLog.length;
    const read = this.readLog.length;
    this.foreignBound = false;
    this.loggingReads = true;
    let held: InferredItem | undefined;
    try {
      held = this.checkItemAgain(statement, memo);
    } finally {
      this.loggingReads = false;
    }
    const effects: string[] = this.checkedLog.slice(checked);
    for (let i = written; i < this.writeLog.length; i++) {
      const name = this.writeLog[i]!;
      effects.push(`W${name}=${entryText(this.globals.get(name))}`);
    }
    // A variable the item bound in place came from a global it read: those entries as they are now.
    if (this.foreignBound) effects.push(`B${this.entryTexts(new Set(this.readLog.slice(read).map((key) => key.slice(1))))}`);
    this.readLog.length = read;
    if (!memo.record(ordinal, held ? held.checked : orNone(effects), held !== undefined)) this.settled = false;
  }

  /** An item the settled path did not take: from the memo when its facts hold, else checked (and kept when it may be); its entry when it holds. */
  private checkItemAgain(statement: TopLevelItem, memo: InferenceMemo): InferredItem | undefined {
    if (this.environmentMoved || !memoisable(statement)) {
      this.checkOwningVariables(statement.node, () => {
        this.foreignBound = true;
      });
      return undefined;
    }
    const start = statement.startIndex;
    const known = memo.find(statement);
    // An item whose results show no variable's number is the same wherever the supply stands (an edit before it used more or fewer).
    if (known && (known.varStart === this.vars.issued || !known.numbered) && this.factsHold(known)) {
      memo.hits++;
      this.replay(known, start);
      return known;
    }
    memo.misses++;
    const recording = new ItemRecording(start, statement.endIndex, this.vars.issued);
    this.recording = recording;
    const previousShown = observeNumbersShown(() => {
      recording.numbered = true;
    });
    try {
      this.checkOwningVariables(statement.node, () => {
        recording.impure = true;
        this.foreignBound = true;
      });
    } finally {
      observeNumbersShown(previousShown);
      this.recording = undefined;
    }
    if (recording.impure || this.environmentMoved) return undefined;
    const kept = recording.finish(this.vars.issued);
    memo.keep(statement, kept);
    return kept;
  }

  /** Checks `node` with the variables it makes as its own: `onForeign` hears of every binding of one it did not make. */
  private checkOwningVariables(node: Node, onForeign: () => void): void {
    const own = (this.vars.own = new Set());
    const previous = observeBindings((v) => {
      if (!own.has(v)) onForeign();
    });
    try {
      this.checkStatement(node);
    } finally {
      observeBindings(previous);
      this.vars.own = undefined;
    }
  }

  private factsHold(item: InferredItem): boolean {
    const facts = item.facts;
    for (let i = 0; i < facts.length; i += 2) if (this.fact(facts[i]!) !== facts[i + 1]) return false;
    return true;
  }

  /** `G` + name: the global scope's entry; `C` + name: whether a function of that name was checked. */
  private fact(key: string): string {
    if (key.charCodeAt(0) === C_FACT) return this.isChecked(key) ? 'y' : 'n';
    let fact = this.globalFacts.get(key);
    if (fact === undefined) {
      const info = this.globals.get(key.slice(1));
      fact = globalFact(info);
      // A type with a variable changes when inference binds it, which writes no global: its text is read again each time.
      if (!info || !hasVariables(info.scheme?.type ?? info.type)) this.globalFacts.set(key, fact);
    }
    return fact;
  }

  /** Whether a function whose fact's key is `fact` was checked (or replayed) so far. */
  private isChecked(fact: string): boolean {
    const replayed = this.replayedChecked;
    for (let i = 0; i < replayed.length; i++) for (const key of replayed[i]!) this.checkedFunctions.add(key);
    replayed.length = 0;
    return this.checkedFunctions.has(fact);
  }

  /** A function an item run again checked: an effect of the item (`checkedLog`). */
  private markChecked(fact: string): void {
    this.checkedFunctions.add(fact);
    this.checkedLog.push(fact);
  }

  /** A read of shared state by the recorded item; a global whose type a later binding could still change makes it impure. */
  private readFact(key: string): void {
    if (this.loggingReads && key.charCodeAt(0) !== C_FACT) this.readLog.push(key);
    const recording = this.recording;
    if (!recording) return;
    recording.read(key, () => this.fact(key));
    if (recording.facts.get(key) === UNSTABLE) recording.impure = true;
  }

  private globalWritten(name: string): void {
    this.writeLog.push(name);
    this.globalFacts.clear();
    if (this.recording) this.recording.impure = true;
  }

  private replay(item: InferredItem, start: number): void {
    const diagnostics = item.diagnostics;
    for (let i = 0; i < diagnostics.length; i++) {
      const d = diagnostics[i]!;
      this.report(d.code, d.message, { start: d.start + start, end: d.end + start });
    }
    const { ledger, nodeTypes, bindingTypes, receivers, resolutions } = this.result;
    ledger.adopt(start, item.ledgerStatements);
    // What only editors read is written when first read: a keystroke replays most of a file's items.
    // One pair in a log the four maps share, each queueing a run of it: the item's empty lists are passed over when written.
    const log = this.replayed;
    log.push(item, start);
    nodeTypes.deferLogged(replayNodeTypes, log);
    bindingTypes.deferLogged(replayBindingTypes, log);
    receivers.deferLogged(replayReceivers, log);
    resolutions.deferLogged(replayResolutions, log);
    // Its effect on the checked functions is `item.checked` itself (the caller compares it), added when they are next read.
    if (item.checked.length > 0) this.replayedChecked.push(item.checked);
    this.vars.resume(this.vars.issued + item.varEnd - item.varStart);
  }

  /** What items read that their facts do not record: records, methods, generics, proofs, overloads. */
  private environment(): string {
    const parts: string[] = [];
    for (const [name, type] of this.structs) parts.push(`s${name}=${describe(type)}`);
    for (const [name, scheme] of this.methods) parts.push(`m${name}=${schemeTexts.of(scheme)}`);
    for (const [name, generic] of this.decls.generics) parts.push(`g${name}=${JSON.stringify(generic)}`);
    for (const [name, proof] of this.decls.proofFunctions) parts.push(`p${name}=${JSON.stringify(proof)}`);
    parts.push(`o${[...this.decls.overloaded].join(',')}`);
    return parts.join('\n');
  }

  // ---- results, which the recorded item's memo entry keeps too ----------

  private setNodeType(node: Node, type: Type): void {
    if (!this.editorResults) return;
    this.result.nodeTypes.set(spanKey(node.startIndex, node.endIndex), type);
    this.recording?.item.nodeTypes.push(node.startIndex - this.recording.start, node.endIndex - node.startIndex, type);
  }

  private setBindingType(nameNode: Node, type: Type): void {
    if (!this.editorResults) return;
    this.result.bindingTypes.set(nameNode.startIndex, type);
    this.recording?.item.bindingTypes.push(nameNode.startIndex - this.recording.start, type);
  }

  private setLedger(name: string, type: Type): void {
    this.result.ledger.set(this.statementKey, name, type);
    this.recording?.item.ledger.push([this.statementKey - this.recording.start, name, type]);
  }

  private setReceiver(fieldNode: Node, record: string): void {
    if (!this.editorResults) return;
    this.result.receivers.set(fieldNode.startIndex, record);
    this.recording?.item.receivers.push(fieldNode.startIndex - this.recording.start, record);
  }

  // ---- diagnostics -------------------------------------------------------

  private report(code: TypeCode, message: string, node: Node | { start: number; end: number }): void {
    const start = 'startIndex' in node ? node.startIndex : node.start;
    const end = 'endIndex' in node ? node.endIndex : node.end;
    // A set, not a scan of the diagnostics so far: a file of n undefined names has n of them.
    const key = `${code}:${start}:${end}:${message}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.result.diagnostics.push({ code, message, start, end });
    this.recording?.diagnostic({ code, message, start, end });
  }

  // ---- scopes ------------------------------------------------------------

  private instance(scheme: Scheme): Type {
    return instantiateScheme(scheme, this.vars);
  }

  private lookup(name: string): VarInfo | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const info = this.scopes[i]!.get(name);
      if (i === 0) this.readFact(`G${name}`);
      if (info) return info;
    }
    const prelude = PRELUDE.get(name);
    return prelude ? { type: this.instance(prelude), scheme: prelude, mutable: false, prelude: true } : undefined;
  }

  /** The global scope's variable `name` (a top-level binding so far, a declared one or a std name), past any local. */
  private globalVariable(name: string): VarInfo | undefined {
    this.readFact(`G${name}`);
    const info = this.globals.get(name);
    if (info) return info;
    const prelude = PRELUDE.get(name);
    return prelude ? { type: this.instance(prelude), scheme: prelude, mutable: false, prelude: true } : undefined;
  }

  private recordResolution(node: Node, info: VarInfo | undefined): void {
    if (!this.editorResults) return;
    const resolution = info === undefined ? 'unknown' : info.prelude ? 'prelude' : info.declaredAt ?? 'module';
    this.result.resolutions.set(node.startIndex, resolution);
    this.recording?.resolution(node.startIndex, resolution);
  }

  private inCurrentScope(name: string): boolean {
    if (this.scopes.length === 1) this.readFact(`G${name}`);
    return this.scopes[this.scopes.length - 1]!.has(name);
  }

  /** Whether any enclosing scope binds `name` (the global one included). */
  private inAnyScope(name: string): boolean {
    this.readFact(`G${name}`);
    return this.scopes.some((s) => s.has(name));
  }

  private addVar(name: string, type: Type, mutable: boolean, nameNode?: Node): void {
    this.scopes[this.scopes.length - 1]!.set(name, { type, mutable, ...(nameNode ? { declaredAt: nameNode.startIndex } : {}) });
    this.setLedger(name, asDeclared(type));
    if (nameNode) this.setBindingType(nameNode, type);
  }

  /**
   * Overwrites the type of the nearest variable of that name (the reference's
   * `update_var`). The ledger records the type at this statement too, so a
   * local `helper = 40` is an int to the ownership layer even where a
   * function `helper` exists.
   */
  private assignVar(name: string, type: Type, target?: Node): void {
    this.setLedger(name, asDeclared(type));
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const info = this.scopes[i]!.get(name);
      if (i === 0) this.readFact(`G${name}`);
      if (info) {
        if (i === 0) this.globalWritten(name);
        info.type = type;
        delete info.scheme;
        if (target) this.recordResolution(target, info);
        return;
      }
    }
  }

  private withScope<T>(body: () => T, kind: ScopeKind = 'block'): T {
    this.scopes.push(new Map());
    this.scopeKinds.push(kind);
    try {
      return body();
    } finally {
      this.scopes.pop();
      this.scopeKinds.pop();
    }
  }

  /**
   * Whether the variables of scope `i` are still there when the enclosing
   * function's body ends: the global scope's and a function body's are, and
   * a loop body's when the scope it is promoted into is. The reference's IR
   * generation reads variables' types from one map by name, the scopes of
   * every checked function body as they stood when it ended (`TypeCheckResult`
   * `local_var_types`); a variable of an `if` or `for` block or of a lambda
   * literal is not in it.
   */
  private survives(i: number): boolean {
    for (; i >= 0; i--) {
      const kind = this.scopeKinds[i]!;
      if (kind !== 'loop') return kind !== 'block';
    }
    return true;
  }

  /**
   * E3004 (IR generation, `generate_for_loop_ir`): `for v in name` iterates
   * only a name whose type, in that map, is a list, tuple, dictionary or
   * range. Anything else (a string, an Int, a type variable such as an
   * unannotated parameter's or an unannotated function's result, `Any`, an
   * alias, a function) is refused at the name; so is a name the map lacks
   * (a loop variable, a block's variable), as `<unknown>`. The iterables that
   * are not names are refused by their syntax alone (`ir-bodies.ts`).
   */
  private checkIterable(iterable: Node): void {
    let inner = iterable;
    while (inner.type === 'parenthesized_expression') {
      const next = inner.namedChildren.find((c): c is Node => c !== null && !isComment(c));
      if (!next) return;
      inner = next;
    }
    if (inner.type !== 'identifier') return;
    const name = inner.text;
    let at = this.scopes.length - 1;
    while (at > 0 && !this.scopes[at]!.has(name)) at--;
    // The map gives a global's type before a local's of the same name (`TypeCheckResult` takes the global scope's
    // variables, then the functions' locals the global scope lacks): a parameter `values` is the std `dict.values`.
    const global = at > 0 && !this.scopes[at]!.get(name)!.retypesGlobal ? this.globalVariable(name) : undefined;
    if (at > 0 && !global && !this.survives(at)) {
      this.report('E3004', TYPE_MESSAGES.E3004('<unknown>'), inner);
      return;
    }
    const info = global ?? (at > 0 ? this.scopes[at]!.get(name) : this.lookup(name));
    if (!info) return;
    const type = prune(info.type);
    if (type.k === 'list' || type.k === 'tuple' || type.k === 'dict' || type.k === 'range' || type.k === 'error') return;
    this.report('E3004', TYPE_MESSAGES.E3004(display(type)), inner);
  }

  // ---- V1: statements ----------------------------------------------------

  private checkStatement(node: Node): void {
    if (isComment(node) || brokenNode(node)) return;
    this.nesting.enter(node, () => this.checkStatementInner(node));
  }

  private checkStatementInner(node: Node): void {
    this.statementKey = node.startIndex;
    switch (node.type) {
      case 'use_statement':
        this.processUse(node);
        return;
      case 'type_definition':
        return;
      case 'declaration':
      case 'assignment': {
        const binding = readBinding(node);
        if (!binding) {
          // `p.x = v`, `a[i] = v`: only the value is inferred.
          const right = node.childForFieldName('right') ?? node.childForFieldName('value');
          if (right) this.inferV1(right);
          const left = node.childForFieldName('left');
          if (left?.type === 'member_expression') this.recordTargetReceiver(left);
          return;
        }
        const value = binding.value;
        if (value && isFunctionValue(value, binding.annotation)) {
          this.checkFunction(node, binding.name, binding.nameNode, binding.annotation, value);
          return;
        }
        this.checkVariable(node, binding.name, binding.nameNode, binding.annotation, value, binding.mutable);
        return;
      }
      case 'destructuring_assignment':
        this.checkDestructuring(node);
        return;
      case 'expression_statement': {
        const expr = node.namedChildren.find((c) => c && !isComment(c));
        if (!expr) return;
        if (expr.type === 'if_expression') return this.checkIfStatement(expr);
        if (expr.type === 'for_expression') return this.checkForStatement(expr);
        this.inferV1(expr);
        return;
      }
      default:
        return;
    }
  }

  private checkVariable(statement: Node, name: string, nameNode: Node, annotation: Node | null, value: Node | null, mutable: boolean): void {
    let type: Type;
    if (value && annotation) {
      const init = this.inferV1(value);
      const refined = this.refinedAnnotation(annotation);
      const declared = refined ?? this.annotation(annotation);
      type = declared;
      if (!isError(init)) this.checkAnnotation(statement, declared, init);
      if (declared.k === 'meta' && prune(init).k === 'struct') type = prune(init);
      // `b: Box(Int) = Box(1)`: the variable is the record the constructor made.
      if (declared.k === 'named' && declared.applied !== undefined && sameRecord(init, declared.applied)) type = prune(init);
    } else if (value) {
      type = this.inferV1(value);
    } else if (annotation) {
      type = this.annotation(annotation);
    } else {
      type = this.vars.fresh();
    }
    const existing = this.lookup(name);
    if (existing && (this.inCurrentScope(name) || this.inAnyScope(name))) {
      this.assignVar(name, type, nameNode);
      this.setBindingType(nameNode, type);
      return;
    }
    // A std short name is a global variable of the reference's (immutable): the
    // binding only changes its type, and `mut` is lost (a later assignment in
    // a loop body is E2010).
    this.addVar(name, type, existing?.prelude ? false : mutable, nameNode);
    if (existing?.prelude && this.scopes.length > 1) this.scopes[this.scopes.length - 1]!.get(name)!.retypesGlobal = true;
  }

  /**
   * `a: Adult(30) = …` with `Adult` a proof function: the variable's type is the
   * refinement of the proof's base type (V1 only; a bare `a: Adult(30)` is the
   * applied name, as in a signature). Its constraint shows the integer arguments.
   */
  private refinedAnnotation(annotation: Node): Type | undefined {
    if (annotation.type !== 'generic_type') return undefined;
    const name = annotation.childForFieldName('name')?.text ?? '';
    const proof = this.decls.proofFunctions.get(name);
    const args = typeArguments(annotation.childForFieldName('arguments'));
    if (!proof || args.length === 0) return undefined;
    const constants = args.map((a) => annotationType(a)).filter((t) => t.k === 'named' && t.name.startsWith('int64::'));
    return { k: 'refined', base: proof.base, constraint: `${name}(${constants.map((t) => display(t).slice('int64::'.length)).join(', ')})` };
  }

  /** R2: `name: T = init` (V1 only); a refinement is compared by its base type. */
  private checkAnnotation(statement: Node, shown: Type, init: Type): void {
    const declared = shown.k === 'refined' ? shown.base : shown;
    const initType = this.resolveNamed(prune(init));
    if (isInt(declared) && isFloat(initType)) {
      this.report('E1002', TYPE_MESSAGES.E1002(display(shown), display(init)), firstToken(statement));
      return;
    }
    if (isFloat(declared) && isInt(initType)) return;
    if (unify(initType, declared)) return;
    const d = prune(declared);
    if (initType.k === 'struct' && d.k === 'named' && initType.interfaces.includes(d.name)) return;
    if (initType.k === 'struct' && d.k === 'struct' && initType.name === d.name && this.decls.generics.has(d.name)) return;
    if (d.k === 'named' && d.applied !== undefined && sameRecord(initType, d.applied)) return;
    this.report('E1002', TYPE_MESSAGES.E1002(display(shown), display(init)), firstToken(statement));
  }

  private annotation(node: Node): Type {
    if (node.type === 'generic_type' && !isBuiltinGeneric(node)) {
      const name = node.childForFieldName('name')?.text ?? '';
      // A generic record of this file applied to types, even one named like a container (`List: (T: Type) -> Type`).
      if (this.decls.generics.has(name)) {
        const args = typeArguments(node.childForFieldName('arguments')).map((a) => this.annotation(a));
        return appliedType(name, args);
      }
    }
    return annotationType(node);
  }

  private checkFunction(statement: Node, name: string, nameNode: Node, annotation: Node | null, value: Node): void {
    const existing = this.lookup(name);
    if (existing && prune(existing.type).k === 'struct' && this.structs.has(name)) {
      this.report('E2002', TYPE_MESSAGES.E2002(name), firstToken(statement));
      return;
    }
    const scheme = functionScheme(annotation, value, this.vars);
    const fnType = this.instance(scheme);
    if (!this.inAnyScope(name) || this.scopes.length > 1) this.addVar(name, fnType, false, nameNode);
    this.setBindingType(nameNode, fnType);
    const checkedFact = `C${name}`;
    this.readFact(checkedFact);
    if (this.isChecked(checkedFact)) return;
    this.markChecked(checkedFact);
    this.recording?.item.checked.push(checkedFact);
    // An `=> expr` body is a single return statement, which V1 does not visit
    // (its parameters are still bound, so the ownership layer knows their
    // types); a signature-bound value is a single expression statement, which it does.
    const expressionBody = signatureBoundBody(value, annotation);
    const body = value.type === 'block' || expressionBody ? value : value.childForFieldName('body');

    const params = value.type === 'lambda' ? lambdaParameters(value) : [];
    let paramTypes: Type[] = params.map((p) => (p.annotation ? this.annotation(p.annotation) : this.vars.fresh()));
    let expected: Type | undefined;
    let resultError: Type | null = null;
    // A signature's generics (`T: Type`) stay names in the body, as the reference's parameters keep their written types;
    // a const parameter a later level uses as a type types its values by its own annotation (`n: N` is an Int).
    const generics = annotation?.type === 'function_type' ? constParameterTypes(annotation) : new Map<string, Type>();
    if (annotation?.type === 'function_type') {
      const shape = signatureShape(annotation);
      const valueParams = shape.valueFunction.childForFieldName('parameters')?.namedChildren.filter((c): c is Node => c !== null && !isComment(c)) ?? [];
      const byName = signatureTypesByName(annotation, params);
      paramTypes = params.map((p, i) => {
        const named = byName?.[i];
        if (named) return instantiate(this.annotation(named), generics);
        if (p.annotation) return paramTypes[i]!;
        const signatureParam = valueParams[i];
        if (!signatureParam) return paramTypes[i]!;
        const typeNode = signatureParam.type === 'parameter' ? signatureParam.childForFieldName('type') : signatureParam;
        return typeNode ? instantiate(this.annotation(typeNode), generics) : paramTypes[i]!;
      });
      const ret = innermostReturn(annotation);
      if (ret) {
        // The return type keeps the const parameters' names: `(N: Int) -> (n: Int) -> N` returning `n` is E1002 'N'.
        expected = this.annotation(ret);
        const r = prune(expected);
        resultError = r.k === 'result' ? r.err : null;
      }
    }
    const savedExpected = this.expectedReturn;
    const savedResult = this.resultError;
    this.expectedReturn = expected;
    this.resultError = resultError;
    this.withScope(() => {
      params.forEach((p, i) => this.addVar(p.name, paramTypes[i]!, p.mutable, p.node));
      // A body that is not a lambda is the reference's implicit lambda over every level's value parameters, those
      // typed `Type` and those the signature uses as a type (`N` of `(n: N)`) left out; a lambda's parameters are its
      // own (`f: (a: Int, b: Int) -> Int = (a) => b`: `b` is E1001 there).
      if (annotation?.type === 'function_type' && value.type !== 'lambda') {
        const usedAsTypes = new Set(annotation.descendantsOfType('type_identifier').map((t) => t?.text));
        for (const p of signatureParameters(annotation)) {
          if (params.some((q) => q.name === p.name) || p.annotation?.type === 'meta_type' || usedAsTypes.has(p.name)) continue;
          this.addVar(p.name, p.annotation ? instantiate(this.annotation(p.annotation), generics) : this.vars.fresh(), p.mutable, p.node);
        }
      }
      if (expressionBody) this.inferV1(expressionBody);
      else if (body?.type === 'block') for (const s of statementsOf(body)) this.checkStatement(s);
    }, 'function');
    this.expectedReturn = savedExpected;
    this.resultError = savedResult;
  }

  private checkDestructuring(node: Node): void {
    const names = node.childrenForFieldName('name').filter((c): c is Node => c !== null);
    const value = node.childForFieldName('value');
    const rhs = value ? prune(this.inferV1(value)) : ERROR;
    if (rhs.k === 'tuple') {
      if (rhs.items.length !== names.length) {
        this.report('E1002', TYPE_MESSAGES.E1002(`Tuple(${names.length})`, `Tuple(${rhs.items.length})`), firstToken(node));
        return;
      }
      names.forEach((n, i) => this.addVar(n.text, rhs.items[i]!, false, n));
      return;
    }
    // The reference keys these with no statement, so the ownership layer never finds them.
    for (const n of names) this.scopes[this.scopes.length - 1]!.set(n.text, { type: this.vars.fresh(), mutable: false, declaredAt: n.startIndex });
  }

  /** R3: a statement-level `if` condition must be exactly `bool`; the span is the `if` keyword. */
  private checkIfStatement(node: Node): void {
    const keyword = node.child(0) ?? node;
    const condition = node.childForFieldName('condition');
    if (condition) this.requireBool(condition, keyword);
    const consequence = node.childForFieldName('consequence');
    const alternatives = node.childrenForFieldName('alternative').filter((c): c is Node => c !== null);
    const elseIfs = alternatives.filter((a) => a.type === 'else_if_clause');
    for (const clause of elseIfs) {
      const c = clause.childForFieldName('condition');
      if (c) this.requireBool(c, keyword);
    }
    if (consequence) this.checkBlockStatements(consequence);
    for (const clause of elseIfs) {
      const body = clause.childForFieldName('consequence');
      if (body) this.checkBlockStatements(body);
    }
    const elseClause = alternatives.find((a) => a.type === 'else_clause');
    const elseBody = elseClause?.childForFieldName('body');
    if (elseBody) {
      if (elseBody.type === 'block') this.checkBlockStatements(elseBody);
      else this.withScope(() => this.infer(elseBody));
    }
  }

  private requireBool(condition: Node, at: Node): void {
    const type = this.inferV1(condition);
    if (isError(type) || isExactlyBool(type)) return;
    this.report('E1002', TYPE_MESSAGES.E1002('bool', display(type)), at);
  }

  private checkBlockStatements(block: Node): void {
    this.withScope(() => {
      for (const s of statementsOf(block)) this.checkStatement(s);
    });
  }

  /** A statement-level `for` (V1): E2013 when the variable already exists anywhere. */
  private checkForStatement(node: Node): void {
    const iterable = node.childForFieldName('iterable');
    const element = iterable ? this.elementType(this.inferV1(iterable)) : this.vars.fresh();
    if (iterable) this.checkIterable(iterable);
    const variable = node.childForFieldName('variable');
    const body = node.childForFieldName('body');
    const mutable = hasMutability(node);
    this.withScope(() => {
      if (variable && this.lookup(variable.text)) {
        this.report('E2013', TYPE_MESSAGES.E2013(variable.text), variable);
        return;
      }
      if (variable) this.addVar(variable.text, element, mutable, variable);
      if (!body) return;
      if (body.type === 'block') for (const s of statementsOf(body)) this.checkStatement(s);
      else this.infer(body);
    });
  }

  private elementType(iterable: Type): Type {
    const t = prune(iterable);
    switch (t.k) {
      case 'list': return t.elem;
      case 'range': return t.elem;
      case 'dict': return { k: 'tuple', items: [t.key, t.value] };
      case 'prim': return t.name === 'string' ? CHAR : this.vars.fresh();
      default: return this.vars.fresh();
    }
  }

  private processUse(node: Node): void {
    // It binds names and registers records other items see.
    if (this.recording) this.recording.impure = true;
    const path = node.childForFieldName('path')?.text.replace(/\.$/, '').replace(/\s+/g, '') ?? '';
    const items = node.childForFieldName('items');
    const alias = node.childForFieldName('alias')?.text;
    const segments = path.split('.');
    if (items) {
      for (const item of items.namedChildren) {
        if (!item || item.type !== 'use_item') continue;
        const itemName = item.childForFieldName('name')?.text;
        if (!itemName) continue;
        const bound = item.childForFieldName('alias')?.text ?? itemName;
        const type = this.importedItem(path, itemName, bound);
        if (!type) continue;
        if (this.scopes.length === 1 && this.moduleExports(path)?.structs.has(itemName)) this.recordsImportedByName.add(bound);
        this.scopes[this.scopes.length - 1]!.set(bound, { type, mutable: false });
        if (this.scopes.length === 1) {
          const loose: Type = { k: 'fn', params: [this.vars.fresh()], ret: VOID };
          this.result.imports.set(bound, stdModule(path) && prune(type).k === 'fn' ? loose : type);
        }
      }
      return;
    }
    const bound = alias ?? segments[segments.length - 1] ?? path;
    const record = this.moduleRecord(path, bound);
    if (!record) return;
    this.scopes[this.scopes.length - 1]!.set(bound, { type: record, mutable: false });
    if (this.scopes.length === 1) this.result.imports.set(bound, record);
  }

  private moduleRecord(path: string, bound: string): Type | undefined {
    if (path === 'std') return stdRootRecord(bound, this.vars);
    const module = stdModule(path);
    if (module) return stdModuleRecord(module, bound, this.vars);
    const exports = this.importInterface(path)?.values;
    if (!exports) return undefined;
    const fields: Field[] = [...exports].map(([name, exported]) => {
      const scheme = projectExportScheme(name, exported);
      return { name, type: scheme.type, scheme, mutable: false, hasDefault: false };
    });
    return { k: 'struct', name: bound, fields, interfaces: [] };
  }

  private importedItem(path: string, item: string, bound: string): Type | undefined {
    if (path === 'std') {
      const module = stdModule(`std.${item}`);
      return module ? stdModuleRecord(module, bound, this.vars) : undefined;
    }
    if (stdModule(path)) return stdExportType(path, item, this.vars);
    const scheme = this.importInterface(path)?.values.get(item);
    return scheme ? this.instance(projectExportScheme(item, scheme)) : undefined;
  }

  // ---- V2: expressions ---------------------------------------------------

  /**
   * The expression a V1 statement infers (a binding's value, an expression
   * statement, an `if` condition, a `for` iterable, the value of a destructuring
   * or of a field assignment): V1 looks names up itself down through lists and
   * both operands of binary operators (the right side of `=`), and only there a
   * builtin type name is no value (`Id = Int`, `[Int]`, `1 == Int`: E1001).
   */
  private v1Root: Node | null = null;

  private inferV1(node: Node): Type {
    const saved = this.v1Root;
    this.v1Root = node;
    try {
      return this.infer(node);
    } finally {
      this.v1Root = saved;
    }
  }

  /** Whether V1 reaches `node` itself: it is the V1 root, or under it through parentheses, lists and operands. */
  private reachedByV1(node: Node): boolean {
    const root = this.v1Root;
    if (!root) return false;
    let current = node;
    while (current.id !== root.id) {
      const parent = current.parent;
      if (!parent) return false;
      if (parent.type === 'assignment_expression' ? parent.childForFieldName('right')?.id !== current.id
        : parent.type !== 'parenthesized_expression' && parent.type !== 'list' && parent.type !== 'binary_expression') return false;
      current = parent;
    }
    return true;
  }

  private infer(node: Node): Type {
    const type = this.nesting.enter(node, () => this.inferInner(node));
    if (type === undefined) return ERROR;
    this.setNodeType(node, type);
    return type;
  }

  private inferInner(node: Node): Type {
    switch (node.type) {
      case 'integer': return INT;
      case 'float': return FLOAT;
      case 'boolean': return BOOL;
      case 'void': case 'unit': return VOID;
      case 'string': case 'multiline_string': return STRING;
      case 'char': return CHAR;
      case 'fstring':
        for (const part of node.namedChildren) {
          const expr = part?.type === 'interpolation' ? interpolated(part) : null;
          if (expr) this.infer(expr);
        }
        return STRING;
      case 'underscore': return this.vars.fresh();
      case 'identifier': return this.inferName(node);
      case 'parenthesized_expression': {
        const inner = node.namedChildren.find((c) => c && !isComment(c));
        return inner ? this.infer(inner) : VOID;
      }
      case 'tuple': return { k: 'tuple', items: expressionsOf(node).map((e) => this.infer(e)) };
      case 'list': return this.inferList(node);
      case 'dictionary': return this.inferDictionary(node);
      case 'list_comprehension': return this.inferComprehension(node);
      case 'block': return this.inferBlock(node);
      case 'if_expression': return this.inferIf(node);
      case 'while_expression': return this.inferWhile(node);
      case 'for_expression': return this.inferFor(node);
      case 'match_expression': {
        // Arms are not visited at all (§5.4).
        const value = node.childForFieldName('value');
        if (value) this.infer(value);
        return this.vars.fresh();
      }
      case 'spawn_expression': return this.inferSpawn(node);
      case 'unsafe_expression': {
        const body = node.childForFieldName('body');
        return body ? (body.type === 'block' ? this.inferBlock(body) : this.infer(body)) : VOID;
      }
      case 'call_expression': return this.inferCall(node);
      case 'index_expression': return this.inferIndex(node);
      case 'member_expression': return this.inferMember(node);
      case 'try_expression': return this.inferTry(node);
      case 'unary_expression': return this.inferUnary(node);
      case 'ref_expression': {
        const value = node.childForFieldName('value');
        return { k: 'arc', inner: value ? this.infer(value) : this.vars.fresh() };
      }
      case 'binary_expression': return this.inferBinary(node);
      case 'cast_expression': {
        const value = node.childForFieldName('value');
        if (value) this.infer(value);
        const type = node.childForFieldName('type');
        return type ? this.annotation(type) : this.vars.fresh();
      }
      case 'assignment_expression': {
        const right = node.childForFieldName('right');
        const left = node.childForFieldName('left');
        const type = right ? this.infer(right) : ERROR;
        if (left?.type === 'identifier') this.assignVar(left.text, type, left);
        return VOID;
      }
      case 'lambda': return this.inferLambda(node);
      case 'return_expression': return this.inferReturn(node);
      case 'break_expression':
      case 'continue_expression': {
        const label = node.namedChildren.find((c) => c?.type === 'label');
        const name = label?.childForFieldName('name')?.text;
        if (label && name) this.report('E1070', TYPE_MESSAGES.E1070(name), label);
        return VOID;
      }
      default:
        return ERROR;
    }
  }

  private inferName(node: Node): Type {
    const name = node.text;
    const info = this.lookup(name);
    this.recordResolution(node, info);
    if (info) return info.scheme ? this.instance(info.scheme) : info.type;
    if (BUILTIN_TYPE_NAMES.has(name) && !this.reachedByV1(node)) return META;
    this.report('E1001', TYPE_MESSAGES.E1001(name), node);
    return ERROR;
  }

  private inferList(node: Node): Type {
    const items = expressionsOf(node);
    if (items.length === 0) return { k: 'list', elem: this.vars.fresh() };
    let elem = this.infer(items[0]!);
    for (const item of items.slice(1)) {
      unify(elem, this.infer(item));
      elem = prune(elem);
    }
    return { k: 'list', elem };
  }

  private inferDictionary(node: Node): Type {
    let key: Type | undefined;
    let value: Type | undefined;
    for (const pair of node.namedChildren) {
      if (!pair || pair.type !== 'pair') continue;
      const k = pair.childForFieldName('key');
      const v = pair.childForFieldName('value');
      const kt = k ? this.infer(k) : this.vars.fresh();
      const vt = v ? this.infer(v) : this.vars.fresh();
      key ??= kt;
      value ??= vt;
    }
    return { k: 'dict', key: key ?? this.vars.fresh(), value: value ?? this.vars.fresh() };
  }

  private inferComprehension(node: Node): Type {
    const iterable = node.childForFieldName('iterable');
    if (iterable) this.infer(iterable);
    const variable = node.childForFieldName('variable');
    const element = node.childForFieldName('element');
    return this.withScope(() => {
      // The reference types the comprehension variable as `char`, whatever the iterable.
      if (variable) this.addVar(variable.text, CHAR, false, variable);
      return { k: 'list', elem: element ? this.infer(element) : this.vars.fresh() };
    });
  }

  /** A V2 block: only expression statements and bindings are checked; its type is its last `return`. */
  private inferBlock(block: Node): Type {
    let returned: Type | undefined;
    for (const statement of statementsOf(block)) {
      if (brokenNode(statement)) continue;
      if (statement.type === 'expression_statement') {
        const expr = statement.namedChildren.find((c) => c && !isComment(c));
        if (!expr) continue;
        // Statement-level if/for inside a V2 block are skipped entirely.
        if (expr.type === 'if_expression' || expr.type === 'for_expression') continue;
        const type = this.infer(expr);
        if (expr.type === 'return_expression') returned = expr.childForFieldName('value') ? type : VOID;
        continue;
      }
      if (statement.type === 'declaration' || statement.type === 'assignment') this.inferBindingStatement(statement);
    }
    return returned ?? VOID;
  }

  /** A lambda's `=> expr` body: the single return statement the parser makes of it. */
  private inferBody(body: Node): Type {
    if (body.type === 'block') return this.inferBlock(body);
    return this.infer(body);
  }

  /** R14b/R15: bindings inside V2 blocks. */
  private inferBindingStatement(statement: Node): void {
    const binding = readBinding(statement);
    if (!binding) return;
    const { name, nameNode, value, mutable } = binding;
    if (binding.memberOf !== undefined) return;
    if (value && isFunctionValue(value, binding.annotation)) {
      // Registered as a function; its body is not checked.
      const params = value.type === 'lambda' ? lambdaParameters(value) : [];
      const ret = binding.annotation ? this.annotation(binding.annotation) : VOID;
      this.addVar(name, { k: 'fn', params: params.map(() => this.vars.fresh()), ret }, mutable, nameNode);
      return;
    }
    const init = value ? this.infer(value) : binding.annotation ? this.annotation(binding.annotation) : this.vars.fresh();
    const outer = this.lookup(name);
    // A std short name is in the reference's global scope, immutable.
    if (outer && (this.inAnyScope(name) || outer.prelude)) {
      if (this.inCurrentScope(name) || (outer.prelude && this.scopes.length === 1)) {
        this.report('E2002', TYPE_MESSAGES.E2002(name), firstToken(statement));
        return;
      }
      if (!mutable) {
        if (!outer.mutable) {
          this.report('E2010', TYPE_MESSAGES.E2010(name), firstToken(statement));
          return;
        }
        this.assignVar(name, init, nameNode);
        return;
      }
    } else if (outer && this.inCurrentScope(name)) {
      this.report('E2002', TYPE_MESSAGES.E2002(name), firstToken(statement));
      return;
    }
    this.addVar(name, init, mutable, nameNode);
  }

  private inferIf(node: Node): Type {
    const condition = node.childForFieldName('condition');
    if (condition && !this.conditionIsBool(condition)) return ERROR;
    const consequence = node.childForFieldName('consequence');
    if (consequence) this.withScope(() => this.inferBlock(consequence));
    const alternatives = node.childrenForFieldName('alternative').filter((c): c is Node => c !== null);
    for (const clause of alternatives.filter((a) => a.type === 'else_if_clause')) {
      const c = clause.childForFieldName('condition');
      if (c && !this.conditionIsBool(c)) return ERROR;
      const body = clause.childForFieldName('consequence');
      if (body) this.withScope(() => this.inferBlock(body));
    }
    const elseBody = alternatives.find((a) => a.type === 'else_clause')?.childForFieldName('body');
    return elseBody ? this.withScope(() => this.inferBody(elseBody)) : VOID;
  }

  /** R4: the condition of a `while` or an expression-level `if` (E1054). */
  private conditionIsBool(condition: Node): boolean {
    const type = this.infer(condition);
    if (isError(type)) return false;
    if (isExactlyBool(type)) return true;
    this.report('E1054', TYPE_MESSAGES.E1054(display(type)), condition);
    return false;
  }

  private inferWhile(node: Node): Type {
    const condition = node.childForFieldName('condition');
    if (condition && !this.conditionIsBool(condition)) return ERROR;
    const body = node.childForFieldName('body');
    if (body) this.loopScope(() => this.inferBody(body));
    return VOID;
  }

  /** A loop body's scope; its variables stay visible after the loop (promotion, §5.3). */
  private loopScope(body: () => void): void {
    this.scopes.push(new Map());
    this.scopeKinds.push('loop');
    try {
      body();
    } finally {
      this.scopeKinds.pop();
      const inner = this.scopes.pop()!;
      const parent = this.scopes[this.scopes.length - 1]!;
      for (const [name, info] of inner) parent.set(name, info);
    }
  }

  private inferFor(node: Node): Type {
    const iterable = node.childForFieldName('iterable');
    const element = iterable ? this.elementType(this.infer(iterable)) : this.vars.fresh();
    if (iterable) this.checkIterable(iterable);
    const variable = node.childForFieldName('variable');
    const body = node.childForFieldName('body');
    const mutable = hasMutability(node);
    this.loopScope(() => {
      if (variable) {
        if (this.inCurrentScope(variable.text)) {
          this.report('E2002', TYPE_MESSAGES.E2002(variable.text), variable);
          return;
        }
        this.addVar(variable.text, element, mutable, variable);
      }
      if (body) this.inferBody(body);
    });
    return VOID;
  }

  private inferSpawn(node: Node): Type {
    const body = node.childForFieldName('body');
    const variable = node.childForFieldName('variable');
    if (!variable) return body ? this.inferBlock(body) : VOID;
    const iterable = node.childForFieldName('iterable');
    const element = iterable ? this.elementType(this.infer(iterable)) : this.vars.fresh();
    let bodyType: Type = VOID;
    this.loopScope(() => {
      this.addVar(variable.text, element, hasMutability(node), variable);
      if (body) bodyType = this.inferBlock(body);
    });
    return { k: 'list', elem: bodyType };
  }

  private inferLambda(node: Node): Type {
    const params = lambdaParameters(node);
    const body = node.childForFieldName('body');
    const savedExpected = this.expectedReturn;
    const savedResult = this.resultError;
    this.expectedReturn = undefined;
    this.resultError = null;
    let bodyType: Type = VOID;
    try {
      this.withScope(() => {
        for (const p of params) this.addVar(p.name, this.vars.fresh(), p.mutable, p.node);
        if (body) bodyType = this.inferBody(body);
      });
    } finally {
      this.expectedReturn = savedExpected;
      this.resultError = savedResult;
    }
    return { k: 'fn', params: params.map(() => this.vars.fresh()), ret: bodyType };
  }

  /** R7: `return e` against the innermost declared return type. */
  private inferReturn(node: Node): Type {
    const value = node.childForFieldName('value');
    if (!value) return VOID;
    const type = this.infer(value);
    if (this.expectedReturn && !isError(type) && !unify(type, this.expectedReturn)) {
      this.report('E1002', TYPE_MESSAGES.E1002(display(this.expectedReturn), display(type)), node.child(0) ?? node);
    }
    return type;
  }

  private inferIndex(node: Node): Type {
    const value = node.childForFieldName('value');
    const container = value ? prune(this.infer(value)) : ERROR;
    const indexes = node.childrenForFieldName('index').filter((c): c is Node => c !== null);
    switch (container.k) {
      case 'list': return container.elem;
      case 'dict': return container.value;
      case 'tuple': {
        const index = indexes[0];
        if (index?.type === 'integer') {
          const i = Number(index.text.replace(/_/g, ''));
          if (Number.isInteger(i) && i >= 0 && i < container.items.length) return container.items[i]!;
          this.report('E1041', TYPE_MESSAGES.E1041(container.items.length, String(i)), index);
          return ERROR;
        }
        return this.vars.fresh();
      }
      default:
        return this.vars.fresh();
    }
  }

  /**
   * `n.x = v` with `n` a variable: the receiver type of `x`, without checking
   * the target (which is not inferred), so that a rename of the field knows
   * whose `x` it writes, also through `n = &mut p`.
   */
  private recordTargetReceiver(target: Node): void {
    const object = target.childForFieldName('object');
    const fieldNode = target.childForFieldName('field');
    if (object?.type !== 'identifier' || !fieldNode) return;
    const info = this.lookup(object.text);
    if (!info) return;
    let resolved = prune(info.type);
    while (resolved.k === 'ref') resolved = prune(resolved.inner);
    resolved = this.resolveForFields(resolved);
    if (resolved.k === 'struct' || (resolved.k === 'named' && resolved.name !== '')) this.setReceiver(fieldNode, resolved.name.replace(/^\*+/, ''));
  }

  private inferMember(node: Node): Type {
    const object = node.childForFieldName('object');
    const field = node.childForFieldName('field')?.text ?? '';
    if (!object) return ERROR;
    const objectType = this.infer(object);
    if (isError(objectType)) return ERROR;
    const path = dottedPath(object);
    if (path !== undefined) {
      const full = PRELUDE.get(`${path}.${field}`);
      if (full && this.lookup(path.split('.')[0]!)) return this.instance(full);
    }
    let resolved = prune(objectType);
    while (resolved.k === 'ref') resolved = prune(resolved.inner);
    const unimported = resolved.k === 'named' && this.unimportedRecord(resolved.name);
    resolved = this.resolveForFields(resolved);
    const fieldNode = node.childForFieldName('field');
    if (fieldNode && (resolved.k === 'struct' || (resolved.k === 'named' && resolved.name !== ''))) this.setReceiver(fieldNode, resolved.name.replace(/^\*+/, ''));
    if (resolved.k === 'struct' && !unimported) {
      const found = resolved.fields.find((f) => f.name === field);
      if (found) return found.scheme ? this.instance(found.scheme) : found.type;
      const method = this.methods.get(`${resolved.name}.${field}`);
      if (method) return this.instance(method);
      this.report('E1042', TYPE_MESSAGES.E1042(field, resolved.name), node.childForFieldName('field') ?? node);
      return ERROR;
    }
    if (resolved.k === 'named' || (unimported && resolved.k === 'struct')) {
      const method = this.methods.get(`${resolved.name}.${field}`);
      if (method) return this.instance(method);
    }
    if (resolved.k === 'named' && resolved.name === '') return this.vars.fresh();
    this.report('E1053', TYPE_MESSAGES.E1053(display(objectType)), node.childForFieldName('field') ?? node);
    return ERROR;
  }

  /**
   * A record of another project file that this file did not import by name
   * (`use m.{Point}` at the top level): the reference's field lookup resolves
   * a named type through the file's own type table (its records and those
   * imported by name), so the fields of a `Point` that `m.make()` returns are
   * unknown to it (E1053 'Cannot access field on non-struct type'), while its
   * methods are not (every module's method bindings are shared).
   */
  private unimportedRecord(name: string): boolean {
    return this.result.structModules.has(name) && !this.decls.structs.has(name) && !this.recordsImportedByName.has(name);
  }

  /** Names of the records top-level `use m.{…}` items bound, under the name they are bound to. */
  private readonly recordsImportedByName = new Set<string>();

  /** A nominal type naming a record of this file, as that record. */
  private resolveNamed(t: Type): Type {
    const p = prune(t);
    if (p.k !== 'named') return p;
    return this.structs.get(p.name) ?? p;
  }

  /**
   * The record whose fields `e.f` reads when `e` has type `t`. The bare name of
   * a generic record (`s: Stack`, `self: &Stack`) is its template: the
   * reference's type table holds it with the parameters as named types, so
   * `s.size` is Int and `s.items` is `List(T)`, while `Stack(Int)`, a generic
   * application, has no fields for it (E1053).
   */
  private resolveForFields(t: Type): Type {
    const resolved = this.resolveNamed(t);
    if (resolved.k !== 'named' || resolved.applied !== undefined) return resolved;
    const generic = this.decls.generics.get(resolved.name);
    return generic ? { k: 'struct', name: generic.name, fields: generic.fields, interfaces: [] } : resolved;
  }

  /**
   * R13: `e?` needs an enclosing `Result` function (E1081, before `e` is
   * inferred), a `Result` operand (E1082) with that error type (E1083). The
   * reference's span is the `?` token.
   */
  private inferTry(node: Node): Type {
    const value = node.childForFieldName('value');
    const question = node.lastChild ?? node;
    if (this.resultError === null) {
      this.report('E1081', TYPE_MESSAGES.E1081(), question);
      return ERROR;
    }
    const inner = value ? this.infer(value) : ERROR;
    if (isError(inner)) return ERROR;
    const ok = this.vars.fresh();
    if (!unify(inner, { k: 'result', ok, err: this.resultError })) {
      const code = prune(inner).k === 'result' ? 'E1083' : 'E1082';
      this.report(code, TYPE_MESSAGES[code](), question);
      return ERROR;
    }
    return ok;
  }

  private inferUnary(node: Node): Type {
    const operator = node.childForFieldName('operator')?.text ?? '';
    const operand = node.childForFieldName('operand');
    const type = operand ? this.infer(operand) : ERROR;
    if (isError(type)) return ERROR;
    switch (operator) {
      case '!':
        if (isExactlyBool(type)) return BOOL;
        this.report('E1051', TYPE_MESSAGES.E1051(display(type)), node);
        return ERROR;
      case '*': {
        const p = prune(type);
        if (p.k === 'named') return { k: 'named', name: p.name.replace(/^\*+/, '') };
        this.report('E1052', TYPE_MESSAGES.E1052(display(type)), node);
        return ERROR;
      }
      case '&': return { k: 'ref', mutable: false, inner: type };
      case '&mut': return { k: 'ref', mutable: true, inner: type };
      default: return type;
    }
  }

  /**
   * The reference evaluates the right operand first, then the left. Down a
   * left-leaning chain (`a + b - c …`) that is every right operand from the top
   * down, then the first operand, and the operators then apply from the
   * innermost out; done in a loop, so a long chain does not nest.
   */
  private inferBinary(node: Node): Type {
    const chain = binaryChain(node);
    const rights = chain.map((link) => {
      const right = link.childForFieldName('right');
      return right ? this.infer(right) : ERROR;
    });
    const first = chain[chain.length - 1]!.childForFieldName('left');
    let type = first ? this.infer(first) : ERROR;
    for (let i = chain.length - 1; i >= 0; i--) {
      type = this.applyBinary(chain[i]!, type, rights[i]!);
      // `infer` records the top one.
      if (i > 0) this.setNodeType(chain[i]!, type);
    }
    return type;
  }

  private applyBinary(node: Node, l: Type, r: Type): Type {
    const op = node.childForFieldName('operator')?.text ?? '';
    if (isError(l) || isError(r)) return op === 'and' || op === 'or' || isComparison(op) ? BOOL : ERROR;
    const lp = prune(l);
    const rp = prune(r);
    switch (op) {
      case '+': case '-': case '*': case '/':
        if (isInt(lp) && isInt(rp)) return lp;
        if (isFloat(lp) && isFloat(rp)) return lp;
        if (isExactlyBool(lp) === false && lp.k === 'prim' && lp.name === 'string' && rp.k === 'prim' && rp.name === 'string') return STRING;
        if (lp.k === 'list' && rp.k === 'list') {
          unify(lp.elem, rp.elem);
          return { k: 'list', elem: prune(lp.elem) };
        }
        return this.vars.fresh();
      case '%':
        if ((isInt(lp) && isInt(rp)) || (isFloat(lp) && isFloat(rp))) return lp;
        unify(lp, rp);
        return lp;
      case '..':
        unify(lp, rp);
        return { k: 'range', elem: lp };
      case 'and': case 'or':
        if (isExactlyBool(lp) && isExactlyBool(rp)) return BOOL;
        this.report('E1050', TYPE_MESSAGES.E1050(display(l), display(r)), node);
        return ERROR;
      default:
        unify(lp, rp);
        return BOOL;
    }
  }

  // ---- calls -------------------------------------------------------------

  private inferCall(node: Node): Type {
    const callee = node.childForFieldName('function');
    const argsNode = node.childForFieldName('arguments');
    if (!callee) return ERROR;
    const calleeType = this.infer(callee);
    const args: Node[] = [];
    const named: Node[] = [];
    for (const a of argsNode?.namedChildren ?? []) {
      if (!a || isComment(a)) continue;
      if (a.type === 'named_argument') named.push(a);
      else args.push(a);
    }
    const argTypes = args.map((a) => this.infer(a));
    for (const n of named) {
      const v = n.childForFieldName('value');
      if (v) this.infer(v);
    }
    if (isError(calleeType) || argTypes.some(isError)) return ERROR;
    const paren = argsNode?.child(0) ?? node;
    const name = callee.type === 'identifier' ? callee.text : undefined;
    if (name && this.decls.overloaded.has(name)) return this.vars.fresh();

    const generic = name ? this.decls.generics.get(name) : undefined;
    if (generic && argTypes.length === generic.typeParams.length + generic.constParams.length) {
      if (!this.checkConstKinds(generic, args, argTypes)) return ERROR;
      this.checkConstConstraints(generic, args);
      return this.instantiateGeneric(generic, argTypes.slice(0, generic.typeParams.length));
    }
    const fn = prune(calleeType);
    if (name && !generic && !isNativeName(name)) {
      if (fn.k === 'struct') {
        const total = fn.fields.length;
        const required = fn.fields.filter((f) => !f.hasDefault).length;
        if (named.length === 0) {
          if (argTypes.length < required || argTypes.length > total) {
            this.report('E1010', TYPE_MESSAGES.E1010(fn.name, total, argTypes.length), paren);
            return ERROR;
          }
        } else {
          const provided = new Set(named.map((n) => n.childForFieldName('name')?.text ?? ''));
          const missing = fn.fields.filter((f) => !f.hasDefault && !provided.has(f.name)).map((f) => f.name);
          if (missing.length > 0) {
            this.report('E1002', TYPE_MESSAGES.E1002(`${fn.name} constructor missing required field(s): ${missing.join(', ')}`, `provided ${provided.size}`), paren);
            return ERROR;
          }
        }
      } else if (fn.k === 'fn' && named.length === 0 && fn.params.length > 0 && argTypes.length !== fn.params.length) {
        this.report('E1010', TYPE_MESSAGES.E1010(name, fn.params.length, argTypes.length), paren);
        return ERROR;
      }
    }
    if (fn.k === 'fn') {
      if (argTypes.length === fn.params.length) {
        for (let i = 0; i < argTypes.length; i++) {
          const argType = argTypes[i]!;
          let param = prune(fn.params[i]!);
          const arg = param.k === 'ref' && prune(argType).k !== 'ref' ? { k: 'ref', mutable: param.mutable, inner: argType } as Type : argType;
          if (isInt(arg) && isFloat(param)) continue;
          // A type name (the reference's TypeRef) is a record of this file or accepts anything; an applied generic is compared.
          if (param.k === 'named' && param.applied === undefined) {
            const def = this.structs.get(param.name);
            if (!def) continue;
            param = def;
          }
          if (!unify(arg, param)) {
            this.report('E1002', TYPE_MESSAGES.E1002(display(param), display(argType)), paren);
            return ERROR;
          }
        }
      }
      return fn.ret;
    }
    if (fn.k === 'struct' || fn.k === 'named') return this.structResult(fn);
    return this.vars.fresh();
  }

  /** A constructor call's value: the record type by name. */
  private structResult(fn: Type): Type {
    return fn;
  }

  private instantiateGeneric(generic: GenericTypeDef, args: Type[]): Type {
    const map = new Map<string, Type>();
    generic.typeParams.forEach((p, i) => map.set(p, args[i] ?? this.vars.fresh()));
    const fields = generic.fields.map((f) => ({ ...f, type: instantiate(f.type, map) }));
    return { k: 'struct', name: generic.name, fields, interfaces: [] };
  }

  /**
   * A const-generic constructor's const arguments must be literals of their
   * parameter's kind, before any `Assert` is evaluated (`bounds.rs`,
   * `validate_const_args`): an integer, float or boolean literal of another
   * kind is E1002 naming the kind and the value (`Expected type 'Int', found
   * type '2.5'`), anything else (a variable, `-1`, a string) E1002 naming the
   * reference's compile-time literal and the argument's type as Rust debugs it.
   * The reference gives no span; ours is the argument.
   */
  private checkConstKinds(generic: GenericTypeDef, args: Node[], argTypes: Type[]): boolean {
    for (let i = 0; i < generic.constParams.length; i++) {
      const at = generic.typeParams.length + i;
      let arg = args[at];
      if (!arg) continue;
      const kind = generic.constKinds[i] ?? 'Int';
      // The reference's parser drops parentheses: `(8)` is the literal 8.
      while (arg.type === 'parenthesized_expression' && arg.namedChildCount === 1 && arg.namedChild(0)) arg = arg.namedChild(0)!;
      const literal = LITERAL_KIND[arg.type];
      if (literal === kind) continue;
      const found = literal === undefined ? debugType(argTypes[at]!) : literal === 'Bool' ? arg.text : String(Number(arg.text.replace(/_/g, '')));
      this.report('E1002', TYPE_MESSAGES.E1002(literal === undefined ? COMPILE_TIME_LITERAL : kind, found), arg);
      return false;
    }
    return true;
  }

  /** R23: a const-generic constructor whose literal argument falsifies an `Assert`. */
  private checkConstConstraints(generic: GenericTypeDef, args: Node[]): void {
    const values = new Map<string, number | boolean>();
    generic.constParams.forEach((p, i) => {
      const arg = args[generic.typeParams.length + i];
      const value = arg ? literalValue(arg) : undefined;
      if (value !== undefined) values.set(p, value);
    });
    for (const constraint of generic.constraints) {
      const names = constNames(constraint.expression);
      if (!names.every((n) => values.has(n))) continue;
      if (evaluate(constraint.expression, values) === false) {
        const shown = names.length > 0 ? names[0]! : '';
        this.report('E1062', TYPE_MESSAGES.E1062(shown, String(values.get(shown))), args[generic.typeParams.length + Math.max(0, generic.constParams.indexOf(shown))] ?? args[0]!);
      }
    }
  }
}

/** A global's fact that no later item can change, or UNSTABLE: its type holds a variable a binding may still resolve. */
const UNSTABLE = '?';

function globalFact(info: VarInfo | undefined): string {
  if (!info) return '-';
  // The common case, a declared function: one text per scheme, the same string on every pass, so a memo's comparison is of pointers.
  if (info.scheme && !info.mutable && info.declaredAt === undefined) return schemeFacts.of(info.scheme);
  const head = `${info.mutable ? 'm' : ''}${info.declaredAt ?? ''}`;
  if (info.scheme) return `${head}S${schemeTexts.of(info.scheme)}`;
  return hasVariables(info.type) ? UNSTABLE : `${head}T${describe(info.type)}`;
}

/** All of a global entry: what an item that wrote it left, as the settled pass compares it (variables' numbers included). */
function entryText(info: VarInfo | undefined): string {
  if (!info) return '-';
  const head = `${info.mutable ? 'm' : ''}${info.declaredAt ?? ''}${info.prelude ? 'p' : ''}`;
  return info.scheme ? `${head}S${schemeTexts.of(info.scheme)}:${describe(info.type)}` : `${head}T${describe(info.type)}`;
}

/** A scheme's text as facts compare it. */
const schemeTexts = new FixedTexts((scheme: Scheme) => `${scheme.generics.join(',')}|${describe(scheme.type)}`, (scheme) => scheme.type);
/** The fact of a global that is a scheme and nothing more (not mutable, declared by no statement). */
const schemeFacts = new FixedTexts((scheme: Scheme) => `S${schemeTexts.of(scheme)}`, (scheme) => scheme.type);

/** What the reference's `validate_const_args` expects of a non-literal const argument: "compile-time literal". */
const COMPILE_TIME_LITERAL = '编译期字面量';

/** The literal nodes the reference reads as a const value, by the kind of that value. */
const LITERAL_KIND: Readonly<Record<string, ConstKind>> = { integer: 'Int', float: 'Float', boolean: 'Bool' };

/** A type as the reference's `{:?}` prints its `MonoType` (`Int(64)`, `List(String)`); what it cannot know, as we display it. */
function debugType(t: Type): string {
  const p = prune(t);
  switch (p.k) {
    case 'prim': {
      const width = /^(int|float)(\d+)$/.exec(p.name);
      if (width) return `${width[1] === 'int' ? 'Int' : 'Float'}(${width[2]})`;
      return p.name.charAt(0).toUpperCase() + p.name.slice(1);
    }
    case 'list': return `List(${debugType(p.elem)})`;
    case 'tuple': return `Tuple([${p.items.map(debugType).join(', ')}])`;
    default: return display(p);
  }
}

function literalValue(node: Node): number | boolean | undefined {
  if (node.type === 'integer' || node.type === 'float') {
    const value = Number(node.text.replace(/_/g, ''));
    return Number.isFinite(value) ? value : undefined;
  }
  if (node.type === 'boolean') return node.text === 'true';
  if (node.type === 'unary_expression' && node.childForFieldName('operator')?.text === '-') {
    const operand = node.childForFieldName('operand');
    const v = operand ? literalValue(operand) : undefined;
    return typeof v === 'number' ? -v : undefined;
  }
  return undefined;
}

function constNames(e: ConstExpr): string[] {
  switch (e.k) {
    case 'name': return [e.name];
    case 'binary': return [...new Set([...constNames(e.left), ...constNames(e.right)])];
    case 'unary': return constNames(e.operand);
    default: return [];
  }
}

function evaluate(e: ConstExpr, values: ReadonlyMap<string, number | boolean>): number | boolean | undefined {
  switch (e.k) {
    case 'int': return e.value;
    case 'bool': return e.value;
    case 'name': return values.get(e.name);
    case 'unary': {
      const v = evaluate(e.operand, values);
      if (e.op === '-' && typeof v === 'number') return -v;
      if (e.op === '!' && typeof v === 'boolean') return !v;
      return undefined;
    }
    case 'binary': {
      const l = evaluate(e.left, values);
      const r = evaluate(e.right, values);
      if (l === undefined || r === undefined) return undefined;
      if (typeof l === 'number' && typeof r === 'number') {
        switch (e.op) {
          case '+': return l + r;
          case '-': return l - r;
          case '*': return l * r;
          case '/': return r === 0 ? undefined : Math.trunc(l / r);
          case '%': return r === 0 ? undefined : l % r;
          case '<': return l < r;
          case '<=': return l <= r;
          case '>': return l > r;
          case '>=': return l >= r;
          case '==': return l === r;
          case '!=': return l !== r;
          default: return undefined;
        }
      }
      if (typeof l === 'boolean' && typeof r === 'boolean') {
        if (e.op === 'and') return l && r;
        if (e.op === 'or') return l || r;
        if (e.op === '==') return l === r;
        if (e.op === '!=') return l !== r;
      }
      return undefined;
    }
  }
}

/** `Option(T)` and `Result(T, E)` are the built-in types whatever the file defines (the reference's parser lowers them). */
/** Whether `t` is the record `name` (a generic record's constructor makes it, whatever its arguments). */
function sameRecord(t: Type, name: string): boolean {
  const p = prune(t);
  return p.k === 'struct' && p.name === name;
}

function isBuiltinGeneric(node: Node): boolean {
  const name = node.childForFieldName('name')?.text;
  const count = typeArguments(node.childForFieldName('arguments')).length;
  return (name === 'Option' && count === 1) || (name === 'Result' && count === 2);
}

function isComparison(op: string): boolean {
  return op === '==' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=';
}

function statementsOf(block: Node): Node[] {
  return cleanStatements(block);
}

function expressionsOf(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null && !isComment(c));
}

/** Literals the reference lexes as one token, though the tree gives them parts. */
/**
 * The expression the reference checks in an f-string's `{…}`: it re-parses the text on its own, reads one expression
 * and ignores what follows (`{a b}`, `{a, b}`, `{x!r}`, `{p.y:}` are `a`, `a`, `x`, `p.y`), and takes a `{…}` whose
 * start does not parse as text (`{ }`): syntax.md §2.9. Recovery puts that first expression in an ERROR when what
 * follows it made one.
 */
function interpolated(interpolation: Node): Node | null {
  if (!interpolation.hasError) return interpolation.childForFieldName('expression');
  let first = interpolation.namedChildren.find((c) => c && !isComment(c)) ?? null;
  if (first?.type === 'ERROR') first = first.namedChildren.find((c) => c && !isComment(c)) ?? null;
  // A closer missing inside it (`{double(2, 3}`) is an error the reference's parser records and reads on from: the
  // call stands, and is checked.
  return first && !first.isMissing && (!first.hasError || first.descendantsOfType('ERROR').length === 0) ? first : null;
}

const SINGLE_TOKEN = new Set(['string', 'fstring', 'multiline_string', 'char']);

/** The first token of a statement: the reference's statement span. */
/**
 * The type as the ledger keeps it: the reference's ledger holds the type a
 * variable had at its binding, and later unification (`steps > 0` binding a
 * call's unresolved result to Int) does not reach it, so a variable whose type
 * was still unknown there stays a moved, not copied, value. Copy or move is
 * decided by the outermost constructor only, so freezing that is enough.
 */
function asDeclared(type: Type): Type {
  const now = prune(type);
  return now.k === 'var' ? { k: 'var', id: now.id, bound: undefined } : now;
}

export function firstToken(node: Node): Node {
  let current = node;
  while (current.childCount > 0 && !SINGLE_TOKEN.has(current.type)) {
    const first = current.child(0);
    if (!first) break;
    current = first;
  }
  return current;
}

/** `a`, `a.b.c` as a dotted path, or undefined when the object is anything else. */
function dottedPath(node: Node): string | undefined {
  if (node.type === 'identifier') return node.text;
  if (node.type === 'member_expression') {
    const object = node.childForFieldName('object');
    const field = node.childForFieldName('field');
    const base = object ? dottedPath(object) : undefined;
    return base !== undefined && field ? `${base}.${field.text}` : undefined;
  }
  return undefined;
}

