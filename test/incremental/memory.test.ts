// An editing session must not keep earlier versions of a file. Memos live as
// long as the document is open and keep what each edit made; ways they once
// kept every version: an ownership memo entry's test closed over the whole
// pass (its inference, line index and text); item keys and names were slices
// of the source text, which hold the text they were cut from (300 edits of a
// 2,000-line file kept about 40 MB more); and a memo that forgot what the
// last pass did not have only now and then kept each earlier version of a
// function typed in (200 keystrokes in a 600-line function: 94 MB).
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

/**
 * How much the heap grew over `measured` edits of `text` through the analysis
 * host, after `warmup` edits; edit k types a digit after the text `before(k)`
 * returns, and diagnostics and a hover follow each, as in an editor.
 */
async function growthOver(text: string, before: (k: number) => string, warmup: number, measured: number): Promise<number> {
  const root = mkdtempSync(path.join(tmpdir(), 'yaoxiang-memory-'));
  writeFileSync(path.join(root, 'yaoxiang.toml'), '[package]\nname = "memory"\n');
  writeFileSync(path.join(root, 'main.yx'), text);
  const host = new AnalysisHost({ root, source: 'explicit' });
  const parser = await createParser();
  const document = new SyntaxDocument(parser, text, 1);
  try {
    await host.load({ watch: true });
    const edit = async (k: number) => {
      const marker = before(k);
      const at = document.text.indexOf(marker) + marker.length;
      document.update([{ start: at, end: at, text: String(k % 10) }]);
      host.setOverlay('main.yx', document.text, document.version, document.tree.copy());
      const snapshot = await host.snapshot();
      assert.ok(snapshot.ok);
      assert.deepEqual(snapshot.value.diagnostics('main.yx'), []);
      snapshot.value.hover('main.yx', at);
    };
    for (let k = 0; k < warmup; k++) await edit(k);
    const start = heapMiB();
    for (let k = warmup; k < warmup + measured; k++) await edit(k);
    return heapMiB() - start;
  } finally {
    document.dispose();
    host.dispose();
    parser.delete();
    rmSync(root, { recursive: true, force: true });
  }
}

it('keeps no earlier version of an edited file: the heap after 300 more edits is what it was', async () => {
  // Each edit in another function's body, as a session moves around a file.
  const grown = await growthOver(source, (k) => `accumulate_step_${(k * 37) % FUNCTIONS}: (count_of_items: Int) -> Int = (count_of_items) => {\n    intermediate_value = count_of_items + `, 50, 300);
  assert.ok(grown < 8, `the heap grew by ${grown.toFixed(1)} MiB over 300 edits of a ${source.length}-character file`);
});

it('keeps no earlier version of a function typed in: the heap after 200 keystrokes inside it is what it was', async () => {
  const body = Array.from({ length: 600 }, (_, i) => `    value_${i} = count_of_items + ${i}`).join('\n');
  const text = `${source}\npub typed_in_function: (count_of_items: Int) -> Int = (count_of_items) => {\n${body}\n    return value_0\n}\n`;
  const grown = await growthOver(text, (k) => `value_${(k * 37) % 600} = count_of_items + `, 20, 200);
  assert.ok(grown < 8, `the heap grew by ${grown.toFixed(1)} MiB over 200 keystrokes in a 600-line function`);
});
