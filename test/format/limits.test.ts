// The formatter's bounds (src/analysis/format/limits.ts): nested as deep as
// MAX_FORMAT_DEPTH allows, with the printer's deepest frames, a file still
// formats; one level more and it comes back as written, with FORMAT_TOO_DEEP
// where the printer stopped. Past MAX_FORMAT_NODES, FORMAT_TOO_LARGE.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { format, MAX_FORMAT_DEPTH, MAX_FORMAT_NODES } from '../../src/analysis/format/index.ts';
import { createParser } from '../../src/syntax/language.ts';

let parser: Parser;
before(async () => (parser = await createParser()));
after(() => parser.delete());

/** Sources nested `n` levels of one construct each: the printer's deepest frames. */
const NESTINGS: Record<string, (n: number) => string> = {
  lists: (n) => `x = ${'['.repeat(n)}1${']'.repeat(n)}\n`,
  calls: (n) => `x = ${'f('.repeat(n)}1${')'.repeat(n)}\n`,
  'named arguments': (n) => `x = ${'f(a=['.repeat(n)}1${'])'.repeat(n)}\n`,
  'hugged lambdas': (n) => `x = ${'f(1, (y) => {\n'.repeat(n)}1\n${'})\n'.repeat(n)}`,
  blocks: (n) => `main = ${'{\n'.repeat(n)}1\n${'}\n'.repeat(n)}`,
  'if chains': (n) => `main = {\n${'if a { 1 } else if b {\n'.repeat(n)}1\n${'} else { 2 }\n'.repeat(n)}}\n`,
  'match arms': (n) => `x = ${'match y { 1 => '.repeat(n)}1${' }'.repeat(n)}\n`,
  'operator ladders': (n) => `x = ${'(0 .. 1 or 1 and 1 == 1 < 1 + 1 * '.repeat(n)}1${')'.repeat(n)}\n`,
  // Each level a left operand under operators of falling precedence: a printer level per operator.
  'left ladders': (n) => `x = ${'('.repeat(n)}1${' * b + c < d == e and f or g .. h)'.repeat(n)}\n`,
};

const tooDeep = (source: string) => format(parser, source).diagnostics.some((d) => d.code === 'FORMAT_TOO_DEEP');

/** The deepest nesting that still formats: found by halving, as each construct costs the printer its own number of levels. */
function deepestFormatted(nest: (n: number) => string): number {
  let fits = 1;
  let over = MAX_FORMAT_DEPTH + 1;
  assert.ok(!tooDeep(nest(fits)) && tooDeep(nest(over)));
  while (over - fits > 1) {
    const middle = (fits + over) >> 1;
    if (tooDeep(nest(middle))) over = middle;
    else fits = middle;
  }
  return fits;
}

describe('formatting deeply nested code', () => {
  for (const [name, nest] of Object.entries(NESTINGS)) {
    it(`formats ${name} nested to the limit and leaves one level more alone`, () => {
      const deepest = deepestFormatted(nest);
      const once = format(parser, nest(deepest));
      assert.deepEqual(once.diagnostics, []);
      assert.equal(format(parser, once.formatted).formatted, once.formatted, 'not idempotent');
      const deeper = nest(deepest + 1);
      const refused = format(parser, deeper);
      assert.equal(refused.formatted, deeper);
      assert.deepEqual(refused.diagnostics.map((d) => [d.code, d.severity]), [['FORMAT_TOO_DEEP', 'warning']]);
      // The depth the message gives is at least the printer's, which just passed the limit.
      const said = Number(/the file nests ([\d,]+) levels/.exec(refused.diagnostics[0]!.message)?.[1]?.replace(/,/g, ''));
      assert.ok(said > MAX_FORMAT_DEPTH, `the message says ${said} levels`);
    });
  }

  it('counts one level a list and says where it stopped, how deep the file goes and the limit', () => {
    // The statement, the lists, the integer: the printer enters n + 2 nodes.
    assert.deepEqual(format(parser, NESTINGS.lists!(MAX_FORMAT_DEPTH - 2)).diagnostics, []);
    const source = NESTINGS.lists!(MAX_FORMAT_DEPTH - 1);
    const [diagnostic] = format(parser, source).diagnostics;
    assert.equal(diagnostic?.code, 'FORMAT_TOO_DEEP');
    // The innermost `1`, which would be the printer's 257th level.
    assert.deepEqual(diagnostic.range, { start: { line: 1, column: 4 + MAX_FORMAT_DEPTH }, end: { line: 1, column: 5 + MAX_FORMAT_DEPTH } });
    assert.equal(diagnostic.message, `Left unformatted: nested too deeply here (the file nests ${MAX_FORMAT_DEPTH + 1} levels deep; the formatter lays out at most ${MAX_FORMAT_DEPTH}).`);
  });

  it('does not count a long chain of one operator as nesting', () => {
    const source = `x = 1${' + 1'.repeat(10 * MAX_FORMAT_DEPTH)}\n`;
    const result = format(parser, source, { line_width: 40 });
    assert.deepEqual(result.diagnostics, []);
    // The first line holds what fits (`x = 1` and eight `+ 1`), then one operand a line.
    assert.equal(result.formatted.split('\n')[0], `x = 1${' + 1'.repeat(8)}`);
    assert.equal(result.formatted.split('\n').length, 10 * MAX_FORMAT_DEPTH - 8 + 2);
  });

  it('leaves a file of more than MAX_FORMAT_NODES syntax nodes alone with FORMAT_TOO_LARGE', () => {
    // `+1` is three nodes (the operator, the integer, the expression around them).
    const terms = Math.ceil(MAX_FORMAT_NODES / 3);
    const source = `x=1${'+1'.repeat(terms)}\n`;
    const result = format(parser, source);
    assert.equal(result.formatted, source);
    assert.deepEqual(result.diagnostics.map((d) => [d.code, d.severity]), [['FORMAT_TOO_LARGE', 'warning']]);
    assert.match(result.diagnostics[0]!.message, /^Left unformatted: the file has [\d,]+ syntax nodes; the formatter takes at most 4,000,000\.$/);
  });
});
