// An editing session must not keep earlier versions of a file. Memos live as
// long as the document is open and keep what each edit made; two ways they
// once kept every version: an ownership memo entry's test closed over the whole
// pass (its inference, line index and text), and item keys were slices of the
// source text, which hold the text they were cut from. 300 edits of a
// 2,000-line file then kept about 40 MB more; now the heap stays within a few.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { it } from 'node:test';
import { AnalysisHost, createParser, SyntaxDocument } from '../../src/ide/index.ts';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const FUNCTIONS = 400;
// Names of 13 characters and more: V8 slices those out of the source rather than copying them.
const source = Array.from({ length: FUNCTIONS }, (_, i) =>
  `pub accumulate_step_${i}: (count_of_items: Int) -> Int = (count_of_items) => {\n    intermediate_value = count_of_items + 1\n    return intermediate_value * 2 + ${i === 0 ? 'count_of_items' : `accumulate_step_${i - 1}(count_of_items)`}\n}\n`).join('\n');

function heapMiB(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

it('keeps no earlier version of an edited file: the heap after 300 more edits is what it was', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'yaoxiang-memory-'));
  writeFileSync(path.join(root, 'yaoxiang.toml'), '[package]\nname = "memory"\n');
  writeFileSync(path.join(root, 'main.yx'), source);
  const host = new AnalysisHost({ root, source: 'explicit' });
  const parser = await createParser();
  const document = new SyntaxDocument(parser, source, 1);
  try {
    await host.load({ watch: true });
    // Each edit types a digit into another function's body, as a session moves around a file; diagnostics and a hover follow it.
    const edit = async (k: number) => {
      const at = document.text.indexOf(`accumulate_step_${(k * 37) % FUNCTIONS}:`);
      const digit = document.text.indexOf('intermediate_value = count_of_items + 1', at) + 'intermediate_value = count_of_items + '.length;
      document.update([{ start: digit, end: digit, text: String(k % 10) }]);
      host.setOverlay('main.yx', document.text, document.version, document.tree.copy());
      const snapshot = await host.snapshot();
      assert.ok(snapshot.ok);
      assert.deepEqual(snapshot.value.diagnostics('main.yx'), []);
      snapshot.value.hover('main.yx', digit);
    };
    for (let k = 0; k < 50; k++) await edit(k);
    const before = heapMiB();
    for (let k = 50; k < 350; k++) await edit(k);
    const grown = heapMiB() - before;
    assert.ok(grown < 8, `the heap grew by ${grown.toFixed(1)} MiB over 300 edits of a ${source.length}-character file`);
  } finally {
    document.dispose();
    host.dispose();
    parser.delete();
    rmSync(root, { recursive: true, force: true });
  }
});
