// A generated project of `files` modules (each importing the one before it, as
// the benchmarks' are), for tests that need the server busy for a while.
// `padding` adds that many bytes of generated code to each module: more work
// for the checker per file, while a re-stat of the project costs the same.
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateYaoXiang } from '../../scripts/bench/generate.ts';
import { moduleSource } from '../../scripts/bench/workspace.ts';

export function bigProject(files: number, options: { padding?: number } = {}): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-big-')));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "big"\nversion = "0.1.0"\n');
  // Without its `use` line: the module's own imports stay the only ones.
  const padding = options.padding ? generateYaoXiang(options.padding).split('\n').slice(1).join('\n') : '';
  for (let i = 0; i < files; i++) writeFileSync(join(dir, `mod${i}.yx`), moduleSource(i) + padding);
  return dir;
}
