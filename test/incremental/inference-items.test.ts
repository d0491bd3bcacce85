// Per-item inference and declarations on their own: the items an edit left
// alone are taken from the memo (their diagnostics and hover types moved with
// them), and what one check did to shared state never reaches the next.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { analyzeFile } from '../../src/analysis/analyze.ts';
import { TypeChecker, type CheckableFile } from '../../src/analysis/infer/index.ts';
import { SyntaxDocument } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';

const PATH = 'main.yx';

describe('per-item inference', () => {
  let parser: Parser;
  before(async () => { parser = await createParser(); });
  after(() => parser.delete());

  const files = (document: SyntaxDocument) => new Map<string, CheckableFile>([[PATH, { ...analyzeFile(document.tree, PATH, document.text, () => false), tree: document.tree }]]);
  const briefs = (checker: TypeChecker, document: SyntaxDocument) =>
    checker.check(files(document), { mode: 'fast', targets: [PATH] }).diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.column} ${d.message}`);

  it('re-infers only the edited item and moves the others’ diagnostics and types', () => {
    const source = 'one: (n: Int) -> Int = (n) => {\n    return "a"\n}\n\ntwo: (n: Int) -> Int = (n) => {\n    x = n * 2\n    return x\n}\n';
    const document = new SyntaxDocument(parser, source);
    try {
      const checker = new TypeChecker();
      const before = briefs(checker, document);
      assert.equal(before.length, 1);
      assert.match(before[0]!, /^E1002@2:5 /);
      // A line above both items: they move down by one line, their text is unchanged.
      document.update([{ start: 0, end: 0, text: 'zero = 0\n' }]);
      const after = briefs(checker, document);
      assert.deepEqual(after, [before[0]!.replace('@2:5', '@3:5')]);
      assert.equal(checker.lastInferenceReuse, 2, 'both functions from the memo, `zero` inferred');
      const x = document.text.indexOf('x = n');
      assert.deepEqual(checker.typeAt(files(document), PATH, x), { type: 'int64', range: { start: x, end: x + 1 } });
      assert.deepEqual(after, briefs(new TypeChecker(), document));
    } finally {
      document.dispose();
    }
  });

  it('does not let one check’s unification of a declared type reach the next', () => {
    // `f`'s declared type has variables; the first `main` binds its parameter to an integer, the second passes a string.
    const document = new SyntaxDocument(parser, 'f = (x) => {\n    return x\n}\n\nmain = {\n    a: Int = f(1)\n}\n');
    try {
      const checker = new TypeChecker();
      assert.deepEqual(briefs(checker, document), briefs(new TypeChecker(), document));
      const at = document.text.indexOf('a: Int = f(1)');
      document.update([{ start: at, end: at + 'a: Int = f(1)'.length, text: 'b: String = f("s")' }]);
      assert.deepEqual(briefs(checker, document), briefs(new TypeChecker(), document));
      assert.deepEqual(briefs(checker, document), []);
    } finally {
      document.dispose();
    }
  });
});
