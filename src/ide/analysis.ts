// Analysis: what every front end may ask of one immutable snapshot of a workspace.
// Each call is plain data in, plain data out, over files that do not change for
// the snapshot's life (the host hands out a new snapshot after a change). The
// positions are offsets into a file's text; adapters convert to their protocol.
import { completionsAt, type CompletionCandidate } from '../analysis/editor/completion.ts';
import { quickFixes, type QuickFix } from '../analysis/editor/fixes.ts';
import { hoverAt, type HoverInfo } from '../analysis/editor/hover.ts';
import { inlayHints, type InlayHintInfo } from '../analysis/editor/inlay.ts';
import { documentOutline, type OutlineItem } from '../analysis/editor/outline.ts';
import { signatureAt, type SignatureHelpInfo } from '../analysis/editor/signature.ts';
import { foldingRanges, selectionRanges, type FoldInfo } from '../analysis/editor/structure.ts';
import { nameSpanAt } from '../analysis/editor/target.ts';
import { semanticTokens, type SemanticToken } from '../analysis/editor/tokens.ts';
import type { Diagnostic } from '../analysis/diagnostics/types.ts';
import type { TypecheckMode, TypecheckReport, TypeChecker } from '../analysis/infer/index.ts';
import type { SymbolKind, Span } from '../analysis/model/types.ts';
import { findReferences, kindAtUse, targetAt, type Location, type SymbolIndex, type SymbolInfo } from '../analysis/navigation.ts';
import { parseReferenceQuery, referencesForQuery, type ReferenceQuery } from '../analysis/reference-query.ts';
import type { MembersOf } from '../analysis/receivers.ts';
import { prepareRenameInWorkspace, refusal, RENAME_CODES, renameInWorkspace, type PreparedRename, type WorkspaceRenameResult } from '../analysis/rename/index.ts';
import type { HumanPosition, HumanRange } from '../syntax/positions.ts';
import { resolveInProject } from '../workspace/root.ts';
import type { FileProblem, FileState } from '../workspace/world.ts';
import type { ManifestProblem } from '../workspace/manifest.ts';

/** One `use` of a file and what its module resolves to. */
export interface ImportListing {
  module: string;
  items: { name: string; alias?: string; is_public: boolean }[];
  alias?: string;
  is_public: boolean;
  resolved: FileState['imports'][number]['resolved'];
  range: HumanRange;
}

/** A workspace type check, with the project files that could not be read among its findings. */
export interface WorkspaceTypecheck extends TypecheckReport {
  /** Files the check should have seen but could not read: all of them in full mode, the targets' imports in fast mode. */
  problems: FileProblem[];
}

export type PathResolution =
  | { kind: 'file'; file: FileState }
  | { kind: 'outside'; message: string }
  | { kind: 'problem'; problem: FileProblem }
  | { kind: 'unknown'; relative: string };

export class Analysis {
  readonly root: string;
  readonly files: ReadonlyMap<string, FileState>;
  readonly problems: ReadonlyMap<string, FileProblem>;
  /** What is wrong with the project's yaoxiang.toml (the settings it could not give are at their defaults). */
  readonly manifestProblems: readonly ManifestProblem[];
  readonly #checker: TypeChecker;
  readonly #index: () => Promise<SymbolIndex>;

  constructor(root: string, files: ReadonlyMap<string, FileState>, problems: ReadonlyMap<string, FileProblem>, checker: TypeChecker, index: () => Promise<SymbolIndex>, manifestProblems: readonly ManifestProblem[] = []) {
    this.root = root;
    this.files = files;
    this.problems = problems;
    this.manifestProblems = manifestProblems;
    this.#checker = checker;
    this.#index = index;
  }

  file(path: string): FileState | undefined {
    return this.files.get(path);
  }

  /** The files and folders of the project the snapshot could not read, by path. */
  problemsByPath(): FileProblem[] {
    return [...this.problems.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  /** A path as the user gave it (relative to the root, or absolute): a file of the snapshot, or why not. */
  resolve(given: string): PathResolution {
    const resolved = resolveInProject(this.root, given);
    if (!resolved.ok) return { kind: 'outside', message: resolved.error.message };
    const file = this.files.get(resolved.value.relative);
    if (file) return { kind: 'file', file };
    const problem = this.problems.get(resolved.value.relative) ?? this.#unreadableFolderOf(resolved.value.relative);
    return problem ? { kind: 'problem', problem } : { kind: 'unknown', relative: resolved.value.relative };
  }

  async symbols(query: string, options: { kinds?: readonly SymbolKind[]; limit?: number; file?: string } = {}): Promise<{ symbols: SymbolInfo[]; total: number }> {
    return (await this.#index()).lookup(query, options);
  }

  /** `name`, `Type.member`, `file.yx:name` or `file.yx:line:col`; the file part must already be a path of the snapshot. */
  references(query: ReferenceQuery): Location[] {
    return referencesForQuery(this.files, query, this.#members);
  }

  referencesAt(path: string, offset: number): Location[] | undefined {
    const target = targetAt(this.files, path, offset, this.#members);
    return target ? findReferences(this.files, target, this.#members) : undefined;
  }

  /** The checker's receiver types of a file's member accesses (checked on demand, cached by the checker). */
  readonly #members: MembersOf = (path) => {
    const file = this.files.get(path);
    if (!file) return undefined;
    const { receivers, structModules } = this.#checker.fileResult(this.files, file).inference;
    return { receivers, structModules };
  };

  hasTargetAt(path: string, offset: number): boolean {
    return targetAt(this.files, path, offset) !== undefined;
  }

  imports(path: string): ImportListing[] | undefined {
    const file = this.files.get(path);
    return file?.imports.map((i) => ({
      module: i.module,
      items: i.items.map((item) => ({ name: item.name, ...(item.alias ? { alias: item.alias } : {}), is_public: item.isPublic })),
      ...(i.alias ? { alias: i.alias } : {}),
      is_public: i.items.some((item) => item.isPublic),
      resolved: i.resolved,
      range: file.lines.humanRange(i.span.start, i.span.end),
    }));
  }

  /** Diagnostics of `targets` (every file in full mode), giving the event loop turns and stopping once `signal` aborts. */
  async typecheck(options: { mode: TypecheckMode; targets: readonly string[] }, signal?: AbortSignal): Promise<WorkspaceTypecheck> {
    const report = await this.#checker.checkInTurns(this.files, options, signal);
    return { ...report, problems: options.mode === 'full' ? [...this.problems.values()] : this.#importedProblems(options.targets) };
  }

  /** One file's diagnostics, syntax and type, checked at once. */
  diagnostics(path: string): Diagnostic[] {
    return this.#checker.check(this.files, { mode: 'fast', targets: [path] }).diagnostics.filter((d) => d.file === path);
  }

  hover(path: string, offset: number): HoverInfo | undefined {
    return hoverAt(this.files, path, offset, (at) => this.#checker.typeAt(this.files, path, at)?.type);
  }

  completion(path: string, offset: number): CompletionCandidate[] {
    return completionsAt(this.files, path, offset);
  }

  signature(path: string, offset: number): SignatureHelpInfo | undefined {
    const file = this.files.get(path);
    return file ? signatureAt(this.files, path, file.tree, offset) : undefined;
  }

  inlayHints(path: string, within: Span): InlayHintInfo[] {
    const file = this.files.get(path);
    return file ? inlayHints(this.files, path, file.tree, this.#checker.inferredBindings(this.files, path), within) : [];
  }

  outline(path: string): OutlineItem[] {
    const file = this.files.get(path);
    return file ? documentOutline(file.model) : [];
  }

  /** The file's semantic tokens; `within`: only those that overlap it. */
  semanticTokens(path: string, within?: Span): SemanticToken[] {
    const file = this.files.get(path);
    return file ? semanticTokens(file.tree, file.model, (binding) => kindAtUse(this.files, path, binding), within) : [];
  }

  folds(path: string): FoldInfo[] {
    const file = this.files.get(path);
    return file ? foldingRanges(file.tree, file.lines) : [];
  }

  selections(path: string, offsets: readonly number[]): Span[][] {
    const file = this.files.get(path);
    return file ? selectionRanges(file.tree, offsets) : [];
  }

  quickFixes(path: string, diagnostics: readonly Diagnostic[]): QuickFix[] {
    const file = this.files.get(path);
    return file ? quickFixes(file, diagnostics) : [];
  }

  /** The name under the cursor, if a rename could start there. */
  renameSpanAt(path: string, offset: number): Span | undefined {
    const file = this.files.get(path);
    return file ? nameSpanAt(file, offset) : undefined;
  }

  prepareRename(path: string, offset: number): Promise<PreparedRename> {
    return prepareRenameInWorkspace(this.files, path, this.files.get(path)!.lines.toHuman(offset), this.#members);
  }

  rename(path: string, offset: number, newName: string): Promise<WorkspaceRenameResult> {
    return this.renameAt(path, this.files.get(path)!.lines.toHuman(offset), newName);
  }

  /**
   * `at`: a 1-based position or a name (`Type.member` for a member), as the
   * command line gives them. Refused while a project file cannot be read: it
   * may use the name, and renaming the rest would leave it pointing at nothing.
   */
  renameAt(path: string, at: HumanPosition | string, newName: string): Promise<WorkspaceRenameResult> {
    const unread = this.problemsByPath();
    if (unread.length > 0) {
      const first = unread[0]!;
      const more = unread.length > 1 ? ` and ${unread.length - 1} more` : '';
      const message = `${first.file} (${first.code}: ${first.message})${more} could not be read; a file of the project the rename cannot see may use the name, so nothing is renamed`;
      return Promise.resolve({ changes: [], diagnostics: [refusal(RENAME_CODES.incompleteProject, message, undefined, 'fix or remove the file, then rename again')] });
    }
    return renameInWorkspace(this.files, path, at, newName, this.#members);
  }

  /** The unreadable folder (a problem keyed `dir/`) a path lies in, if any: the walk never saw the files there. */
  #unreadableFolderOf(relative: string): FileProblem | undefined {
    for (let slash = relative.lastIndexOf('/'); slash > 0; slash = relative.lastIndexOf('/', slash - 1)) {
      const problem = this.problems.get(relative.slice(0, slash + 1));
      if (problem) return problem;
    }
    // The root itself could not be listed.
    return this.problems.get('./');
  }

  /** In fast mode, the unreadable project files the targets import: their absence explains the targets' errors. */
  #importedProblems(targets: readonly string[]): FileProblem[] {
    const found = new Map<string, FileProblem>();
    for (const target of targets) {
      for (const i of this.files.get(target)?.imports ?? []) {
        const problem = i.resolved.kind === 'file' ? this.problems.get(i.resolved.path) : undefined;
        if (problem) found.set(problem.file, problem);
      }
    }
    return [...found.values()];
  }
}

export { parseReferenceQuery, type ReferenceQuery };
