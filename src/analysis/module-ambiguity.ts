// One module name, two files in one program. The reference's project build
// (module/orchestrator.rs `discover`) follows `use` from the file it runs,
// breadth first, and keys each module by its `use` path, whichever folder it
// was found in (the importer's, then the project root's). When a path it has
// not seen arrives under a key it has (`use helpers` from main.yx is
// helpers.yx, from app/core.yx it is app/helpers.yx), it stops the build:
// "模块 `helpers` 解析歧义" (ambiguous), with no code. Its `check` loads no
// local module, so only `run` says so; a project that passes our check
// would not run. We report it as E5002 (import error, registered and never
// reported by the reference) on the `use` that brought the second file.
import type { LineIndex } from '../syntax/positions.ts';
import type { Diagnostic } from './diagnostics/types.ts';
import type { ImportInfo } from './imports.ts';
import type { Span } from './model/types.ts';

/** What the pass needs of a file. */
export interface ImportingFile {
  path: string;
  imports: readonly ImportInfo[];
}

/** A top-level `main` binding, read off the text (asked only when some `use` path names two files). */
export function bindsMain(text: string): boolean {
  return /^main[ \t]*[:=]/m.test(text);
}

export interface AmbiguousUse {
  /** The file whose `use` brought the second file under the key. */
  file: string;
  span: Span;
  module: string;
  /** The file the key already named in that program, and the program's first file. */
  first: string;
  second: string;
  entry: string;
}

/**
 * Ambiguous `use`s of every program in `files`. A program starts at a file
 * that binds `main` and that no other file imports (cycles with no such file
 * are not walked; a stray file with no `main` is not run, so starts nothing).
 * Only a key that names two files somewhere can be ambiguous; without one (nearly
 * every project) nothing is walked. Each program stops at its first one, as
 * the reference's build does, and the walks together visit at most a bounded
 * multiple of the imports, so a project of many programs stays linear.
 * `runnable`: whether a file binds `main` at its top level (asked only of
 * files no other imports, and only when some path names two files).
 */
export function ambiguousUses(files: ReadonlyMap<string, ImportingFile>, runnable: (path: string) => boolean = () => true): AmbiguousUse[] {
  // The file each key names first, and whether some key names two: in nearly every project none does, and nothing is walked.
  const pathOf = new Map<string, string>();
  const imported = new Set<string>();
  let imports = 0;
  let twoFiles = false;
  for (const file of files.values()) {
    for (const use of file.imports) {
      if (use.resolved.kind !== 'file') continue;
      imports++;
      imported.add(use.resolved.path);
      const named = pathOf.get(use.module);
      if (named === undefined) pathOf.set(use.module, use.resolved.path);
      else if (named !== use.resolved.path) twoFiles = true;
    }
  }
  // Or a key naming another file than a program's first file, whose key its name is.
  const entryNamed = (entry: string) => !imported.has(entry) && (pathOf.get(entryKey(entry)) ?? entry) !== entry;
  if (!twoFiles && ![...files.keys()].some(entryNamed)) return [];
  const found = new Map<string, AmbiguousUse>();
  let budget = 16 * (files.size + imports);
  for (const entry of [...files.keys()].sort()) {
    if (imported.has(entry) || !runnable(entry)) continue;
    const visited = new Set<string>();
    const keyToPath = new Map<string, string>();
    const queue: Array<{ path: string; key: string; from?: { file: string; use: ImportInfo } }> = [{ path: entry, key: entryKey(entry) }];
    for (let next = 0; next < queue.length && budget > 0; next++, budget--) {
      const { path, key, from } = queue[next]!;
      if (visited.has(path)) continue;
      visited.add(path);
      const first = keyToPath.get(key);
      if (first !== undefined && from) {
        const at = `${from.file}:${from.use.span.start}`;
        if (!found.has(at)) found.set(at, { file: from.file, span: from.use.span, module: key, first, second: path, entry });
        break;
      }
      keyToPath.set(key, path);
      for (const use of files.get(path)?.imports ?? []) {
        if (use.resolved.kind === 'file') queue.push({ path: use.resolved.path, key: use.module, from: { file: path, use } });
      }
    }
  }
  return [...found.values()];
}

/** The entry's key: its file name without `.yx`, or its folder's for a `mod.yx`. */
function entryKey(path: string): string {
  const parts = path.split('/');
  const stem = parts.at(-1)!.replace(/\.yx$/, '');
  return stem === 'mod' && parts.length > 1 ? parts.at(-2)! : stem;
}

/** E5002 on the `use`, in the reference's text ("Failed to import module '{module}': {reason}"), the reason saying which two files. */
export function ambiguousUseDiagnostic(use: AmbiguousUse, lines: LineIndex): Diagnostic {
  return {
    code: 'E5002',
    severity: 'error',
    message: `Failed to import module '${use.module}': in the program of ${use.entry} it is already ${use.first}, and this use names ${use.second} (the importer's folder and the project root both hold a module of that name; rename one)`,
    range: lines.humanRange(use.span.start, use.span.end),
  };
}
