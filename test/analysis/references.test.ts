import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findReferences, targetAt, targetsNamed } from '../../src/analysis/navigation.ts';
import { checkedFixture } from '../support/checked-fixture.ts';
import { analyzeFixture, parseFixture } from '../support/fixture.ts';

/** References of what is under `$0` must be exactly the marked ranges. */
function check(source: string): void {
  const fixture = parseFixture(source);
  assert.ok(fixture.cursor, 'the fixture needs a $0 cursor');
  const files = analyzeFixture(fixture);
  const target = targetAt(files, fixture.cursor.file, fixture.cursor.offset);
  assert.ok(target, `nothing to find at ${fixture.cursor.file}:${fixture.cursor.line}:${fixture.cursor.column}`);
  const actual = findReferences(files, target).map((l) => `${l.file}:${l.range.start.line}:${l.range.start.column}-${l.range.end.column}`).sort();
  const expected = fixture.marks.map((m) => `${m.file}:${m.line}:${m.column}-${m.endColumn}`).sort();
  assert.deepEqual(actual, expected);
}

/** `check`, with the checker's receiver types: a member use belongs to its receiver's inferred type. */
function checkTyped(source: string): void {
  const fixture = parseFixture(source);
  assert.ok(fixture.cursor, 'the fixture needs a $0 cursor');
  const { files, members } = checkedFixture(fixture);
  const target = targetAt(files, fixture.cursor.file, fixture.cursor.offset, members);
  assert.ok(target, `nothing to find at ${fixture.cursor.file}:${fixture.cursor.line}:${fixture.cursor.column}`);
  const actual = findReferences(files, target, members).map((l) => `${l.file}:${l.range.start.line}:${l.range.start.column}-${l.range.end.column}`).sort();
  const expected = fixture.marks.map((m) => `${m.file}:${m.line}:${m.column}-${m.endColumn}`).sort();
  assert.deepEqual(actual, expected);
  for (const file of files.values()) file.tree.delete();
}

describe('findReferences', () => {
  it('finds a local and its uses, not a shadowing binding in a lambda', () => check(`
main = {
    count = 1
//  ^^^^^
    f = count => count + 1
    total = cou$0nt + f(2)
//          ^^^^^
    io.println(count)
//             ^^^^^
}
`));

  it('treats an assignment to an outer name as a use of it', () => check(`
main = {
    mut n = 0
//      ^
    for i in xs {
        n = n + i
//      ^
//          ^
    }
    io.println(n$0)
//             ^
}
`));

  it('keeps a local named like a top-level function apart from the function', () => check(`
hel$0per: (n: Int) -> Int = (n) => n + 2
^^^^^^
main = {
    a = helper(1)
//      ^^^^^^
    helper = 40
    io.println(helper)
}
`));

  it('finds the local, not the function, from a use of the local', () => check(`
helper: (n: Int) -> Int = (n) => n + 2
main = {
    helper = 40
//  ^^^^^^
    io.println(hel$0per)
//             ^^^^^^
}
`));

  it('keeps parameters to their function', () => check(`
add: (a: Int, b: Int) -> Int = a + b
//    ^
//                             ^
other = (a) => a$0 * 2
`.replace('other = (a) => a$0 * 2', 'other = (a) => a * 2').replace('add: (a: Int', 'add: (a$0: Int')));

  it('finds a function declared in a block from its uses after it (the reference accepts the call)', () => check(`
main = {
    g: (x: Int) -> Int = x + 1
//  ^
    y = g$0(2)
//      ^
}
`));

  it('skips strings and comments', () => check(`
total = 1
^^^^^
main = {
    // total is not here
    s = "total"
    io.println(tot$0al)
//             ^^^^^
}
`));

  it('follows imports across files', () => check(`
//- /utils.yx
pub total: (xs: List(Int)) -> Int = (xs) => 0
//  ^^^^^
//- /main.yx
use utils.{total}
//         ^^^^^
main = {
    t = total([1, 2])
//      ^^^^^
    u = tot$0al([3])
//      ^^^^^
}
`));

  it('uses through an alias are uses of the imported binding', () => check(`
//- /utils.yx
pub total = 1
//  ^^^^^
//- /main.yx
use utils.{total as t}
//         ^^^^^
x = t
//  ^
//- /other.yx
use utils
y = utils.total$0
//        ^^^^^
`));

  it('includes the position asked about when it is a use through an alias', () => check(`
//- /lib/m.yx
pub mk: (n: Int) -> Int = (n) => n
//  ^^
//- /main.yx
use lib.m.{mk as make}
//         ^^
main = {
    io.println(ma$0ke(3))
//             ^^^^
    io.println(make(4))
//             ^^^^
}
`));

  it('finds the imported binding from the alias named in its file', () => {
    const files = analyzeFixture(parseFixture(`
//- /lib/m.yx
pub mk: (n: Int) -> Int = (n) => n
//- /main.yx
use lib.m.{mk as make}
main = { io.println(make(3)) }
`));
    const [target, ...rest] = targetsNamed(files, 'make', 'main.yx');
    assert.deepEqual(rest, []);
    const found = findReferences(files, target!).map((l) => `${l.file}:${l.range.start.line}:${l.range.start.column}`);
    assert.deepEqual(found, ['lib/m.yx:1:5', 'main.yx:1:12', 'main.yx:2:21']);
  });

  it('finds methods through the type of the receiver, not members of other types', () => check(`
Point: Type = { x: Float, y: Float }
Circle: Type = { r: Float }
Point.shift: (self: &mut Point, dx: Float) -> Void = { self.x = self.x + dx }
//    ^^^^^
Circle.shift: (self: &mut Circle, dx: Float) -> Void = {}
main = {
    p = Point(1.0, 2.0)
    c = Circle(1.0)
    p.shi$0ft(1.0)
//    ^^^^^
    c.shift(2.0)
}
`));

  it('finds fields through annotations', () => check(`
Point: Type = { x: Float, y: Float }
//              ^
distance: (a: &Point, b: &Point) -> Float = a.x - b.x$0
//                                            ^
//                                                  ^
`));
});

describe('members by the type of their receiver', () => {
  it('keeps same-named types of other files apart', () => checkTyped(`
//- /geo.yx
pub Point: Type = { x: Int, y: Int }
//                  ^
pub origin: () -> Point = () => Point(0, 0)
pub norm: (p: Point) -> Int = (p) => p.x + p.y
//                                     ^
//- /shapes.yx
Point: Type = { x: Float, y: Float }
left: (p: Point) -> Float = (p) => p.x
//- /main.yx
use std.io
use geo.{Point, origin}
main = {
    p: Point = origin()
    io.println(p.x$0)
//               ^
}
`));

  it('follows &, nested fields, method calls and plain assignments', () => checkTyped(`
use std.io
Point: Type = { x: Int, y: Int }
//              ^
Window: Type = { target: Point, view: &Point }
Other: Type = { x: Int }
Point.moved: (self: Point, dx: Int) -> Point = (self, dx) => Point(self.x + dx, self.y)
//                                                                      ^
main = {
    p = Point(1, 2)
    view = &p
    io.println(view.x$0)
//                  ^
    q2 = p.moved(1)
    io.println(q2.x)
//                ^
    w = Window(p, &p)
    io.println(w.view.x)
//                    ^
    io.println(w.target.x)
//                      ^
    o = Other(3)
    io.println(o.x)
}
`));

  it('finds a field from its declaration, through the query by name in its file', () => {
    const fixture = parseFixture(`
//- /geo.yx
pub Point: Type = { x: Int, y: Int }
//- /shapes.yx
Point: Type = { x: Int, y: Int }
main = {
    p = Point(1, 2)
    r = &p
    io.println(r.x)
}
`);
    const { files, members } = checkedFixture(fixture);
    const found = (name: string, inFile?: string) => targetsNamed(files, name, inFile).flatMap((t) => findReferences(files, t, members))
      .map((l) => `${l.file}:${l.range.start.line}:${l.range.start.column}`);
    assert.deepEqual(found('Point.x', 'shapes.yx'), ['shapes.yx:1:17', 'shapes.yx:5:18']);
    assert.deepEqual(found('Point.x', 'geo.yx'), ['geo.yx:1:21']);
    assert.deepEqual(found('Point.x').sort(), ['geo.yx:1:21', 'shapes.yx:1:17', 'shapes.yx:5:18']);
    for (const file of files.values()) file.tree.delete();
  });
});

describe('targetsNamed', () => {
  it('prefers exported bindings, and narrows by file', () => {
    const files = analyzeFixture(parseFixture(`
//- /a.yx
total = 1
main = { total = 2 }
//- /b.yx
total = 3
`));
    assert.deepEqual(targetsNamed(files, 'total').map((t) => t.kind === 'binding' && t.file).sort(), ['a.yx', 'b.yx']);
    assert.deepEqual(targetsNamed(files, 'total', 'b.yx').map((t) => t.kind === 'binding' && t.file), ['b.yx']);
    assert.deepEqual(targetsNamed(files, 'Point.shift'), [{ kind: 'member', type: 'Point', name: 'shift' }]);
  });
});
