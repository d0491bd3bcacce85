// Workspace type checking: every file checked with the exports of the project
// files it imports, results cached per file and reused until the file's tree
// or the exports it imports change. Also what an editor asks of the checker:
// the type at a position and the inferred types of unannotated bindings.
import type { Tree } from 'web-tree-sitter';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { ImportInfo } from '../imports.ts';
import { ambiguousUseDiagnostic, ambiguousUses, bindsMain } from '../module-ambiguity.ts';
import { ancestorsAt } from '../../syntax/ancestors.ts';
import { nodeTableOf } from '../../syntax/node-table.ts';
import { runAtOnce, runInTurns } from '../turns.ts';
import type { LineIndex } from '../../syntax/positions.ts';
import { spanKey, type ModuleExports, type ModuleInterface } from './checker.ts';
import { typecheckTree, type FileTypecheck } from './check-file.ts';
import { collectDeclarations, generalize, type FileDeclarations } from './declarations.ts';
import type { Scheme } from './signatures.ts';
import { fileItemMemos, memoHits, type FileItemMemos } from '../incremental/item-memo.ts';
import type { DeclarationMemo } from '../incremental/declaration-items.ts';
import { describe, display, FixedTexts, hasVariables, prune, type Type } from './types.ts';

export { typecheckTree, type FileTypecheck } from './check-file.ts';

/** What the checker needs of a file: the World's FileState satisfies it. */
export interface CheckableFile {
  path: string;
  text: string;
  lines: LineIndex;
  tree: Tree;
  imports: ImportInfo[];
  syntax: Diagnostic[];
}

export interface FileDiagnostic extends Diagnostic {
  file: string;
}

export interface TypecheckReport {
  diagnostics: FileDiagnostic[];
  summary: { errors: number; warnings: number; files: number };
}

export type TypecheckMode = 'fast' | 'full';

export interface CheckOptions {
  mode: TypecheckMode;
  targets?: readonly string[];
}

interface CachedCheck {
  tree: Tree;
  /** The export signatures of the imported project files this result was computed with. */
  dependencies: string;
  result: FileTypecheck;
}

export interface TypeCheckerOptions {
  /**
   * A batch (`yaoxiang check`): each file is checked once and only its
   * diagnostics are read. No per-item memos are kept (nothing is checked
   * again) and the results only editors read (node and binding types,
   * receivers, resolutions) are not made.
   */
  batch?: boolean;
}

export class TypeChecker {
  readonly #batch: boolean;
  readonly #declarations = new WeakMap<Tree, DeclarationsEntry>();
  readonly #checks = new Map<string, CachedCheck>();
  /** Per-item results of each file's last check: an edit re-runs the statement-local layers only on the statements it changed. */
  readonly #itemMemos = new Map<string, FileItemMemos>();
  /** Files (re-)checked by the last call, for tests and benchmarks. */
  lastChecked: string[] = [];
  /** Statement results the last call took from the per-item memos instead of computing them again. */
  lastItemReuse = 0;
  /** Of those, the top-level items whose inference was taken from the memo. */
  lastInferenceReuse = 0;
  /** Of those, the items reused without their facts being read again (the pass was settled: `Checker.settled`). */
  lastSettledReuse = 0;

  constructor(options: TypeCheckerOptions = {}) {
    this.#batch = options.batch === true;
  }

  /**
   * `full`: every file; `fast`: the `targets` and the project files they import.
   * Diagnostics are the syntax ones first, then the checker's, file by file.
   */
  check(files: ReadonlyMap<string, CheckableFile>, options: CheckOptions): TypecheckReport {
    return runAtOnce(this.#checkSteps(files, options));
  }

  /**
   * `check`, giving the event loop a turn every few milliseconds and stopping
   * with `Cancelled` once `signal` aborts. `files` must not change meanwhile.
   */
  checkInTurns(files: ReadonlyMap<string, CheckableFile>, options: CheckOptions, signal?: AbortSignal): Promise<TypecheckReport> {
    return runInTurns(this.#checkSteps(files, options), signal);
  }

  /** Yields after each file; results checked before a cancellation stay cached. */
  *#checkSteps(files: ReadonlyMap<string, CheckableFile>, options: CheckOptions): Generator<void, TypecheckReport> {
    this.lastChecked = [];
    this.lastItemReuse = 0;
    this.lastInferenceReuse = 0;
    this.lastSettledReuse = 0;
    const selected = options.mode === 'full' ? [...files.keys()] : this.#withImports(files, options.targets ?? []);
    let diagnostics: FileDiagnostic[] = [];
    for (const path of selected.sort()) {
      const file = files.get(path);
      if (!file) continue;
      for (const d of file.syntax) diagnostics.push({ ...d, file: path });
      for (const d of this.fileResult(files, file).diagnostics) diagnostics.push({ ...d, file: path });
      yield;
    }
    if (options.mode === 'full') diagnostics = withAmbiguousUses(files, selected, diagnostics);
    for (const path of this.#checks.keys()) if (!files.has(path)) this.#checks.delete(path);
    for (const path of this.#itemMemos.keys()) if (!files.has(path)) this.#itemMemos.delete(path);
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    return { diagnostics, summary: { errors, warnings: diagnostics.filter((d) => d.severity === 'warning').length, files: selected.length } };
  }

  /** One file's checker result, from the cache when neither it nor its imports changed. */
  fileResult(files: ReadonlyMap<string, CheckableFile>, file: CheckableFile): FileTypecheck {
    const dependencies = this.#dependencySignature(files, file);
    const cached = this.#checks.get(file.path);
    if (cached && cached.tree === file.tree && cached.dependencies === dependencies) return cached.result;
    const memos = this.#batch ? undefined : this.#memosOf(file.path);
    const result = typecheckTree(file.tree, file.lines, this.#declarationsOf(file.tree, memos?.declarations).declarations, this.#moduleExports(files, file), memos, !this.#batch);
    this.#checks.set(file.path, { tree: file.tree, dependencies, result });
    this.lastChecked.push(file.path);
    if (memos) {
      this.lastItemReuse += memoHits(memos);
      this.lastInferenceReuse += memos.inference.hits;
      this.lastSettledReuse += memos.inference.settledHits;
    }
    return result;
  }

  #memosOf(path: string): FileItemMemos {
    let memos = this.#itemMemos.get(path);
    if (!memos) this.#itemMemos.set(path, (memos = fileItemMemos()));
    return memos;
  }

  /** The inferred type at a UTF-16 offset: of the innermost expression or binding name there. */
  typeAt(files: ReadonlyMap<string, CheckableFile>, path: string, offset: number): { type: string; range: { start: number; end: number } } | undefined {
    const file = files.get(path);
    if (!file) return undefined;
    const { inference } = this.fileResult(files, file);
    for (const node of ancestorsAt(file.tree, offset)) {
      const type = inference.bindingTypes.get(node.startIndex) && node.type === 'identifier'
        ? inference.bindingTypes.get(node.startIndex)
        : inference.nodeTypes.get(spanKey(node.startIndex, node.endIndex));
      if (type) return { type: display(type), range: { start: node.startIndex, end: node.endIndex } };
    }
    return undefined;
  }

  /** Bindings written without an annotation whose type the checker knows concretely. */
  inferredBindings(files: ReadonlyMap<string, CheckableFile>, path: string): { name: string; end: number; type: string }[] {
    const file = files.get(path);
    if (!file) return [];
    const { inference } = this.fileResult(files, file);
    const hints: { name: string; end: number; type: string }[] = [];
    // The table's rows, not a walk through `Node`s: an editor asks for inlay hints after every keystroke.
    const table = nodeTableOf(file.tree);
    const assignment = table.idOf('assignment');
    const identifier = table.idOf('identifier');
    const left = table.fieldIdOf('left');
    for (let i = 0; i < table.count; i++) {
      if (table.typeId(i) !== assignment) continue;
      const target = table.childInField(i, left);
      if (target === -1 || table.typeId(target) !== identifier) continue;
      const type = inference.bindingTypes.get(table.start(target));
      if (type && isShowable(type)) hints.push({ name: table.text(target), end: table.end(target), type: display(type) });
    }
    return hints;
  }


  /** `memo`: the file's declarations per statement from its last tree (the checked file's own; importers ask for them too). */
  #declarationsOf(tree: Tree, memo?: DeclarationMemo): DeclarationsEntry {
    let entry = this.#declarations.get(tree);
    if (!entry) {
      entry = new DeclarationsEntry(memo ? memo.collect(tree) : collectDeclarations(tree));
      this.#declarations.set(tree, entry);
    }
    return entry;
  }

  #dependencySignature(files: ReadonlyMap<string, CheckableFile>, file: CheckableFile): string {
    const parts: string[] = [];
    for (const i of file.imports) {
      if (i.resolved.kind !== 'file') continue;
      const dependency = files.get(i.resolved.path);
      parts.push(`${i.module}=${dependency ? this.#declarationsOf(dependency.tree).signature : '?'}`);
    }
    return parts.join('\n');
  }

  #moduleExports(files: ReadonlyMap<string, CheckableFile>, file: CheckableFile): ModuleExports {
    const byModule = new Map<string, ModuleInterface>();
    for (const i of file.imports) {
      if (i.resolved.kind !== 'file') continue;
      const dependency = files.get(i.resolved.path);
      if (!dependency) continue;
      const d = this.#declarationsOf(dependency.tree).declarations;
      byModule.set(i.module, { values: d.exports, structs: d.structs, methods: d.methods });
    }
    return (modulePath) => byModule.get(modulePath);
  }

  #withImports(files: ReadonlyMap<string, CheckableFile>, targets: readonly string[]): string[] {
    const selected = new Set<string>();
    for (const target of targets) {
      const file = files.get(target);
      if (!file) continue;
      selected.add(target);
      for (const i of file.imports) if (i.resolved.kind === 'file' && files.has(i.resolved.path)) selected.add(i.resolved.path);
    }
    return [...selected];
  }
}

/**
 * `diagnostics` (file by file, in `order`) with the E5002 of each `use` path
 * that names two files in one program (analysis/module-ambiguity.ts), last
 * among its file's. Only a check of the whole project asks: the programs are
 * walked through every file's imports, which a World works out for a file
 * only when first asked (after the loop above has asked, file by file, in
 * turns; before it, one synchronous pass over every file that a cancellation
 * could not stop).
 */
function withAmbiguousUses(files: ReadonlyMap<string, CheckableFile>, order: readonly string[], diagnostics: FileDiagnostic[]): FileDiagnostic[] {
  const ambiguous = ambiguousUses(files, (path) => bindsMain(files.get(path)!.text));
  if (ambiguous.length === 0) return diagnostics;
  for (const use of ambiguous) diagnostics.push({ ...ambiguousUseDiagnostic(use, files.get(use.file)!.lines), file: use.file });
  const index = new Map(order.map((path, i) => [path, i]));
  return diagnostics.sort((a, b) => index.get(a.file)! - index.get(b.file)!);
}

function isShowable(type: Type): boolean {
  const p = prune(type);
  return p.k !== 'error' && p.k !== 'fn' && !hasVariables(p);
}

/** A tree's declarations; their export signature is made when an importer first asks (an edited file without importers never does). */
class DeclarationsEntry {
  readonly declarations: FileDeclarations;
  #signature: string | undefined;
  constructor(declarations: FileDeclarations) {
    this.declarations = declarations;
  }
  get signature(): string {
    return (this.#signature ??= exportSignature(this.declarations));
  }
}

/** A stable text for a file's exports and methods: importers are re-checked only when it changes. */
function exportSignature({ exports, methods }: FileDeclarations): string {
  const parts: string[] = [];
  exports.forEach((scheme, name) => parts.push(`${name}:${schemeSignatures.of(scheme)}`));
  methods.forEach((scheme, name) => parts.push(`method ${name}:${schemeSignatures.of(scheme)}`));
  return parts.sort().join(';');
}

/** Each scheme's part of a signature. */
const schemeSignatures = new FixedTexts((scheme: Scheme) => {
  const general = generalize(scheme);
  return `[${general.generics.join(',')}]${describe(general.type)}`;
}, (scheme) => scheme.type);
