// The files a differential run compares, from the command line's paths, the
// reference's documentation or the generator; each is checked on its own.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { collectFiles } from '../../src/cli/check.ts';

export interface ProgramFile {
  /** How the report names it. */
  name: string;
  absolute: string;
  text: string;
}

export async function filesFromPaths(paths: readonly string[]): Promise<ProgramFile[]> {
  const files = await collectFiles([...paths]);
  return files.map((absolute) => ({ name: path.relative(process.cwd(), absolute) || absolute, absolute, text: readFileSync(absolute, 'utf8') }));
}

/**
 * Whether the file imports a module that is a file beside it (`use util` with
 * util.yx or util/mod.yx in its folder). The reference's `check` never loads
 * local modules (semantics.md §6.3: E1001 at the first use of what they
 * export) while ours resolves them, so such files are counted apart.
 */
export function usesLocalModule(file: ProgramFile): boolean {
  const folder = path.dirname(file.absolute);
  for (const m of file.text.matchAll(/^[ \t]*(?:pub[ \t]+)?use[ \t]+([A-Za-z_][\w.]*)/gm)) {
    const segments = m[1]!.replace(/\.$/, '').split('.');
    if (segments[0] === 'std') continue;
    for (let n = segments.length; n > 0; n--) {
      const relative = path.join(...segments.slice(0, n));
      if (existsSync(path.join(folder, `${relative}.yx`)) || existsSync(path.join(folder, relative, 'mod.yx'))) return true;
    }
  }
  return false;
}
