// The faults the World must survive, as a table shared by the World, MCP and
// LSP tests: each turns util.yx of a three-file project into something else.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_FILE_BYTES, type FileProblem } from '../../src/workspace/world.ts';
import { errno, type FaultyDisk } from './faulty-disk.ts';

export const UTIL = 'pub total = 1\n';

export function faultProject(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-faults-')));
  writeFileSync(join(dir, 'main.yx'), 'use util.{total}\nmain = { x = total }\n');
  writeFileSync(join(dir, 'util.yx'), UTIL);
  writeFileSync(join(dir, 'other.yx'), 'pub other = 2\n');
  return dir;
}

export interface Fault {
  name: string;
  /** What util.yx becomes: absent, present with this text, or left out with this problem. */
  expect: { gone: true } | { text: string } | { problem: FileProblem['code'] };
  /** Needs the FaultyDisk (a real process reads the real disk, where this cannot be made to happen). */
  injected?: true;
  /** Named in a path argument, util.yx is then refused as outside the root (a link that loops or leaves it). */
  outside?: true;
  apply(dir: string, disk: FaultyDisk): void;
}

const hasMkfifo = process.platform !== 'win32' && spawnSync('mkfifo', ['--version']).status === 0;

export const FAULTS: Fault[] = [
  { name: 'deleted', expect: { gone: true }, apply: (dir) => rmSync(join(dir, 'util.yx')) },
  { name: 'renamed', expect: { gone: true }, apply: (dir) => renameSync(join(dir, 'util.yx'), join(dir, 'util-renamed.yx')) },
  {
    name: 'replaced by a directory',
    expect: { gone: true },
    apply: (dir) => {
      rmSync(join(dir, 'util.yx'));
      mkdirSync(join(dir, 'util.yx'));
    },
  },
  {
    name: 'unreadable (EACCES on read)',
    expect: { problem: 'UNREADABLE' },
    injected: true,
    apply: (dir, disk) => {
      disk.failing.set(join(dir, 'util.yx'), { on: 'read', error: errno('EACCES', 'permission denied') });
      // Changed as well: a file the World already holds, unchanged, is not read again.
      utimesSync(join(dir, 'util.yx'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    },
  },
  { name: 'unreadable (EIO on stat)', expect: { problem: 'UNREADABLE' }, injected: true, apply: (dir, disk) => void disk.failing.set(join(dir, 'util.yx'), { on: 'stat', error: errno('EIO', 'i/o error') }) },
  {
    name: 'a symbolic link loop',
    expect: { gone: true },
    outside: true,
    apply: (dir) => {
      rmSync(join(dir, 'util.yx'));
      symlinkSync('util.yx', join(dir, 'util.yx'));
    },
  },
  {
    name: 'a symbolic link out of the root',
    expect: { gone: true },
    outside: true,
    apply: (dir) => {
      const outside = realpathSync(mkdtempSync(join(tmpdir(), 'yaoxiang-outside-')));
      writeFileSync(join(outside, 'secret.yx'), 'pub total = 1\npub leaked = 1\n');
      rmSync(join(dir, 'util.yx'));
      symlinkSync(join(outside, 'secret.yx'), join(dir, 'util.yx'));
    },
  },
  ...(hasMkfifo
    ? [{
        name: 'a FIFO (reading it would wait for a writer forever)',
        expect: { gone: true } as const,
        apply: (dir: string) => {
          rmSync(join(dir, 'util.yx'));
          assert.equal(spawnSync('mkfifo', [join(dir, 'util.yx')]).status, 0);
        },
      }]
    : []),
  { name: 'truncated to nothing', expect: { text: '' }, apply: (dir) => truncateSync(join(dir, 'util.yx'), 0) },
  {
    name: 'truncated inside a character',
    expect: { problem: 'INVALID_UTF8' },
    apply: (dir) => {
      writeFileSync(join(dir, 'util.yx'), 'pub total = "好"\n');
      truncateSync(join(dir, 'util.yx'), Buffer.byteLength('pub total = "') + 1);
    },
  },
  { name: 'replaced with invalid UTF-8', expect: { problem: 'INVALID_UTF8' }, apply: (dir) => writeFileSync(join(dir, 'util.yx'), Buffer.from('pub total = 1\n\xff\xfe\n', 'latin1')) },
  { name: 'grown past the size limit', expect: { problem: 'TOO_LARGE' }, apply: (dir) => truncateSync(join(dir, 'util.yx'), MAX_FILE_BYTES + 1) },
];

/** Puts util.yx back as it was, whatever the fault made of it. */
export function repair(dir: string, disk: FaultyDisk): void {
  disk.failing.clear();
  rmSync(join(dir, 'util.yx'), { recursive: true, force: true });
  rmSync(join(dir, 'util-renamed.yx'), { force: true });
  writeFileSync(join(dir, 'util.yx'), UTIL);
}
