import { mkdirSync, mkdtempSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Writes `files` (relative path → text) under a fresh temporary folder named from `prefix`; returns it, links resolved. */
export function writeTree(prefix: string, files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, relative)), { recursive: true });
    writeFileSync(join(dir, relative), text);
  }
  return dir;
}

/** Every `.yx` file below `dir`, sorted, without following symlinks. */
export function listYxFiles(dir: string): string[] {
  const found: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile() && entry.name.endsWith('.yx')) found.push(path);
    }
  }
  return found.sort();
}
