// checkFiles (src/ide/check.ts), what `yaoxiang check` runs: one target at a
// time, each handed to onFile with at most READ_AHEAD later files read, so a
// run over many files never holds them all; an imported file is read once however many
// targets import it, and its own diagnostics are not reported unless it is a
// target.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { READ_AHEAD } from '../../src/ide/check.ts';
import { checkFiles } from '../../src/ide/index.ts';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'yaoxiang-check-files-'));
  writeFileSync(path.join(root, 'yaoxiang.toml'), '[package]\nname = "t"\nversion = "0.1.0"\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

describe('checkFiles', () => {
  it('hands over one target at a time in the order of their names, having read at most READ_AHEAD more', async () => {
    const names = Array.from({ length: 3 * READ_AHEAD }, (_, i) => `f${String(i).padStart(2, '0')}.yx`);
    const root = project(Object.fromEntries(names.map((name, i) => [name, i % 5 === 0 ? 'x = 0x\n' : `y${i} = ${i}\n`])));
    let reads = 0;
    const handed: Array<{ file: string; codes: string; readsBefore: number }> = [];
    const checked = await checkFiles([...names].reverse().map((name) => path.join(root, name)), {
      root,
      read: async (absolute) => {
        reads++;
        return readFileSync(absolute, 'utf8');
      },
      display: (absolute) => path.basename(absolute),
      onFile: (file, text, diagnostics) => {
        assert.equal(text, readFileSync(path.join(root, file), 'utf8'));
        handed.push({ file, codes: diagnostics.map((d) => d.code).join(' '), readsBefore: reads });
      },
    });
    assert.deepEqual(handed.map((h) => h.file), names);
    assert.deepEqual(handed.map((h) => h.codes), names.map((_, i) => (i % 5 === 0 ? 'E0002' : '')));
    handed.forEach((h, i) => assert.ok(h.readsBefore <= i + 1 + READ_AHEAD, `${h.file}: ${h.readsBefore} files read before it was handed over`));
    assert.equal(reads, names.length);
    assert.deepEqual(checked.diagnostics.map((d) => d.file), names.filter((_, i) => i % 5 === 0));
  });

  it('stops at the first unreadable target in name order, though later ones were read ahead', async () => {
    const root = project({ 'a.yx': 'x = 1\n', 'b.yx': 'y = 2\n', 'c.yx': 'z = 3\n' });
    const handed: string[] = [];
    await assert.rejects(
      checkFiles(['c.yx', 'b.yx', 'a.yx'].map((name) => path.join(root, name)), {
        root,
        read: async (absolute) => {
          if (!absolute.endsWith('a.yx')) throw new Error(`cannot read ${path.basename(absolute)}`);
          return readFileSync(absolute, 'utf8');
        },
        display: (absolute) => path.basename(absolute),
        onFile: (file) => handed.push(file),
      }),
      /cannot read b\.yx/,
    );
    assert.deepEqual(handed, ['a.yx']);
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
    assert.deepEqual(reads.sort(), ['one.yx', 'two.yx', 'utils.yx']);
    assert.deepEqual(importers.diagnostics.map((d) => `${d.file} ${d.code}`), ['one.yx E1002']);
    reads.length = 0;
    const all = await run(['one.yx', 'two.yx', 'utils.yx']);
    assert.deepEqual(reads.sort(), ['one.yx', 'two.yx', 'utils.yx'], 'utils.yx, read ahead as a target, is not read again as an import');
    assert.deepEqual(all.diagnostics.map((d) => `${d.file} ${d.code}`), ['one.yx E1002', 'utils.yx E0002']);
  });
});
