import { readdirSync } from 'node:fs';
import { join } from 'node:path';

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
