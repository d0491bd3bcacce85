// The racy counterpart of faults.test.ts: a generated 2,000-file project loses
// half its files (and has others renamed or broken) while the first index is
// still running, at whatever moments the race gives. Nothing may crash, and
// afterwards the World and every workspace tool agree with the disk.
import assert from 'node:assert/strict';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Host } from '../../src/mcp/host.ts';
import { callTool } from '../../src/mcp/server.ts';
import type { AnalysisHost } from '../../src/ide/index.ts';
import { World, type FileState } from '../../src/workspace/world.ts';
import { bigProject } from '../support/big-project.ts';
import { listYxFiles } from '../support/files.ts';

const signal = new AbortController().signal;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** What the checks below read of a workspace: a World, or an analysis host seen through its snapshots. */
type Watched = Pick<World, 'status' | 'problems' | 'files'>;

function watchedHost(host: AnalysisHost): Watched {
  return {
    get status() { return host.status; },
    get problems() { return host.problems; },
    files: async () => {
      const snapshot = await host.snapshot();
      return snapshot.ok ? { ok: true, value: snapshot.value.files } : snapshot;
    },
  };
}

/** Deletes the odd modules, renames every tenth even one and breaks every tenth after it, a few at a time between turns. */
async function churn(dir: string, files: number, world: Watched): Promise<{ whileIndexing: number }> {
  let whileIndexing = 0;
  for (let i = 1; i < files; i += 2) {
    const file = path.join(dir, `mod${i}.yx`);
    if (i % 20 === 1) renameSync(path.join(dir, `mod${i - 1}.yx`), path.join(dir, `renamed${i - 1}.yx`));
    if (i % 20 === 3) writeFileSync(path.join(dir, `mod${i - 1}.yx`), Buffer.from([0x70, 0x75, 0x62, 0xff]));
    rmSync(file);
    if (world.status.state === 'indexing') whileIndexing++;
    if (i % 16 === 15) await nextTurn();
  }
  return { whileIndexing };
}

/** The World holds exactly the readable .yx files on disk, each as it is now; the broken ones are its problems. */
async function assertMatchesDisk(dir: string, world: Watched): Promise<ReadonlyMap<string, FileState>> {
  const files = await world.files();
  assert.ok(files.ok);
  const onDisk = listYxFiles(dir).map((f) => path.relative(dir, f));
  assert.deepEqual([...files.value.keys(), ...world.problems.keys()].sort(), onDisk.sort());
  for (const [relative, file] of files.value) assert.equal(file.text, readFileSync(path.join(dir, relative), 'utf8'), relative);
  for (const problem of world.problems.values()) assert.equal(problem.code, 'INVALID_UTF8', problem.file);
  return files.value;
}

test('2,000 files, half deleted while the first index runs: the tools then agree with the disk', { timeout: 600_000 }, async () => {
  const count = 2_000;
  const dir = bigProject(count);
  const logged: string[] = [];
  const host = new Host({ root: { root: dir, source: 'explicit' }, watch: false, limits: { indexWaitMs: 600_000 }, log: (m) => logged.push(m) });
  try {
    host.startIndexing();
    const world = watchedHost(host.workspace(undefined));
    const { whileIndexing } = await churn(dir, count, world);
    assert.ok(whileIndexing > 0, 'the files went while the index was being built');

    const symbols = (await callTool(host, 'lookup_symbol', { query: 'total', kind: ['function', 'variable'], limit: 500 }, signal)).structuredContent as Record<string, any>;
    const files = await assertMatchesDisk(dir, world);
    assert.equal(symbols.isError, false);
    for (const s of symbols.symbols) assert.ok(files.has(s.file), `lookup_symbol: ${s.file}`);

    const checked = (await callTool(host, 'typecheck', { file_paths: [], project_root: '.', limit: 2_000 }, signal)).structuredContent as Record<string, any>;
    assert.equal(checked.isError, false);
    assert.equal(checked.summary.files, files.size);
    for (const d of checked.diagnostics) assert.ok(files.has(d.file) || world.problems.has(d.file), `typecheck: ${d.file}`);
    assert.ok(world.problems.size > 0);
    const broken = (await callTool(host, 'typecheck', { file_paths: [...world.problems.keys()], project_root: '.', limit: 2_000 }, signal)).structuredContent as Record<string, any>;
    assert.deepEqual(broken.diagnostics.map((d: Record<string, string>) => [d.file, d.code]), [...world.problems.keys()].sort().map((f) => [f, 'MCP-FILE-INVALID-UTF8']));

    // mod4 survives; mod3, which it imports, is gone, and mod5, which imports it, too.
    const references = (await callTool(host, 'find_references', { query: 'total4' }, signal)).structuredContent as Record<string, any>;
    assert.deepEqual([...new Set(references.locations.map((l: Record<string, string>) => l.file))], ['mod4.yx']);
    const imports = (await callTool(host, 'list_imports', { file_path: 'mod4.yx' }, signal)).structuredContent as Record<string, any>;
    assert.equal(imports.imports.find((i: Record<string, string>) => i.module === 'mod3').resolved.kind, 'unresolved');
    assert.deepEqual(logged.filter((m) => /error|failed/i.test(m)), []);
  } finally {
    host.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('1,000 files, half deleted while a watching World loads: it catches up with the disk', { timeout: 600_000 }, async () => {
  const count = 1_000;
  const dir = bigProject(count);
  const world = new World({ root: dir, source: 'explicit' });
  try {
    const loading = world.load({ watch: true });
    const { whileIndexing } = await churn(dir, count, world);
    await loading;
    assert.ok(whileIndexing > 0, 'the files went while the index was being built');
    // The watcher's events arrive when they do: look until the World has caught up.
    let last: unknown;
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        await assertMatchesDisk(dir, world);
        last = undefined;
        break;
      } catch (error) {
        last = error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    if (last) throw last as Error;
  } finally {
    world.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});
