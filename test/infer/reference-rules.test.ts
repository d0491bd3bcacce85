// Rules found by running the reference compiler (v0.7.12) and this checker on
// the same programs. Each expectation was checked with the reference's
// `check --json`: where it stops at its first error, that error is ours too,
// listed first; the others are those we add (we report every error).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brief, typeDiagnostics } from './support.ts';

const lines = (...text: string[]) => text.join('\n') + '\n';

/** One test per `[name, source, expected]`: the source's diagnostics, `code@line:column`, are the expected ones. */
function briefCases(cases: ReadonlyArray<[string, string, string[]]>): void {
  for (const [name, source, expected] of cases) {
    it(name, async () => assert.deepEqual(await brief(source), expected));
  }
}

describe('E3005: IR generation takes only definitions at the top level', () => {
  const cases: [string, string, string[]][] = [
    ['a call', lines('x = 1', 'print(x)'), ['E3005@2:1']],
    ['an indented expression, at its first token', lines('x = 1', '   x + 1'), ['E3005@2:4']],
    ['a string literal is one token', lines('"abc"'), ['E3005@1:1']],
    ['for, if, a bare block and a while', lines('x = 1', 'for i in 0..3 {', '    print(i)', '}', 'if x > 0 {', '}', '{', '}', 'mut n = 0', 'while n < 3 {', '    n = n + 1', '}'),
      ['E3005@2:1', 'E3005@5:1', 'E3005@7:1', 'E3005@10:1']],
    ['a destructuring', lines('(a, b) = (1, 2)'), ['E3005@1:1']],
    // As the file's first statement the grammar reads these as assignments; the reference's kinds are 6 and 0.
    ['a one-name destructuring first in the file', lines('(x) = 1'), ['E3005@1:1']],
    ['an assignment to a parenthesized member', lines('(a.b) = 1'), ['E3005@1:1']],
    ['an assignment to an operator', lines('use std.io', '+Ord = 1'), ['E3005@2:1']],
    ['an assignment to a dereference', lines('pick: (a: Int) -> Type', '*p = 1'), ['E3005@2:1']],
    ['a statement after a semicolon', lines('x = 1; print(x)'), ['E3005@1:8']],
    ['a type error first, then the statement', lines('print(y)'), ['E1001@1:7', 'E3005@1:1']],
  ];
  briefCases(cases);

  it("names the statement's kind as the reference prints it", async () => {
    const messages = (await typeDiagnostics(lines('print(1)', 'for i in 0..3 {', '}', 'if true {', '}', 'a, b = (1, 2)'))).map((d) => d.message);
    assert.deepEqual(messages, [0, 2, 5, 6].map((n) => `IR generation error: unhandled top-level statement in IR generation: Discriminant(${n})`));
    const first = async (source: string) => (await typeDiagnostics(source)).map((d) => d.message.slice(-15));
    assert.deepEqual([await first(lines('(x) = 1')), await first(lines('(a.b) = 1')), await first(lines('((x)) = 1'))],
      [['Discriminant(6)'], ['Discriminant(0)'], ['Discriminant(0)']]);
  });

  it('bindings, type definitions, imports and index assignments are definitions', async () => {
    assert.deepEqual(await brief(lines('use std.io', 'Point: Type = { x: Int }', 'x: Int', 'mut y = 1', 'y = 2', 'a = [1]', 'a[0] = 2', 'main = {', '    print(y)', '}')), []);
  });
});

describe('RFC-010: a signature that names its parameters makes any value a function body', () => {
  const cases: [string, string, string[]][] = [
    ['the parameters are in scope', lines('add: (a: Int, b: Int) -> Int = a + b', 'double: (x: Int) -> Int = x * 2',
      'turn: (d: Int) -> Int = match d {', '    1 => 2,', '    _ => 1,', '}', 'main = {', '    print(add(double(1), turn(2)))', '}'), []],
    ['an unknown name beside them is still unknown', lines('f: (x: Int) -> Int = x + y'), ['E1001@1:26']],
    ['the body is an expression statement, not a return: its type is not compared', lines('f: (x: Int) -> Int = "s"'), []],
    ['curried levels name their parameters too', lines('f: (x: Int) -> (y: Int) -> Int = x + y'), []],
    ['type-level parameters are not values', lines('f: (T: Type) -> (x: T) -> T = x', 'main = {', '    print(f(1))', '}'), []],
    ['calls see the signature', lines('f: (x: Int, y: Int) -> Int = x', 'main = {', '    f(1)', '}'), ['E1010@3:6']],
    ['a parameter typed Type or used as a type is not a value', lines('f: (T: Type, a: Int) -> Int = {', '    x = T', '    return a', '}',
      'g: (N: Int) -> (n: N) -> Int = {', '    return N', '}'), ['E1001@2:9', 'E1001@6:12']],
    ['a value typed by a const parameter has that parameter\'s type', lines('f: (N: Int) -> (n: N) -> Int = (n) => {', '    return n', '}',
      'g: (m: Int) -> (n: m) -> String = {', '    return n', '}'), ['E1002@5:5']],
    ['a call of the later level checks its argument against the const parameter\'s type', lines('f: (m: Int) -> (n: m) -> Int = (n) => n', 'main = {',
      '    g = f(1)', '    print(g("s"))', '    print(f(42)(5))', '}'), ['E1002@4:12']],
    ["a lambda's parameters are its own, not the signature's", lines('f: (a: Int, b: Int) -> Int = (a) => {', '    return b', '}',
      'g: (a: Int) -> (b: Int) -> Int = (a) => {', '    return b', '}'), ['E1001@2:12', 'E1001@5:12']],
    ['arguments are checked against it', lines('greet: (name: String) -> String = "Hello, ${name}!"', 'main = {', '    greet(1)', '}'), ['E1002@3:10']],
    ['an if body is an expression-level if', lines('f: (x: Int) -> Int = if x {', '    1', '} else {', '    2', '}'), ['E1054@1:25']],
    ['the ownership layer walks the body', lines('g = (a, b) => 1', 'f: (p: String) -> Int = g(p, p)'), ['E2014@2:30']],
  ];
  briefCases(cases);
});

describe('copy types are never moved', () => {
  it('an Int parameter of an `=> expr` lambda passed twice', async () => {
    assert.deepEqual(await brief(lines('inc: (n: Int) -> Int = n + 1', 'add: (a: Int, b: Int) -> Int = a + b',
      'g: (n: Int) -> Int = (n) => add(inc(n), n)', 'main = {', '    print(g(1))', '}')), []);
  });

  it('Int, Float, Bool and Char locals copied twice; a String is moved', async () => {
    const source = lines('main = {', '    n = 1', '    m = n', '    k = n', '    f = 1.5', '    g = f', '    h = f', '    b = true', '    c = b', '    d = b',
      "    ch = 'a'", '    c1 = ch', '    c2 = ch', '    s = "a"', '    s1 = s', '    s2 = s', '}');
    assert.deepEqual(await brief(source), ['E2014@16:10']);
  });

  it('a record parameter of an `=> expr` lambda passed twice is moved', async () => {
    assert.deepEqual(await brief(lines('P: Type = { x: Int }', 'use2: (a: P, b: P) -> Int = (a, b) => 1', 'g: (n: P) -> Int = (n) => use2(n, n)')), ['E2014@3:35']);
  });
});

describe('a local that shares a top-level name is its own binding', () => {
  it('an Int local named like a function is copied', async () => {
    assert.deepEqual(await brief(lines('helper = () => {', '    return 1', '}', 'main = {', '    helper = 40', '    print(helper)', '    print(helper)', '}')), []);
  });

  it('the type at the latest binding decides', async () => {
    assert.deepEqual(await brief(lines('P: Type = { x: Int }', 'main = {', '    mut h = 1', '    h = P(1)', '    x = h', '    y = h', '}')), ['E2014@6:9']);
  });
});

describe('`?`: E1081, E1082, E1083 at the `?` token', () => {
  const cases: [string, string, string[]][] = [
    ['outside a Result function, before its operand is inferred', lines('f: () -> Int = {', '    x = nope()?', '}'), ['E1081@2:15']],
    ['on a value that is not a Result', lines('f: () -> Result(Int, String) = {', '    x = (1)?', '    return x', '}'), ['E1082@2:12']],
    ['on a Result of another error type', lines('g: () -> Result(Int, Int) = (x) => x', 'f: () -> Result(Int, String) = {', '    x = g()?', '    return x', '}'), ['E1083@3:12']],
    ['Result(T, E) is the built-in type even where the file defines a Result',
      lines('Result: (T: Type, E: Type) -> Type = { ok: (T) -> Result(T, E), err: (E) -> Result(T, E) }', 'f: () -> Result(Int, String) = {', '    x = nope()?', '}'), ['E1001@3:9']],
  ];
  briefCases(cases);
});

describe('a type defined as another type is also a value of that type', () => {
  const named = 'P: Type = Point(x: Int, y: Int)';
  const cases: [string, string, string[]][] = [
    ['a named record type constructs its record, by either count up to its fields', lines(named, 'main = {', '    p = P(1, 2)', '    q = P(1)', '    print(p.x)', '}'), []],
    ['more arguments than fields', lines(named, 'main = {', '    p = P(1, 2, 3)', '}'), ['E1010@3:10']],
    ['the record is named after the type in it', lines(named, 'main = {', '    p = P(1, 2)', '    q: Int = p', '}'), ['E1002@4:5']],
    ['its fields are read', lines(named, 'main = {', '    p = P(1, 2)', '    print(p.z)', '}'), ['E1042@4:13']],
    ['a parameter annotated with the name resolves to the record', lines(named, 'f: (p: P) -> Int = {', '    return p.x', '}', 'main = {', '    print(f(3))', '}'), ['E1002@6:12']],
    ['an alias of Int is called for an unknown value', lines('Meters: Type = Int', 'main = {', '    d = Meters(3)', '    s: String = d', '}'), []],
    ['an alias of Int as a parameter wants an Int', lines('Meters: Type = Int', 'f: (m: Meters) -> Int = {', '    return 1', '}', 'main = {', '    print(f("x"))', '}'), ['E1002@6:12']],
  ];
  briefCases(cases);
});

describe('E3004: the iterable map gives a global before a local of the same name', () => {
  const cases: [string, string, string[]][] = [
    ['a parameter named like a std function is that function', lines('sum: (values: List(Int)) -> Int = {', '    mut t = 0', '    for v in values {', '        t = t + v', '    }', '    return t', '}'), ['E3004@3:14']],
    ["main's parameter args is std's args", lines('main = (args: List(String)) => {', '    for a in args {', '        print(a)', '    }', '}'), ['E3004@2:14']],
    ['a parameter named like a global list is that list', lines('items = [1, 2]', 'f: (items: Int) -> Int = {', '    for v in items {', '        print(v)', '    }', '    return 1', '}'), []],
    ['a local binding of a std name retypes the global', lines('main = {', '    values = [1, 2]', '    for v in values {', '        print(v)', '    }', '}'), []],
  ];
  briefCases(cases);
});

describe('a binding annotated with a proof function has a refined type, which unifies with nothing', () => {
  const adult = 'Adult: (x: Int) -> Type = { x >= 18 }';
  const show = 'show: (n: Int) -> Int = {\n    return n\n}';
  const cases: [string, string, string[]][] = [
    ['the initializer is compared with the base type', lines(adult, 'main = {', '    a: Adult(30) = 30', '}'), []],
    ['passed to an Int parameter', lines(adult, show, 'main = {', '    a: Adult(30) = 30', '    show(a)', '}'), ['E1002@7:9']],
    ['bound to an Int annotation', lines(adult, 'main = {', '    a: Adult(30) = 30', '    c: Int = a', '}'), ['E1002@4:5']],
    ['returned from an Int function', lines(adult, 'g: () -> Int = {', '    a: Adult(30) = 30', '    return a', '}'), ['E1002@4:5']],
    ['not a copy type: passed by value, it moves', lines(adult, 'main = {', '    a: Adult(30) = 30', '    print(a)', '    print(a)', '}'), ['E2014@5:11']],
    ['arithmetic on it is of no known type', lines(adult, show, 'main = {', '    a: Adult(30) = 30', '    b = a + 1', '    show(b)', '}'), []],
    ['inside a while body the annotation is not used', lines(adult, show, 'main = {', '    mut i = 0', '    while i < 1 {', '        a: Adult(30) = 30', '        show(a)', '        i = i + 1', '    }', '}'), []],
  ];
  briefCases(cases);
});

describe('an integer argument of a type in a signature is a literal type: the applied type is nominal', () => {
  const ring = 'Ring: (T: Type, N: Int) -> Type = { data: List(T), Assert(N > 0) }';
  const cases: [string, string, string[]][] = [
    ['a proof function in a parameter wants its applied type', lines('Adult: (x: Int) -> Type = { x >= 18 }', 'f: (x: Adult(5)) -> Int = {', '    return 1', '}', 'main = {', '    f(20)', '}'), ['E1002@6:6']],
    ['a const-generic record is not the record its constructor makes', lines(ring, 'f: (r: Ring(Int, 8)) -> Int = {', '    return 1', '}', 'main = {', '    r: Ring(Int, 8) = Ring([1])', '    f(r)', '}'), ['E1002@7:6']],
    ['an integer argument is a literal type, which matches nothing, not even itself', lines(ring, 'f: (r: Ring(Int, -8)) -> Int = {', '    return 1', '}', 'g: (r: Ring(Int, -8)) -> Int = {', '    return f(r)', '}'), ['E1002@6:13']],
    ['a type argument is compared', lines('Box: (T: Type) -> Type = { v: T }', 'f: (b: Box(Int)) -> Int = {', '    return 1', '}', 'g: (b: Box(Int)) -> Int = {', '    return f(b)', '}', 'h: (b: Box(String)) -> Int = {', '    return f(b)', '}'), ['E1002@9:13']],
  ];
  briefCases(cases);
});

describe('a builtin type name is a value of type Type only where V2 reads it', () => {
  const cases: [string, string, string[]][] = [
    ['a std module used without its use is the type string: no fields', lines('main = {', '    n = string.len("abc")', '}'), ['E1053@2:16']],
    ['inside a lambda argument too', lines('use std.list', 'main = {', '    xs = list.filter(["ada"], (n) => string.len(n) > 3)', '}'), ['E1053@3:45']],
    ['a type name has no methods', lines('main = {', '    x = Int.max', '}'), ['E1053@2:13']],
    ['a binding of a type name, at the top level', lines('Id = Int', 'main = {', '    x = 1', '}'), ['E1001@1:6']],
    ['in a list and under operators', lines('main = {', '    xs = [Int, String]', '    ok = 1 == (Bool)', '    n = 1 + Float', '}'), ['E1001@2:11', 'E1001@2:16', 'E1001@3:16', 'E1001@4:13']],
    ['an expression statement, a for iterable, an if condition', lines('main = {', '    Int', '    for c in String {', '    }', '    if Bool {', '    }', '}'), ['E1001@2:5', 'E1001@3:14', 'E1001@5:8']],
    ['a call argument is V2: a value', lines('main = {', '    print(Int)', '}'), []],
    ['a binding in a while body is V2: a value', lines('main = {', '    mut i = 0', '    while i < 2 {', '        t = Int', '        i = i + 1', '    }', '}'), []],
  ];
  briefCases(cases);
});

describe('generic records and const parameters (round 6, reviewed)', () => {
  const cases: [string, string, string[]][] = [
    ['a value parameter named like a field is no const parameter', lines('Matrix: (T: Type, rows: Int) -> Type = { rows: Int, data: List(T) }', 'make: (r: Int) -> Int = {', '    m = Matrix(Int, r)', '    return r', '}'), []],
    ['a const argument in parentheses is the literal', lines('Buffer: (T: Type, N: Int) -> Type = { data: Array(T, N) }', 'a = Buffer(Int, (8))'), []],
    ['a return type keeps a const parameter by its name', lines('f: (N: Int) -> (n: Int) -> N = {', '    return n', '}'), ['E1002@2:5']],
  ];
  briefCases(cases);
});

describe("`T: Type + …` in a signature: the reference's tuple, never a type parameter", () => {
  const cases: [string, string, string[]][] = [
    ['Type + Ord is the value parameter (Type, Ord)', lines('f: (T: Type + Ord, x: T) -> T = (T, x) => x', 'y = f(Int, 1)'), ['E1002@2:6']],
    ['so a curried bound takes one argument', lines('g: (T: Type + Ord) -> (a: T, b: T) -> T = (a, b) => a', 'main = () => { print(g(3, 5)) }'), ['E1010@2:23']],
    ['a bound of interfaces stays a type parameter', lines('f: (T: Clone + Ord, x: Int) -> Int = (T, x) => x', 'y = f(Int, 1)'), []],
  ];
  briefCases(cases);

  it('reads one type after each +, and a name followed by an operator as a constant expression taking the rest', async () => {
    const expected = (written: string) => async () => (await typeDiagnostics(lines(`f: (T: ${written}, x: T) -> T = (T, x) => x`, 'y = f(Int, 1)'))).map((d) => d.message);
    assert.deepEqual(await expected('Type + Ord')(), ["Expected type '(Type, Ord)', found type 'Type'"]);
    for (const written of ['Type + Ord + Eq', 'Type + Ord - Eq', 'Type + Ord * Eq', 'Type /* c */ + Ord + Eq']) {
      assert.deepEqual(await expected(written)(), ["Expected type '(Type, <const-expr>)', found type 'Type'"], written);
    }
  });

  it('reads a bound of 50,000 operators without recursing into it', async () => {
    const chain = (first: string, operand: string) => lines(`f: (T: ${first}${` + ${operand}`.repeat(50_000)}, x: Int) -> Int = (T, x) => x`, 'y = f(Int, 1)');
    assert.deepEqual(await brief(chain('Clone', 'a')), []);
    assert.deepEqual((await typeDiagnostics(chain('Type', 'a'))).map((d) => d.message), ["Expected type '(Type, <const-expr>)', found type 'Type'"]);
    const items = (await typeDiagnostics(chain('Type', 'List(Int)')))[0]!.message;
    assert.equal(items.split('List(Int)').length - 1, 50_000);
  });
});

describe("an f-string's `{…}` that does not parse is text to the reference, not a syntax error", () => {
  // The reference re-parses each `{…}` on its own (syntax.md §2.9): the statement around it is checked, and the
  // first expression of the `{…}` is (its code at 1:1 of the interpolation; ours at the name).
  const cases: [string, string, string[]][] = [
    ['the next statement is checked', lines('Point: Type = { x: Int }', 'main = {', '    p = Point(3)', '    print(f"{p.x!r}")', '    t = p.y', '}'), ['E1042@5:11']],
    ['the function is walked for termination', lines('main = {', '    print(f"{ }")', '    while true {', '        print(1)', '    }', '}'), ['E8001@3:5']],
    ['and for ownership', lines('Point: Type = { x: Int }', 'take: (p: Point) -> Int = { return p.x }', 'main = {', '    p = Point(3)', '    print(f"{p.x:}")', '    a = take(p)', '    b = take(p)', '}'), ['E2014@7:14']],
    ['a conversion after the expression', lines('main = {', '    print(f"{x!r}")', '}'), ['E1001@2:14']],
    ['a second name after the expression', lines('main = {', '    print(f"{qq b}")', '}'), ['E1001@2:14']],
    ['a comma after the expression', lines('main = {', '    print(f"{qq, b}")', '}'), ['E1001@2:14']],
    ['an empty format spec', lines('main = {', '    print(f"{qq:}")', '}'), ['E1001@2:14']],
    // A closer missing inside is recorded by the reference's parser, which reads on: the expression is checked.
    ['a call left open', lines('double: (n: Int) -> Int = (n) => n * 2', 'main = {', '    print(f"{double(2, 3}")', '}'), ['E1010@3:20']],
    ['a group left open', lines('main = {', '    print(f"{(qq}")', '}'), ['E1001@2:15']],
  ];
  briefCases(cases);
});

describe('R24: where the reference looks for proof-function annotations', () => {
  // checker.rs's build_dep_graph_and_check_init: an annotated binding is checked and its value not entered.
  const small = 'IsSmall: (x: Int) -> Type = { x < 100 }';
  const bad = '        y: IsSmall(List(Int)) = 9999';
  const cases: [string, string, string[]][] = [
    ['not in the body of a function with a signature', lines(small, 'f: (a: Int) -> Int = {', '    y: IsSmall(List(Int)) = 9999', '    return a', '}'), []],
    ['nor in a lambda under a signature', lines(small, 'f: (a: Int) -> Int = (a) => {', '    y: IsSmall(List(Int)) = 9999', '    return a', '}'), []],
    ['in an unannotated function', lines(small, 'f = (a: Int) => {', '    y: IsSmall(List(Int)) = 9999', '    return a', '}'), ['E1092@3:16']],
    ['in a for statement', lines(small, 'main = {', '    for i in 0..3 {', bad, '    }', '}'), ['E1092@4:20']],
    ['in a nested function binding', lines(small, 'main = {', '    g = () => {', bad, '    }', '}'), ['E1092@4:20']],
    ['not in an if used as a value', lines(small, 'main = {', '    x = if true {', bad, '    } else {', '    }', '}'), []],
    ['not in a match arm', lines(small, 'main = {', '    r = match 1 {', '        _ => {', '    ' + bad, '        }', '    }', '}'), []],
    ['not in a spawn block', lines(small, 'main = {', '    spawn {', bad, '    }', '}'), []],
  ];
  briefCases(cases);
});

describe('E3005: an empty `{}` at statement start is a block to the reference', () => {
  // The statement parser reads a `{` as a block; only a value's `{}` is an empty dictionary.
  const cases: [string, string, string[]][] = [
    ['in a function body', lines('main = {', '    x = 1', '    {}', '}'), ['E3005@3:5']],
    ['on two lines', lines('f = () => {', '    {', '    }', '    return 1', '}'), ['E3005@2:5']],
    ['but not as a value', lines('main = {', '    x = {}', '    print(x)', '}'), []],
    ['nor as a body', lines('main = {', '    if true {}', '}'), []],
  ];
  briefCases(cases);
});
