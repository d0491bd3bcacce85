// Checking several files together: imports across files, caching, hover and inlay data.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { cliPath } from '../support/paths.ts';
import { project, TypeChecker } from './support.ts';

const UTILS = [
  'pub Point: Type = { x: Float, y: Float }',
  'pub Point.norm: (self: &Point) -> Float = (self) => self.x',
  'pub scale: (p: &Point, k: Float) -> Point = (p, k) => Point(p.x * k, p.y * k)',
  'pub answer: Int = 42',
  '',
].join('\n');

const MAIN = [
  'use std.io',
  'use utils',
  'use utils.{Point, scale}',
  '',
  'main = {',
  '    p = Point(1.0, 2.0)',
  '    q = scale(&p, 2.0)',
  '    n = q.norm()',
  '    io.println(utils.scale(&q, 1.0).x)',
  '}',
  '',
].join('\n');

describe('typecheck across a project', () => {
  it('resolves local modules: imported records, functions, methods and module records type-check', async () => {
    const files = await project({ 'utils.yx': UTILS, 'main.yx': MAIN });
    const report = new TypeChecker().check(files, { mode: 'full' });
    assert.deepEqual(report.diagnostics, []);
    assert.deepEqual(report.summary, { errors: 0, warnings: 0, files: 2 });
  });

  it('reports every error of every file, each with a range', async () => {
    const files = await project({
      'utils.yx': UTILS + 'bad: Int = "text"\n',
      'main.yx': MAIN.replace('    n = q.norm()', '    n = q.z\n    k = scale(&p)'),
    });
    const report = new TypeChecker().check(files, { mode: 'full' });
    assert.deepEqual(report.diagnostics.map((d) => `${d.file}:${d.range.start.line}:${d.range.start.column} ${d.code}`), [
      'main.yx:8:11 E1042',
      'main.yx:9:14 E1010',
      'utils.yx:5:1 E1002',
    ]);
    assert.equal(report.summary.errors, 3);
  });

  it('an export named like a std function has that function\'s signature in its importers, under any alias (the reference\'s export_type)', async () => {
    // Verified on v0.7.12 with `run` in a project: each call below is E1002 `'&string'`/`'int64'` (open's mode: &String),
    // while `use acc.{other as open}` keeps other's own type, and a local `open` is the local one.
    const files = await project({
      'acc.yx': 'open: (owner: String, amount: Int) -> Int = amount\nother: (owner: String, amount: Int) -> Int = amount\n',
      'main.yx': [
        'use acc',
        'use acc.{open, open as opn}',
        'use acc.{other as len}',
        'main = {',
        '    a = open("alice", 100)',
        '    b = opn("bob", 100)',
        '    c = acc.open("cy", 100)',
        '    d = len("dee", 100)',
        '}',
        '',
      ].join('\n'),
    });
    const report = new TypeChecker().check(files, { mode: 'full' });
    assert.deepEqual(report.diagnostics.map((d) => `${d.file}:${d.range.start.line}:${d.range.start.column} ${d.code} ${d.message}`), [
      "main.yx:5:13 E1002 Expected type '&string', found type 'int64'",
      "main.yx:6:12 E1002 Expected type '&string', found type 'int64'",
      "main.yx:7:17 E1002 Expected type '&string', found type 'int64'",
    ]);
  });

  it('a module record\'s export read as a value in a body is E3005: IR generation knows the project\'s records, not the module record', async () => {
    // Verified on v0.7.12 with `run` in a project: `m.MAX` and `m.origin` read in main are E3005 (the first is reported),
    // while `m.Point(1, 2).px` resolves: the module's records are known to the generator.
    const files = await project({
      'm.yx': 'Point: Type = { px: Int, py: Int }\nMAX: Int = 9\norigin: Point = Point(0, 0)\n',
      'main.yx': 'use m\nmain = {\n    print(m.Point(1, 2).px)\n    print(m.MAX)\n}\nf: () -> Void = {\n    print(m.origin)\n}\n',
    });
    const report = new TypeChecker().check(files, { mode: 'full' });
    assert.deepEqual(report.diagnostics.map((d) => `${d.file}:${d.range.start.line}:${d.range.start.column} ${d.code} ${d.message}`), [
      "main.yx:4:11 E3005 IR generation error: 无法解析字段索引: 'MAX'",
      "main.yx:7:11 E3005 IR generation error: 无法解析字段索引: 'origin'",
    ]);
  });

  it('the fields of a record the file did not import by name are unknown to it (E1053), its methods are not', async () => {
    // Verified on v0.7.12 with `run` in a project: `p.px` is E1053 'Cannot access field on non-struct type 'Point''
    // after `use m.{make}` and after `use m` (`m.make()`), not after `use m.{make, Point}`; `p.sum()` type-checks.
    const m = 'Point: Type = { px: Int, py: Int }\nmake: () -> Point = Point(1, 2)\nPoint.sum: (self: Point) -> Int = self.px + self.py\n';
    const fieldOf = (imports: string, call: string) => `${imports}\nmain = {\n    p = ${call}\n    print(p.px)\n    print(p.sum())\n}\n`;
    const errors = async (main: string) => {
      const report = new TypeChecker().check(await project({ 'm.yx': m, 'main.yx': main }), { mode: 'full' });
      return report.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.code} ${d.message}`);
    };
    assert.deepEqual(await errors(fieldOf('use m.{make}', 'make()')), ["4:13 E1053 Cannot access field on non-struct type 'Point'"]);
    assert.deepEqual(await errors(fieldOf('use m', 'm.make()')), ["4:13 E1053 Cannot access field on non-struct type 'Point'"]);
    assert.deepEqual(await errors(fieldOf('use m.{make, Point}', 'make()')), []);
    assert.deepEqual(await errors(fieldOf('use m', 'm.Point(1, 2)')), []);
  });

  it('an imported const-generic record is called as the record the reference exports: every declared field, no constraint', async () => {
    // Verified on v0.7.12 with `run` in a project: `SafeArray(Int)` is E1010 'expected 2 arguments, found 1'
    // (`_assert_n` counts), and `SafeArray(Int, 0)` compiles (the Assert is checked only where the type is defined).
    const m = 'SafeArray: (T: Type, N: Int) -> Type = {\n    _assert_n: Assert(N > 0),\n    data: Array(T, N),\n}\n';
    const errors = async (call: string) => {
      const report = new TypeChecker().check(await project({ 'm.yx': m, 'main.yx': `use m.{SafeArray}\nmain = {\n    a = ${call}\n}\n` }), { mode: 'full' });
      return report.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.code} ${d.message}`);
    };
    assert.deepEqual(await errors('SafeArray(Int)'), ["3:18 E1010 Function 'SafeArray' expected 2 arguments, found 1"]);
    assert.deepEqual(await errors('SafeArray(Int, 0)'), []);
    assert.deepEqual(await errors('SafeArray(Int, 3)'), []);
  });

  it('fast mode checks the given files and the project files they import', async () => {
    const files = await project({ 'utils.yx': UTILS, 'main.yx': MAIN, 'other.yx': 'x: Int = "s"\n' });
    const checker = new TypeChecker();
    const report = checker.check(files, { mode: 'fast', targets: ['main.yx'] });
    assert.equal(report.summary.files, 2);
    assert.deepEqual(checker.lastChecked.sort(), ['main.yx', 'utils.yx']);
  });

  it('re-checks only what an edit affects: the file, and importers when its exports change', async () => {
    const sources = { 'utils.yx': UTILS, 'main.yx': MAIN, 'other.yx': 'y = 1\n' };
    const files = await project(sources);
    const checker = new TypeChecker();
    checker.check(files, { mode: 'full' });
    assert.deepEqual(checker.lastChecked.sort(), ['main.yx', 'other.yx', 'utils.yx']);

    checker.check(files, { mode: 'full' });
    assert.deepEqual(checker.lastChecked, [], 'nothing changed, nothing re-checked');

    const bodyEdit = await project({ ...sources, 'utils.yx': UTILS.replace('(p, k) => Point(p.x * k, p.y * k)', '(p, k) => Point(p.x, p.y)') });
    files.set('utils.yx', bodyEdit.get('utils.yx')!);
    checker.check(files, { mode: 'full' });
    assert.deepEqual(checker.lastChecked, ['utils.yx'], 'a body edit keeps the exports: importers are not re-checked');

    const exportEdit = await project({ ...sources, 'utils.yx': UTILS.replace('k: Float) -> Point', 'k: Int) -> Point') });
    files.set('utils.yx', exportEdit.get('utils.yx')!);
    const report = checker.check(files, { mode: 'full' });
    assert.deepEqual(checker.lastChecked.sort(), ['main.yx', 'utils.yx']);
    assert.deepEqual(report.diagnostics.map((d) => `${d.file}:${d.code}`), ['main.yx:E1002']);
  });

  it('answers the type at a position and the types of unannotated bindings', async () => {
    const files = await project({ 'utils.yx': UTILS, 'main.yx': MAIN });
    const checker = new TypeChecker();
    const main = files.get('main.yx')!;
    const offset = main.text.indexOf('q = scale');
    assert.equal(checker.typeAt(files, 'main.yx', offset)?.type, 'Point');
    assert.equal(checker.typeAt(files, 'main.yx', main.text.indexOf('2.0)'))?.type, 'float64');
    const hints = checker.inferredBindings(files, 'main.yx').map((h) => `${h.name}: ${h.type}`);
    assert.deepEqual(hints, ['p: Point', 'q: Point', 'n: float64']);
  });
});

describe('yaoxiang check with type errors', () => {
  it('reports three independent errors in two files from one run, in the reference layout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yx-check-'));
    writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "demo"\nversion = "0.1.0"\n');
    writeFileSync(join(dir, 'utils.yx'), UTILS + 'bad: Int = "text"\n');
    writeFileSync(join(dir, 'main.yx'), MAIN.replace('    n = q.norm()', '    n = q.z\n    k = scale(&p)'));
    const json = spawnSync(process.execPath, [cliPath, 'check', '--json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(json.status, 1, json.stderr);
    const parsed = JSON.parse(json.stdout);
    assert.equal(parsed.error_count, 3);
    assert.deepEqual(parsed.diagnostics.map((d: { code: string; line: number; column: number }) => `${d.code}@${d.line}:${d.column}`),
      ['E1042@8:11', 'E1010@9:14', 'E1002@5:1']);
    const text = spawnSync(process.execPath, [cliPath, 'check'], { cwd: dir, encoding: 'utf8' });
    assert.match(text.stderr, /error \[E1042\] Cannot find field 'z' in struct 'Point'\n --> .*main\.yx:8:11\n/);
    assert.match(text.stderr, /help: Check the available fields of the struct/);
    assert.match(text.stderr, /Summary: 3 error\(s\), 0 warning\(s\)/);
    // eslint-disable-next-line no-control-regex -- ESC starts the colour codes this looks for
    assert.doesNotMatch(text.stderr, /\x1b\[/, 'no colour when stderr is not a TTY');
  });
});
