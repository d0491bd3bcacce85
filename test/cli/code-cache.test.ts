// runWithCodeCache (src/cli/code-cache.ts), each run a process of its own as a
// command's is: the script runs as `require` would run it, a missing or
// refused cache is written as the process exits, a good one is taken and left
// alone, and a cache that cannot be written costs nothing but the speed-up.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../support/paths.ts';

const codeCache = pathToFileURL(join(repoRoot, 'dist', 'src', 'cli', 'code-cache.js')).href;

/** Runs `script` through runWithCodeCache in a child process: what it printed, and how the cache was used. */
function runScript(script: string, cacheFile: string | undefined) {
  const program = `
    import { runWithCodeCache } from ${JSON.stringify(codeCache)};
    const { exports, cache } = runWithCodeCache(${JSON.stringify(script)}, ${cacheFile === undefined ? 'undefined' : JSON.stringify(cacheFile)});
    console.log(JSON.stringify({ cache, answer: exports.answer(20), dirname: exports.dirname, filename: exports.filename }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as { cache: string; answer: number; dirname: string; filename: string };
}

function makeScript(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-code-cache-test-'));
  const script = join(dir, 'script.cjs');
  writeFileSync(script, [
    "const path = require('node:path');",
    'function add(a, b) { return a + b; }',
    'exports.answer = (n) => add(n, 22);',
    'exports.dirname = path.basename(__dirname);',
    'module.exports.filename = path.basename(__filename);',
  ].join('\n'));
  return { dir, script };
}

describe('runWithCodeCache', () => {
  it('runs a CommonJS script with its own require, module, __filename and __dirname', () => {
    const { dir, script } = makeScript();
    const ran = runScript(script, undefined);
    assert.deepEqual(ran, { cache: 'off', answer: 42, dirname: dir.split('/').pop(), filename: 'script.cjs' });
  });

  it('writes the cache as the first run exits, takes it on the next and leaves it as it was', () => {
    const { dir, script } = makeScript();
    const cacheFile = join(dir, 'caches', 'script.bin');
    assert.equal(runScript(script, cacheFile).cache, 'missing');
    assert.ok(existsSync(cacheFile), 'written at exit, its folder made');
    const written = statSync(cacheFile).mtimeMs;
    const second = runScript(script, cacheFile);
    assert.equal(second.cache, 'accepted');
    assert.equal(second.answer, 42);
    assert.equal(statSync(cacheFile).mtimeMs, written);
  });

  it('replaces a cache V8 refuses (damaged, or made from another text), and the script runs all the same', () => {
    const { dir, script } = makeScript();
    const cacheFile = join(dir, 'script.bin');
    runScript(script, cacheFile);
    writeFileSync(cacheFile, Buffer.from('not a code cache'));
    const refused = runScript(script, cacheFile);
    assert.deepEqual([refused.cache, refused.answer], ['rejected', 42]);
    assert.equal(runScript(script, cacheFile).cache, 'accepted', 'written anew at exit');
    // Another script's text: V8 compares the length, which differs here.
    writeFileSync(script, `${readFileSync(script, 'utf8')}\nexports.more = 1;`);
    assert.equal(runScript(script, cacheFile).cache, 'rejected');
    assert.equal(runScript(script, cacheFile).cache, 'accepted');
  });

  it('runs without a cache where none can be written, and says nothing', () => {
    const { dir, script } = makeScript();
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const cacheFile = join(blocked, 'caches', 'script.bin');
    for (let run = 0; run < 2; run++) {
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', `
        import { runWithCodeCache } from ${JSON.stringify(codeCache)};
        console.log(runWithCodeCache(${JSON.stringify(script)}, ${JSON.stringify(cacheFile)}).cache);`], { encoding: 'utf8' });
      assert.deepEqual([result.status, result.stdout, result.stderr], [0, 'missing\n', '']);
    }
  });
});
