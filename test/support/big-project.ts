// A generated project of `files` modules (each importing the one before it, as
// the benchmarks' are), for tests that need the server busy for a while.
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moduleSource } from '../../scripts/bench/workspace.ts';

export function bigProject(files: number): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-big-')));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "big"\nversion = "0.1.0"\n');
  for (let i = 0; i < files; i++) writeFileSync(join(dir, `mod${i}.yx`), moduleSource(i));
  return dir;
}
