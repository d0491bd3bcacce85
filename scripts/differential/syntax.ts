// Programs broken in one syntactic way each, for the fixtures: the reference's
// parser stops at its first error, and its code and position (or code alone,
// for the reports it gives without a span) must be among ours. Each is a shape
// people write by mistake, from old syntax in the docs or while typing; the
// verdicts come from the reference, not from this list.
import type { GeneratedProgram } from './generate/index.ts';

const SNIPPETS: ReadonlyArray<readonly [slug: string, text: string]> = [
  ['nothing-after-equals', 'x = \n'],
  ['closing-paren-after-equals', 'main = {\n    x = )\n}\n'],
  ['equals-after-equals', 'x = = 2\n'],
  ['ellipsis-as-body', 'f: (a: Int) -> Int = ...\n'],
  ['declaration-without-value', 'main = { print(1) }\nx: Int = \n'],
  ['compound-assignment', 'main = {\n    mut x = 1\n    x += 1\n}\n'],
  ['spawn-while', 'main = {\n    spawn while ready() {\n        step()\n    }\n}\n'],
  ['spawn-if', 'r = spawn if c { 1 } else { 2 }\n'],
  ['spawn-at-end', 'r = spawn\n'],
  ['old-generic-function', 'id: [T](x: T) -> T = x\n'],
  ['bracket-type', 'xs: [Int] = [1, 2]\n'],
  ['bracket-parameter-type', 'f: (xs: [Int]) -> Int = 0\n'],
  ['variants-without-braces', 'Color: Type = Red | Green | Blue\n'],
  ['variants-in-braces', 'Color: Type = { red | green | blue }\n'],
  ['literal-in-record-type', 'Point: Type = { x: Float, 5 }\n'],
  ['call-as-type-definition', 'Db: Type = lib("db")\n'],
  ['old-type-brackets', 'Pair: Type[T] = { first: T, second: T }\n'],
  ['use-list-double-comma', 'use std.{io,,assert}\nmain = { io.println("x") }\n'],
  ['use-list-assignment', 'use std.{io = 1}\n'],
  ['use-list-path', 'use std.{io.println}\n'],
  ['use-list-alias-missing', 'use std.{io as 1}\n'],
  ['use-list-on-next-line', 'use std.io\n\n{ a = 1 }\n'],
  ['missing-comma-in-call', 'main = { print(1 2) }\n'],
  ['unclosed-block', 'main = {\n    x = 1\n'],
  ['wrong-closing-bracket', 'x = [1, 2)\n'],
  ['named-argument', 'Point: Type = { x: Float }\np = Point(x: 0.0)\n'],
  ['keyword-as-field', 'x = a.if\n'],
  ['dictionary-at-statement-start', '{"a": 1}\n'],
  ['old-function-type', 'f: (List(Int)) -> Int = 0\n'],
  ['question-mark-type', 'f: (a: ?) -> Void = (a) => {}\n'],
  ['double-ampersand', 'ok = a && b\n'],
  ['line-leading-dot', 'x = 1\n.println("hi")\n'],
  ['ref-as-name', 'main = {\n    ref = 2\n}\n'],
  ['unterminated-string', 'x = "abc\ny = 1\n'],
  ['invalid-character', 'x = $y\n'],
  ['hex-without-digits', 'x = 0x\n'],
  ['stray-closing-brace', 'main = { x = 1 }\n}\n'],
  ['if-without-block', 'main = {\n    if x print(1)\n}\n'],
  ['for-without-in', 'main = {\n    for x xs { print(x) }\n}\n'],
  ['lambda-without-body', 'f = (a) => \n'],
  ['use-as-call', 'main = {\n    use(shared)\n}\n'],
  ['function-type-as-value', 'fn = (x: Int) -> Int = x + 1\n'],
  ['alias-after-use-list', 'use std.io.{print, read} as p, r\n'],
  ['match-constructor-pattern', 'main = {\n    r = match x {\n        ok(v) => "a",\n        _ => "b"\n    }\n}\n'],
  ['match-alternatives', 'main = {\n    r = match x {\n        "mo" | "tu" => 1,\n        _ => 2\n    }\n}\n'],
  ['match-guard-after-call', 'main = {\n    r = match x {\n        adult(n) if n >= 18 => true,\n        _ => false\n    }\n}\n'],
];

export function syntaxPrograms(firstIndex: number): GeneratedProgram[] {
  return SNIPPETS.map(([slug, text], i) => ({
    name: `s${String(firstIndex + i).padStart(4, '0')}-${slug}`,
    files: new Map([['main.yx', text]]),
    rules: [],
    pieces: [],
  }));
}
