// checkFiles (src/ide/check.ts), what `yaoxiang check` runs: one target at a
// time, each handed to onFile before the next is read, so a run over many
// files never holds them all; an imported file is read once however many
// targets import it, and its own diagnostics are not reported unless it is a
// target.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkFiles } from '../../src/ide/index.ts';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'yaoxiang-check-files-'));
  writeFileSync(path.join(root, 'yaoxiang.toml'), '[package]\nname = "t"\nversion = "0.1.0"\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

describe('checkFiles', () => {
  it('reads, checks and hands over one target at a time, in the order of their names', async () => {
    const root = project({ 'b.yx': 'x = 0x\n', 'a.yx': 'main = {\n    ref = 2\n}\n', 'c.yx': 'y = 1\n' });
    const events: string[] = [];
    const targets = ['c.yx', 'a.yx', 'b.yx'].map((name) => path.join(root, name));
    const checked = await checkFiles(targets, {
      root,
      read: async (absolute) => {
        events.push(`read ${path.basename(absolute)}`);
        return readFileSync(absolute, 'utf8');
      },
      display: (absolute) => path.basename(absolute),
      onFile: (file, text, diagnostics) => events.push(`checked ${file} (${text.length} chars): ${diagnostics.map((d) => d.code).join(' ')}`),
    });
    assert.deepEqual(events, [
      'read a.yx',
      'checked a.yx (23 chars): E0018',
      'read b.yx',
      'checked b.yx (7 chars): E0002',
      'read c.yx',
      'checked c.yx (6 chars): ',
    ]);
    assert.deepEqual(checked.diagnostics.map((d) => `${d.file} ${d.code}`), ['a.yx E0018', 'b.yx E0002']);
  });

  it('reads an imported file once for all its importers and reports its own errors only when it is a target', async () => {
    const root = project({
      'utils.yx': 'pub add: (a: Int, b: Int) -> Int = (a, b) => a + b\nbroken = 0x\n',
      'one.yx': 'use utils\nmain = { x: String = utils.add(1, 2) }\n',
      'two.yx': 'use utils\nmain = { y: Int = utils.add(1, 2) }\n',
    });
    const reads: string[] = [];
    const run = (names: string[]) => checkFiles(names.map((name) => path.join(root, name)), {
      root,
      read: async (absolute) => {
        reads.push(path.basename(absolute));
        return readFileSync(absolute, 'utf8');
      },
      display: (absolute) => path.basename(absolute),
    });
    const importers = await run(['one.yx', 'two.yx']);
    assert.deepEqual(reads, ['one.yx', 'utils.yx', 'two.yx']);
    assert.deepEqual(importers.diagnostics.map((d) => `${d.file} ${d.code}`), ['one.yx E1002']);
    reads.length = 0;
    const all = await run(['one.yx', 'two.yx', 'utils.yx']);
    assert.deepEqual(reads, ['one.yx', 'utils.yx', 'two.yx']);
    assert.deepEqual(all.diagnostics.map((d) => `${d.file} ${d.code}`), ['one.yx E1002', 'utils.yx E0002']);
  });
});
