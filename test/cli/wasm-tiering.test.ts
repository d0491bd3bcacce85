// The WASM tier-up budget of batch commands (src/cli/batch-heap.ts,
// grammar-load.ts): a small batch never has TurboFan recompile tree-sitter's
// parse loop, a large one does, and either leaves a code cache the other takes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { TIER_UP_FROM_BYTES } from '../../src/cli/batch-heap.ts';
import { cliPath } from '../support/paths.ts';

/** A program of about `bytes` bytes with no errors. */
function programOf(bytes: number): string {
  const unit = 'add: (a: Int, b: Int) -> Int = (a, b) => a + b\n';
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += unit.replace('add', `add${i}`);
  return text;
}

function sourceFile(dir: string, name: string, bytes: number): string {
  const file = join(dir, name);
  writeFileSync(file, programOf(bytes));
  return file;
}

function check(file: string, options: { node?: string[]; env?: NodeJS.ProcessEnv } = {}) {
  const env = { ...process.env, ...options.env };
  delete env.YAOXIANG_NO_BUNDLE;
  // From the file's folder: no project around it, whatever the working directory holds.
  const result = spawnSync(process.execPath, [...(options.node ?? []), cliPath, 'check', file], { cwd: dirname(file), encoding: 'utf8', env });
  assert.equal(result.status, 0, result.stderr);
  return result;
}

/** The body sizes of the WASM functions V8 recompiled with TurboFan, from its trace (V8 11.3's wording). */
function turbofanBodies(stdout: string): number[] {
  return [...stdout.matchAll(/using TurboFan, took .*? bodysize (\d+)/g)].map((m) => Number(m[1]));
}

describe('the WASM tier-up budget of batch commands', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-tiering-'));
  const small = sourceFile(dir, 'small.yx', 16 * 1024);
  const large = sourceFile(dir, 'large.yx', 2 * TIER_UP_FROM_BYTES);

  it('a small check never recompiles the parse loop; a large one does', (t) => {
    const traced = (file: string) => turbofanBodies(check(file, { node: ['--trace-wasm-compilation-times'], env: { YAOXIANG_NO_CODE_CACHE: '1' } }).stdout);
    const ofLarge = traced(large);
    if (ofLarge.length === 0) return t.skip('this V8 does not trace WASM compilations as V8 11.3 did');
    // The parse loop, ts_parser_parse_wasm, is web-tree-sitter's largest function (27 KB of WASM in 0.27).
    assert.ok(Math.max(...ofLarge) > 20_000, `the large check recompiled only functions of ${Math.max(...ofLarge)} bytes`);
    const ofSmall = traced(small);
    assert.ok(ofSmall.every((bytes) => bytes < 20_000), `the small check recompiled a function of ${Math.max(...ofSmall)} bytes`);
  });

  it('a cache written by a large check is taken by a small one, and the other way round', () => {
    for (const [first, second] of [[large, small], [small, large]] as const) {
      const cacheDir = mkdtempSync(join(tmpdir(), 'yaoxiang-tiering-cache-'));
      const env = { YAOXIANG_CODE_CACHE_DIR: cacheDir };
      check(first, { env });
      const [cache] = readdirSync(cacheDir);
      assert.ok(cache !== undefined, 'the first run wrote no cache: is dist/bundle older than dist/src? (npm run build makes both)');
      const written = statSync(join(cacheDir, cache)).mtimeMs;
      check(second, { env });
      // A cache V8 refused would have been written again as the process exited.
      assert.equal(statSync(join(cacheDir, cache)).mtimeMs, written, `the run after ${first === large ? 'a large' : 'a small'} check refused its cache`);
    }
  });
});
