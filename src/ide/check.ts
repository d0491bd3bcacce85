// Checking files named on a command line: they need not form a project. Each
// target is keyed by the name it is shown under; the project files it imports
// are loaded too (keyed the same way) so that their exports are known.
//
// One target at a time (its file read a few targets ahead, so that a reader
// that waits on the thread pool overlaps the checking: the CLI's reads were
// once a quarter of the wall time on 1,000 files, and are now synchronous
// system calls that cost less than the trip), and only what its diagnostics need: its syntax
// diagnostics, its imports and the type checker's verdict (no binding model,
// which navigation needs and `check` does not), and no type checks of imported
// files that are not targets (their diagnostics were never shown). A target's
// tree is freed once it is checked, and its text is handed to `onFile` and
// not kept; only files some target imports stay loaded, for the importers
// after it. Checking 1,000 files this way holds a few trees, not 1,000 trees,
// their texts and their analyses.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { syntaxDiagnostics } from '../analysis/diagnostics/syntax.ts';
import type { Diagnostic } from '../analysis/diagnostics/types.ts';
import { listImports } from '../analysis/imports.ts';
import { ambiguousUseDiagnostic, ambiguousUses, bindsMain, type ImportingFile } from '../analysis/module-ambiguity.ts';
import { TypeChecker, type CheckableFile } from '../analysis/infer/index.ts';
import { parseOrThrow } from '../syntax/document.ts';
import { createParser } from '../syntax/language.ts';
import { releaseNodeTable } from '../syntax/node-table.ts';
import { LineIndex } from '../syntax/positions.ts';
import { listSources } from '../workspace/disk.ts';
import { describeError, isGone } from '../workspace/file-access.ts';
import { isWithin, toPosix } from '../workspace/root.ts';

export interface CheckedDiagnostic extends Diagnostic {
  file: string;
}

export interface CheckedFiles {
  /** The targets' diagnostics, syntax and type, file by file in the order of their shown names. */
  diagnostics: CheckedDiagnostic[];
}

/** One checked target, as soon as it is checked: its shown name, its text (for excerpts) and its diagnostics. */
export type CheckedFileListener = (file: string, text: string, diagnostics: readonly CheckedDiagnostic[]) => void;

export interface CheckFilesOptions {
  /** The project root: local modules resolve against it for files inside it, else against the file's folder. */
  root: string;
  /** Reads a file's text; its errors (unreadable, not UTF-8) propagate to the caller. */
  read: (absolute: string) => Promise<string>;
  /** How a file is named in diagnostics. */
  display: (absolute: string) => string;
  /** Called for each target in order, as soon as it is checked; at most READ_AHEAD later targets have been read by then. */
  onFile?: CheckedFileListener;
}

/** How many targets past the current one may be read before it is checked. */
export const READ_AHEAD = 8;

export async function checkFiles(absoluteFiles: readonly string[], options: CheckFilesOptions): Promise<CheckedFiles> {
  const parser = await createParser();
  const checker = new TypeChecker({ batch: true });
  /** Files a target imports, by shown name: every later importer reads their exports. */
  const imported = new Map<string, CheckableFile>();
  const diagnostics: CheckedDiagnostic[] = [];
  /** Each target's imports, resolved to shown names: the programs the targets make, walked at the end. */
  const targetImports = new Map<string, ImportingFile & { absolute: string; runnable: boolean }>();
  let current: CheckableFile | undefined;
  /** Reads started ahead, by absolute path, each taken by the first load of that file. */
  const pending = new Map<string, Promise<string>>();
  const read = (absolute: string): Promise<string> => {
    const started = pending.get(absolute);
    pending.delete(absolute);
    return started ?? options.read(absolute);
  };
  const load = async (absolute: string, key: string): Promise<CheckableFile> => {
    const text = await read(absolute);
    const tree = parseOrThrow(parser, text);
    const base = keyRoot(options.root, absolute);
    const exists = (relative: string) => existsSync(path.join(base, relative)) && relative.endsWith('.yx');
    const lines = new LineIndex(text);
    return { path: key, text, lines, tree, imports: listImports(tree, toPosix(path.relative(base, absolute)), exists), syntax: syntaxDiagnostics(tree, text, lines) };
  };
  try {
    const targets = absoluteFiles.map((absolute) => ({ absolute, key: options.display(absolute) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    let readsStarted = 0;
    for (const [index, { absolute, key }] of targets.entries()) {
      for (; readsStarted < Math.min(targets.length, index + 1 + READ_AHEAD); readsStarted++) {
        const ahead = targets[readsStarted]!;
        if (imported.has(ahead.key) || pending.has(ahead.absolute)) continue;
        const text = options.read(ahead.absolute);
        // Its error, if any, is thrown when its turn comes, in the order of the targets.
        text.catch(() => undefined);
        pending.set(ahead.absolute, text);
      }
      const file = (current = imported.get(key) ?? (await load(absolute, key)));
      // The target and what it imports: all the checker reads for it.
      const scope = new Map([[key, file]]);
      const base = keyRoot(options.root, absolute);
      for (const i of file.imports) {
        if (i.resolved.kind !== 'file') continue;
        const dependency = path.join(base, i.resolved.path);
        const dependencyKey = options.display(dependency);
        const loaded = dependencyKey === key ? file : imported.get(dependencyKey) ?? (await load(dependency, dependencyKey));
        imported.set(dependencyKey, loaded);
        scope.set(dependencyKey, loaded);
        i.resolved = { kind: 'file', path: dependencyKey };
      }
      targetImports.set(key, { path: key, imports: file.imports, absolute, runnable: bindsMain(file.text) });
      const found = [...file.syntax, ...checker.fileResult(scope, file).diagnostics].map((d) => ({ ...d, file: key }));
      for (const d of found) diagnostics.push(d);
      options.onFile?.(key, file.text, found);
      // check() drops the cached results of files it is not given: keep only the imported files'.
      checker.check(imported, { mode: 'fast', targets: [] });
      current = undefined;
      if (imported.get(key) !== file) {
        releaseNodeTable(file.tree);
        file.tree.delete();
      }
    }
    return { diagnostics: await withAmbiguousUses(diagnostics, targetImports, options) };
  } finally {
    for (const file of imported.values()) file.tree.delete();
    if (current && imported.get(current.path) !== current) current.tree.delete();
    parser.delete();
  }
}

/**
 * The targets' diagnostics with the E5002 of a module name that names two
 * files in one program (analysis/module-ambiguity.ts), which only the whole
 * project shows: each is told to the listener once every file is checked,
 * and placed with its file's diagnostics.
 */
async function withAmbiguousUses(diagnostics: CheckedDiagnostic[], targets: ReadonlyMap<string, ImportingFile & { absolute: string; runnable: boolean }>, options: CheckFilesOptions): Promise<CheckedDiagnostic[]> {
  const ambiguous = ambiguousUses(targets, (key) => targets.get(key)!.runnable);
  if (ambiguous.length === 0) return diagnostics;
  for (const use of ambiguous) {
    const target = targets.get(use.file)!;
    // Read again for its line: the file's text was let go once it was checked. Gone since, it has nothing to say.
    const text = await options.read(target.absolute).catch(() => undefined);
    if (text === undefined) continue;
    const found: CheckedDiagnostic = { ...ambiguousUseDiagnostic(use, new LineIndex(text)), file: use.file };
    diagnostics.push(found);
    options.onFile?.(use.file, text, [found]);
  }
  const order = new Map([...targets.keys()].map((key, index) => [key, index]));
  return diagnostics.sort((a, b) => order.get(a.file)! - order.get(b.file)!);
}

/** Local modules resolve against the project root when the file is inside it, else against the file's folder. */
function keyRoot(root: string, absolute: string): string {
  return isWithin(root, absolute) ? root : path.dirname(absolute);
}

export type CollectedFiles =
  | { ok: true; files: string[] }
  /** A path named that does not exist. */
  | { ok: false; missing: string }
  /** A path named, or a folder below one, that could not be examined or listed (permission denied, say), and why. */
  | { ok: false; unreadable: string; reason: string };

/** Every .yx file named or under a named folder, absolute, sorted, without duplicates; or the first path that stops the walk. */
export async function collectFiles(paths: readonly string[]): Promise<CollectedFiles> {
  const files = new Set<string>();
  for (const given of paths) {
    const absolute = path.resolve(given);
    let info;
    try {
      info = await stat(absolute);
    } catch (error) {
      return isGone(error) ? { ok: false, missing: given } : { ok: false, unreadable: absolute, reason: describeError(error) };
    }
    if (info.isDirectory()) {
      let found;
      try {
        // Skipping a folder it cannot read would pass a check of files never seen.
        found = await listSources(absolute, 'tree', 'throw');
      } catch (error) {
        // The walk names the folder it failed in, or (the named folder itself failing) the pattern it was matching.
        const where = (error as NodeJS.ErrnoException).path;
        return { ok: false, unreadable: where === undefined || /[*?[\]{}]/.test(where) ? absolute : path.resolve(absolute, where), reason: describeError(error) };
      }
      for (const file of found.files) files.add(path.join(absolute, file));
    } else if (absolute.endsWith('.yx')) {
      files.add(absolute);
    }
  }
  return { ok: true, files: [...files].sort() };
}
