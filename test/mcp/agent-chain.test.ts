// End to end, as an agent would work on a real project over stdio: parse a
// broken snippet, fix it, format it, add it to the project, typecheck, look the
// new function up, find its references, rename it.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { call, connect, scratchProject, type Connected } from './support.ts';

let project: Awaited<ReturnType<typeof scratchProject>>;
let c: Connected;
before(async () => {
  project = await scratchProject();
  c = await connect('stdio-modern', project.dir);
});
after(async () => {
  await c.close();
  await project.remove();
});

test('parse, fix, format, typecheck, look up, find references, rename', async () => {
  const broken = 'use utils.{total}\n\npub double_total:(xs:List(Int))->Int=(xs)=>{\n  return total(xs)*2\n';
  const parsed = await call(c.client, 'parse_source', { source: broken });
  assert.ok(parsed.diagnostics.length > 0, 'the missing } is reported');
  const explained = await call(c.client, 'explain_diagnostic', { code: parsed.diagnostics[0].code });
  assert.ok(explained.help.length > 0);

  const fixed = broken + '}\n';
  assert.deepEqual((await call(c.client, 'parse_source', { source: fixed })).diagnostics, []);

  const formatted = await call(c.client, 'format_source', { source: fixed });
  assert.equal(formatted.changed, true);
  assert.match(formatted.formatted, /pub double_total: \(xs: List\(Int\)\) -> Int = \(xs\) => \{[\s\S]*return total\(xs\) \* 2/);
  assert.equal((await call(c.client, 'format_source', { source: formatted.formatted })).changed, false, 'formatting is idempotent');
  await writeFile(path.join(project.dir, 'stats.yx'), formatted.formatted);
  await writeFile(path.join(project.dir, 'report.yx'), 'use stats.{double_total}\n\npub report: () -> Int = () => double_total([1, 2, 3])\n');

  const checked = await call(c.client, 'typecheck', { file_paths: [], project_root: '.', mode: 'full' });
  assert.deepEqual(checked.diagnostics, []);
  assert.equal(checked.summary.files, 5);

  const found = await call(c.client, 'lookup_symbol', { query: 'double_total', kind: ['function'] });
  assert.deepEqual(found.symbols.map((s: { file: string; range: number[] }) => [s.file, s.range]), [['stats.yx', [3, 5, 3, 17]]]);

  const refs = await call(c.client, 'find_references', { query: 'double_total' });
  assert.equal(refs.definition.file, 'stats.yx');
  assert.deepEqual(refs.locations.map((l: { file: string; range: number[] }) => `${l.file}:${l.range[0]}`).sort(), ['report.yx:1', 'report.yx:3', 'stats.yx:3']);

  const source = await readFile(path.join(project.dir, 'stats.yx'), 'utf8');
  const renamed = await call(c.client, 'rename_symbol', { source, old_name: 'double_total', new_name: 'twice_total' });
  assert.deepEqual(renamed.diagnostics, []);
  assert.equal(renamed.source, source.replace('double_total', 'twice_total'));
  assert.equal(renamed.edits.length, 1);
});
