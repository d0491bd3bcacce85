// Issue 23 items 2-4: a write replaces a file only when it is still the file
// that was read and the replacement would not change what the file is (mode,
// owner, links); it refuses with a clear message and exit 1 otherwise, unless
// --force, and never leaves a temp file.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, mkdirSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { hashBytes } from '../../src/workspace/file-identity.ts';
import { writeFiles } from '../../src/workspace/write-transaction.ts';
import { cliPath } from '../support/paths.ts';

const messy = 'f = (a,b)=>a+b\n';
const tidy = 'f = (a, b) => a + b\n';

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', timeout: 20_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function project(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-safe-')));
  writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "p"\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function leftovers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /(^|\/)\.yx-|\.tmp$|rename-journal/.test(name));
}

const isRoot = process.getuid?.() === 0;

describe('fmt --write and rename --write refuse what a replace would damage', () => {
  it('a read-only (0444) file: refused with exit 1, unchanged; --force writes it and keeps 0444', () => {
    const dir = project({ 'ro.yx': messy });
    chmodSync(join(dir, 'ro.yx'), 0o444);
    const refused = run(['fmt', '--write', 'ro.yx'], dir);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /NOT_WRITABLE: ro\.yx: is read-only for you \(--force replaces it anyway\)/);
    assert.equal(readFileSync(join(dir, 'ro.yx'), 'utf8'), messy);
    const forced = run(['fmt', '--write', '--force', 'ro.yx'], dir);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(readFileSync(join(dir, 'ro.yx'), 'utf8'), tidy);
    assert.equal(statSync(join(dir, 'ro.yx')).mode & 0o7777, 0o444);
    assert.deepEqual(leftovers(dir), []);
  });

  it('a hard-linked file: refused, both names keep the old text; --force replaces it', () => {
    const dir = project({ 'h.yx': messy });
    linkSync(join(dir, 'h.yx'), join(dir, 'other-name.txt'));
    const refused = run(['fmt', '--write', 'h.yx'], dir);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /HARD_LINKED: h\.yx: has 2 hard links/);
    assert.equal(readFileSync(join(dir, 'h.yx'), 'utf8'), messy);
    assert.equal(run(['fmt', '--write', '--force', 'h.yx'], dir).code, 0);
    assert.equal(readFileSync(join(dir, 'h.yx'), 'utf8'), tidy);
  });

  it('a symbolic link: refused and left a link; --force writes the file it points to', () => {
    const dir = project({ 'real.yx': messy });
    symlinkSync('real.yx', join(dir, 'x.yx'));
    const refused = run(['fmt', '--write', 'x.yx'], dir);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /SYMLINK: x\.yx: is a symbolic link/);
    const forced = run(['fmt', '--write', '--force', 'x.yx'], dir);
    assert.equal(forced.code, 0, forced.stderr);
    assert.ok(lstatSync(join(dir, 'x.yx')).isSymbolicLink());
    assert.equal(readlinkSync(join(dir, 'x.yx')), 'real.yx');
    assert.equal(readFileSync(join(dir, 'real.yx'), 'utf8'), tidy);
  });

  it('keeps the mode, and the owner when root replaces another user\'s file', (t) => {
    const dir = project({ 'm.yx': messy });
    chmodSync(join(dir, 'm.yx'), 0o640);
    if (isRoot) chownSync(join(dir, 'm.yx'), 4321, 4322);
    assert.equal(run(['fmt', '--write', 'm.yx'], dir).code, 0);
    const after = statSync(join(dir, 'm.yx'));
    assert.equal(after.mode & 0o7777, 0o640);
    if (!isRoot) return t.skip('owner: only root can replace another user\'s file');
    assert.deepEqual([after.uid, after.gid], [4321, 4322]);
  });

  it('a 250-byte file name is written (the temp name is short) and no temp is left', () => {
    const name = 'n'.repeat(247) + '.yx';
    const dir = project({ [name]: 'pub total = 1\n', 'main.yx': `use ${'n'.repeat(247)}.{total}\nx = total + 1\n` });
    const fmt = run(['fmt', '--write', name], dir);
    assert.equal(fmt.code, 0, fmt.stderr);
    const renamed = run(['rename', name, 'total', 'sum', '--write'], dir);
    assert.equal(renamed.code, 0, renamed.stderr);
    assert.equal(readFileSync(join(dir, name), 'utf8'), 'pub sum = 1\n');
    assert.deepEqual(leftovers(dir), []);
  });

  it('ENAMETOOLONG for one temp name mid-way: nothing written, no temp, no stack trace, exit 1', () => {
    const dir = project({ 'utils.yx': 'pub total = 1\n', 'main.yx': 'use utils.{total}\nx = total + 1\n' });
    // A folder so deep that its file's path fits PATH_MAX (4096) but the temp beside it does not.
    let deep = dir;
    while (deep.length + 251 < 4086 - 10) deep = join(deep, 'd'.repeat(250));
    deep = join(deep, 'e'.repeat(4086 - deep.length - 1));
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'm.yx'), 'use utils.{total}\ny = total\n');
    const result = run(['rename', 'utils.yx', 'total', 'sum', '--write'], dir);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /WRITE_FAILED: .*m\.yx: cannot write a temporary file beside it: ENAMETOOLONG/);
    assert.match(result.stderr, /nothing was written \(1 of 3 file\(s\) refused\)/);
    assert.doesNotMatch(result.stderr, /internal error|\n\s+at /);
    assert.equal(readFileSync(join(dir, 'utils.yx'), 'utf8'), 'pub total = 1\n');
    assert.equal(readFileSync(join(dir, 'main.yx'), 'utf8'), 'use utils.{total}\nx = total + 1\n');
    assert.deepEqual(leftovers(dir), []);
  });

  it('a rename that fails mid-commit (an immutable file, with --force) undoes the renames already done', (t) => {
    const files = { 'utils.yx': 'pub total = 1\n', 'a.yx': 'use utils.{total}\na = total\n', 'b.yx': 'use utils.{total}\nb = total\n', 'z.yx': 'use utils.{total}\nz = total\n' };
    const dir = project(files);
    // chattr +i: even root cannot rename over the file, though it reads and checks like any other.
    if (spawnSync('chattr', ['+i', join(dir, 'z.yx')]).status !== 0) return t.skip('chattr +i is not available here (needs root and ext2/3/4)');
    try {
      const result = run(['rename', 'utils.yx', 'total', 'sum', '--write', '--force'], dir);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, /WRITE_FAILED: .*z\.yx: cannot be replaced: EPERM/);
      assert.match(result.stderr, /nothing was written/);
      for (const [name, text] of Object.entries(files)) assert.equal(readFileSync(join(dir, name), 'utf8'), text, `${name} was left renamed`);
      assert.deepEqual(leftovers(dir), []);
    } finally {
      spawnSync('chattr', ['-i', join(dir, 'z.yx')]);
    }
  });

  it('rename --write is all or nothing: one refused file and no file is written', () => {
    const dir = project({ 'utils.yx': 'pub total = 1\n', 'main.yx': 'use utils.{total}\nx = total + 1\n' });
    chmodSync(join(dir, 'main.yx'), 0o444);
    const result = run(['rename', 'utils.yx', 'total', 'sum', '--write'], dir);
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /NOT_WRITABLE: .*main\.yx/);
    assert.match(result.stderr, /nothing was written \(1 of 2 file\(s\) refused\)/);
    assert.equal(readFileSync(join(dir, 'utils.yx'), 'utf8'), 'pub total = 1\n');
    assert.deepEqual(leftovers(dir), []);
  });
});

describe('writeFiles checks the file is what the new text was computed from', () => {
  it('a file edited since it was read is refused with FILE_CHANGED; the others are written when they are independent', async () => {
    const dir = project({ 'a.yx': 'a = 1\n', 'b.yx': 'b = 1\n' });
    writeFileSync(join(dir, 'b.yx'), 'b = 1\n// an editor appended this\n');
    const plans = [
      { path: join(dir, 'a.yx'), expectedHash: hashBytes('a = 1\n'), text: 'a = 2\n' },
      { path: join(dir, 'b.yx'), expectedHash: hashBytes('b = 1\n'), text: 'b = 2\n' },
    ];
    const together = await writeFiles(plans, { root: dir, force: false, allOrNothing: true, command: 'test' });
    assert.deepEqual(together.written, []);
    assert.deepEqual(together.refused.map((r) => r.code), ['FILE_CHANGED']);
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), 'a = 1\n');
    const apart = await writeFiles(plans, { root: dir, force: true, allOrNothing: false, command: 'test' });
    assert.deepEqual(apart.written, [join(dir, 'a.yx')]);
    assert.deepEqual(apart.refused.map((r) => r.code), ['FILE_CHANGED']);
    assert.equal(readFileSync(join(dir, 'b.yx'), 'utf8'), 'b = 1\n// an editor appended this\n');
    assert.deepEqual(leftovers(dir), []);
  });

  it('refuses to start while another live yaoxiang process holds the journal', async (t) => {
    const dir = project({ 'a.yx': 'a = 1\n' });
    const { createJournal, removeJournal } = await import('../../src/workspace/write-journal.ts');
    // A live process whose command line names yaoxiang, as a writer's does.
    const writer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)', 'yaoxiang'], { stdio: 'ignore' });
    t.after(() => writer.kill('SIGKILL'));
    assert.equal(createJournal(dir, { version: 1, pid: writer.pid!, command: 'test', state: 'prepared', entries: [] }).kind, 'created');
    const plans = [{ path: join(dir, 'a.yx'), expectedHash: hashBytes('a = 1\n'), text: 'a = 2\n' }];
    const outcome = await writeFiles(plans, { root: dir, force: false, allOrNothing: true, command: 'test' });
    assert.deepEqual(outcome.refused.map((r) => r.code), ['WRITE_IN_PROGRESS']);
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), 'a = 1\n');
    removeJournal(dir);
  });

  it('a run killed before its journal was linked in leaves nothing after the next command, not even the .yaoxiang folder', async () => {
    const dir = project({ 'a.yx': messy });
    // What such a run leaves: the folder, and the staged journal of a process that is gone.
    mkdirSync(join(dir, '.yaoxiang'));
    writeFileSync(join(dir, '.yaoxiang', '.yx-journal-999999999'), '{"version":1');
    const next = run(['check', 'a.yx'], dir);
    assert.equal(next.code, 0, next.stderr);
    assert.deepEqual(readdirSync(dir).sort(), ['a.yx', 'yaoxiang.toml']);
  });
});

describe('the journal stays inside the project', () => {
  /** A folder outside the project holding a temp-like file recovery must never delete. */
  const victim = () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-victim-')));
    writeFileSync(join(dir, '.yx-precious'), 'keep\n');
    writeFileSync(join(dir, '.yx-journal-999999999'), 'keep\n');
    return dir;
  };
  const journalNaming = (folder: string) => JSON.stringify({
    version: 1, pid: 999_999_999, command: 'fmt', state: 'prepared',
    entries: [{ target: join(folder, 'a.yx'), temp: join(folder, '.yx-precious'), oldHash: 'x', newHash: 'y' }],
    spares: [join(folder, '.yx-precious')],
  });

  it('a journal the project ships that names files outside it is dropped, and nothing outside is touched', () => {
    const outside = victim();
    const dir = project({ 'a.yx': tidy });
    mkdirSync(join(dir, '.yaoxiang'));
    writeFileSync(join(dir, '.yaoxiang', 'rename-journal.json'), journalNaming(outside));
    const next = run(['check', 'a.yx'], dir);
    assert.equal(next.code, 0, next.stderr);
    assert.deepEqual(readdirSync(outside).sort(), ['.yx-journal-999999999', '.yx-precious']);
    assert.deepEqual(readdirSync(dir).sort(), ['a.yx', 'yaoxiang.toml']);
  });

  it('a .yaoxiang that links elsewhere is neither recovered through nor written through; a write is refused', () => {
    const outside = victim();
    writeFileSync(join(outside, 'rename-journal.json'), journalNaming(outside));
    const dir = project({ 'a.yx': messy });
    symlinkSync(outside, join(dir, '.yaoxiang'));
    const write = run(['fmt', '--write', 'a.yx'], dir);
    assert.equal(write.code, 1, write.stderr);
    assert.equal(write.stderr.split('\n')[0], `yaoxiang fmt: WRITE_FAILED: a.yx: nothing written: ${join(dir, '.yaoxiang')} is not a folder (a file or a symbolic link), and a write keeps its journal there: move it away`);
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), messy);
    assert.deepEqual(readdirSync(outside).sort(), ['.yx-journal-999999999', '.yx-precious', 'rename-journal.json']);
  });

  it('a file named .yaoxiang: fmt --write and rename --write refuse with WRITE_FAILED and write nothing', () => {
    const dir = project({ 'a.yx': messy, 'b.yx': 'use a.{f}\ng = f(1, 2)\n' });
    writeFileSync(join(dir, '.yaoxiang'), 'not a folder\n');
    for (const args of [['fmt', '--write', 'a.yx'], ['rename', 'a.yx', 'f', 'plus', '--write']]) {
      const result = run(args, dir);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, /WRITE_FAILED: .*a\.yx: nothing written: .*\.yaoxiang is not a folder/);
      assert.doesNotMatch(result.stderr, /internal error|\n +at /);
    }
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), messy);
    assert.deepEqual(readdirSync(dir).sort(), ['.yaoxiang', 'a.yx', 'b.yx', 'yaoxiang.toml']);
  });
});
