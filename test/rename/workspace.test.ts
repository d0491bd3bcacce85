// renameInWorkspace: a binding and its references across files, as edits per file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prepareRenameInWorkspace, renameInWorkspace, type PreparedRename } from '../../src/analysis/rename/index.ts';
import { analyzeFixture, parseFixture } from '../support/fixture.ts';

/** Renames what `$0` is on (or `name` in the cursor's file) and compares every file with `after`. */
async function check(before: string, newName: string, after: string, name?: string): Promise<void> {
  const fixture = parseFixture(before);
  assert.ok(fixture.cursor, 'the fixture needs a $0 cursor');
  const files = analyzeFixture(fixture);
  const at = name ?? { line: fixture.cursor.line, column: fixture.cursor.column };
  const result = await renameInWorkspace(files, fixture.cursor.file, at, newName);
  assert.deepEqual(result.diagnostics, []);
  const expected = parseFixture(after).files;
  const actual = new Map(fixture.files);
  for (const change of result.changes) actual.set(change.file, change.source);
  assert.deepEqual(Object.fromEntries(actual), Object.fromEntries(expected));
  // Only changed files are reported, each with its edits.
  for (const change of result.changes) {
    assert.notEqual(change.source, fixture.files.get(change.file));
    assert.ok(change.edits.length > 0);
  }
}

/** Refused with `code`; the reason matches `message`, and points at the `^^^` mark when there is one. */
async function refuses(before: string, newName: string, code: string, message?: RegExp): Promise<void> {
  const fixture = parseFixture(before);
  const files = analyzeFixture(fixture);
  const result = await renameInWorkspace(files, fixture.cursor!.file, { line: fixture.cursor!.line, column: fixture.cursor!.column }, newName);
  assert.deepEqual(result.changes, []);
  assert.deepEqual([...new Set(result.diagnostics.map((d) => d.code))], [code], JSON.stringify(result.diagnostics));
  if (message) assert.match(result.diagnostics[0]!.message, message);
  const mark = fixture.marks[0];
  if (mark) {
    const { range } = result.diagnostics[0]!;
    assert.deepEqual([range.start.line, range.start.column, range.end.column], [mark.line, mark.column, mark.endColumn]);
  }
}

describe('renameInWorkspace', () => {
  it('renames an export, its import and the uses in the importer', () => check(`
//- /utils.yx
pub total: (xs: List(Int)) -> Int = (xs) => 0
//- /main.yx
use utils.{total}
main = {
    t = tot$0al([1, 2])
    io.println(t + total([3]))
}
`, 'sum', `
//- /utils.yx
pub sum: (xs: List(Int)) -> Int = (xs) => 0
//- /main.yx
use utils.{sum}
main = {
    t = sum([1, 2])
    io.println(t + sum([3]))
}
`));

  it('renaming to the name it already has changes nothing and is no conflict, even with importers', () => check(`
//- /utils.yx
pub total: (xs: List(Int)) -> Int = (xs) => 0
//- /main.yx
use utils.{total}
main = {
    t = tot$0al([1, 2])
}
`, 'total', `
//- /utils.yx
pub total: (xs: List(Int)) -> Int = (xs) => 0
//- /main.yx
use utils.{total}
main = {
    t = total([1, 2])
}
`));

  it('changes only the imported name under an alias, and follows module members', () => check(`
//- /utils.yx
pub tot$0al = 1
//- /main.yx
use utils.{total as t}
x = t + 1
//- /other.yx
use utils
y = utils.total
`, 'sum', `
//- /utils.yx
pub sum = 1
//- /main.yx
use utils.{sum as t}
x = t + 1
//- /other.yx
use utils
y = utils.sum
`));

  it('renames an alias alone when the cursor is on it', () => check(`
//- /utils.yx
pub total = 1
//- /main.yx
use utils.{total as t}
x = t$0 + 1
`, 'tt', `
//- /utils.yx
pub total = 1
//- /main.yx
use utils.{total as tt}
x = tt + 1
`));

  it('finds a name in the file, through its import', () => check(`
//- /utils.yx
pub total = 1
//- /main.yx
use utils.{total}
x = total$0
`, 'sum', `
//- /utils.yx
pub sum = 1
//- /main.yx
use utils.{sum}
x = sum
`, 'total'));

  it('renames a method in every file that calls it on its type', () => check(`
//- /shapes.yx
Point: Type = { x: Float, y: Float }
Point.dr$0aw: (self: Point) -> Void = { io.println(self.x) }
//- /main.yx
use shapes.{Point}
main = {
    p: Point = Point(1.0, 2.0)
    p.draw()
}
`, 'render', `
//- /shapes.yx
Point: Type = { x: Float, y: Float }
Point.render: (self: Point) -> Void = { io.println(self.x) }
//- /main.yx
use shapes.{Point}
main = {
    p: Point = Point(1.0, 2.0)
    p.render()
}
`));

  it('renames a top-level function without the local that shares its name', () => check(`
hel$0per: (n: Int) -> Int = (n) => n + 2
main = {
    a = helper(1)
    helper = 40
    io.println(helper + a)
}
`, 'bump', `
bump: (n: Int) -> Int = (n) => n + 2
main = {
    a = bump(1)
    helper = 40
    io.println(helper + a)
}
`));

  it('renames a field of one type, not the same-named field of another file\'s same-named type', () => check(`
//- /geo.yx
pub Point: Type = { x$0: Int, y: Int }
pub norm: (p: Point) -> Int = (p) => p.x + p.y
//- /shapes.yx
Point: Type = { x: Int, y: Int }
left: (p: Point) -> Int = (p) => p.x
//- /main.yx
use geo.{Point}
main = {
    p: Point = Point(1, 2)
    q = p.x
}
`, 'px', `
//- /geo.yx
pub Point: Type = { px: Int, y: Int }
pub norm: (p: Point) -> Int = (p) => p.px + p.y
//- /shapes.yx
Point: Type = { x: Int, y: Int }
left: (p: Point) -> Int = (p) => p.x
//- /main.yx
use geo.{Point}
main = {
    p: Point = Point(1, 2)
    q = p.px
}
`));

  it('refuses when an importer has its own binding of the new name', () => refuses(`
//- /utils.yx
pub tot$0al = 1
//- /main.yx
use utils.{total}
sum = 2
x = total + sum
`, 'sum', 'RENAME_CONFLICT'));

  it('refuses when an importer already imports the new name from that module', () => refuses(`
//- /utils.yx
pub tot$0al = 1
//- /main.yx
use utils.{total, sum}
x = total + sum
`, 'sum', 'RENAME_CONFLICT'));

  it('refuses when the checker would see a different program: a local renamed to an inner loop variable is E2013', () => refuses(`
use std.io
create_matrix: (size: Int) -> List(List(Int)) = (size) => {
    mut mat$0rix = []
    for i in 0..size {
        mut row = []
        for j in 0..size {
        //  ^
            row = row + [i * j]
        }
        matrix = matrix + [row]
    }
    return matrix
}
main = { io.println(create_matrix(2)) }
`, 'j', 'RENAME_CONFLICT', /E2013 .*Cannot shadow existing variable 'j'/));

  it('refuses when a diagnostic of the program would go away: the meaning changes either way', () => refuses(`
use std.io
main = {
    mut x = 0
    for x$0 in 0..3 {
    //  ^
        io.println(x)
    }
}
`, 'y', 'RENAME_CONFLICT', /E2013 .* would go away/));

  it('checks an importer against the renamed exports: a type renamed in both files stays well-typed', () => check(`
//- /geo.yx
pub Po$0int: Type = { x: Int, y: Int }
pub origin: () -> Point = () => Point(0, 0)
//- /main.yx
use std.io
use geo.{Point, origin}
main = {
    p: Point = origin()
    io.println(p.x)
}
`, 'Spot', `
//- /geo.yx
pub Spot: Type = { x: Int, y: Int }
pub origin: () -> Spot = () => Spot(0, 0)
//- /main.yx
use std.io
use geo.{Spot, origin}
main = {
    p: Spot = origin()
    io.println(p.x)
}
`));

  it('refuses a name that is not a binding', () => refuses(`
x = 1 +$0 2
`, 'y', 'RENAME_NOT_FOUND'));

  it('refuses to rename a std import', () => refuses(`
use std.io.{println}
main = { print$0ln("x") }
`, 'say', 'RENAME_IMPORTED'));

  it('refuses a keyword before looking anything up', () => refuses(`
x$0 = 1
`, 'while', 'RENAME_KEYWORD'));
});

describe('prepareRenameInWorkspace', () => {
  async function prepare(before: string) {
    const fixture = parseFixture(before);
    return prepareRenameInWorkspace(analyzeFixture(fixture), fixture.cursor!.file, { line: fixture.cursor!.line, column: fixture.cursor!.column });
  }
  const codes = (prepared: PreparedRename) => (prepared.ok ? [] : prepared.diagnostics.map((d) => d.code));

  it('accepts an export that importers use, naming it', async () => {
    assert.deepEqual(await prepare(`
//- /utils.yx
pub tot$0al = 1
//- /main.yx
use utils.{total, sum}
x = total + sum
`), { ok: true, name: 'total' });
  });

  it('refuses, without a new name, what no new name could fix', async () => {
    assert.deepEqual(codes(await prepare('use std.io.{println}\nmain = { print$0ln("x") }\n')), ['RENAME_IMPORTED']);
    assert.deepEqual(codes(await prepare('x = 1 +$0 2\n')), ['RENAME_NOT_FOUND']);
    assert.deepEqual(codes(await prepare('x$0 = 1\ny = (\n')), ['RENAME_SYNTAX_ERROR']);
  });
});
