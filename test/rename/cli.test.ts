// `yaoxiang rename` as a user runs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath } from '../support/paths.ts';

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cliPath, 'rename', ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const program = 'total = 1\nmain = {\n    s = "total" // total\n    count = total\n    io.println(count)\n}\n';

function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-rename-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('yaoxiang rename', () => {
  it('prints the renamed source and leaves the file alone', () => {
    const dir = scratch({ 'a.yx': program });
    const result = run(['a.yx', 'total', 'sum'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'sum = 1\nmain = {\n    s = "total" // total\n    count = sum\n    io.println(count)\n}\n');
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), program);
  });

  it('renames a local with --scope, and by position', () => {
    const dir = scratch({ 'a.yx': program });
    assert.match(run(['a.yx', 'count', 'n', '--scope', 'function:main'], dir).stdout, /    n = total\n    io\.println\(n\)/);
    assert.match(run(['a.yx', '5:16', 'n'], dir).stdout, /    n = total\n    io\.println\(n\)/);
  });

  it('refuses on stderr with the code and exit 1', () => {
    const dir = scratch({ 'a.yx': program });
    const clash = run(['a.yx', 'total', 'main'], dir);
    assert.equal(clash.code, 1);
    assert.equal(clash.stdout, '');
    assert.match(clash.stderr, /RENAME_CONFLICT: "main" is already defined/);
    assert.match(run(['a.yx', 'total', 'for'], dir).stderr, /RENAME_KEYWORD/);
    assert.equal(run(['a.yx', 'total', 'x', '--scope', 'block'], dir).code, 2);
  });

  it('--write replaces the file atomically, leaving no temporary file', () => {
    const dir = scratch({ 'a.yx': program });
    const result = run(['a.yx', 'total', 'sum', '--write'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(readFileSync(join(dir, 'a.yx'), 'utf8'), /^sum = 1\n/);
    assert.deepEqual(readdirSync(dir), ['a.yx']);
  });

  it('in a project, renames across files; --json lists the edits', () => {
    const dir = scratch({
      'yaoxiang.toml': '[package]\nname = "p"\nversion = "0.1.0"\n',
      'utils.yx': 'pub total = 1\n',
      'main.yx': 'use utils.{total}\nx = total + 1\n',
    });
    const json = JSON.parse(run(['utils.yx', 'total', 'sum', '--json'], dir).stdout);
    assert.deepEqual(json.changes.map((c: { file: string; source: string }) => [c.file, c.source]), [
      ['main.yx', 'use utils.{sum}\nx = sum + 1\n'],
      ['utils.yx', 'pub sum = 1\n'],
    ]);
    assert.deepEqual(json.changes[1].edits, [{ range: { start: { line: 1, column: 5 }, end: { line: 1, column: 10 } }, newText: 'sum' }]);
    assert.equal(run(['utils.yx', 'total', 'sum', '--write'], dir).code, 0);
    assert.equal(readFileSync(join(dir, 'main.yx'), 'utf8'), 'use utils.{sum}\nx = sum + 1\n');
  });

  it('in a project, a refusal in another file is located in that file', () => {
    const dir = scratch({ 'yaoxiang.toml': '[package]\nname = "p"\nversion = "0.1.0"\n', 'utils.yx': 'pub total = 1\n', 'main.yx': 'use utils.{total}\n\nsum = 2\nx = total + sum\n' });
    const clash = run(['utils.yx', 'total', 'sum'], dir);
    assert.equal(clash.code, 1);
    assert.match(clash.stderr, /^main\.yx:3:1: RENAME_CONFLICT: main\.yx: "sum" is already defined in the same scope/);
    writeFileSync(join(dir, 'utils.yx'), 'pub total = 1\npub sum = 2\n');
    writeFileSync(join(dir, 'main.yx'), 'use utils.{total, sum}\nx = total\n');
    const imported = run(['utils.yx', 'total', 'sum', '--json'], dir);
    assert.match(imported.stderr, /^main\.yx:1:19: RENAME_CONFLICT: main\.yx:1:19 imports "sum"/);
    assert.equal(JSON.parse(imported.stdout).diagnostics[0].file, 'main.yx');
    // A refusal in FILE itself keeps FILE as it was given.
    writeFileSync(join(dir, 'utils.yx'), 'pub total = 1\nsum = 2\n');
    writeFileSync(join(dir, 'main.yx'), 'use utils.{total}\nx = total\n');
    assert.match(run(['./utils.yx', 'total', 'sum'], dir).stderr, /^\.\/utils\.yx:2:1: RENAME_CONFLICT: utils\.yx: "sum" is already defined/);
  });

  it('in a project, refuses while a project file cannot be read (it may use the name), and writes nothing', () => {
    const importer = Buffer.concat([Buffer.from('use utils.{total}\nx = total + 1\n// '), Buffer.from([0xff]), Buffer.from('\n')]);
    const dir = scratch({ 'yaoxiang.toml': '[package]\nname = "p"\n', 'utils.yx': 'pub total = 1\n' });
    writeFileSync(join(dir, 'main.yx'), importer);
    const result = run(['utils.yx', 'total', 'sum', '--write'], dir);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /RENAME_INCOMPLETE_PROJECT: main\.yx \(INVALID_UTF8: .*\) could not be read/);
    assert.equal(readFileSync(join(dir, 'utils.yx'), 'utf8'), 'pub total = 1\n');
    assert.ok(readFileSync(join(dir, 'main.yx')).equals(importer));
  });

  it('in a project, renames a field through the checker\'s receiver types, not a same-named field of another type', () => {
    const dir = scratch({
      'yaoxiang.toml': '[package]\nname = "p"\nversion = "0.1.0"\n',
      'main.yx': 'Point: Type = { x: Int }\nOther: Type = { x: Int }\nmain = {\n    p = Point(1)\n    r = &p\n    o = Other(2)\n    n = r.x + o.x\n}\n',
    });
    const result = run(['main.yx', '7:11', 'left'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Point: Type = { left: Int }\nOther: Type = { x: Int }\nmain = {\n    p = Point(1)\n    r = &p\n    o = Other(2)\n    n = r.left + o.x\n}\n');
  });
});
