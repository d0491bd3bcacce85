import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveModule } from '../../src/analysis/imports.ts';
import { matchRank, SymbolIndex } from '../../src/analysis/navigation.ts';
import { analyzeFixture, parseFixture } from '../support/fixture.ts';

const project = analyzeFixture(parseFixture(`
//- /geometry.yx
pub Point: Type = { x: Float, y: Float }
Drawable: Type = { draw: (self: Self) -> Void }
List2: (T: Type) -> Type = { data: Array(T) }
Alias: Type = List(Int)
pub Point.shift: (self: &mut Point, dx: Float) -> Void = {}
sum_squares: (xs: List(Int)) -> Int = (xs) => 0
mut counter = 0
//- /main.yx
use std.io
use geometry.{Point, sum_squares as ss}
main = {
    squares = [1, 4]
    io.println(squares)
}
`));
const index = new SymbolIndex(project.values());

describe('symbols', () => {
  it('extracts every kind with its container', () => {
    const all = index.lookup('', {}).symbols;
    assert.equal(all.length, 0, 'an empty query matches nothing');
    const kinds = (q: string) => index.lookup(q).symbols.map((s) => `${s.kind}:${s.container ? s.container + '.' : ''}${s.name}@${s.file}:${s.range.start.line}`);
    assert.deepEqual(kinds('Point'), ['record:Point@geometry.yx:1', 'import:geometry.Point@main.yx:2']);
    assert.deepEqual(kinds('Drawable'), ['interface:Drawable@geometry.yx:2']);
    assert.deepEqual(kinds('List2'), ['generic:List2@geometry.yx:3']);
    assert.deepEqual(kinds('Alias'), ['type:Alias@geometry.yx:4']);
    assert.deepEqual(kinds('shift'), ['method:Point.shift@geometry.yx:5']);
    assert.deepEqual(kinds('Point.x'), ['field:Point.x@geometry.yx:1']);
    assert.deepEqual(kinds('counter'), ['variable:counter@geometry.yx:7']);
    assert.deepEqual(kinds('dx'), ['parameter:Point.shift.dx@geometry.yx:5']);
    // The exact match first; subsequence matches after it, exported ones first.
    assert.deepEqual(kinds('ss'), ['import:geometry.ss@main.yx:2', 'function:sum_squares@geometry.yx:6', 'variable:squares@main.yx:4']);
  });

  it('ranks exact, case-insensitive, prefix, word-boundary and subsequence matches', () => {
    assert.deepEqual([matchRank('squares', 'squares'), matchRank('Squares', 'squares'), matchRank('squares', 'squ'), matchRank('sum_squares', 'squ'), matchRank('sum_squares', 'sms'), matchRank('abc', 'x')], [0, 1, 2, 3, 4, -1]);
    const names = index.lookup('squ').symbols.map((s) => s.name);
    assert.deepEqual(names, ['squares', 'sum_squares']);
  });

  it('filters by kind and limits, reporting the total', () => {
    const result = index.lookup('s', { kinds: ['function', 'method'], limit: 1 });
    assert.equal(result.symbols.length, 1);
    assert.ok(result.total >= 2);
    assert.ok(result.symbols.every((s) => s.kind === 'function' || s.kind === 'method'));
  });
});

describe('imports', () => {
  it('lists items, aliases and resolution', () => {
    const main = project.get('main.yx')!;
    assert.deepEqual(main.imports.map((i) => ({ module: i.module, items: i.items.map((it) => [it.name, it.alias ?? null, it.isPublic]), resolved: i.resolved })), [
      { module: 'std.io', items: [], resolved: { kind: 'std', module: 'std.io' } },
      { module: 'geometry', items: [['Point', null, false], ['sum_squares', 'ss', false]], resolved: { kind: 'file', path: 'geometry.yx' } },
    ]);
  });

  it('marks pub items and module aliases', () => {
    const file = analyzeFixture(parseFixture('use a.{pub x, y}\nuse std.io as sio\n')).get('main.yx')!;
    assert.deepEqual(file.imports[0]!.items.map((i) => i.isPublic), [true, false]);
    assert.equal(file.imports[1]!.alias, 'sio');
    assert.deepEqual(file.imports[0]!.resolved, { kind: 'unresolved' });
  });

  it("resolves the reference's way: importer's directory, then the root; a/b.yx before a/b/mod.yx", () => {
    const files = new Set(['lib/util.yx', 'util.yx', 'a/b.yx', 'a/b/mod.yx', 'c/d/mod.yx']);
    const exists = (p: string) => files.has(p);
    assert.deepEqual(resolveModule('util', 'lib/main.yx', exists), { kind: 'file', path: 'lib/util.yx' });
    assert.deepEqual(resolveModule('util', 'other/main.yx', exists), { kind: 'file', path: 'util.yx' });
    assert.deepEqual(resolveModule('a.b', 'main.yx', exists), { kind: 'file', path: 'a/b.yx' });
    assert.deepEqual(resolveModule('c.d', 'main.yx', exists), { kind: 'file', path: 'c/d/mod.yx' });
    assert.deepEqual(resolveModule('std.math', 'main.yx', exists), { kind: 'std', module: 'std.math' });
    assert.deepEqual(resolveModule('std', 'main.yx', exists), { kind: 'std', module: 'std' });
    assert.deepEqual(resolveModule('std.nope', 'main.yx', exists), { kind: 'unresolved' });
    assert.deepEqual(resolveModule('missing', 'main.yx', exists), { kind: 'unresolved' });
  });
});
