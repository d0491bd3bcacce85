// The memos' shared empty list: read-only by type, not frozen (none.ts says
// why), so what keeps it empty is that no replay writes into it.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { analyzeFile } from '../../src/analysis/analyze.ts';
import { TypeChecker, type CheckableFile } from '../../src/analysis/infer/index.ts';
import { NONE } from '../../src/analysis/incremental/none.ts';
import { SyntaxDocument } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';

let parser: Parser;
before(async () => { parser = await createParser(); });
after(() => parser.delete());

const SOURCE = [
  'Point: Type = { x: Int, y: Int }',
  '',
  'norm: (p: Point) -> Int = (p) => {',
  '    s = p.x + p.y',
  '    return s',
  '}',
  '',
  'broken: (n: Int) -> Int = (n) => {',
  '    return "not an int"',
  '}',
  '',
  'main = {',
  '    total = norm(Point(1, 2))',
  '    ys = []',
  '}',
  '',
].join('\n');

it('stays empty and extensible through checks that replay every kind of memo entry', () => {
  const document = new SyntaxDocument(parser, SOURCE);
  try {
    const checker = new TypeChecker();
    const files = () => new Map<string, CheckableFile>([['main.yx', { ...analyzeFile(document.tree, 'main.yx', document.text, () => false), tree: document.tree }]]);
    const first = checker.check(files(), { mode: 'fast', targets: ['main.yx'] }).diagnostics;
    assert.ok(first.length > 0, 'the broken function is reported, so findings lists are replayed too');
    for (let i = 0; i < 6; i++) {
      // A line comes above every item and goes again: each is replayed, moved.
      document.update([i % 2 === 0 ? { start: 0, end: 0, text: '\n' } : { start: 0, end: 1, text: '' }]);
      const again = checker.check(files(), { mode: 'fast', targets: ['main.yx'] }).diagnostics;
      assert.ok(checker.lastItemReuse > 0, 'items came from the memos');
      assert.equal(again.length, first.length);
      for (let t = 1; t <= 4; t++) checker.typeAt(files(), 'main.yx', document.text.indexOf('total') + t);
    }
    assert.equal(NONE.length, 0);
    assert.ok(Object.isExtensible(NONE), 'frozen, sealed or non-extensible arrays make V8 iterate every memo list the slow way');
  } finally {
    document.dispose();
  }
});
