// The walk that lists a project's sources (workspace/disk.ts listSources) and
// the .gitignore files it honours (workspace/ignore-files.ts): git's rules,
// links never followed (not even to look for .gitignore files: two links to
// `.` once made the index never finish), and a .gitignore that is not a
// plain file never waited on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { listSources } from '../../src/workspace/disk.ts';
import { writeTree } from '../support/files.ts';

const project = (files: Record<string, string>): string => writeTree('yaoxiang-walk-', files);

const X = 'x = 1\n';

describe('listing sources', () => {
  it('honours .gitignore files as git does: anchored and floating patterns, negation, the deepest file wins', async () => {
    const dir = project({
      '.gitignore': 'build/\n*.gen.yx\n/only-top.yx\n',
      'main.yx': X,
      'only-top.yx': X,
      'a.gen.yx': X,
      'build/out.yx': X,
      'src/only-top.yx': X,
      'src/deep/b.gen.yx': X,
      'src/.gitignore': '!keep.gen.yx\nlocal/\n',
      'src/keep.gen.yx': X,
      'src/local/c.yx': X,
      'src/lib/local/d.yx': X,
      'lib/local/e.yx': X,
    });
    assert.deepEqual((await listSources(dir, 'tree', 'throw')).files, ['lib/local/e.yx', 'main.yx', 'src/keep.gen.yx', 'src/only-top.yx']);
  });

  it('brings nothing back from inside an excluded folder, whatever a .gitignore there says', async () => {
    const dir = project({ '.gitignore': 'vendor/\n', 'vendor/.gitignore': '!*.yx\n', 'vendor/v.yx': X, 'main.yx': X });
    assert.deepEqual((await listSources(dir, 'tree', 'throw')).files, ['main.yx']);
  });

  it('with scope folder, lists and honours only the folder itself', async () => {
    const dir = project({ '.gitignore': 'skip.yx\n', 'a.yx': X, 'skip.yx': X, 'sub/b.yx': X });
    assert.deepEqual((await listSources(dir, 'folder', 'throw')).files, ['a.yx']);
  });

  it('follows no link, to a folder inside or outside, and so ends on links that loop', async () => {
    const outside = project({ '.gitignore': 'main.yx\n', 'far.yx': X });
    const dir = project({ 'main.yx': X, 'sub/s.yx': X });
    symlinkSync('.', join(dir, 'a'));
    symlinkSync('.', join(dir, 'b'));
    symlinkSync('..', join(dir, 'sub', 'up'));
    symlinkSync(outside, join(dir, 'out'));
    // Git opens no .gitignore through a link either.
    symlinkSync(join(outside, '.gitignore'), join(dir, '.gitignore'));
    assert.deepEqual((await listSources(dir, 'tree', 'throw')).files, ['main.yx', 'sub/s.yx']);
  });

  it('reads as absent a .gitignore that is a FIFO or a link to /dev/zero, without waiting on it', { skip: process.platform === 'win32' && 'no FIFOs' }, async () => {
    const dir = project({ 'main.yx': X, 'sub/s.yx': X, 'other/o.yx': X });
    const fifo = spawnSync('mkfifo', [join(dir, 'sub', '.gitignore')]).status === 0;
    symlinkSync('/dev/zero', join(dir, 'other', '.gitignore'));
    assert.deepEqual((await listSources(dir, 'tree', 'throw')).files, ['main.yx', 'other/o.yx', 'sub/s.yx']);
    assert.ok(fifo || process.platform !== 'linux', 'mkfifo is there on Linux');
  });

  it('cannot open a file whose name is not UTF-8: the servers skip it, the command line is told which', async (t) => {
    const dir = project({ 'main.yx': X });
    try {
      writeFileSync(Buffer.concat([Buffer.from(join(dir, 'b')), Buffer.from([0xff]), Buffer.from('.yx')]), X);
    } catch {
      return t.skip('this file system takes UTF-8 names only');
    }
    assert.deepEqual((await listSources(dir, 'tree', 'skip')).files, ['main.yx']);
    await assert.rejects(listSources(dir, 'tree', 'throw'), { code: 'EILSEQ', path: 'b\uFFFD.yx' });
  });

  it('skips VCS and build folders', async () => {
    const dir = project({ 'main.yx': X, '.git/g.yx': X, 'target/t.yx': X, 'node_modules/n.yx': X, '.yaoxiang/y.yx': X, '.hidden/h.yx': X });
    assert.deepEqual((await listSources(dir, 'tree', 'throw')).files, ['main.yx']);
  });
});
