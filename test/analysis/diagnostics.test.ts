// Syntax diagnostics: the reference's codes, message templates and positions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { syntaxDiagnostics } from '../../src/analysis/diagnostics/syntax.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';

const parser = await createParser();

function diagnose(text: string): string[] {
  const tree = parseOrThrow(parser, text);
  try {
    return syntaxDiagnostics(tree, text).map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column} ${d.message}`);
  } finally {
    tree.delete();
  }
}

const CASES: Array<[string, string, string[]]> = [
  ['clean program', 'x = 1\nmain = { io.println(x) }\n', []],
  ['a line-leading dot after a literal', 'x = 1\n.println("hi")', ["E0011 2:1 Unexpected token: 'Dot'"]],
  ['a missing comma between arguments', 'f(a b)', ['E0010 1:5 Expected RParen, found Identifier("b")']],
  ['an unclosed block', 'main = {\n  x = 1', ['E0010 2:8 Expected RBrace, found Eof']],
  // A list literal does not report its closer: what holds it does (positions of E0012 are ours).
  ['a wrong closing bracket', 'x = [1, 2)', ["E0012 1:10 Invalid syntax: Expected expression after '='"]],
  // What recovery says after a wrong closer on its line is its guess (here recovery also took `ys = [1, 2)` as list items).
  // What recovery says at the wrong bracket itself stands beside the bracket rule's finding (the reference's here);
  // at `xs = [1, 2]]` it is recovery's that is the reference's (below).
  ['a wrong closing bracket after a broken statement', 'main = {\n    xs: List<Int> = [1, 2]\n    ys = [1, 2)\n    print(xs)\n}', ['E0010 2:19 Expected a type, found Eq', "E0012 3:15 Invalid syntax: Expected expression after '='"]],
  ['an extra closing parenthesis after a call in a for body', 'main = {\n    for i in [1] {\n        print(i))\n    }\n}', ["E0011 3:17 Unexpected token: 'RParen'"]],
  ['a closing parenthesis in an if head', 'main = {\n    if m == 4 or m ) 6 {\n        print(m)\n    }\n}', ['E0010 2:20 Expected RBrace, found RParen', 'E0010 2:20 Expected LBrace, found RParen']],
  ['a closer after = in a declaration, recovery says no more there', 'main = {\n    a: Int32 = ) 5 as Int32\n    print(a)\n}', ["E0012 2:16 Invalid syntax: Expected expression after '='"]],
  ['a record type left open in a parameter, closed by the list', 'f: (a: Int, b: { Int, c: Int) -> Int = {\n    return a\n}', ['E0010 1:29 Expected RBrace, found RParen']],
  ['a group left open at the end of its line', 'main = {\n    r = (1 + 2\n    print(r)\n}', ['E0010 3:5 Expected RParen, found Identifier("print")']],
  ["a signature's parameter list left open", 'total: (xs: List(Int) -> Int = {\n    return 0\n}', ["E0011 1:11 Unexpected token: 'Colon'", 'E0010 3:2 Expected RParen, found Eof']],
  // The same after a reference's `&`, a function type's `(`, or in a later parameter (each checked against `check`).
  ['a method whose self type runs into ->', 'P: Type = { x: Int }\nP.get: (self: &P -> Int = {\n    return self.x\n}', ["E0012 2:16 Invalid syntax: Old curried function syntax 'P -> ...' is no longer supported. Use RFC-010 syntax with named parameters: '(param: P) -> ReturnType'. Example: 'inc: (x: Int) -> Int = x => x + 1' instead of 'inc: Int -> Int = ...'", 'E0010 4:2 Expected RParen, found Eof']],
  ['a later parameter whose type runs into ->', 'f: (a: Int, b: &String -> Int = {\n    return 1\n}', ["E0012 1:17 Invalid syntax: Old curried function syntax 'String -> ...' is no longer supported. Use RFC-010 syntax with named parameters: '(param: String) -> ReturnType'. Example: 'inc: (x: Int) -> Int = x => x + 1' instead of 'inc: Int -> Int = ...'", 'E0010 3:2 Expected RParen, found Eof']],
  ['a ? type in a parameter list left open', 'f: (a: ? -> Void = (a) => {\n    print(a)\n}', ["E0012 1:8 Invalid syntax: '?' 是 try 运算符，不是合法的类型。参数类型请使用类型名（如 Int、String、Any），或省略类型标注", 'E0010 3:2 Expected RParen, found Eof']],
  ['a function-typed parameter whose type runs into ->', 'f: (g: (Int -> Int), n: Int) -> Int = {\n    return 1\n}', ["E0012 1:9 Invalid syntax: Old curried function syntax 'Int -> ...' is no longer supported. Use RFC-010 syntax with named parameters: '(param: Int) -> ReturnType'. Example: 'inc: (x: Int) -> Int = x => x + 1' instead of 'inc: Int -> Int = ...'"]],
  // A return type's arguments left open: after a type the reference wants `,` or `)` (each checked against `check`).
  ['a declared type whose arguments are left open', 'main = {\n    empty: List(Int = []\n    print(empty)\n}', ['E0010 2:21 Expected RParen, found Eq', 'E0010 4:1 Expected RParen, found RBrace']],
  ['a signature with no parameter list before ->', 'identity: ( -> Int = {\n    return 1\n}', ["E0011 1:13 Unexpected token: 'Arrow'", 'E0010 3:2 Expected RParen, found Eof']],
  ['a return type whose arguments are left open', 'f: (a: String) -> Result(Int, Error = {\n    return 1\n}', ['E0010 1:37 Expected RParen, found Eq', 'E0010 3:2 Expected RParen, found Eof']],
  ['a nested return type left open', 'f: (a: String) -> Dict(String, List(Int) = {\n    return 1\n}', ['E0010 1:42 Expected RParen, found Eq', 'E0010 3:2 Expected RParen, found Eof']],
  ['an old curried type in a parameter list left open', 'total: (xs: Int -> Int = {\n    return 0\n}', ["E0012 1:13 Invalid syntax: Old curried function syntax 'Int -> ...' is no longer supported. Use RFC-010 syntax with named parameters: '(param: Int) -> ReturnType'. Example: 'inc: (x: Int) -> Int = x => x + 1' instead of 'inc: Int -> Int = ...'", 'E0010 3:2 Expected RParen, found Eof']],
  ['a closer where a call wants an argument', 'main = {\n    print(])\n}', ["E0011 2:11 Unexpected token: 'RBracket'"]],
  ['a member left open before the block closes', 'main = {\n    print(v.\n}', ["E0011 3:1 Unexpected token: 'RBrace'"]],
  ['a call left open in a value before the block closes', 'main = {\n    e = g(1, ]\n}', ["E0012 2:14 Invalid syntax: Expected expression after '='"]],
  ['a closer in a type argument of a record field', 'P: (T: Type) -> Type = {\n    data: List(}),\n}', ['E0010 2:16 Expected a type, found RBrace']],
  ['an extra closing bracket after a statement', 'main = {\n    xs = [1, 2]]\n    print(xs)\n}', ["E0011 2:16 Unexpected token: 'RBracket'"]],
  ['an operator without its right operand, then a wrong closer', 'main = {\n  y = 1 * )\n}\n', ["E0012 2:11 Invalid syntax: Expected expression after '='"]],
  // A rule that knows where the reference stops in a statement leaves what stands before the statement's head alone.
  ['an assignment with no value before a match with a bad arm', 'main = {\n    r = = match 1 {\n        1 -> 2,\n        _ => 0\n    }\n    print(r)\n}', ["E0012 2:9 Invalid syntax: Expected expression after '='", 'E0010 3:11 Expected FatArrow, found Arrow']],
  ['a stray token before a declaration with an angle-bracket type', '> first: <T>(xs: List(T)) -> T = (xs) => xs[0]', ["E0011 1:1 Unexpected token: 'Gt'", 'E0010 1:10 Expected a type, found Lt']],
  ['an unexpected bracket before an old function head', 'squa ]  re(x: Int) -> Int = x * x', ["E0011 1:6 Unexpected token: 'RBracket'", 'E0012 1:9 Invalid syntax: 旧语法已弃用。请使用新语法: `name: (Types) -> ReturnType = (params) => body`']],
  ['a wrong closing bracket of an argument', 'f([1, 2))', ["E0011 1:8 Unexpected token: 'RParen'"]],
  ['a wrong closing bracket of an index', 'x = a[1)', ['E0010 1:8 Expected RBracket, found RParen']],
  ['compound assignment', 'x += 1', ["E0011 1:4 Unexpected token: 'Eq'"]],
  // The reference's loop variable is one name; a `pub` statement parses a target expression; a `mut` one wants a name.
  ['a tuple pattern as a loop variable', 'main = {\n    for (k, v) in pairs {\n    }\n}', ["E0011 2:9 Unexpected token: 'LParen'", "E0011 4:1 Unexpected token: 'RBrace'"]],
  ['an underscore as a loop variable', 'main = {\n    for _ in 0..3 {\n    }\n}', ["E0011 2:9 Unexpected token: 'Underscore'"]],
  ['a filter in a list comprehension', 'evens = [x for x in xs if x > 0]', ['E0010 1:24 Expected RBracket, found KwIf']],
  // Statement blocks (the bodies of statement-level if, while and for, and bare blocks) take no stray `;`.
  ['a double semicolon in an if body', 'main = {\n    if true {\n        x = 1;;\n    }\n}', ["E0011 3:15 Unexpected token: 'Semicolon'"]],
  ['a semicolon after an if in an else-if body', 'main = {\n    if a {\n    } else if b {\n        if c {\n        };\n    }\n}', ["E0011 5:10 Unexpected token: 'Semicolon'"]],
  ['a semicolon after a while in a loop body', 'main = {\n    for i in xs {\n        while c {\n        };\n    }\n}', []],
  ['double semicolons in expression blocks', 'main = {\n    x = 1;;\n    v = if c {\n        y = 2;;\n    } else {\n    }\n}', []],
  // A statement that starts `name(…) ->` is the old function syntax, also after a name of its own (`fn`); the
  // reference stops there, so what recovery says about the rest of the line (`a: Int` as arguments) is left out.
  ['the old function syntax', 'fn add(a: Int, b: Int) -> Int {\n    return a + b\n}', [
    'E0012 1:4 Invalid syntax: 旧语法已弃用。请使用新语法: `name: (Types) -> ReturnType = (params) => body`']],
  ['an arrow after a call inside a statement', 'main = {\n    print(f(1) -> 2)\n}', ['E0010 2:16 Expected RParen, found Arrow']],
  // Angle brackets where a type belongs: the reference wanted a type at `<`, or after `Name<T>`, or stops at `,`;
  // what recovery's ERRORs say on that line, before or after it, is left out (one mistake, one diagnostic).
  ['List<Int> in a declaration', 'main = {\n    xs: List<Int> = []\n}', ['E0010 2:19 Expected a type, found Eq']],
  ['List<Int> as a parameter type', 'sum: (xs: List<Int>) -> Int = {\n    return 0\n}', ['E0010 1:20 Expected a type, found RParen']],
  ['<T> before a signature', 'id: <T>(x: T) -> T = x', ['E0010 1:5 Expected a type, found Lt']],
  ['Dict<K, V> in a declaration', 'main = {\n    d: Dict<String, Int> = {"a": 1}\n}', ["E0011 2:19 Unexpected token: 'Comma'"]],
  // The first statement of the file has no token before it: it starts its line all the same.
  ['Dict<K, V> in the first declaration of the file', 'd: Dict<K, V> = {}', ["E0011 1:10 Unexpected token: 'Comma'"]],
  // A later statement keeps its own diagnostics: we recover where the reference stops.
  ['List<Int>, then an unclosed call', 'main = {\n    xs: List<Int> = []\n    print(1 2)\n}', ['E0010 2:19 Expected a type, found Eq', 'E0010 3:13 Expected RParen, found IntLiteral(2)']],
  ['a comparison is not a type', 'main = {\n    ok = a < b\n    c = f(ok) > (d)\n    e = g(\n}', ["E0012 5:1 Invalid syntax: Expected expression after '='"]],
  ['pub use', 'pub use std.io', ['E0012 1:1 Invalid syntax: Expected expression after pub/mut']],
  ['mut use', 'mut use std.io', ["E0011 1:5 Unexpected token: 'KwUse'"]],
  ['named argument with a colon', 'p = Point(x: 0.0)', ['E0010 1:12 Expected RParen, found Colon']],
  ['a missing comma after the first argument', 'main = { print(1 2) }', ['E0010 1:18 Expected RParen, found IntLiteral(2)']],
  ['if without a block', 'main = {\n    if x print(1)\n}', ['E0010 2:10 Expected LBrace, found Identifier("print")']],
  ['for without in', 'main = {\n    for x xs { print(x) }\n}', ['E0010 2:11 Expected KwIn, found Identifier("xs")']],
  ['ref at statement start', 'main = {\n    ref = 2\n}', ["E0018 2:5 'ref' is a keyword and cannot be used as a name"]],
  ['unsafe block at statement start', 'unsafe { x }', ["E0018 1:1 'unsafe' is a keyword and cannot be used as a name"]],
  ['a keyword as a field name', 'x = a.if', ["E0011 1:7 Unexpected token: 'KwIf'"]],
  ['a dictionary at statement start', '{"a": 1}', ["E0011 1:5 Unexpected token: 'Colon'"]],
  // A `}` forgotten before `else`: to the reference the block goes on, and a statement begins with `else`.
  ['an if block left open before else', 'main = {\n    x = 1\n    if x > 0 {\n        print(1)\n    else {\n        print(2)\n    }\n}', ["E0018 5:5 'else' is a keyword and cannot be used as a name", 'E0010 8:2 Expected RBrace, found Eof']],
  ['a block left open before else after another mistake on the line', 'main = {\n    x = if f( > 1 { 2  else { 3 }\n    print(x)\n}', ["E0012 2:15 Invalid syntax: Expected expression after '='"]],
  ['an if block left open before else if', 'main = {\n    x = 1\n    if x > 0 {\n        print(1)\n    else if x < 0 {\n        print(2)\n    }\n}', ["E0018 5:5 'else' is a keyword and cannot be used as a name", 'E0010 8:2 Expected RBrace, found Eof']],

  // A dictionary that does not parse as one is re-read as a block: `"a"`, then the `:` (each checked against `check`).
  // A bracket left open whose expression the reference gave up on before it wanted the closer: no operand after
  // the `(` or `,`, and what holds the expression reports (as when the bracket is closed).
  ['an open call with an operator for its argument', 'main = {\n    b = f( > 1\n    print(b)\n}', ["E0012 2:12 Invalid syntax: Expected expression after '='"]],
  ['an open call statement with an operator for its argument', 'main = {\n    print( > 1\n    x = 2\n}', ["E0011 2:12 Unexpected token: 'Gt'"]],
  ['an open call with an operator after a comma', 'main = {\n    x = g(1, > 1\n    y = 2\n}', ["E0012 2:14 Invalid syntax: Expected expression after '='"]],
  ['an open call in a condition used as a value', 'main = {\n    b = if f( > 1 { 1 } else { 2 }\n    print(b)\n}', ["E0012 2:15 Invalid syntax: Expected expression after '='"]],
  // A parameter list that never closes is no lambda's: the group reads the name and wants `)` at the `:`.
  ['a lambda parameter list left open', 'main = {\n    h = (a: Int => {\n        return a\n    }\n}', ['E0010 2:11 Expected RParen, found Colon']],
  ['a lambda parameter list left open with an old curried type', 'main = {\n    h = (w: String, n: Int -> {\n        return n\n    }\n}', ["E0012 2:24 Invalid syntax: Old curried function syntax 'Int -> ...' is no longer supported. Use RFC-010 syntax with named parameters: '(param: Int) -> ReturnType'. Example: 'inc: (x: Int) -> Int = x => x + 1' instead of 'inc: Int -> Int = ...'", 'E0010 5:1 Expected RParen, found RBrace']],
  ['main with its parameter list left open', 'main = (args: List(String) => {\n    print(args)\n}', ['E0010 1:13 Expected RParen, found Colon']],
  ['an open call before a mut declaration', 'main = {\n    r = f(\n    mut i = 0\n    print(r)\n}', ["E0012 3:5 Invalid syntax: Expected expression after '='"]],
  ['an open call statement before a mut declaration', 'main = {\n    f(\n    mut i = 0\n    print(i)\n}', ["E0011 3:5 Unexpected token: 'KwMut'"]],
  ['a dictionary entry without its colon', 'main = {\n    m = {"a": 1, "b" 2}\n}', ["E0011 2:13 Unexpected token: 'Colon'"]],
  ['a dictionary entry without its comma', 'main = {\n    m = {"a": 1 "b": 2}\n}', ["E0011 2:13 Unexpected token: 'Colon'"]],
  ['a dictionary key that is not a string', 'main = {\n    m = {"a": 1, 2: 3}\n}', ["E0011 2:13 Unexpected token: 'Colon'"]],
  // (Recovery reads the strings after `"b"` askew and takes the block's `}` with them: the E0010 at the end is its.)
  ['a dictionary entry with two strings and no colon', 'main = {\n    m = {"a": 3, "b" "4", "c": 2}\n    print(m)\n}', ["E0011 2:13 Unexpected token: 'Colon'", 'E0010 4:2 Expected RBrace, found Eof']],
  ['a failed dictionary inside a dictionary', 'main = {\n    m = {"x": {"y": 1, "z" 2}}\n}', ["E0011 2:19 Unexpected token: 'Colon'"]],
  // A `use` list: names, commas optional; at anything else the reference expects `}` (each checked against its `check`).
  ['a doubled comma in a use list', 'use std.{io,,assert}', ['E0010 1:13 Expected RBrace, found Comma']],
  ['an assignment in a use list', 'use std.{io = 1}', ['E0010 1:13 Expected RBrace, found Eq']],
  ['a path in a use list', 'use std.{io.x}', ['E0010 1:12 Expected RBrace, found Dot']],
  ['a use list continued on the next line', 'use std.assert\n\n{ a = 1 }', ['E0010 3:5 Expected RBrace, found Eq']],
  ['no alias after as in a use list', 'use std.{io as 1}', ["E0011 1:16 Unexpected token: 'expected alias after `as`'"]],
  ['as closing a use list', 'use std.{io as}', ["E0011 1:15 Unexpected token: 'expected alias after `as`'"]],
  // Where the reference's type parser wants a type.
  ['variants in braces', 'Color: Type = { red | green }', ['E0010 1:21 Expected a type, found Pipe']],
  ['a literal in a record type', 'Y: Type = { a: Int, 5 }', ['E0010 1:21 Expected a type, found IntLiteral(5)']],
  // A constructor type's arguments are types: what cannot begin one is reported as such, whole (a split float, a string).
  ['else after an else-if block left open', 'pick = (c, d) => {\n    if c {\n        return 1\n    } else if d {\n        return 2\n    else {\n        return 3\n    }\n}', ["E0018 6:5 'else' is a keyword and cannot be used as a name", 'E0010 9:2 Expected RBrace, found Eof']],
  ['a string as a type argument in a lambda\'s parameters', 'f = (x: List("s")) => x\ng = (a, b: List(true)) => 1', ['E0010 1:7 Expected RParen, found Colon', 'E0010 2:10 Expected RParen, found Colon']],
  ['nothing a type begins with after a function returning Type', 'F: (T: Type) -> Type = ...\nG: (T: Type) -> Type = ?T\nH: (A: Type) -> (B: Type) -> Type = ...', ['E0010 1:24 Expected a type, found DotDotDot', "E0012 2:24 Invalid syntax: '?' 是 try 运算符，不是合法的类型。参数类型请使用类型名（如 Int、String、Any），或省略类型标注", "E0012 3:35 Invalid syntax: Expected expression after '='"]],
  ['a keyword, a bool and a float as type arguments', 'a: List(if) = 1\nb: Map(Int, true) = 1\nc: Ring(Int, 2.5) = 1\nd: List(Int, "s") = 1', ['E0010 1:9 Expected a type, found KwIf', 'E0010 2:13 Expected a type, found BoolLiteral(true)', 'E0010 3:14 Expected a type, found FloatLiteral(2.5)', 'E0010 4:14 Expected a type, found StringLiteral("s")']],
  // A binding's annotation that continues with an operator is an expression to the reference, `= value` and all.
  ['an annotation followed by an operator', 'main = {\n    y: Int > 0 = 6\n    z: Int == 6\n}', []],
  ['a call as a type definition', 'Db: Type = lib("db")', ['E0010 1:16 Expected a type, found StringLiteral("db")']],
  ['use as a call', 'main = {\n    use(shared)\n}', ["E0011 2:8 Unexpected token: 'LParen'"]],
  ['a function type as a value', 'fn = (x: Int) -> Int = x', ["E0011 1:15 Unexpected token: 'Arrow'"]],
  ['a returned lambda with -> for =>', 'mk: (b: Int) -> (Int) -> Int = {\n    return (x) -> x + b\n}', ["E0011 2:16 Unexpected token: 'Arrow'"]],
  ['an alias after a use list', 'use std.io.{print} as p', ["E0011 1:23 Unexpected token: 'positional item alias is not supported; use inline form `use path.{item as alias}`'"]],
  // A match arm's pattern is a name, a literal or a tuple; then `=>`.
  ['a constructor pattern', 'r = match x {\n    ok(v) => 1\n}', ['E0010 2:7 Expected FatArrow, found LParen']],
  ['alternatives in a pattern', 'r = match x {\n    "a" | "b" => 1\n}', ['E0010 2:9 Expected FatArrow, found Pipe']],
  // `spawn` takes a block or `for`; the reference reports what follows it.
  ['spawn while', 'spawn while x {\n}', ["E0016 1:7 Expected expression: block or 'for' after spawn"]],
  ['spawn if in an assignment', 'r = spawn if c { 1 } else { 2 }', ["E0016 1:11 Expected expression: block or 'for' after spawn"]],
  ['spawn at the end of the file', 'r = spawn\n', ["E0016 2:1 Expected expression: block or 'for' after spawn"]],
  // Codes the reference reports without a position (ours is the token named).
  ['a type that begins with [', 'x: [Int] = [1]', ["E0012 1:4 Invalid syntax: Old generic function type syntax '[T, U](params) -> Ret' is no longer supported. Use RFC-010 syntax: '(T: Type, U: Type) -> ((params) -> Ret)'"]],
  ['variants without braces', 'C: Type = red | green', ['E0012 1:15 Invalid syntax: Enum variants must use brace syntax: `{ red | green | blue }` instead of `red | green | blue`']],
  ['nothing after =', 'x = ', ["E0012 1:3 Invalid syntax: Expected expression after '='"]],
  ['a closing bracket after =', 'main = {\n    x = )\n}', ["E0012 2:7 Invalid syntax: Expected expression after '='", "E0012 2:9 Invalid syntax: Expected expression after '='"]],
  ['= after =', 'x = = 2', ["E0012 1:5 Invalid syntax: Expected expression after '='"]],
  // A parenthesized parameter list without `=>` is an operand to the reference (a lambda without a body, a group, a tuple).
  ['a typed parameter list and -> inside parentheses', 'y = ((x: Int) -> Int = x)(1)', ['E0010 1:15 Expected RParen, found Arrow']],
  ['names and -> inside parentheses, in a call', 'main = {\n    f((a, b) -> 1)\n}', ['E0010 2:14 Expected RParen, found Arrow']],
  ['... after a signature, recovery taking the next line as the value', 'f: (a: Int) -> Int = ...\nd = f(1)', ["E0012 1:20 Invalid syntax: Expected expression after '='"]],
  // A function that returns a type has its value read as a type first: what cannot begin one is reported there.
  ['match as the value of a function returning Type', 'If: (C: Bool, T: Type, E: Type) -> Type = match C {\n    True => T,\n    False => E\n}', ['E0010 1:43 Expected a type, found KwMatch']],
  ['if as the value of a local function returning Type', 'main = {\n    F: () -> Type = if c { Int } else { Float }\n}', ['E0010 2:21 Expected a type, found KwIf']],
  ['a string, a bool, ! and - before a name as such values', 'A: (T: Type) -> Type = "s"\nB: (T: Type) -> Type = true\nC: (T: Type) -> Type = !T\nD: (T: Type) -> Type = &-T', ['E0010 1:24 Expected a type, found StringLiteral("s")', 'E0010 2:24 Expected a type, found BoolLiteral(true)', 'E0010 3:24 Expected a type, found Not', 'E0010 4:26 Expected a type, found Identifier("T")']],
  ['what can begin a type, and a curried function returning Type, are not refused', 'A: (T: Type) -> Type = -1\nB: (T: Type) -> Type = &mut T\nC: (n: Int) -> Type = (n) => n\nD: (T: Type) -> (U: Type) -> Type = match T {\n    _ => U\n}\nE: (n: Int) -> Int = match n {\n    _ => 1\n}', []],
  ['old function syntax', 'f: (List(Int)) -> Int = x', ["E0012 1:4 Invalid syntax: Old function syntax '(Type, Type) -> Ret' is no longer supported. Use RFC-010 syntax with named parameters: '(param: Type, ...) -> Ret'. Example: 'add: (a: Int, b: Int) -> Int = a + b'"]],
  ['? as a parameter type', 'f: (a: ?) -> Void = (a) => {}', ["E0012 1:8 Invalid syntax: '?' 是 try 运算符，不是合法的类型。参数类型请使用类型名（如 Int、String、Any），或省略类型标注"]],
  ['&&', 'ok = a && b', ['E0012 1:8 Invalid syntax: logical conjunction uses keyword `and`; `&&` was removed (SPEC §2.2)']],
  ['||', 'ok = a || b', ['E0012 1:8 Invalid syntax: logical disjunction uses keyword `or`; `||` was removed (SPEC §2.2)']],
  // Where no operand can begin after an operator, `(`, `[` or `,`, the reference's expression parser fails without
  // a word: an expression statement reports the token (E0011), an assignment its value (E0012, no position).
  ['a doubled comma in a call statement', 'main = {\n    print(1,,)\n}', ["E0011 2:13 Unexpected token: 'Comma'"]],
  ['a doubled comma in an assigned call', 'main = {\n    x = f(1,,)\n}', ["E0012 2:13 Invalid syntax: Expected expression after '='"]],
  ['an empty index', 'main = {\n    print(xs[])\n}', ["E0011 2:14 Unexpected token: 'RBracket'"]],
  ['a shift operator', 'x = 1 << 3', ["E0012 1:8 Invalid syntax: Expected expression after '='"]],
  // Of what recovery says on one line, the first is where the reference stops; the rest is its guess.
  ['a closure with bars', 'ys = map(xs, |x| x)', ["E0012 1:14 Invalid syntax: Expected expression after '='"]],
  ['use without a path', 'use\nmain = { print(1) }\n', ["E0011 2:6 Unexpected token: 'Eq'"]],
  ['a lambda without a body at the end of the file', 'f = (a) => \n', ["E0012 2:1 Invalid syntax: Expected expression after '='"]],
  ['++ before a closing brace', 'main = {\n    i++\n}', ["E0011 3:1 Unexpected token: 'RBrace'"]],
  // An operator with nothing before it is the failure itself.
  ['a prompt line', '>> :help', ["E0011 1:1 Unexpected token: 'Gt'"]],
  // The body of an `if`, `while` or `for` statement and a bare block are statement blocks: no empty statement there,
  // and an `if` or block statement takes no `;` (expression blocks skip stray `;`).
  ['a stray ; opening an if body', 'main = {\n    if true { ; print(1) }\n}', ["E0011 2:15 Unexpected token: 'Semicolon'"]],
  ['a doubled ; in an if body', 'main = {\n  if a { b;; }\n}', ["E0011 2:12 Unexpected token: 'Semicolon'"]],
  ['a ; after an if statement in an if body', 'main = {\n  if a { if b { c }; }\n}', ["E0011 2:20 Unexpected token: 'Semicolon'"]],
  ['a ; after a block statement in an if body', 'main = {\n  if a { { c }; }\n}', ["E0011 2:15 Unexpected token: 'Semicolon'"]],
  // The head of an `if` statement: a condition as far as an expression goes, then `{`; of a `for`: one name, `in`.
  ['a colon after an if condition', 'main = {\n    if x > 3:\n        print(1)\n}', ['E0010 2:13 Expected LBrace, found Colon']],
  ['a parenthesized condition without a block', 'main = {\n    if (x > 0) print(1)\n}', ['E0010 2:16 Expected LBrace, found Identifier("print")']],
  ['an else if without a block', 'main = {\n    if a {\n    } else if b\n        return 1\n    }\n}', ['E0010 4:9 Expected LBrace, found KwReturn']],
  ['not as an operator in a condition', 'main = {\n    if not x == 3 { }\n}', ['E0010 2:12 Expected LBrace, found Identifier("x")']],
  ['a pattern as a loop variable', 'main = {\n    for (k, v) in m { }\n}', ["E0011 2:9 Unexpected token: 'LParen'", "E0011 3:1 Unexpected token: 'RBrace'"]],
  ['of for in', 'main = {\n    for x of xs { }\n}', ['E0010 2:11 Expected KwIn, found Identifier("of")']],
  // A match arm's pattern is one primary, then `=>`; a prefix operator takes `1 => …` as a lambda.
  ['a thin arrow in a match arm', 'r = match op {\n    "+" -> 1,\n    _ -> 0\n}', ['E0010 2:9 Expected FatArrow, found Arrow']],
  ['a range pattern', 'r = match s {\n    90..100 => 1,\n    _ => 2\n}', ['E0010 2:7 Expected FatArrow, found DotDot']],
  ['a negative pattern', 'r = match n {\n    -1 => 1,\n    _ => 2\n}', ['E0012 2:8 Invalid syntax: invalid lambda parameter list: expected identifiers, e.g. `x => ...` or `(a, b) => ...`']],
  ['an expression in a struct pattern', 'r = match p {\n    { x + 1 } => 1,\n    _ => 0\n}', ['E0012 2:9 Invalid syntax: invalid struct pattern field: expected `name`, `mut name` or `Variant(pattern)`']],
  ['a call before =>', 'main = {\n    f = g(x) => x\n}', ['E0012 2:14 Invalid syntax: invalid lambda parameter list: expected identifiers, e.g. `x => ...` or `(a, b) => ...`']],
  // A call's arguments are expressions and commas up to `)`: after an argument, anything else is E0010 there,
  // the next line's statement included (a `(` on a new line calls nothing).
  ['a call left open before the next statement', 'main = {\n    msg = greet("ana"\n    io.println(msg)\n}', ['E0010 3:5 Expected RParen, found Identifier("io")']],
  ['a parenthesis on the next line in the arguments', 'main = {\n    t = compute(1,\n        2\n        (3))\n}', ['E0010 4:9 Expected RParen, found LParen']],
  // Old annotation syntax, E0012 without a position in the reference (ours is the name).
  ['Type with brackets', 'Stack: Type[T] = { items: List(T) }', ["E0012 1:8 Invalid syntax: Old 'Type[...]' or 'Type<...>' syntax is no longer supported. Use 'Type' alone for the meta-type, or '(T: Type, ...) -> Type' for type constructors."]],
  ['a type name before ->', 'apply: (f: Int -> Int) -> Int = f(1)', ["E0012 1:12 Invalid syntax: Old curried function syntax 'Int -> ...' is no longer supported. Use RFC-010 syntax with named parameters: '(param: Int) -> ReturnType'. Example: 'inc: (x: Int) -> Int = x => x + 1' instead of 'inc: Int -> Int = ...'"]],
  ['name(…) -> at statement start', 'square(x: Int) -> Int = x * x', ['E0012 1:1 Invalid syntax: 旧语法已弃用。请使用新语法: `name: (Types) -> ReturnType = (params) => body`']],
  ['a type name before -> in a declaration', 'f: Int -> Int = (x) => x', ["E0012 1:4 Invalid syntax: Old curried function syntax 'Int -> ...' is no longer supported. Use RFC-010 syntax with named parameters: '(param: Int) -> ReturnType'. Example: 'inc: (x: Int) -> Int = x => x + 1' instead of 'inc: Int -> Int = ...'"]],
  // No expression begins with `else`, `in`, `use` or `pub`: what holds the expression reports (checked against v0.7.12).
  ['else as a value', 'x = else', ["E0012 1:3 Invalid syntax: Expected expression after '='"]],
  ['use as a value', 'x = use', ["E0012 1:3 Invalid syntax: Expected expression after '='"]],
  // Recovery closes `y = 1` and leaves `+ in` an ERROR of its own: the reference's value failed in it.
  // A value that ends in an operator before its block's `}` or the end of the file: the value failed (no position in
  // the reference; ours is where it failed). An expression statement stops at that token instead.
  ['a value ending in an operator before the block closes', 'main = {\n    x = 1 +\n}', ["E0012 3:1 Invalid syntax: Expected expression after '='"]],
  ['a field assignment ending in an operator in a nested block', 'main = {\n    if a {\n        p.x = 1 -\n    }\n}', ["E0012 4:5 Invalid syntax: Expected expression after '='"]],
  ['a lambda body ending in an operator at the end of the file', 'f = (x) => x +\n', ["E0012 2:1 Invalid syntax: Expected expression after '='"]],
  ['a stray comma in a return, then an operator', 'f = (n) => { return n , > 10 }', ["E0011 1:23 Unexpected token: 'Comma'"]],
  // An index wants `,` or `]` after its expression and stops at what stands there, on the next line too.
  ['an index left open before the next statement', 'main = {\n    node = queue[head\n    head = head + 1\n}', ['E0010 3:5 Expected RBracket, found Identifier("head")']],
  ['an index left open before the block closes', 'main = {\n    node = queue[head\n}', ['E0010 3:1 Expected RBracket, found RBrace']],
  // A lambda's block holds statements, which no `,` separates; recovery closes it before the `,` to go on with the call.
  ['a lambda block left open in a call, with a comma in it', 'main = {\n    t = f(xs, (a, x) => { a + x, 0)\n}', ["E0011 2:32 Unexpected token: 'Comma'"]],
  // A mutable field (`hits mut: Int`) is no `mut` statement, also where recovery makes the whole file an ERROR.
  ['a mutable field, then a method left open', 'use std.io\n\nCounter: Type = { name: String, hits mut: Int, limit: Int }\n\nCounter.hit: (self: &mut Counter) -> Void = {\n    self.hits = self.hits + 1\n\nCounter.full: (self: &Counter) -> Bool = {\n    return self.hits >= self.limit\n}\n\nCounter.report: (self: &Counter) -> String = {\n    return f"{self.name}: {self.hits}/{self.limit}"\n}\n\nmain = {\n    mut c = Counter("clicks", 0, 3)\n    mut i = 0\n    while i < 5 {\n        if !c.full() {\n            c.hit()\n        }\n        i = i + 1\n    }\n    io.println(c.report())\n}\n', ['E0010 27:1 Expected RBrace, found Eof']],
  ['a mut field as a statement', 'main = {\n    hits mut: Int\n}', ["E0011 2:13 Unexpected token: 'Colon'"]],
  // A declaration's annotation begins with a type: the reference wanted one at what stands after the `:`.
  ['a walrus', 'main = {\n    pair := (1, 2)\n}', ['E0010 2:11 Expected a type, found Eq']],
  ['a struct literal in braces', 'P: Type = { r: Float }\nmain = {\n    c = P { r: 2.0 }\n}', ['E0010 3:16 Expected a type, found FloatLiteral(2.0)']],
  ['a literal as an annotation', 'main = {\n    y = 1\n    x: "s" = 1\n}', ['E0010 3:8 Expected a type, found StringLiteral("s")']],
  ['a keyword as the annotation of a mut declaration', 'main = {\n    mut x: if = 1\n}', ['E0010 2:12 Expected a type, found KwIf']],
  ["a method's parameter without a type after &mut", 'C: Type = { n: Int }\nC.hit: (self: &mut) -> Void = {\n    print(1)\n}', ['E0010 2:19 Expected a type, found RParen']],
  // A parenthesized condition left open: the reference wants its `)` at the `{` that no keyword before it takes.
  ['an if condition in parentheses left open', 'main = {\n    v = 1\n    if (v > 0 {\n        print(v)\n    }\n}', ['E0010 3:15 Expected RParen, found LBrace']],
  ['a while condition with a closed group inside', 'main = {\n    v = 1\n    while (v > 0 and (v < 3) {\n        v = v - 1\n    }\n}', ['E0010 3:30 Expected RParen, found LBrace']],
  ["a lambda's block inside the group is taken", 'main = {\n    f = (x => { x }\n}', ['E0010 3:1 Expected RParen, found RBrace']],
  // A match whose `}` is missing before the function's `return`: read as a pattern, then `=>` wanted.
  ['a match left open before a return', 'f = (op) => {\n    r = match op {\n        "+" => 1,\n        _ => 2,\n    return r\n}\n\nmain = {\n    print(1)\n}', ['E0010 6:1 Expected FatArrow, found RBrace', 'E0010 10:2 Expected RBrace, found Eof']],
  ['spawn with a parenthesis left open', 'main = {\n    (a, b) = spawn(\n        x = 1\n        return (x, x)\n    }\n}', ["E0016 2:19 Expected expression: block or 'for' after spawn", "E0011 6:1 Unexpected token: 'RBrace'"]],
  // An `if` used as a value whose `else` has no block: the reference reads a block without its `{`, up to a `}`.
  ['a value if whose else has no block', 'main = {\n    c = true\n    x = if c { 1 } else 0\n    print(x)\n}\n', ['E0010 6:1 Expected RBrace, found Eof']],
  ['a value if whose else has no block, in a call', 'main = {\n    c = true\n    print(if c { 1 } else 0)\n}\n', ["E0011 3:28 Unexpected token: 'RParen'"]],
  ["a match arm's block left open before the next arm", 'main = {\n    r = match 1 {\n        _ => { 2 / 3,\n    }\n    print(r)\n}', ["E0011 3:21 Unexpected token: 'Comma'", 'E0010 6:2 Expected RBrace, found Eof']],
  // An f-string's interpolations say nothing; the f-string as a token is where a call's arguments may stop.
  ['two f-strings as arguments without a comma', 'main = {\n    print(f"{a}" f"{b}")\n}', ['E0010 2:18 Expected RParen, found FStringLiteral("{b}")']],
  // What follows an f-string's closing quote is outside it (found by the fuzzer: `f""}` was clean), and what recovery
  // says inside one does not take its line's first place from what follows.
  ['a stray brace right after an f-string', 'f""}', ["E0011 1:4 Unexpected token: 'RBrace'"]],
  ['a stray brace after an f-string with an empty interpolation', 'x = f"{ }" }\n', ["E0011 1:12 Unexpected token: 'RBrace'"]],
  ['an expression statement ending in an operator', 'main = {\n    print(1) +\n}', ["E0011 3:1 Unexpected token: 'RBrace'"]],
  // A list closed by another bracket fails what holds it up to the statement: an assignment's value, through operators
  // and calls (no position in the reference; ours is the closer), or an expression statement at the closer.
  ['a list closed wrongly as an operand of a value', 'main = {\n    if a {\n        x = x + [T(c, 0)\n        y = 0\n    }\n}', ["E0012 5:5 Invalid syntax: Expected expression after '='"]],
  ['a list closed wrongly as an argument in a value', 'main = {\n    x = f(y, [1, 2)\n}', ["E0012 2:19 Invalid syntax: Expected expression after '='"]],
  ['a list closed wrongly in a call over lines', 'main = {\n    x = f(\n        y,\n        [1, 2)\n}', ["E0012 4:14 Invalid syntax: Expected expression after '='"]],
  ['a list closed wrongly in a call statement after a binding', 'main = {\n    y = 1\n    print(x + [1, 2)\n}', ["E0011 3:20 Unexpected token: 'RParen'"]],
  ['in as an operand', 'main = {\n    y = 1 + in\n}', ["E0012 2:13 Invalid syntax: Expected expression after '='"]],
  ['use as an operand at the top level', 'x = 1 + use', ["E0012 1:9 Invalid syntax: Expected expression after '='"]],
  ['else as an argument', 'main = {\n    f(else)\n}', ["E0011 2:7 Unexpected token: 'KwElse'"]],
  ['use as an argument', 'main = {\n    f(1, use)\n}', ["E0011 2:10 Unexpected token: 'KwUse'"]],
  ['else on the line after a use path', 'use a.b\nelse', ["E0018 2:1 'else' is a keyword and cannot be used as a name"]],
  // A record type's item that is a keyword or a literal: the reference wanted a type there.
  ['a keyword as a record field', 'If: Type = { condition: Expr, else: Block }', ['E0010 1:31 Expected a type, found KwElse']],
  ['a literal as a record field', 'If: Type = { true: Int }', ['E0010 1:14 Expected a type, found BoolLiteral(true)']],
  ['pub use', 'pub use std.io', ['E0012 1:1 Invalid syntax: Expected expression after pub/mut']],
  // A lambda whose first parameter is a bare name takes only bare names; a declaration's lambda matches its signature.
  ['a typed parameter after a bare one', 'f = (a, b: Int) => a', ['E0010 1:10 Expected RParen, found Colon']],
  ['a mut parameter after a bare one', 'f = (a, mut b) => a', ["E0012 1:9 Invalid syntax: Expected expression after '='"]],
  ['lambda parameters in another order than the signature', 'sub: (a: Int, b: Int) -> Int = (b, a) => a - b', ["E0012 1:32 Invalid syntax: Parameter name mismatch at position 1: signature has 'a', lambda has 'b'."]],
  ['more lambda parameters than the signature', 'h: (a: Int, b: Int) -> Int = (a, b, c) => a', ['E0012 1:30 Invalid syntax: Parameter count mismatch: signature has 2 value parameters, lambda has 3']],
  // `Type + Ord` is a bound only as the type of a signature's parameter; elsewhere the reference's type ends at `Type`.
  ['Type + Ord in a signature', 'f: (T: Type + Ord, x: T) -> T = (T, x) => x', []],
  ['Type * Ord in a signature', 'f: (T: Type * Ord, x: T) -> T = (T, x) => x', ['E0010 1:13 Expected RParen, found Star']],
  ['Type + Ord as a type argument', 'xs: List(Type + Ord) = []', ['E0010 1:15 Expected RParen, found Plus']],
  ['Type + 1 in a constraint', 'B: Type = Assert(Type + 1)', ['E0010 1:23 Expected RParen, found Plus']],
  ['Type + Ord in a lambda parameter', 'g = (T: Type + Ord) => 1', ['E0010 1:7 Expected RParen, found Colon']],
  ['Type + Ord as a binding annotation', 'x: Type + Ord = 1', []],
  ['Type + Ord in a named curry group', 'f: (x: Int) -> (T: Type + Ord) -> T = (x) => x', []],
  ['a comment inside Type + Ord', 'f: (T: Type /* c */ + Ord, x: T) -> T = (T, x) => x', []],
  ["Type + Ord in a function type that is a parameter's type", 'f: (g: (T: Type + Ord) -> Int) -> Int = (g) => 1', ['E0010 1:10 Expected RParen, found Colon']],
  ['Type + Ord in a function type that is a type argument', 'xs: List((T: Type + Ord) -> Int) = []', ['E0010 1:12 Expected RParen, found Colon']],
  ['Type + Ord in a parenthesized return type', 'f: (x: Int) -> ((T: Type + Ord) -> T) = (x) => x', ["E0011 1:19 Unexpected token: 'Colon'"]],
  ['Type + Ord in a tuple annotation', 'x: (T: Type + Ord) = 1', ["E0011 1:6 Unexpected token: 'Colon'"]],
  ["Type + Ord in a record field's function type", 'Point: Type = { f: (T: Type + Ord) -> T }', ['E0010 1:22 Expected a type, found Colon']],
  ["Type + Ord in a lambda's second parameter", 'g = (a: Int, T: Type + Ord) => 1', ['E0010 1:7 Expected RParen, found Colon']],
  // A record type's items, separated by commas only.
  ['a binding to a literal in a record type', 'Point: Type = { x: Int, show = 5 }', ["E0012 1:32 Invalid syntax: Expected function name after '=' in binding 'show'"]],
  ['_ among binding positions', 'Point: Type = { x: Int, scale = mul[0, _] }', ['E0012 1:40 Invalid syntax: Expected integer position in binding']],
  ['mut without a colon in a field', 'Counter: Type = { count mut Int }', ["E0012 1:25 Invalid syntax: Expected ':' after 'mut' in field 'count'"]],
  ['mut before a field', 'Counter: Type = { mut count: Int }', ['E0010 1:19 Expected a type, found KwMut']],
  ['a record type left open before the next statement', 'Point: Type = { x: Int, y: Int\n\norigin = Point(0, 0)\nmain = { print(origin.x) }', ['E0010 3:1 Expected a type, found Identifier("origin")', 'E0010 4:27 Expected RBrace, found Eof']],
  // `Name: (…) -> Type = {…}` is read as a record first; when that fails the reference reads a function body but keeps
  // the record reader's error, where the grammar takes a block without one.
  ['a type function whose body returns', 'F: (T: Type) -> Type = { return List(T) }', ['E0010 1:26 Expected a type, found KwReturn']],
  ['a generic record with fields on lines without commas', 'Pair: (T: Type) -> Type = {\n    a: T\n    b: T\n}', ['E0010 3:5 Expected a type, found Identifier("b")']],
  ['a generic record with a semicolon between fields', 'Entry: (T: Type) -> Type = { priority: Int; value: T }', ['E0010 1:43 Expected a type, found Semicolon']],
  ['a type function whose body binds a value', 'F: (T: Type) -> Type = {\n    x = 1\n    return T\n}', ["E0012 2:9 Invalid syntax: Expected function name after '=' in binding 'x'"]],
  ['a pub generic record with a semicolon', 'pub Box: (T: Type) -> Type = { v: T; }', ['E0010 1:36 Expected a type, found Semicolon']],
  // Signatures, labels, `mut`, named struct types, comprehensions, `match` without a value.
  ['an application then -> in a parameter', 'apply: (f: Fn(Int) -> Int, x: Int) -> Int = f(x)', ['E0010 1:20 Expected RParen, found Arrow']],
  ['no return type after ->', 'add: (a: Int, b: Int) -> = a + b', ['E0010 1:26 Expected a type, found Eq']],
  ['a keyword as the first parameter', 'f: (in: Int) -> Int = in + 1', ["E0012 1:4 Invalid syntax: Old function syntax '(Type, Type) -> Ret' is no longer supported. Use RFC-010 syntax with named parameters: '(param: Type, ...) -> Ret'. Example: 'add: (a: Int, b: Int) -> Int = a + b'"]],
  ['a number as a loop label', 'main = {\n    for i in 0..3 {\n        break ::1\n    }\n}', ["E0010 3:17 Expected loop label after '::', found IntLiteral(1)"]],
  ['mut before a tuple', 'main = {\n    mut (a, b) = (1, 2)\n}', ["E0011 2:9 Unexpected token: 'LParen'"]],
  ['mut on the first field of a named struct type', 'P: Type = Point(mut x: Int, y: Int)', ['E0010 1:17 Expected a type, found KwMut']],
  ['match as a name', 'main = {\n    match = 3\n}', ["E0011 2:11 Unexpected token: 'Eq'"]],
  // Recovery's ERROR for it starts at `main =`, before the statement: its guess too. The next statement keeps its own.
  ['match as a name, then used', 'main = {\n    match = 3\n    print(match)\n}', ["E0011 2:11 Unexpected token: 'Eq'", "E0011 3:16 Unexpected token: 'RParen'"]],
  ['a filter in a comprehension', 'main = {\n    evens = [x for x in xs if x % 2 == 0]\n}', ['E0010 2:28 Expected RBracket, found KwIf']],
  // E0002's texts are the reference lexer's (v0.7.12, each checked against its `check`).
  ['a hex prefix without digits', 'x = 0x', ["E0002 1:5 Invalid numeric literal: 'Expected hex digits'"]],
  ['an octal prefix without octal digits', 'x = 0o9', ["E0002 1:5 Invalid numeric literal: 'Expected octal digits'"]],
  ['a binary prefix with only an underscore', 'x = 0b_', ["E0002 1:5 Invalid numeric literal: 'Expected binary digits'"]],
  ['an exponent without digits', 'x = 2elements', ["E0002 1:5 Invalid numeric literal: '2e'"]],
  ['an exponent without digits, as collected', 'x = 1_000e+', ["E0002 1:5 Invalid numeric literal: '1000e+'"]],
  ['a leading-dot float without exponent digits', 'x = .5e', ["E0002 1:5 Invalid numeric literal: '0.5e'"]],
  ['an underscore after the fraction', 'x = 3.14_', ["E0002 1:5 Invalid numeric literal: 'Invalid number format: underscore must be between digits'"]],
  ['an underscore after the exponent', 'x = 1e5_', ["E0002 1:5 Invalid numeric literal: 'Invalid number format: underscore must be between digits'"]],
  ['an integer past i128', 'x = 1_70141183460469231731687303715884105728', ["E0002 1:5 Invalid numeric literal: '170141183460469231731687303715884105728'"]],
  ['a hex integer past i128', 'x = 0X8000_0000000000000000000000000000', ["E0002 1:5 Invalid numeric literal: '0x80000000000000000000000000000000'"]],
  ['an invalid escape', 'x = "a\\q"', ['E0012 1:7 Invalid syntax: invalid escape: \\q']],
  // The message gives the place after the opening quote (`"`, `f"`, `"""`), where the reference's lexer began reading the text.
  ['an unterminated string', 'x = "abc\ny = 1', ['E0012 1:5 Invalid syntax: unterminated string at 1:6']],
  ['an unterminated f-string interpolation', 'x = f"{a', ['E0012 1:5 Invalid syntax: unterminated f-string interpolation at 1:7']],
  ['an unterminated f-string', 'main = {\n    s = f"a {x}\n}', ['E0012 2:9 Invalid syntax: unterminated string at 2:11']],
  ['an unterminated multi-line string', 'x = 1\ny = """abc\n', ['E0012 2:5 Invalid syntax: unterminated string at 2:8']],
  ['an empty char literal', "c = ''", ['E0012 1:5 Invalid syntax: Empty character literal']],
  ['a non-ASCII identifier', 'x = 名', ["E0001 1:5 Invalid character: '名'"]],
  ['a byte-order mark', '\ufeffx = 1', ["E0001 1:1 Invalid character: '\ufeff'"]],
  ['a dollar sign', 'x = $y', ["E0001 1:5 Invalid character: '$'"]],
  // The reference stops at the lexer: what recovery says on a lexer error's line is its guess; later lines keep theirs.
  ['a lexer error, then a parser error on its line', 'main = {\n    总 = f(1 2)\n}', ["E0001 2:5 Invalid character: '总'"]],
  ['a lexer error, then a parser error on the next line', 'main = {\n    总 = 1\n    print(1 2)\n}', ["E0001 2:5 Invalid character: '总'", 'E0010 3:13 Expected RParen, found IntLiteral(2)']],
  ['a run of invalid characters, one error', 'x = 爻象$ + 爻', ["E0001 1:5 Invalid character: '爻'", "E0001 1:11 Invalid character: '爻'"]],
  // (Each in a statement of its own: `b = (` left open would take `c = @` into its group, where the reference's
  // expression fails at the end, E0012 once.)
  ['several errors, each reported', 'a = 1 +\nb = (1 2)\nc = @\n', []],
];

describe('syntax diagnostics', () => {
  for (const [name, text, expected] of CASES) {
    it(name, () => {
      const actual = diagnose(text);
      if (name.startsWith('several')) {
        assert.ok(actual.length >= 2, `expected several, got ${JSON.stringify(actual)}`);
        return;
      }
      assert.deepEqual(actual, expected);
    });
  }

  it('lets lexer errors come first, as the reference stops at the lexer', () => {
    const actual = diagnose('x = (\ny = 0x\n');
    assert.equal(actual[0]!.split(' ')[0], 'E0002');
  });

  it('accepts the valid forms that look like errors', () => {
    for (const text of ['x = 170141183460469231731687303715884105727', 'x = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'x = 1e_5', 'x = 170141183460469231731687303715884105728.5', 'x = 1 y = 2', 'return\nb = 1', "c = 'ab'", 'x = &mutable', 'v = p\n    .x', 'use std {io}', 'mk: (Int, Int) -> Int = (x, y) => x + y', 'x = 1\n-y', 'main = {\n  y = 1;;\n  if a { b }; { c };\n}', 'main = {\n  if a { while b { c }; }\n}', 'f(a, b,)', 'x = []', 'x = ()', 'r = match x { 1 => 2 3 => { 4 }, (a, b) => a, {y} => y, _ => f(1)\n .x }', 'p: Point(x: Int) = 1', 'x = f(a,\n  b,\n)', 't: Type = Type', 'x = a[0] < b', 'f: (T: Type) -> (x: T) -> T = x', 'f = (a: Int, b) => a', 'g: (a: Int, b: Int) -> Int = (b) => b', 'k: (a: Int, b: Int) -> Int = x => x', 'id: (T: Type) -> (x: T) -> T = (x) => x', 'P: Type = { x: Float = 0, y mut: Float, Drawable, distance = distance[0], d2 = dist, last = f[-1], d: ((a: P, b: P) -> Float)[0] = ((a, b) => a.x), x > 0, Assert(N > 0), v: &mut List(Int), }', 'f: (g: (x: Int) -> Int, n: Int) -> (Int, Int) = (g, n) => (n, n)\nmk: (Int, Int) -> Int = (x, y) => x + y\nxs = [x * 2 for x in ys]', 'main = {\n    break ::outer\n    mut x = 1\n    mut pub y = 2\n}', 'f: (mut a: Int) -> Int = a', 'P: Type = Point(x: Int, mut y: Int)', 'Adult: (x: Int) -> Type = { x >= 18 }', 'Box: (T: Type) -> Type = { v: T, }', 'E: (T: Type) -> Type = {}', 'F: (T: Type) -> (x: T) -> Type = { return T }', 'P.make: (T: Type) -> Type = { return T }', 'main = {\n    mut x: Int = 1\n    pub y: -1 = 2\n    z: &mut List(Int) = w\n    d = {"a": 1}\n}', 'main = {\n    if c { print(1) } else print(2)\n    x = if c { 1 } else if d { 2 } else { 3 }\n}', 'main = {\n    r = match 1 {\n        _ => { f(1, 2) },\n        2 => { [1, 2] },\n    }\n}', 'main = {\n    print(f"v {a, b} end")\n    print(f"{a!r}")\n    print(f"{ }")\n    print(f"{a:}")\n    print(f"{a b}")\n    print(f"{a + }")\n    s = f"{)}"\n}']) {
      assert.deepEqual(diagnose(text), [], text);
    }
  });
});
