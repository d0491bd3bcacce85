// `yaoxiang fmt` as a user runs it, in a scratch project with a [fmt] section.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath } from '../support/paths.ts';

function run(args: string[], cwd: string, input?: string) {
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, input, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const messy = 'main = {\nx=1\n    if x>0 {\n  y = [1,2]\n  z = 3 }\n}\n';
const tidy = 'main = {\n  x = 1\n  if x > 0 {\n    y = [1, 2]\n    z = 3\n  }\n}\n';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-fmt-'));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "demo"\n\n[fmt]\nindent_width = 2\n');
  writeFileSync(join(dir, 'a.yx'), messy);
  writeFileSync(join(dir, 'b.yx'), tidy);
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'c.yx'), 'use std.io\nuse std.assert\nf = (a,b)=>a+b\n');
  mkdirSync(join(dir, 'node_modules'));
  writeFileSync(join(dir, 'node_modules', 'skip.yx'), 'x=1\n');
  return dir;
}

describe('yaoxiang fmt', () => {
  it('prints the formatted text with the [fmt] settings of the nearest yaoxiang.toml', () => {
    const dir = project();
    const result = run(['fmt', join('..', 'a.yx')], join(dir, 'sub'));
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, tidy);
    assert.equal(result.stderr, '');
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), messy);
  });

  it('warns on stderr of an out-of-range [fmt] value and formats with the value it names', () => {
    const dir = project();
    writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "demo"\n\n[fmt]\nindent_width = 1000\n');
    const result = run(['fmt', 'a.yx'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /yaoxiang\.toml: \[fmt\] indent_width = 1000 is not a whole number from 0 to 16; 16 is used\n/);
    assert.match(result.stdout, /^main = \{\n {16}x = 1\n/);
  });

  it('--check lists the files that would change and exits 1, changing nothing', () => {
    const dir = project();
    const result = run(['fmt', '--check'], dir);
    assert.equal(result.code, 1, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n').sort(), ['a.yx', join('sub', 'c.yx')]);
    assert.match(result.stderr, /2 of 3 file\(s\) would be reformatted/);
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), messy);
    assert.equal(run(['fmt', '--check', 'b.yx'], dir).code, 0);
  });

  it('--diff prints a unified diff', () => {
    const dir = project();
    const result = run(['fmt', '--diff', 'sub/c.yx'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^--- a\/sub\/c\.yx\t?\n\+\+\+ b\/sub\/c\.yx\t?\n@@ -1,3 \+1,3 @@\n/);
    assert.match(result.stdout, /\n-f = \(a,b\)=>a\+b\n/);
    assert.match(result.stdout, /\n\+f = \(a, b\) => a \+ b\n/);
    assert.equal(run(['fmt', '--diff', 'b.yx'], dir).stdout, '');
  });

  it('--write rewrites only the files that change, leaving no temporary file', () => {
    const dir = project();
    const before = statSync(join(dir, 'b.yx')).mtimeMs;
    const result = run(['fmt', '--write', '.'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n').sort(), ['Formatted a.yx', `Formatted ${join('sub', 'c.yx')}`]);
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), tidy);
    assert.equal(statSync(join(dir, 'b.yx')).mtimeMs, before);
    assert.equal(readFileSync(join(dir, 'node_modules', 'skip.yx'), 'utf8'), 'x=1\n');
    assert.deepEqual(readdirSync(dir).filter((n) => n.endsWith('.tmp')), []);
    assert.equal(run(['fmt', '--check', '.'], dir).code, 0);
  });

  it('leaves a file with syntax errors alone and reports them, exit 1', () => {
    const dir = project();
    writeFileSync(join(dir, 'bad.yx'), 'main = {\n  x = (1 +\n}\n');
    const result = run(['fmt', '--write', 'bad.yx'], dir);
    assert.equal(result.code, 1);
    // The reference's error here: the assignment's value failed (`x = (1 +` closed by the block's `}`).
    assert.match(result.stderr, /error \[E0012\]/);
    assert.match(result.stderr, /bad\.yx: not formatted \(syntax errors\)/);
    assert.equal(readFileSync(join(dir, 'bad.yx'), 'utf8'), 'main = {\n  x = (1 +\n}\n');
  });

  it('takes --indent, --line-width, --use-tabs and --no-sort-imports over [fmt]', () => {
    const dir = project();
    assert.equal(run(['fmt', '--indent', '3', 'a.yx'], dir).stdout, tidy.replace(/^( +)/gm, (s) => ' '.repeat((s.length / 2) * 3)));
    assert.equal(run(['fmt', '--use-tabs', 'a.yx'], dir).stdout, tidy.replace(/^( +)/gm, (s) => '\t'.repeat(s.length / 2)));
    assert.equal(run(['fmt', '--no-sort-imports', 'sub/c.yx'], dir).stdout, 'use std.io\nuse std.assert\nf = (a, b) => a + b\n');
    assert.equal(run(['fmt', '--line-width', '12', '-'], dir, 'f(alpha, beta)').stdout, 'f(\n  alpha,\n  beta,\n)\n');
    assert.equal(run(['fmt', '--indent', 'x', 'a.yx'], dir).code, 2);
  });

  it('--write goes on past a file that is not valid UTF-8: the others are written, the bad one is named with its offset, exit 2', () => {
    const dir = project();
    writeFileSync(join(dir, 'bad.yx'), Buffer.concat([Buffer.from('g = "'), Buffer.from([0xff, 0xfe]), Buffer.from('"\n')]));
    const result = run(['fmt', '--write'], dir);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /INVALID_UTF8: .*bad\.yx: not valid UTF-8 \(first invalid byte at offset 5\)/);
    assert.match(result.stderr, /2 of 4 file\(s\) reformatted, 1 unreadable/);
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), tidy);
    assert.equal(readFileSync(join(dir, 'bad.yx'))[5], 0xff);
  });

  it('reads standard input and rejects bad usage with exit 2', () => {
    const dir = project();
    assert.equal(run(['fmt', '-'], dir, 'x=1').stdout, 'x = 1\n');
    assert.equal(run(['fmt', '--write', '-'], dir).code, 2);
    assert.equal(run(['fmt', '--check', '--write', 'a.yx'], dir).code, 2);
    assert.equal(run(['fmt', 'missing.yx'], dir).code, 2);
    assert.match(run(['fmt', '--help'], dir).stdout, /^Usage: yaoxiang fmt/);
  });
});
