// File names with control characters are printed escaped by every command, so
// that a name cannot forge the lines after it or drive the terminal; ordinary
// names, non-ASCII ones included, are printed as they are.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { escapeControls, shownPath } from '../../src/cli/shown-path.ts';
import { cliPath } from '../support/paths.ts';

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('shownPath', () => {
  it('leaves ordinary names alone and quotes one with control or bidi characters', () => {
    for (const name of ['main.yx', 'src/main.yx', '爻.yx', 'a b.yx', 'it\'s "x".yx']) assert.equal(shownPath(name), name);
    assert.equal(shownPath('a\nerror.yx'), '"a\\nerror.yx"');
    assert.equal(shownPath('b\x1b[31m.yx'), '"b\\u001b[31m.yx"');
    assert.equal(shownPath('c\t"d"\\\r\u202e.yx'), '"c\\t\\"d\\"\\\\\\r\\u202e.yx"');
    assert.equal(escapeControls('Path does not exist: a\nb\x1b.yx "q"'), 'Path does not exist: a\\nb\\u001b.yx "q"');
  });
});

describe('commands print such names escaped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-shown-'));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "p"\nversion = "0.1.0"\n');
  writeFileSync(join(dir, 'a\nerror.yx'), 'x  =  1\n');
  writeFileSync(join(dir, 'b\x1b[31m.yx'), 'y = 0x\n');
  writeFileSync(join(dir, '爻.yx'), 'z  =  1\n');

  it('fmt --check', () => {
    const result = run(['fmt', '--check', '.'], dir);
    assert.deepEqual(result.stdout.split('\n').sort(), ['', '"a\\nerror.yx"', '爻.yx']);
    assert.match(result.stderr, / --> "b\\u001b\[31m\.yx":1:5\n/);
    assert.match(result.stderr, /\n"b\\u001b\[31m\.yx": not formatted \(syntax errors\)\n/);
    assert.ok(!result.stderr.includes('\x1b'), result.stderr);
  });

  it('check', () => {
    const result = run(['check', '.'], dir);
    assert.equal(result.code, 1);
    assert.match(result.stderr, / --> "b\\u001b\[31m\.yx":1:5\n/);
    assert.ok(!result.stderr.includes('\x1b'), result.stderr);
  });

  it('symbols and references', () => {
    assert.equal(run(['symbols', 'x'], dir).stdout, '"a\\nerror.yx":1:1\tvariable\tx\n');
    assert.match(run(['references', 'z'], dir).stdout, /^爻\.yx:1:1 \(definition\)/);
  });

  it('a usage error naming such a path', () => {
    const result = run(['fmt', '--check', 'gone\x1b.yx'], dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /gone\\u001b\.yx/);
    assert.ok(!result.stderr.includes('\x1b'), result.stderr);
  });
});
