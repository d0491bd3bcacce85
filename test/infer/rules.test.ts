// Rules R0-R24 of the reference type checker (semantics.md §5.5): for each, a
// program that triggers it (code and position) and a close one that does not;
// then the cases where the reference stays silent (§5.6).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { syntaxDiagnostics } from '../../src/analysis/diagnostics/syntax.ts';
import { createParser } from '../../src/syntax/language.ts';
import { brief, typeDiagnostics } from './support.ts';

interface Rule {
  rule: string;
  positive: string;
  /** `code@line:column` of every diagnostic, in the reference's layer order. */
  expected: string[];
  negative: string;
}

const lines = (...text: string[]) => text.join('\n') + '\n';

const RULES: Rule[] = [
  { rule: 'R1 E1001 unknown variable', positive: lines('main = {', '    x = y + 1', '}'), expected: ['E1001@2:9'],
    negative: lines('main = {', '    y = 2', '    x = y + 1', '}') },
  { rule: 'R2 E1002 annotation against initializer', positive: lines('x: Int = "hi"'), expected: ['E1002@1:1'],
    negative: lines('x: Float = 1') },
  { rule: 'R2 E1002 no narrowing int <- float', positive: lines('x: Int = 1.5'), expected: ['E1002@1:1'], negative: lines('x: Int = 1') },
  { rule: 'R2 E1002 int8 is not int64', positive: lines('x: Int8 = 1'), expected: ['E1002@1:1'], negative: lines('x: Int64 = 1') },
  { rule: 'R2b E1002 destructuring length', positive: lines('main = {', '    a, b = (1, 2, 3)', '}'), expected: ['E1002@2:5'],
    negative: lines('main = {', '    a, b = (1, 2)', '}') },
  { rule: 'R3 E1002 statement-level if condition', positive: lines('main = {', '    if 1 {', '    }', '}'), expected: ['E1002@2:5'],
    negative: lines('main = {', '    if 1 > 0 {', '    }', '}') },
  { rule: 'R4 E1054 while condition', positive: lines('main = {', '    mut i = 0', '    while "s" {', '    }', '}'), expected: ['E1054@3:11', 'E8001@3:5'],
    negative: lines('main = {', '    mut i = 0', '    while i < 3 {', '        i = i + 1', '    }', '}') },
  { rule: 'R4 E1054 expression-level if condition', positive: lines('main = {', '    x = if "s" {', '    } else {', '    }', '}'), expected: ['E1054@2:12'],
    negative: lines('main = {', '    x = if true {', '    } else {', '    }', '}') },
  { rule: 'R5 E1010 function arity', positive: lines('add: (a: Int, b: Int) -> Int = (a, b) => a + b', 'main = {', '    add(1)', '}'), expected: ['E1010@3:8'],
    negative: lines('add: (a: Int, b: Int) -> Int = (a, b) => a + b', 'main = {', '    add(1, 2)', '}') },
  { rule: 'R5 E1010 constructor arity', positive: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    p = Point(1)', '}'), expected: ['E1010@3:14'],
    negative: lines('Point: Type = { x: Int, y: Int = 0 }', 'main = {', '    p = Point(1)', '}') },
  { rule: 'R5b E1002 missing named field', positive: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    p = Point(x=1)', '}'), expected: ['E1002@3:14'],
    negative: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    p = Point(x=1, y=2)', '}') },
  { rule: 'R6 E1002 argument type', positive: lines('use std.math', 'main = {', '    math.abs(1.5)', '}'), expected: ['E1002@3:13'],
    negative: lines('use std.math', 'main = {', '    math.abs(1)', '}') },
  { rule: 'R6 E1002 auto-borrowed parameter shows &string', positive: lines('use std.string', 'main = {', '    n = string.len(5)', '}'), expected: ['E1002@3:19'],
    negative: lines('use std.string', 'main = {', '    n = string.len("five")', '}') },
  { rule: 'R7 E1002 return type', positive: lines('f: () -> Int = {', '    return "s"', '}'), expected: ['E1002@2:5'],
    negative: lines('f: () -> Int = {', '    return 1', '}') },
  // A lambda's parameters take the signature's types by name once one name is shared, else by position.
  { rule: 'R7 E1002 return of a lambda parameter typed by position', positive: lines('f: (T: Type, lo: Int) -> Int = (x) => {', '    return x', '}'), expected: ['E1002@2:5'],
    negative: lines('f: (T: Type, lo: Int) -> Int = (lo) => {', '    return lo', '}') },
  { rule: 'R7 E1002 no widening on return', positive: lines('f: () -> Float = {', '    return 1', '}'), expected: ['E1002@2:5'],
    negative: lines('f: () -> Float = {', '    return 1.0', '}') },
  { rule: 'R8 E1042 missing field', positive: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    p = Point(1, 2)', '    z = p.z', '}'), expected: ['E1042@4:11'],
    negative: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    p = Point(1, 2)', '    z = p.y', '}') },
  { rule: 'R8 E1042 misspelt std member', positive: lines('use std.io', 'main = {', '    io.printn(1)', '}'), expected: ['E1042@3:8'],
    negative: lines('use std.io', 'main = {', '    io.println(1)', '}') },
  { rule: 'R9 E1053 field of a non-struct', positive: lines('main = {', '    x = 5', '    y = x.foo', '}'), expected: ['E1053@3:11'],
    negative: lines('Box: Type = { foo: Int }', 'main = {', '    x = Box(5)', '    y = x.foo', '}') },
  // The bare name of a generic record is its template, with fields; an application of it has none.
  { rule: 'R9 E1053 field of an applied generic record', positive: lines('Stack: (T: Type) -> Type = { items: List(T), size: Int }', 'depth: (s: Stack(Int)) -> Int = {', '    return s.size', '}'), expected: ['E1053@3:14'],
    negative: lines('Stack: (T: Type) -> Type = { items: List(T), size: Int }', 'Stack.depth: (self: &Stack) -> Int = {', '    return self.size', '}') },
  { rule: 'R8 E1042 field of a generic record by its bare name', positive: lines('Stack: (T: Type) -> Type = { items: List(T), size: Int }', 'depth: (s: Stack) -> Int = {', '    return s.count', '}'), expected: ['E1042@3:14'],
    negative: lines('Stack: (T: Type) -> Type = { items: List(T), size: Int }', 'depth: (s: Stack) -> Int = {', '    return s.size', '}') },
  { rule: 'R10 E1050 logical operands', positive: lines('main = {', '    a = 1 and true', '}'), expected: ['E1050@2:9'],
    negative: lines('main = {', '    a = false and true', '}') },
  { rule: 'R10 E1051 logical not', positive: lines('main = {', '    b = !5', '}'), expected: ['E1051@2:9'], negative: lines('main = {', '    b = !false', '}') },
  { rule: 'R11 E1041 tuple index', positive: lines('main = {', '    t = (1, 2)[5]', '}'), expected: ['E1041@2:16'], negative: lines('main = {', '    t = (1, 2)[1]', '}') },
  { rule: 'R12 E1070 labels', positive: lines('main = {', '    mut i = 0', '    while i < 3 {', '        i = i + 1', '        break ::outer', '    }', '}'), expected: ['E1070@5:15', 'E3005@5:9'],
    negative: lines('main = {', '    mut i = 0', '    while i < 3 {', '        i = i + 1', '    }', '}') },
  { rule: 'R13 E1081 ? outside a Result function', positive: lines('g: () -> Result(Int, String) = (x) => x', 'f: () -> Int = {', '    x = g()?', '}'), expected: ['E1081@3:12'],
    negative: lines('g: () -> Result(Int, String) = (x) => x', 'f: () -> Result(Int, String) = {', '    x = g()?', '}') },
  // At the top level, pass 2 binds the function over the constructor; only a nested one is a duplicate.
  { rule: 'R14a E2002 function named like a record', positive: lines('Point: Type = { x: Int }', 'main = {', '    Point = (n) => n', '}'), expected: ['E2002@3:5'],
    negative: lines('Point: Type = { x: Int }', 'Point = {', '    x = 1', '}') },
  { rule: 'R14b E2002 bare block rebinding', positive: lines('main = {', '    x = 1', '    {', '        x = 2', '    }', '}'), expected: ['E2002@4:9', 'E3005@3:5'],
    negative: lines('main = {', '    x = 1', '    y = {', '        x = 2', '    }', '}') },
  { rule: 'R15 E2010 immutable rebinding in a loop', positive: lines('main = {', '    i = 0', '    while i < 3 {', '        i = i + 1', '    }', '}'), expected: ['E2010@4:9'],
    negative: lines('main = {', '    mut i = 0', '    while i < 3 {', '        i = i + 1', '    }', '}') },
  { rule: 'R16 E2013 for shadows a std name', positive: lines('main = {', '    xs = [1]', '    for len in xs {', '    }', '}'), expected: ['E2013@3:9'],
    negative: lines('main = {', '    xs = [1]', '    for item in xs {', '    }', '}') },
  { rule: 'R17 E2014 use after move', positive: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    p = Point(1, 2)', '    p2 = p', '    q = p', '}'), expected: ['E2014@5:9'],
    negative: lines('main = {', '    n = 1', '    m = n', '    k = n', '}') },
  { rule: 'R18 E2018 two &mut on one variable', positive: lines('main = {', '    mut v = [1, 2]', '    a = &mut v[0]', '    b = &mut v[0]', '}'), expected: ['E2018@4:16'],
    negative: lines('main = {', '    mut v = [1, 2]', '    a = &v[0]', '    b = &v[1]', '}') },
  { rule: 'R19 E2003 copying &mut', positive: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    mut p = Point(1, 2)', '    m = &mut p', '    m2 = m', '}'), expected: ['E2003@5:10'],
    negative: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    mut p = Point(1, 2)', '    m = &p', '    m2 = m', '}') },
  { rule: 'R20 E2016 &mut of an immutable binding', positive: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    p = Point(1, 2)', '    q = &mut p', '}'), expected: ['E2016@4:14'],
    negative: lines('Point: Type = { x: Int, y: Int }', 'main = {', '    mut p = Point(1, 2)', '    q = &mut p', '}') },
  { rule: 'R21 E2027 dereference outside unsafe', positive: lines('main = {', '    p = 1', '    x = *p', '}'), expected: ['E1052@3:9', 'E2027@3:9'],
    negative: lines('main = {', '    p = 1', '    unsafe {', '        x = p', '    }', '}') },
  { rule: 'R22 E8001 loop without a measure', positive: lines('main = {', '    while true {', '        break', '    }', '}'), expected: ['E8001@2:5', 'E3005@3:9'],
    negative: lines('main = {', '    mut n = 10', '    while n > 0 {', '        n = n - 2', '    }', '}') },
  // `y: Int > 0 = …`: the annotation's constant expression takes the value in; no value is checked, not even for E8001.
  { rule: 'an annotation that goes on with an operator has type <const-expr> and no value', positive: lines('main = {', '    y: Int > 0 = 6', '    s: String = y', '}'), expected: ['E1002@3:5'],
    negative: lines('main = {', '    y: Int > 0 = {', '        while true {', '            print(undefined_name)', '        }', '    }', '    z = y + 1', '}') },
  // A const argument is a literal of its parameter's kind, checked before the constraints: `-1` is not a literal.
  { rule: 'R23 E1002 const-generic argument not a literal', positive: lines('Capped: (T: Type, N: Int) -> Type = {', '    _a: Assert(N < 100),', '    data: Array(T, N),', '}', 'main = {', '    c = Capped(Int, -1)', '}'), expected: ['E1002@6:21'],
    negative: lines('Capped: (T: Type, N: Int) -> Type = {', '    _a: Assert(N < 100),', '    data: Array(T, N),', '}', 'main = {', '    c = Capped(Int, 0x10)', '}') },
  { rule: 'R23 E1002 const-generic literal of another kind', positive: lines('Flags: (T: Type, B: Bool) -> Type = {', '    data: Array(T, B),', '}', 'main = {', '    c = Flags(Int, 3)', '}'), expected: ['E1002@5:20'],
    negative: lines('Flags: (T: Type, B: Bool) -> Type = {', '    data: Array(T, B),', '}', 'main = {', '    c = Flags(Int, true)', '}') },
  { rule: 'R23 E1062 const-generic constraint', positive: lines('Capped: (T: Type, N: Int) -> Type = {', '    _a: Assert(N < 100),', '    data: Array(T, N),', '}', 'main = {', '    c = Capped(Int, 150)', '}'), expected: ['E1062@6:21'],
    negative: lines('Capped: (T: Type, N: Int) -> Type = {', '    _a: Assert(N < 100),', '    data: Array(T, N),', '}', 'main = {', '    c = Capped(Int, 50)', '}') },
  { rule: 'R24 E1092 refinement argument', positive: lines('IsSmall: (x: Int) -> Type = { x < 100 }', 'main = {', '    y: IsSmall(List(Int)) = 9999', '}'), expected: ['E1092@3:16'],
    negative: lines('IsSmall: (x: Int) -> Type = { x < 100 }', 'main = {', '    y: IsSmall(5) = 9999', '}') },
  { rule: 'R24 E1093 refinement arity', positive: lines('IsSmall: (x: Int) -> Type = { x < 100 }', 'main = {', '    y: IsSmall(1, 2) = 5', '}'), expected: ['E1093@3:8'],
    negative: lines('IsSmall: (x: Int) -> Type = { x < 100 }', 'main = {', '    y: IsSmall(1) = 5', '}') },
];

describe('type rules R1-R24: one program that breaks each, one that does not', () => {
  for (const r of RULES) {
    it(r.rule, async () => {
      assert.deepEqual(await brief(r.positive), r.expected);
      assert.deepEqual(await brief(r.negative), []);
    });
  }

  it('R0 E0018: a keyword at statement start is a syntax error, reported before type checking', async () => {
    const parser = await createParser();
    const source = lines('main = {', '    x = 1', '    ref = 2', '}');
    const tree = parser.parse(source)!;
    assert.equal(syntaxDiagnostics(tree, source)[0]?.code, 'E0018');
    assert.deepEqual(syntaxDiagnostics(tree, source)[0]?.range.start, { line: 3, column: 5 });
    tree.delete();
  });

  it('messages use the reference display names and templates', async () => {
    const [d] = await typeDiagnostics(lines('use std.string', 'main = {', '    n = string.len(5)', '}'));
    assert.equal(d?.message, "Expected type '&string', found type 'int64'");
    const [e] = await typeDiagnostics(lines('x: List(Int) = ["a"]'));
    assert.equal(e?.message, "Expected type 'List(int64)', found type 'List(string)'");
  });
});

describe('where the reference stays silent (semantics.md §5.6)', () => {
  const silent: [string, string][] = [
    ['match arms are not visited', lines('main = {', '    x = match 1 {', '        1 => nope,', '        _ => 2,', '    }', '}')],
    ['arithmetic and comparison operand types', lines('main = {', '    a = 1 + "a"', '    b = 1 == "a"', '}')],
    ['same-scope rebinding of an immutable variable', lines('main = {', '    c = 1', '    c = 2', '}')],
    ['unknown type names in annotations', lines('main = {', '    z: Foo', '}')],
    ['`=> expr` bodies of top-level functions', lines('f = (a) => a + undefined_name')],
    ['unknown modules and items', lines('use foo.bar', 'use std.io.{nothing}')],
    ['method call arguments', lines('Point: Type = { x: Int }', 'Point.m: (self: Point) -> Int = (self) => 1', 'g = {', '    p = Point(1)', '    p.m(1, 2, 3)', '}')],
    ['std functions called by short name', lines('g = {', '    sqrt(1, 2, 3)', '}')],
    ['statement-level if inside a while body', lines('g = {', '    mut i = 0', '    while i < 2 {', '        i = i + 1', '        if 1 {', '        }', '    }', '}')],
    ['bodies of functions defined inside V2 blocks', lines('g = {', '    mut i = 0', '    while i < 2 {', '        i = i + 1', '        h = () => {', '            return nope', '        }', '    }', '}')],
    ['duplicate top-level functions', lines('f = {', '    a = 1', '}', 'f = {', '    x = nope', '}')],
    ['missing return and unused names', lines('f: () -> Int = {', '    unused = 1', '}')],
    ['loops in functions returning Never', lines('f: (n: Int) -> Never = {', '    while true {', '    }', '}')],
  ];
  for (const [name, source] of silent) {
    it(name, async () => assert.deepEqual(await brief(source), []));
  }

  it('Option and Result constructors are simply unknown names', async () => {
    assert.deepEqual(await brief(lines('main = {', '    x = some(1)', '}')), ['E1001@2:9']);
  });
});
