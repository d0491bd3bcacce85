// Files changing under the World while it reads them: each fault applied to
// util.yx at three moments (between the first listing and the reads that
// follow it; in a later refresh without a watcher; in a later refresh with
// one), then the file repaired. Nothing throws; the file is gone or carries a
// problem, and the rest of the World agrees with what is on disk.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { World } from '../../src/workspace/world.ts';
import { errno, FaultyDisk } from '../support/faulty-disk.ts';
import { FAULTS, faultProject, repair, UTIL, type Fault } from '../support/fs-faults.ts';

type Moment = 'between listing and reading' | 'in a later refresh' | 'in a later refresh with a watcher';
const MOMENTS: Moment[] = ['between listing and reading', 'in a later refresh', 'in a later refresh with a watcher'];

/** A World that has seen `fault` happen at `moment`, looked at once since. */
async function faultedWorld(fault: Fault, moment: Moment): Promise<{ dir: string; disk: FaultyDisk; world: World; look(): Promise<ReadonlyMap<string, unknown>> }> {
  const dir = faultProject();
  const disk = new FaultyDisk();
  const world = new World({ root: dir, source: 'explicit' }, { disk });
  const watch = moment === 'in a later refresh with a watcher';
  // With a watcher the World re-reads when told (an editor's didChangeWatchedFiles does the same), not on its own timing.
  const look = async () => {
    if (watch) world.invalidate();
    const files = await world.files();
    assert.ok(files.ok);
    return files.value;
  };
  if (moment === 'between listing and reading') disk.afterList = () => fault.apply(dir, disk);
  await world.load({ watch });
  if (moment !== 'between listing and reading') {
    await look();
    disk.afterList = () => fault.apply(dir, disk);
  }
  await look();
  return { dir, disk, world, look };
}

describe('World: files changing while it reads them', () => {
  for (const moment of MOMENTS) {
    for (const fault of FAULTS) {
      it(`util.yx ${fault.name}, ${moment}`, { timeout: 30_000 }, async () => {
        const { dir, disk, world, look } = await faultedWorld(fault, moment);
        try {
          const files = await look();
          const util = files.get('util.yx') as { text: string } | undefined;
          if ('gone' in fault.expect) {
            assert.equal(util, undefined);
            assert.equal(world.problems.get('util.yx'), undefined);
          } else if ('text' in fault.expect) {
            assert.equal(util?.text, fault.expect.text);
          } else {
            assert.equal(util, undefined);
            assert.equal(world.problems.get('util.yx')?.code, fault.expect.problem);
            assert.match(world.problems.get('util.yx')!.message, /\S/);
          }
          assert.ok(files.has('main.yx') && files.has('other.yx'), 'the other files are untouched');
          if (fault.name === 'renamed') assert.ok(files.has('util-renamed.yx'), 'the new name is read on the next look');
          // Imports follow what is on disk: a file that is there but cannot be served still exists.
          const main = files.get('main.yx') as { imports: Array<{ resolved: { kind: string } }> };
          assert.equal(main.imports[0]!.resolved.kind, 'gone' in fault.expect ? 'unresolved' : 'file');
          const index = await world.symbolIndex();
          assert.ok(index.ok);
          assert.ok(!index.value.lookup('leaked', { limit: 10 }).symbols.length, 'nothing behind a link out of the root is read');
          const totals = index.value.lookup('total', { limit: 10 }).symbols.filter((s) => s.kind !== 'import');
          const holding = [...files].filter(([, f]) => (f as { text: string }).text === UTIL).map(([path]) => path);
          assert.deepEqual(totals.map((s) => s.file), holding, 'the index holds what the World holds');

          repair(dir, disk);
          const repaired = await look();
          assert.equal((repaired.get('util.yx') as { text: string } | undefined)?.text, UTIL);
          assert.equal(world.problems.size, 0);
          assert.equal((repaired.get('main.yx') as typeof main).imports[0]!.resolved.kind, 'file');
        } finally {
          world.dispose();
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  }

  it('a file whose problem has not changed is not read again, an unreadable one is', () =>
    withWorld(async (world, dir, disk) => {
      writeFileSync(join(dir, 'bad.yx'), Buffer.from([0xff]));
      disk.failing.set(join(dir, 'other.yx'), { on: 'read', error: errno('EACCES', 'permission denied') });
      await world.load();
      for (let i = 0; i < 3; i++) assert.ok((await world.files()).ok);
      assert.deepEqual([...world.problems.keys()].sort(), ['bad.yx', 'other.yx'], 'one problem a file, however often it is looked at');
      const reads = (file: string) => disk.reads.filter((r) => r === join(dir, file)).length;
      assert.equal(reads('bad.yx'), 1);
      assert.equal(reads('other.yx'), 4);
      disk.failing.clear();
      assert.ok((await world.files()).ok);
      assert.deepEqual([...world.problems.keys()], ['bad.yx']);
    }));

  it('a listing that fails keeps the files it had and tries again on the next look', () =>
    withWorld(async (world, dir, disk) => {
      await world.load();
      disk.listFails = true;
      const during = await world.files();
      assert.ok(during.ok);
      assert.deepEqual([...during.value.keys()].sort(), ['main.yx', 'other.yx', 'util.yx']);
      disk.listFails = false;
      rmSync(join(dir, 'other.yx'));
      const after = await world.files();
      assert.ok(after.ok);
      assert.deepEqual([...after.value.keys()].sort(), ['main.yx', 'util.yx']);
    }));

  it('a folder the listing could not read is a problem until it can be read, and covers the paths in it', () =>
    withWorld(async (world, _dir, disk) => {
      disk.unreadableFolders = [{ folder: 'locked/', reason: 'permission denied' }];
      await world.load();
      assert.deepEqual([...world.problems.keys()], ['locked/']);
      assert.deepEqual(world.problems.get('locked/'), { file: 'locked/', code: 'UNREADABLE', message: 'the folder cannot be read (permission denied): its .yx files are left out' });
      disk.unreadableFolders = [];
      const files = await world.files();
      assert.ok(files.ok);
      assert.deepEqual([...world.problems.keys()], []);
    }));

  it('the whole root deleted: every file goes, nothing throws', () =>
    withWorld(async (world, dir) => {
      await world.load();
      rmSync(dir, { recursive: true, force: true });
      const files = await world.files();
      assert.ok(files.ok);
      assert.equal(files.value.size, 0);
    }));

  it('concurrent looks wait for the refresh in flight and see what it read', () =>
    withWorld(async (world, dir) => {
      await world.load({ watch: true });
      writeFileSync(join(dir, 'util.yx'), 'pub total = 2\n');
      world.invalidate();
      // What each caller sees when its look returns (the map is live, so later would be too late).
      const seen = await Promise.all(Array.from({ length: 8 }, () => world.files().then((files) => {
        assert.ok(files.ok);
        const util = files.value.get('util.yx')!;
        return { text: util.text, tree: util.tree.rootNode.text, version: util.version };
      })));
      for (const util of seen) assert.deepEqual(util, { text: 'pub total = 2\n', tree: 'pub total = 2\n', version: 2 });
    }));

  it('with a watcher, a file deleted while the first load runs is seen once the load is done', { timeout: 30_000 }, () =>
    withWorld(async (world, _dir, disk) => {
      // Deleted after it was read, before the load finished: only the watcher can tell.
      const read = disk.read.bind(disk);
      disk.read = async (absolute, limit, within) => {
        const bytes = await read(absolute, limit, within);
        if (absolute.endsWith('util.yx')) rmSync(absolute);
        return bytes;
      };
      await world.load({ watch: true });
      let seen = false;
      for (let attempt = 0; attempt < 100 && !seen; attempt++) {
        const files = await world.files();
        seen = files.ok && !files.value.has('util.yx');
        if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.ok(seen, 'util.yx left the World within 5 s');
    }));

  it('a folder swapped for a link out of the root after the listing: nothing behind it is read', () =>
    withWorld(async (world, dir, disk) => {
      mkdirSync(join(dir, 'lib'));
      writeFileSync(join(dir, 'lib', 'util.yx'), 'pub inside = 1\n');
      const outside = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-outside-')));
      writeFileSync(join(outside, 'util.yx'), 'pub leaked = 1\n');
      // O_NOFOLLOW sees only util.yx, a regular file; the link is the folder before it.
      disk.afterList = () => {
        rmSync(join(dir, 'lib'), { recursive: true });
        symlinkSync(outside, join(dir, 'lib'));
      };
      // What the disk handed the World, before a later listing (which does not follow the link) could hide it.
      const handed = new Map<string, string | undefined>();
      const read = disk.read.bind(disk);
      disk.read = async (absolute, limit, within) => {
        const bytes = await read(absolute, limit, within);
        handed.set(absolute, bytes?.bytes.toString('utf8'));
        return bytes;
      };
      try {
        await world.load();
        assert.ok(handed.has(join(dir, 'lib', 'util.yx')), 'the listed file was tried');
        assert.equal(handed.get(join(dir, 'lib', 'util.yx')), undefined, 'and found gone, not read through the link');
        assert.deepEqual(world.status, { state: 'ready', files: 3 });
        assert.equal(world.problems.size, 0, 'gone, not a problem: nothing about the file outside is reported');
        const index = await world.symbolIndex();
        assert.ok(index.ok);
        assert.deepEqual(index.value.lookup('leaked', { limit: 10 }).symbols, []);

        rmSync(join(dir, 'lib'));
        mkdirSync(join(dir, 'lib'));
        writeFileSync(join(dir, 'lib', 'util.yx'), 'pub inside = 1\n');
        const repaired = await world.files();
        assert.ok(repaired.ok);
        assert.equal((repaired.value.get('lib/util.yx') as { text: string } | undefined)?.text, 'pub inside = 1\n');
      } finally {
        rmSync(outside, { recursive: true, force: true });
      }
    }));

  it('a World given a root that is itself a link reads the files inside it', async () => {
    const dir = faultProject();
    const link = join(realpathSync(tmpdir()), `yaoxiang-root-link-${process.pid}`);
    rmSync(link, { force: true });
    symlinkSync(dir, link);
    const world = new World({ root: link, source: 'explicit' });
    try {
      await world.load();
      const files = await world.files();
      assert.ok(files.ok);
      assert.deepEqual([...files.value.keys()].sort(), ['main.yx', 'other.yx', 'util.yx']);
    } finally {
      world.dispose();
      rmSync(link, { force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A World on a fresh fault project over a FaultyDisk, disposed and removed afterwards. */
async function withWorld(body: (world: World, dir: string, disk: FaultyDisk) => Promise<void>): Promise<void> {
  const dir = faultProject();
  const disk = new FaultyDisk();
  const world = new World({ root: dir, source: 'explicit' }, { disk });
  try {
    await body(world, dir, disk);
  } finally {
    world.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('World: the budget of source kept parsed', () => {
  it('reads files past it as problems, not into WASM memory, and reads them once others left room', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-budget-')));
    try {
      const text = (name: string) => `${name}: Int = 1\n`.padEnd(100, ' ') + '\n';
      for (const name of ['a', 'b', 'c']) writeFileSync(join(dir, `${name}.yx`), text(name));
      const world = new World({ root: dir, source: 'explicit' }, { maxChars: 250 });
      await world.load();
      const files = await world.files();
      assert.ok(files.ok);
      assert.deepEqual([...files.value.keys()].sort(), ['a.yx', 'b.yx']);
      assert.equal(world.problems.get('c.yx')?.code, 'TOO_LARGE');
      assert.match(world.problems.get('c.yx')!.message, /250-character budget/);
      // b.yx removed: c.yx fits now, and is read on the next refresh though it did not change.
      rmSync(join(dir, 'b.yx'));
      world.invalidate();
      const after = await world.files();
      assert.ok(after.ok);
      assert.deepEqual([...after.value.keys()].sort(), ['a.yx', 'c.yx']);
      assert.equal(world.problems.get('c.yx'), undefined);
      world.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
