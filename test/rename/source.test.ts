// renameInSource: before/after fixtures, and every refusal.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renameInSource, type RenameScope } from '../../src/analysis/rename/index.ts';

/** Renaming must turn `before` into exactly `after`, with one edit per changed name. */
async function check(before: string, rename: [string, string, RenameScope?], after: string): Promise<void> {
  const [oldName, newName, scope] = rename;
  const result = await renameInSource(before, oldName, newName, scope);
  assert.deepEqual(result.diagnostics, []);
  assert.equal(result.source, after);
  for (const edit of result.edits) assert.equal(edit.newText, newName);
  // Applying the reported edits to `before` gives the same text.
  const lines = before.split('\n');
  for (const edit of [...result.edits].reverse()) {
    assert.equal(edit.range.start.line, edit.range.end.line);
    const line = lines[edit.range.start.line - 1]!;
    lines[edit.range.start.line - 1] = line.slice(0, edit.range.start.column - 1) + edit.newText + line.slice(edit.range.end.column - 1);
  }
  assert.equal(lines.join('\n'), after);
}

/** The rename must be refused with `code`, leaving the source and edits empty. */
async function refuses(source: string, rename: [string, string, RenameScope?], code: string, message?: RegExp): Promise<void> {
  const [oldName, newName, scope] = rename;
  const result = await renameInSource(source, oldName, newName, scope);
  assert.equal(result.source, source);
  assert.deepEqual(result.edits, []);
  assert.deepEqual([...new Set(result.diagnostics.map((d) => d.code))], [code], JSON.stringify(result.diagnostics));
  if (message) assert.match(result.diagnostics[0]!.message, message);
}

describe('renameInSource: renames', () => {
  it('a top-level binding and its uses, not strings or comments', () => check(`
total = 1
main = {
    // total is counted here
    s = "total = {total}"
    io.println(total + 1)
}
`, ['total', 'sum'], `
sum = 1
main = {
    // total is counted here
    s = "total = {total}"
    io.println(sum + 1)
}
`));

  it('a function used before its definition', () => check(`
main = {
    io.println(double(2))
}
double: (x: Int) -> Int = (x) => x * 2
`, ['double', 'twice'], `
main = {
    io.println(twice(2))
}
twice: (x: Int) -> Int = (x) => x * 2
`));

  it('a local, not the same name in another function', () => check(`
main = {
    count = 1
    io.println(count)
}
other = {
    count = 2
    io.println(count)
}
`, ['count', 'n', 'function:main'], `
main = {
    n = 1
    io.println(n)
}
other = {
    count = 2
    io.println(count)
}
`));

  it('a parameter in the signature and in the lambda together', () => check(`
add: (a: Int, b: Int) -> Int = (a, b) => a + b
sub: (a: Int, b: Int) -> Int = (a, b) => a - b
`, ['a', 'left', 'function:add'], `
add: (left: Int, b: Int) -> Int = (left, b) => left + b
sub: (a: Int, b: Int) -> Int = (a, b) => a - b
`));

  it('a parameter used by a named argument of a call', () => check(`
scale: (factor: Int) -> Int = (factor) => factor * 2
main = {
    io.println(scale(factor = 3))
}
`, ['factor', 'k', 'function:scale'], `
scale: (k: Int) -> Int = (k) => k * 2
main = {
    io.println(scale(k = 3))
}
`));

  it('a mutable local and its assignments in loops', () => check(`
main = {
    mut acc = 0
    for i in [1, 2, 3] {
        acc = acc + i
    }
    io.println(acc)
}
`, ['acc', 'sum', 'function:main'], `
main = {
    mut sum = 0
    for i in [1, 2, 3] {
        sum = sum + i
    }
    io.println(sum)
}
`));

  it('a for variable', () => check(`
main = {
    for item in [1, 2] {
        io.println(item)
    }
}
`, ['item', 'x', 'function:main'], `
main = {
    for x in [1, 2] {
        io.println(x)
    }
}
`));

  it('a match binding and its use in the arm', () => check(`
main = {
    r = (1, 2)
    match r {
        (first, 1) => io.println(first),
        _ => io.println(0),
    }
}
`, ['first', 'head', 'function:main'], `
main = {
    r = (1, 2)
    match r {
        (head, 1) => io.println(head),
        _ => io.println(0),
    }
}
`));

  it('a lambda parameter, not the outer binding it shadows', () => check(`
x = 10
main = {
    f = (y) => y + x
    io.println(f(x))
}
`, ['y', 'z', 'function:main'], `
x = 10
main = {
    f = (z) => z + x
    io.println(f(x))
}
`));

  it('a top-level binding shadowed by a lambda parameter: only the outer uses', () => check(`
x = 10
main = {
    f = (x) => x + 1
    io.println(f(x))
}
`, ['x', 'base'], `
base = 10
main = {
    f = (x) => x + 1
    io.println(f(base))
}
`));

  it('a method: its declaration and calls on values of its type only', () => check(`
use std.io
Point: Type = { x: Float, y: Float }
Circle: Type = { r: Float }
Point.draw: (self: Point) -> Void = { io.println(self.x) }
Circle.draw: (self: Circle) -> Void = { io.println(self.r) }
main = {
    p = Point(1.0, 2.0)
    c = Circle(1.0)
    p.draw()
    c.draw()
}
`, ['Point.draw', 'render'], `
use std.io
Point: Type = { x: Float, y: Float }
Circle: Type = { r: Float }
Point.render: (self: Point) -> Void = { io.println(self.x) }
Circle.draw: (self: Circle) -> Void = { io.println(self.r) }
main = {
    p = Point(1.0, 2.0)
    c = Circle(1.0)
    p.render()
    c.draw()
}
`));

  it('a variable, leaving record fields of the same name alone', () => check(`
Point: Type = { x: Float, y: Float }
x = 1.0
main = {
    p = Point(x = x, y = 2.0)
    io.println(p.x + x)
}
`, ['x', 'px'], `
Point: Type = { x: Float, y: Float }
px = 1.0
main = {
    p = Point(x = px, y = 2.0)
    io.println(p.x + px)
}
`));

  it('a record field: declaration, typed accesses and constructor arguments', () => check(`
Point: Type = { x: Float, y: Float }
norm: (p: Point) -> Float = p.x + p.y
main = {
    p = Point(x = 1.0, y = 2.0)
    io.println(p.x)
}
`, ['Point.x', 'horizontal'], `
Point: Type = { horizontal: Float, y: Float }
norm: (p: Point) -> Float = p.horizontal + p.y
main = {
    p = Point(horizontal = 1.0, y = 2.0)
    io.println(p.horizontal)
}
`));

  it('a record field through the receiver types the checker infers: &p, a nested field, a call result; not another type\'s field', () => check(`
Point: Type = { x: Int, y: Int }
Size: Type = { x: Int }
Window: Type = { view: Point, size: Size }
moved: (p: Point) -> Point = Point(x=p.x + 1, y=p.y)
main = {
    p = Point(x=1, y=2)
    view = &p
    w = Window(view=p, size=Size(x=3))
    q = moved(p)
    io.println(view.x + w.view.x + q.x + w.size.x)
}
`, ['Point.x', 'px'], `
Point: Type = { px: Int, y: Int }
Size: Type = { x: Int }
Window: Type = { view: Point, size: Size }
moved: (p: Point) -> Point = Point(px=p.px + 1, y=p.y)
main = {
    p = Point(px=1, y=2)
    view = &p
    w = Window(view=p, size=Size(x=3))
    q = moved(p)
    io.println(view.px + w.view.px + q.px + w.size.x)
}
`));

  it('a type and its uses in annotations', () => check(`
Point: Type = { x: Float, y: Float }
origin: Point = Point(0.0, 0.0)
`, ['Point', 'Vec'], `
Vec: Type = { x: Float, y: Float }
origin: Vec = Vec(0.0, 0.0)
`));

  it('an import alias and its uses only', () => check(`
use std.io.{println as say}
main = {
    say("hi")
}
`, ['say', 'tell'], `
use std.io.{println as tell}
main = {
    tell("hi")
}
`));

  it('to the same name: no edits', async () => {
    const result = await renameInSource('x = 1\n', 'x', 'x');
    assert.deepEqual(result, { source: 'x = 1\n', edits: [], diagnostics: [] });
  });
});

describe('renameInSource: refusals', () => {
  const program = `
total = 1
helper = (n) => n + total
main = {
    count = 2
    io.println(count + total + helper(1))
}
`;
  it('a name that is not an identifier', async () => {
    await refuses(program, ['total', '2x'], 'RENAME_INVALID_NAME');
    await refuses(program, ['total', 'a-b'], 'RENAME_INVALID_NAME');
    await refuses(program, ['total', ''], 'RENAME_INVALID_NAME');
    await refuses(program, ['total', '总数'], 'RENAME_INVALID_NAME');
  });

  it('the entry point main, from or to (the reference\'s run starts at the top-level main by name)', async () => {
    await refuses(program, ['main', 'start'], 'RENAME_CONFLICT', /where the program starts/);
    await refuses('helper = (n) => n + 1\n', ['helper', 'main'], 'RENAME_CONFLICT', /where the program starts/);
    // A local too, either way (a lambda `main` in main's body, a loop variable `main`: the reference's run fails).
    await refuses('f = () => {\n    main = 1\n    main + 1\n}\n', ['main', 'start', 'function:f'], 'RENAME_CONFLICT', /where the program starts/);
  });

  it('a called top-level function to or from a std function\'s name (the reference runs std.list.first for a call of the program\'s first)', async () => {
    const own = 'pick: (a: Int, b: Int) -> Int = a\nmain = {\n    x = pick(1, 2)\n}\n';
    await refuses(own, ['pick', 'first'], 'RENAME_CONFLICT', /runs the standard library's `first`/);
    await refuses(own.replaceAll('pick', 'first'), ['first', 'pick'], 'RENAME_CONFLICT', /runs the standard library's `first`/);
    // Not called: nothing to capture.
    await check('pick = 1\nmain = {\n    x = pick\n}\n', ['pick', 'first'], 'first = 1\nmain = {\n    x = first\n}\n');
  });

  it('a local onto a comprehension variable\'s name, or back (the reference\'s comprehension writes the enclosing local: `x = 7` then `[x * 2 for x in items]` leaves x at 2)', async () => {
    const joined = 'main = {\n    items = [1, 2]\n    k = 7\n    t = [x * 2 for x in items]\n    print(k)\n}\n';
    await refuses(joined, ['k', 'x', 'function:main'], 'RENAME_CONFLICT', /comprehension's variable writes the enclosing local/);
    await refuses(joined.replace('k = 7', 'x = 7').replace('print(k)', 'print(x)'), ['x', 'k', 'function:main'], 'RENAME_AMBIGUOUS');
    // Another name is fine.
    await check(joined, ['k', 'seven', 'function:main'], joined.replaceAll(/\bk\b/g, 'seven'));
  });

  it('a `for` variable onto a top-level function\'s name (the reference\'s code generation fails on it inside a while: E3017)', async () => {
    const source = 'helper = (n: Int) => n + 1\nmain = {\n    mut i = 0\n    while i < 2 {\n        ys = [1, 2]\n        for y in ys {\n            print(y)\n        }\n        i = i + 1\n    }\n}\n';
    await refuses(source, ['y', 'helper', 'function:main'], 'RENAME_CONFLICT', /`for` variable named like a top-level function/);
    await refuses(source, ['helper', 'y'], 'RENAME_CONFLICT', /`for` variable named like a top-level function/);
    await refuses(source, ['y', 'main', 'function:main'], 'RENAME_CONFLICT', /where the program starts/);
    // A generic function's parameter too (E3017); a plain function's runs as the scopes say.
    const generic = 'echo: (T: Type) -> (x: T) -> T = (x) => x\nmain = {\n    for j in 0..3 {\n        print(j)\n    }\n    print(echo(1))\n}\n';
    await refuses(generic, ['x', 'j', 'function:echo'], 'RENAME_CONFLICT', /generic function's parameter/);
    const plain = 'f: (x: Int) -> Int = (x) => x\nmain = {\n    for j in 0..3 {\n        print(j)\n    }\n    print(f(1))\n}\n';
    await check(plain, ['x', 'j', 'function:f'], plain.replaceAll('(x', '(j').replace('=> x', '=> j'));
  });

  it('a record onto one of its fields\' names, or a field onto its record\'s (the reference: `self.x` on a `&x` is E1053)', async () => {
    const source = 'Point: Type = { x: Int, y: Int }\nPoint.bump: (self: &mut Point, by: Int) -> Void = {\n    self.x = self.x + by\n}\nmain = {\n    mut p = Point(1, 2)\n    p.bump(1)\n}\n';
    await refuses(source, ['Point', 'x'], 'RENAME_CONFLICT', /field named like its own record/);
    await refuses(source, ['Point.y', 'Point'], 'RENAME_CONFLICT', /field named like its own record/);
  });

  it('a local onto a top-level type\'s name (the reference: `mut Under = 0` under a refinement type `Under` is E2010)', async () => {
    const source = 'Under: (x: Int) -> Type = { x < 510 }\nmain = {\n    answer: Under(481) = 130\n    mut tries = 0\n    while tries < 9 {\n        tries = tries + 1\n    }\n}\n';
    await refuses(source, ['tries', 'Under', 'function:main'], 'RENAME_CONFLICT', /local named like a top-level type/);
    const method = 'V: Type = { dx: Int }\nV.shift: (self: &mut V, by: Int) -> Void = {\n    self.dx = self.dx + by\n}\nHolder: (T: Type) -> Type = { value: T }\nmain = {\n    mut o = V(1)\n    o.shift(5)\n    boxed = Holder(76)\n    print(boxed.value)\n}\n';
    await refuses(method, ['V.shift', 'Holder'], 'RENAME_CONFLICT', /method named like a top-level type/);
  });

  it('a record-valued local onto an annotated constant\'s name (the reference types the name from both when it compiles: `K = P(5)` over `K: Int` is E3017)', async () => {
    const source = 'P: Type = { w: Int }\nK: Int = 1\nmain = {\n    cell = P(5)\n    print(cell.w)\n}\n';
    await refuses(source, ['cell', 'K', 'function:main'], 'RENAME_CONFLICT', /local named like an annotated top-level constant/);
    await refuses(source, ['K', 'cell'], 'RENAME_CONFLICT', /local named like an annotated top-level constant/);
    // A generic record's value too (`Wrapper(19)` over `RATE: String`: the reference's run fails).
    const generic = 'RATE: String = "ready"\nWrapper: (T: Type) -> Type = { value: T }\nmain = {\n    print(RATE)\n    wrapped = Wrapper(19)\n    print(wrapped.value)\n}\n';
    await refuses(generic, ['wrapped', 'RATE', 'function:main'], 'RENAME_CONFLICT', /local named like an annotated top-level constant/);
    // A `&mut` of a record is no better (`edit = &mut item` over `LIMIT: Bool`: the reference's run fails).
    await refuses('LIMIT: Bool = false\nCell: Type = { row: Int }\nmain = {\n    mut item = Cell(16)\n    edit = &mut item\n    print(edit.row)\n}\n', ['edit', 'LIMIT', 'function:main'], 'RENAME_CONFLICT', /annotated top-level constant/);
    // A local annotated with the constant's type runs as the scopes say: renamed either way.
    const shadowing = 'K: Int = 1\nmain = {\n    K: Int = 5\n    print(K)\n}\n';
    await check(shadowing, ['K', 'L', 'function:main'], 'K: Int = 1\nmain = {\n    L: Int = 5\n    print(L)\n}\n');
    await check('K: Int = 1\nmain = {\n    L: Int = 5\n    print(L)\n}\n', ['L', 'K', 'function:main'], shadowing);
  });

  it('a keyword', async () => {
    for (const keyword of ['if', 'match', 'true', 'and', 'void', 'Type']) await refuses(program, ['total', keyword], 'RENAME_KEYWORD');
  });

  it('a name the reference lexer reads as part of a malformed number (found by the fuzzer)', async () => {
    // `5e` is one number with a missing exponent to the lexer (E0002), `5` then `e` to the grammar.
    await refuses('r.5e:()\n', ['e', 'fuzz_renamed'], 'RENAME_SYNTAX_ERROR', /touches a malformed token \(E0002/);
    // Even where the new name keeps the lexer's error as it was.
    await refuses('r.5e: Int = 1\nio.println(e)\n', ['e', 'exponent'], 'RENAME_SYNTAX_ERROR', /touches a malformed token/);
  });

  it('no such binding in the scope', async () => {
    await refuses(program, ['missing', 'x'], 'RENAME_NOT_FOUND');
    await refuses(program, ['count', 'x'], 'RENAME_NOT_FOUND', /top-level/);
    await refuses(program, ['count', 'x', 'function:nowhere'], 'RENAME_NOT_FOUND', /no function/);
    await refuses(program, ['total', 'x', 'function:main'], 'RENAME_NOT_FOUND');
    await refuses(program, ['Point.x', 'y'], 'RENAME_NOT_FOUND');
  });

  it('a clash with a binding of the new name in the same scope', async () => {
    await refuses(program, ['total', 'helper'], 'RENAME_CONFLICT', /already defined/);
    await refuses(`
add: (a: Int, b: Int) -> Int = (a, b) => a + b
`, ['a', 'b', 'function:add'], 'RENAME_CONFLICT');
  });

  it('a use of the renamed binding captured by an inner binding of the new name', () => refuses(`
total = 1
main = {
    count = 2
    io.println(total + count)
}
`, ['total', 'count'], 'RENAME_CONFLICT', /"count" at 5:16 would be captured|would no longer be a binding|captured/));

  it('an existing use of the new name captured by the renamed binding', () => refuses(`
limit = 10
main = {
    f = (n) => n + limit
    io.println(f(1))
}
`, ['n', 'limit', 'function:main'], 'RENAME_CONFLICT', /existing "limit"/));

  it('a local that would turn into an assignment to an outer binding', () => refuses(`
mut count = 0
main = {
    n = 1
    io.println(n + count)
}
`, ['n', 'count', 'function:main'], 'RENAME_CONFLICT'));

  it('a use of a std name that would resolve to the renamed binding', () => refuses(`
value = 1
main = {
    io.println(value)
}
`, ['value', 'io'], 'RENAME_CONFLICT'));

  it('an ambiguous local', () => refuses(`
main = {
    x = 1
    f = (x) => x * 2
    io.println(f(x))
}
`, ['x', 'y', 'function:main'], 'RENAME_AMBIGUOUS', /variable at 3:5, parameter at 4:10/));

  it('the same name bound in two match arms', () => refuses(`
main = {
    match (1, 2) {
        (first, 1) => io.println(first),
        (first, 2) => io.println(first),
        _ => io.println(0),
    }
}
`, ['first', 'head', 'function:main'], 'RENAME_AMBIGUOUS'));

  it('an ambiguous function', () => refuses(`
main = {
    helper = (n) => n
    io.println(helper(1))
}
other = {
    helper = (m) => m
    io.println(helper(2))
}
`, ['n', 'k', 'function:helper'], 'RENAME_AMBIGUOUS'));

  it('a source with syntax errors', () => refuses('main = {\n    x = (1 +\n}\n', ['main', 'start'], 'RENAME_SYNTAX_ERROR'));

  it('an import that is not an alias', () => refuses('use std.io.{println}\nmain = { println("x") }\n', ['println', 'say'], 'RENAME_IMPORTED'));

  it('a method called on a value of unknown type', () => refuses(`
Point: Type = { x: Float, y: Float }
Point.draw: (self: Point) -> Void = { io.println(self.x) }
show = (thing) => thing.draw()
`, ['Point.draw', 'render'], 'RENAME_UNRESOLVED_MEMBER', /\.draw/));
});
