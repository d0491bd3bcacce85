// The checker's bound on nesting (src/analysis/infer/depth.ts): every layer
// follows code nested as deep as MAX_CHECK_DEPTH without overflowing the stack,
// stops one level deeper with a TYPECHECK_TOO_DEEP warning there, and still
// checks everything else in the file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_CHECK_DEPTH } from '../../src/analysis/infer/depth.ts';
import { brief, project, TypeChecker, typeDiagnostics } from './support.ts';

/** Sources nested `n` levels of one construct each, reaching every layer's deepest frames. */
const NESTINGS: Record<string, (n: number) => string> = {
  calls: (n) => `x = ${'f('.repeat(n)}1${')'.repeat(n)}\n`,
  'named arguments': (n) => `x = ${'f(a=['.repeat(n)}1${'])'.repeat(n)}\n`,
  'ifs in a function': (n) => `main = {\n${'if true {\n'.repeat(n)}1\n${'}\n'.repeat(n)}}\n`,
  'top-level ifs': (n) => `${'if true {\n'.repeat(n)}1\n${'}\n'.repeat(n)}`,
  'else-if chains': (n) => `main = {\n${'if true { 1 } else if false { 2 } else {\n'.repeat(n)}1\n${'}\n'.repeat(n)}}\n`,
  'whiles in a function': (n) => `main = {\n${'while i < 3 {\n'.repeat(n)}i = i + 1\n${'}\n'.repeat(n)}}\n`,
  'nested functions': (n) => `main = {\n${'g = () => {\n'.repeat(n)}1\n${'}\n'.repeat(n)}}\n`,
  'unsafe blocks': (n) => `main = {\n${'unsafe {\n'.repeat(n)}1\n${'}\n'.repeat(n)}}\n`,
  lambdas: (n) => `f = ${'(a) => '.repeat(n)}a\n`,
  'container types': (n) => `x: ${'List('.repeat(n)}Int${')'.repeat(n)} = []\n`,
  'function types': (n) => `f: ${'(Int) -> '.repeat(n)}Int = 1\n`,
  'operator ladders': (n) => `x = ${'(0 .. 1 or 1 and 1 == 1 < 1 + 1 * '.repeat(n)}1${')'.repeat(n)}\n`,
};

const tooDeep = async (source: string) => (await typeDiagnostics(source)).some((d) => d.code === 'TYPECHECK_TOO_DEEP');

/** The deepest nesting every layer still follows, found by halving (each construct costs the layers their own number of levels). */
async function deepestChecked(nest: (n: number) => string): Promise<number> {
  let fits = 1;
  let over = MAX_CHECK_DEPTH + 1;
  assert.ok(!(await tooDeep(nest(fits))) && (await tooDeep(nest(over))));
  while (over - fits > 1) {
    const middle = (fits + over) >> 1;
    if (await tooDeep(nest(middle))) over = middle;
    else fits = middle;
  }
  return fits;
}

describe('checking deeply nested code', () => {
  for (const [name, nest] of Object.entries(NESTINGS)) {
    it(`follows ${name} nested to the limit and warns once one level deeper`, async () => {
      const deepest = await deepestChecked(nest);
      assert.ok(!(await tooDeep(nest(deepest))));
      const warnings = (await typeDiagnostics(nest(deepest + 1))).filter((d) => d.code === 'TYPECHECK_TOO_DEEP');
      assert.deepEqual(warnings.map((d) => d.severity), ['warning']);
    });
  }

  it('warns on annotations thousands of levels deep instead of overflowing the stack', async () => {
    for (const source of [`x: ${'List('.repeat(3_000)}Int${')'.repeat(3_000)} = []\n`, `f: ${'(Int) -> '.repeat(4_000)}Int = 1\n`]) {
      const codes = (await typeDiagnostics(source)).map((d) => d.code);
      assert.deepEqual(codes, ['TYPECHECK_TOO_DEEP']);
    }
  });

  it('follows blocks thousands of levels deep for refinements (R24) without overflowing the stack', async () => {
    const source = `IsSmall: (x: Int) -> Type = { x < 988 }\nmain = () => {\n${'if true {\n'.repeat(4_000)}y: IsSmall(5) = 5\n${'}\n'.repeat(4_000)}}\n`;
    const codes = (await typeDiagnostics(source)).map((d) => d.code);
    assert.deepEqual(codes, ['TYPECHECK_TOO_DEEP']);
  });

  it('counts a statement and each parenthesis one level, and warns at the first token it did not enter', async () => {
    // The statement, the parentheses, the integer: n + 2 levels.
    assert.deepEqual(await brief(`x = ${'('.repeat(MAX_CHECK_DEPTH - 2)}1${')'.repeat(MAX_CHECK_DEPTH - 2)}\n`), []);
    const [warning, ...rest] = await typeDiagnostics(`x = ${'('.repeat(MAX_CHECK_DEPTH - 1)}1${')'.repeat(MAX_CHECK_DEPTH - 1)}\n`);
    assert.deepEqual(rest, []);
    assert.deepEqual(warning, {
      code: 'TYPECHECK_TOO_DEEP',
      severity: 'warning',
      message: `Not type-checked from here: the code is nested more than ${MAX_CHECK_DEPTH} levels deep, the most the checker follows`,
      range: { start: { line: 1, column: 4 + MAX_CHECK_DEPTH }, end: { line: 1, column: 5 + MAX_CHECK_DEPTH } },
      help: 'Move inner parts into named variables or functions; nothing nested inside this point is checked',
    });
  });

  it('still reports errors outside the part too deep to follow, in the same statement and elsewhere', async () => {
    const deep = `${'['.repeat(2 * MAX_CHECK_DEPTH)}1${']'.repeat(2 * MAX_CHECK_DEPTH)}`;
    const found = await brief(`bad: Int = "text"\nx = f(nope, ${deep})\nmain = {\n    y: Int = 1.5\n}\n`);
    assert.deepEqual(found.filter((d) => !d.startsWith('TYPECHECK_TOO_DEEP')), ['E1002@1:1', 'E1001@2:5', 'E1001@2:7', 'E1002@4:5']);
    assert.equal(found.filter((d) => d.startsWith('TYPECHECK_TOO_DEEP')).length, 1);
  });

  it('follows a long chain of operators in a loop, down to its first operand', async () => {
    const sum = `nope${' + 1'.repeat(20 * MAX_CHECK_DEPTH)}`;
    assert.deepEqual(await brief(`x = ${sum}\nmain = {\n    y = ${sum}\n}\n`), ['E1001@1:5', 'E1001@3:9']);
    assert.deepEqual(await brief(`x = 1${' + 1'.repeat(20 * MAX_CHECK_DEPTH)} and true\n`), ['E1050@1:5']);
  });

  it('refuses a field in a chain of 100,000 accesses without overflowing, the innermost unknown one at its object\'s token', async () => {
    const chain = (head: string, links: string) => `R: Type = { q: Int }\nf = (x: R) => {\n    y = ${head}${links}\n}\n`;
    // IR generation's rule (ir-bodies.ts) walks the chain in a loop: one recursion per link overflowed, and each link walked the whole chain.
    const known = await brief(chain('x', '.q'.repeat(100_000)));
    assert.deepEqual(known.filter((d) => !d.startsWith('TYPECHECK_TOO_DEEP')), []);
    const unknown = await brief(chain('x', `.q.nope${'.q'.repeat(100_000)}`));
    assert.deepEqual(unknown.filter((d) => !d.startsWith('TYPECHECK_TOO_DEEP')), ['E3005@3:11']);
  });

  it('looks past a comment inside the parentheses of a for loop\'s iterable', async () => {
    // IR generation's rule takes the expression inside, not the comment before it, for the iterable.
    assert.deepEqual(await brief('main = {\n    xs = [1, 2]\n    for x in (/* c */ xs) { print(x) }\n}\n'), []);
  });

  it('counts the warning as a warning in a workspace report', async () => {
    const n = 2 * MAX_CHECK_DEPTH;
    const files = await project({ 'main.yx': `x = ${'('.repeat(n)}1${')'.repeat(n)}\n` });
    const report = new TypeChecker().check(files, { mode: 'full' });
    assert.deepEqual(report.diagnostics.map((d) => [d.file, d.code, d.severity]), [['main.yx', 'TYPECHECK_TOO_DEEP', 'warning']]);
    assert.deepEqual(report.summary, { errors: 0, warnings: 1, files: 1 });
  });
});
