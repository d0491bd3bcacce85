// Checking files named on a command line: they need not form a project. Each
// target is keyed by the name it is shown under; the project files it imports
// are loaded too (keyed the same way) so that their exports are known.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { globby } from 'globby';
import { analyzeFile } from '../analysis/analyze.ts';
import type { Diagnostic } from '../analysis/diagnostics/types.ts';
import { TypeChecker, type CheckableFile } from '../analysis/infer/index.ts';
import { parseOrThrow } from '../syntax/document.ts';
import { createParser } from '../syntax/language.ts';
import { IGNORED_DIRECTORIES } from '../workspace/disk.ts';
import { isWithin, toPosix } from '../workspace/root.ts';

export interface CheckedDiagnostic extends Diagnostic {
  file: string;
}

export interface CheckedFiles {
  /** The targets' diagnostics, syntax and type, file by file. */
  diagnostics: CheckedDiagnostic[];
  /** Each loaded file's text by its shown name, for excerpts. */
  sources: ReadonlyMap<string, string>;
}

export interface CheckFilesOptions {
  /** The project root: local modules resolve against it for files inside it, else against the file's folder. */
  root: string;
  /** Reads a file's text; its errors (unreadable, not UTF-8) propagate to the caller. */
  read: (absolute: string) => Promise<string>;
  /** How a file is named in diagnostics. */
  display: (absolute: string) => string;
}

export async function checkFiles(absoluteFiles: readonly string[], options: CheckFilesOptions): Promise<CheckedFiles> {
  const parser = await createParser();
  const loaded = new Map<string, CheckableFile>();
  try {
    const load = async (absolute: string, key: string): Promise<CheckableFile> => {
      const text = await options.read(absolute);
      const tree = parseOrThrow(parser, text);
      const base = keyRoot(options.root, absolute);
      const exists = (relative: string) => existsSync(path.join(base, relative)) && relative.endsWith('.yx');
      const file: CheckableFile = { ...analyzeFile(tree, toPosix(path.relative(base, absolute)), text, exists), path: key, tree };
      loaded.set(key, file);
      return file;
    };
    const targets: string[] = [];
    for (const absolute of absoluteFiles) {
      const key = options.display(absolute);
      targets.push(key);
      await load(absolute, key);
    }
    for (const absolute of absoluteFiles) {
      const file = loaded.get(options.display(absolute))!;
      const base = keyRoot(options.root, absolute);
      for (const i of file.imports) {
        if (i.resolved.kind !== 'file') continue;
        const key = options.display(path.join(base, i.resolved.path));
        if (!loaded.has(key)) await load(path.join(base, i.resolved.path), key);
        i.resolved = { kind: 'file', path: key };
      }
    }
    const report = new TypeChecker().check(loaded, { mode: 'fast', targets });
    const wanted = new Set(targets);
    return {
      diagnostics: report.diagnostics.filter((d) => wanted.has(d.file)),
      sources: new Map([...loaded].map(([key, file]) => [key, file.text])),
    };
  } finally {
    for (const file of loaded.values()) file.tree.delete();
    parser.delete();
  }
}

/** Local modules resolve against the project root when the file is inside it, else against the file's folder. */
function keyRoot(root: string, absolute: string): string {
  return isWithin(root, absolute) ? root : path.dirname(absolute);
}

/** Every .yx file named or under a named folder, absolute, sorted, without duplicates; undefined names the first path that does not exist. */
export async function collectFiles(paths: readonly string[]): Promise<{ ok: true; files: string[] } | { ok: false; missing: string }> {
  const files = new Set<string>();
  for (const given of paths) {
    const absolute = path.resolve(given);
    let info;
    try {
      info = await stat(absolute);
    } catch {
      return { ok: false, missing: given };
    }
    if (info.isDirectory()) {
      const found = await globby('**/*.yx', {
        cwd: absolute,
        absolute: true,
        gitignore: true,
        ignore: IGNORED_DIRECTORIES.map((dir) => `**/${dir}/**`),
        followSymbolicLinks: false,
      });
      for (const file of found) files.add(path.normalize(file));
    } else if (absolute.endsWith('.yx')) {
      files.add(absolute);
    }
  }
  return { ok: true, files: [...files].sort() };
}
