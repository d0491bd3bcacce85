// Renaming a member with the checker's receiver types: `p.x` is renamed with
// the field when `p` is that Point (through `&`, nested fields, method calls,
// imports), a same-named field of another type stays, and a use whose
// receiver has no known type refuses the rename with the reason.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renameInWorkspace } from '../../src/analysis/rename/index.ts';
import { checkedFixture } from '../support/checked-fixture.ts';
import { parseFixture } from '../support/fixture.ts';

async function renamedWithChecker(before: string, newName: string) {
  const fixture = parseFixture(before);
  assert.ok(fixture.cursor, 'the fixture needs a $0 cursor');
  const { files, members } = checkedFixture(fixture);
  try {
    const at = { line: fixture.cursor.line, column: fixture.cursor.column };
    return { fixture, result: await renameInWorkspace(files, fixture.cursor.file, at, newName, members) };
  } finally {
    for (const file of files.values()) file.tree.delete();
  }
}

/** Renames the member at `$0` and compares every file with `after`. */
async function check(before: string, newName: string, after: string): Promise<void> {
  const { fixture, result } = await renamedWithChecker(before, newName);
  assert.deepEqual(result.diagnostics, []);
  const actual = new Map(fixture.files);
  for (const change of result.changes) actual.set(change.file, change.source);
  assert.deepEqual(Object.fromEntries(actual), Object.fromEntries(parseFixture(after).files));
}

/** Refused with `code`, the reason matching `message`, pointing at the `^^^` mark. */
async function refuses(before: string, newName: string, code: string, message: RegExp): Promise<void> {
  const { fixture, result } = await renamedWithChecker(before, newName);
  assert.deepEqual(result.changes, []);
  assert.deepEqual(result.diagnostics.map((d) => d.code), [code], JSON.stringify(result.diagnostics));
  assert.match(result.diagnostics[0]!.message, message);
  const mark = fixture.marks[0]!;
  const { range } = result.diagnostics[0]!;
  assert.deepEqual([range.start.line, range.start.column, range.end.column], [mark.line, mark.column, mark.endColumn]);
}

describe('renameInWorkspace of a member, by receiver type', () => {
  it('follows a field written through a &mut token (`n = &mut s` then `n.x = 100`; refused as unresolved before)', () => check(`
Point: Type = { x: Int, y: Int }
main = {
    mut s = Point(1, 2)
    n = &mut s
    n.x$0 = 100
    t = s.x
}
`, 'left', `
Point: Type = { left: Int, y: Int }
main = {
    mut s = Point(1, 2)
    n = &mut s
    n.left = 100
    t = s.left
}
`));

  it('follows &, nested fields, method calls and plain assignments, and leaves another type\'s field', () => check(`
use std.io
Vec: Type = { dx: Int, dy: Int }
Ray: Type = { heading: &Vec, start: Vec }
Scale: Type = { dx: Float }
Vec.doubled: (self: Vec) -> Vec = (self) => Vec(self.dx * 2, self.dy * 2)
run = {
    v = Vec(3, 4)
    r = Ray(&v, v)
    longer = v.doubled()
    borrowed = &longer
    io.println(r.heading.dx + r.start.dx + borrowed.d$0x)
    s = Scale(0.5)
    io.println(s.dx)
}
`, 'east', `
use std.io
Vec: Type = { east: Int, dy: Int }
Ray: Type = { heading: &Vec, start: Vec }
Scale: Type = { dx: Float }
Vec.doubled: (self: Vec) -> Vec = (self) => Vec(self.east * 2, self.dy * 2)
run = {
    v = Vec(3, 4)
    r = Ray(&v, v)
    longer = v.doubled()
    borrowed = &longer
    io.println(r.heading.east + r.start.east + borrowed.east)
    s = Scale(0.5)
    io.println(s.dx)
}
`));

  it('renames the field of the type a call from another file returns, not of a same-named type of a third file', () => check(`
//- /geo.yx
pub Point: Type = { x: Int, y: Int }
pub origin: () -> Point = () => Point(0, 0)
pub norm: (p: &Point) -> Int = (p) => p.x + p.y
//- /shapes.yx
Point: Type = { x: Float, y: Float }
left: (p: Point) -> Float = (p) => p.x
//- /main.yx
use std.io
use geo.{origin}
main = {
    a = origin()
    io.println(a.x$0)
}
`, 'east', `
//- /geo.yx
pub Point: Type = { east: Int, y: Int }
pub origin: () -> Point = () => Point(0, 0)
pub norm: (p: &Point) -> Int = (p) => p.east + p.y
//- /shapes.yx
Point: Type = { x: Float, y: Float }
left: (p: Point) -> Float = (p) => p.x
//- /main.yx
use std.io
use geo.{origin}
main = {
    a = origin()
    io.println(a.east)
}
`));

  it('refuses when the receiver\'s type name is defined by several modules the file imports', () => refuses(`
//- /geo.yx
pub Point: Type = { x: Int, y: Int }
pub origin: () -> Point = () => Point(0, 0)
pub norm: (p: &Point) -> Int = (p) => p.x$0 + p.y
//- /shapes.yx
pub Point: Type = { x: Float, y: Float }
pub corner: () -> Point = () => Point(1.0, 1.0)
//- /main.yx
use std.io
use geo.{origin}
use shapes.{corner}
main = {
    a = origin()
    b = corner()
    io.println(a.x + b.x)
//               ^
}
`, 'east', 'RENAME_UNRESOLVED_MEMBER', /`\.x` at 7:18 may refer to the renamed member: the object is a Point, and geo\.yx and shapes\.yx each define one/));

  it('renames a method called through a reference with the method', () => check(`
use std.io
Point: Type = { x: Int, y: Int }
Point.shift: (self: &Point, dx: Int) -> Int = (self, dx) => self.x + dx
Other: Type = { x: Int }
Other.shift: (self: &Other, dx: Int) -> Int = (self, dx) => dx
main = {
    p = Point(1, 2)
    r = &p
    io.println(r.shi$0ft(1))
    o = Other(3)
    io.println(o.shift(2))
}
`, 'moveBy', `
use std.io
Point: Type = { x: Int, y: Int }
Point.moveBy: (self: &Point, dx: Int) -> Int = (self, dx) => self.x + dx
Other: Type = { x: Int }
Other.shift: (self: &Other, dx: Int) -> Int = (self, dx) => dx
main = {
    p = Point(1, 2)
    r = &p
    io.println(r.moveBy(1))
    o = Other(3)
    io.println(o.shift(2))
}
`));

  it('refuses when a use of the name has a receiver of no known type, saying where and why', () => refuses(`
use std.io
Point: Type = { x: Int, y: Int }
main = {
    p = Point(1, 2)
    io.println(p.x$0)
    pick = (v) => v.x
//                  ^
    io.println(pick(p))
}
`, 'left', 'RENAME_UNRESOLVED_MEMBER', /`\.x` at 6:21 may refer to the renamed member: the type of the object is not known, so it may be a Point/));
});
