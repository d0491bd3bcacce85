// Workspace benchmarks: loading a generated 1,000-file project into the World,
// its memory, and symbol lookup and reference latency on it.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { findReferences, targetsNamed } from '../../src/analysis/navigation.ts';
import { World } from '../../src/workspace/world.ts';
import { formatMs, median, percentile } from './stats.ts';
import { buildFileModelByWalk } from './walk-model.ts';

const FILE_COUNT = 1000;

export function moduleSource(i: number): string {
  const dep = i === 0 ? '' : `use mod${i - 1}.{total${i - 1}, Shape${i - 1}}\n`;
  return `// module ${i}
use std.{io, math}
${dep}
pub Shape${i}: Type = { width: Float, height: Float, label: String }

pub Shape${i}.area: (self: &Shape${i}) -> Float = (self) => self.width * self.height

pub total${i}: (xs: List(Int)) -> Int = (xs) => {
    mut sum = 0
    for x in xs {
        sum = sum + x
    }
    return sum
}

pub describe${i} = (n: Int) => match n {
    0 => "zero",
    _ => f"many {n}",
}

main${i} = {
    s = Shape${i}(width=1.0, height=2.0, label="s${i}")
    io.println(s.area())
    values = [1, 2, 3, ${i}]
    io.println(total${i}(values))
${i === 0 ? '' : `    io.println(total${i - 1}([4, 5, ${i}]))\n`}}
`;
}

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

export async function benchWorkspace(log: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-bench-ws-'));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "bench"\nversion = "0.1.0"\n');
  for (let i = 0; i < FILE_COUNT; i++) {
    const sub = join(dir, `pkg${Math.floor(i / 100)}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(i < 100 ? dir : sub, `mod${i}.yx`), moduleSource(i));
  }
  global.gc?.();
  const before = process.memoryUsage();
  const start = performance.now();
  const world = new World({ root: dir, source: 'explicit' });
  await world.load();
  const files = await world.files();
  if (!files.ok) throw new Error(files.error.message);
  const index = await world.symbolIndex();
  if (!index.ok) throw new Error(index.error.message);
  const loadMs = performance.now() - start;
  global.gc?.();
  const after = process.memoryUsage();
  log(`workspace of ${files.value.size} generated files (${index.value.size} symbols):`);
  log(`  load (discover, parse, analyse, index)  ${formatMs(loadMs)}`);
  log(`  memory retained after load (settled, not a peak; the peak of check on 1,000 files is in the check section): RSS +${((after.rss - before.rss) / 1e6).toFixed(1)} MB, JS heap +${((after.heapUsed - before.heapUsed) / 1e6).toFixed(1)} MB${global.gc ? '' : ' (run node --expose-gc for settled numbers)'}`);

  const queries = ['total500', 'shape', 'Shape7.area', 'desc', 'tl9', 'area', 'sum', 'main999', 'xyz', 'label'];
  const times: number[] = [];
  for (let round = 0; round < 30; round++) {
    for (const query of queries) {
      const t = performance.now();
      index.value.lookup(query, { limit: 50 });
      times.push(performance.now() - t);
    }
  }
  log(`  lookupSymbol, ${times.length} queries: median ${formatMs(median(times))}, p95 ${formatMs(percentile(times, 95))}`);

  const refTimes: number[] = [];
  for (let round = 0; round < 20; round++) {
    const t = performance.now();
    for (const target of targetsNamed(files.value, `total${round * 37}`)) findReferences(files.value, target);
    refTimes.push(performance.now() - t);
  }
  log(`  findReferences of an exported function, ${refTimes.length} runs: median ${formatMs(median(refTimes))}, p95 ${formatMs(percentile(refTimes, 95))}`);

  const memberTimes: number[] = [];
  for (let round = 0; round < 20; round++) {
    const t = performance.now();
    for (const target of targetsNamed(files.value, `Shape${round * 37}.area`)) findReferences(files.value, target);
    memberTimes.push(performance.now() - t);
  }
  log(`  findReferences of a method (types by definition), ${memberTimes.length} runs: median ${formatMs(median(memberTimes))}, p95 ${formatMs(percentile(memberTimes, 95))}`);

  // The binding model built from the captures of queries/ next to the hand-written walk it replaced
  // (issue 20: no more than 1.5x the walk), interleaved, in CPU time.
  const trees = [...files.value.values()].map((f) => f.tree);
  const fromQueries: number[] = [];
  const byWalk: number[] = [];
  for (let round = 0; round < 7; round++) {
    byWalk.push(cpuMs(() => { for (const tree of trees) buildFileModelByWalk(tree); }));
    fromQueries.push(cpuMs(() => { for (const tree of trees) buildFileModel(tree); }));
  }
  log(`  binding model of all files, CPU median of ${fromQueries.length}: from queries ${formatMs(median(fromQueries))}, the former walk ${formatMs(median(byWalk))} (×${(median(fromQueries) / median(byWalk)).toFixed(2)}; goal ≤ 1.5)`);
  world.dispose();
  rmSync(dir, { recursive: true, force: true });
}
