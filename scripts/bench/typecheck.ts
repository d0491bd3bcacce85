// Type checking a generated 200-file project: cold (load and check every
// file), then again after a one-line edit to one file, where only that file is
// re-checked (its exports are unchanged, so its importers are not).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TypeChecker } from '../../src/analysis/infer/index.ts';
import { World } from '../../src/workspace/world.ts';
import { formatMs, median } from './stats.ts';
import { moduleSource } from './workspace.ts';

const FILE_COUNT = 200;
const EDITED = 'mod100.yx';

export async function benchTypecheck(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-bench-tc-'));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "bench"\nversion = "0.1.0"\n');
  for (let i = 0; i < FILE_COUNT; i++) writeFileSync(join(dir, `mod${i}.yx`), moduleSource(i));
  try {
    const start = performance.now();
    const world = new World({ root: dir, source: 'explicit' });
    await world.load();
    const files = await world.files();
    if (!files.ok) throw new Error(files.error.message);
    const loaded = performance.now();
    const checker = new TypeChecker();
    const cold = checker.check(files.value, { mode: 'full' });
    const checked = performance.now();
    const coldMs = checked - start;
    log(`project of ${files.value.size} generated files, ${cold.summary.errors} error(s):`);
    log(`  cold: load ${formatMs(loaded - start)} + check ${formatMs(checked - loaded)} = ${formatMs(coldMs)} (${checker.lastChecked.length} files checked)`);

    const original = files.value.get(EDITED)!.text;
    const rechecks: number[] = [];
    let rechecked = 0;
    for (let round = 0; round < 20; round++) {
      const edited = original.replace(/values = \[1, 2, 3, (\d+)\]/, `values = [1, 2, 3, $1, ${round}]`);
      const t = performance.now();
      world.setOverlay(EDITED, edited, round + 1);
      const now = await world.files();
      if (!now.ok) throw new Error(now.error.message);
      checker.check(now.value, { mode: 'full' });
      rechecks.push(performance.now() - t);
      rechecked = checker.lastChecked.length;
    }
    const warm = median(rechecks);
    log(`  after a one-line edit to ${EDITED}: median ${formatMs(warm)} over ${rechecks.length} edits (${rechecked} file re-checked, refresh and re-parse included)`);
    log(`  speed-up: ${(coldMs / warm).toFixed(0)}x`);
    world.dispose();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
