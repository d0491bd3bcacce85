// Issue 23 item 11: `npm test` builds to a fresh folder and swaps it in, so
// dist/ (which bin/yaoxiang.js runs) is never missing while the suite builds
// and runs; a failed build leaves it as it was; outputs of deleted sources go.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../support/paths.ts';

const script = join(repoRoot, 'scripts', 'build-fresh.mjs');

/** A tiny TypeScript project with an old build in dist/, including the output of a source since deleted. */
function project(source: string): string {
  const root = mkdtempSync(join(tmpdir(), 'yaoxiang-build-'));
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', rootDir: '.', outDir: 'dist', strict: true, types: [] }, include: ['src/**/*.ts'] }));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'a.ts'), source);
  mkdirSync(join(root, 'dist', 'src'), { recursive: true });
  writeFileSync(join(root, 'dist', 'src', 'a.js'), 'export const version = "old";\n');
  writeFileSync(join(root, 'dist', 'src', 'deleted.js'), 'export {};\n');
  return root;
}

/** Runs the build, checking every millisecond meanwhile that dist/src/a.js is there. */
function build(root: string): Promise<{ code: number | null; missing: number; checks: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, '--root', root], { stdio: ['ignore', 'ignore', 'pipe'] });
    let missing = 0;
    let checks = 0;
    const watch = setInterval(() => {
      checks++;
      if (!existsSync(join(root, 'dist', 'src', 'a.js'))) missing++;
    }, 1);
    child.on('close', (code) => {
      clearInterval(watch);
      resolve({ code, missing, checks });
    });
  });
}

describe('scripts/build-fresh.mjs (npm test\'s build)', () => {
  it('swaps a complete new build in: dist/src is never missing, stale outputs are gone, nothing left beside', { timeout: 60_000 }, async () => {
    const root = project('export const version: string = "new";\n');
    const result = await build(root);
    assert.equal(result.code, 0);
    assert.ok(result.checks > 10, `only ${result.checks} checks`);
    assert.equal(result.missing, 0, `dist/src/a.js was missing in ${result.missing} of ${result.checks} checks`);
    assert.match(readFileSync(join(root, 'dist', 'src', 'a.js'), 'utf8'), /version = "new"/);
    assert.equal(existsSync(join(root, 'dist', 'src', 'deleted.js')), false);
    assert.deepEqual(readdirSync(root).sort(), ['dist', 'src', 'tsconfig.json']);
    assert.deepEqual(readdirSync(join(root, 'dist')), ['src']);
  });

  it('a failed build leaves dist/ as it was', { timeout: 60_000 }, async () => {
    const root = project('export const version: number = "not a number";\n');
    const result = await build(root);
    assert.notEqual(result.code, 0);
    assert.equal(result.missing, 0);
    assert.equal(readFileSync(join(root, 'dist', 'src', 'a.js'), 'utf8'), 'export const version = "old";\n');
    assert.equal(existsSync(join(root, 'dist', 'src', 'deleted.js')), true);
    assert.equal(existsSync(join(root, '.dist-next')), false);
  });
});
