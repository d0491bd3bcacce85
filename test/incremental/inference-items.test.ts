// Per-item inference and declarations on their own: the items an edit left
// alone are taken from the memo (their diagnostics and hover types moved with
// them), and what one check did to shared state never reaches the next.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { analyzeFile } from '../../src/analysis/analyze.ts';
import { TypeChecker, type CheckableFile } from '../../src/analysis/infer/index.ts';
import { SyntaxDocument } from '../../src/syntax/document.ts';
import { retainTablesFrom } from '../../src/syntax/node-table.ts';
import { createParser } from '../../src/syntax/language.ts';

const PATH = 'main.yx';

describe('per-item inference', () => {
  let parser: Parser;
  before(async () => { parser = await createParser(); });
  after(() => parser.delete());

  const files = (document: SyntaxDocument) => new Map<string, CheckableFile>([[PATH, { ...analyzeFile(document.tree, PATH, document.text, () => false), tree: document.tree }]]);
  const briefs = (checker: TypeChecker, document: SyntaxDocument) =>
    checker.check(files(document), { mode: 'fast', targets: [PATH] }).diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.column} ${d.message}`);

  /** What a checker that sees the file for the first time shows at `offset`. */
  const freshTypeAt = (document: SyntaxDocument, offset: number) => {
    const fresh = new TypeChecker();
    fresh.check(files(document), { mode: 'fast', targets: [PATH] });
    return fresh.typeAt(files(document), PATH, offset);
  };
  /** The same function three times over with `body` changed: `one` is edited to make a type variable, and the others look at what that does. */
  const withVariableAbove = (...bodies: string[]) => bodies.map((body, i) => `${['one', 'two', 'three'][i]}: (n: Int) -> Int = (n) => {\n${body}    return n\n}\n`).join('\n');
  const addVariableToOne = (document: SyntaxDocument) => {
    const at = document.text.indexOf('a = 1') + 4;
    document.update([{ start: at, end: at + 1, text: '[]' }]);
  };

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

  it('reuses an item wherever the variable supply stands, unless its results show a variable’s number', () => {
    // `two` holds no variable; `three`'s message names one, numbered by how many came before (and bound to Int after it, so no type kept shows it).
    const document = new SyntaxDocument(parser, withVariableAbove('    a = 1\n', '    b = 2\n', '    y = []\n    z: Int = y\n    w: List(Int) = y\n'));
    try {
      const checker = new TypeChecker();
      const before = briefs(checker, document);
      assert.match(before[0]!, /List\(t\d+\)/);
      // `one` now makes a variable of its own: every later one's number is one higher.
      addVariableToOne(document);
      const after = briefs(checker, document);
      assert.deepEqual(after, briefs(new TypeChecker(), document));
      assert.notDeepEqual(after, before, 'the message names the variable by its new number');
      assert.equal(checker.lastInferenceReuse, 1, '`two` from the memo; `one` edited, `three` numbered');
      const y = document.text.indexOf('y = []');
      assert.deepEqual(checker.typeAt(files(document), PATH, y), freshTypeAt(document, y));
    } finally {
      document.dispose();
    }
  });

  it('re-infers an item whose hover type shows a variable when the supply moved', () => {
    const document = new SyntaxDocument(parser, withVariableAbove('    a = 1\n', '    y = []\n'));
    try {
      const checker = new TypeChecker();
      assert.deepEqual(briefs(checker, document), []);
      addVariableToOne(document);
      assert.deepEqual(briefs(checker, document), []);
      assert.equal(checker.lastInferenceReuse, 0);
      const y = document.text.indexOf('y = []');
      const shown = checker.typeAt(files(document), PATH, y);
      assert.match(shown?.type ?? '', /^List\(t\d+\)$/);
      assert.deepEqual(shown, freshTypeAt(document, y));
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

  describe('settled passes', () => {
    // Every table retained, as for a large file: the edited tree shares its items with the one before, found at their places.
    let retainedFrom: number | undefined;
    before(() => { retainedFrom = retainTablesFrom(0); });
    after(() => { if (retainedFrom !== undefined) retainTablesFrom(retainedFrom); });

    const functions = (count: number, head = '') => head + Array.from({ length: count }, (_, i) =>
      `f${i}: (n: Int) -> Int = (n) => {\n    x = n + ${i}\n    return x${i > 0 ? ` + f${i - 1}(n)` : ''}\n}\n`).join('\n') + `\nmain = {\n    v = f${count - 1}(1)\n}\n`;
    /**
     * Checks `source`, then makes each edit and checks again: each time, the
     * diagnostics must be what a fresh checker gives the edited text. The last
     * check's reused items and diagnostics.
     */
    const afterEdit = (source: string, ...edits: Array<(document: SyntaxDocument) => void>) => {
      const document = new SyntaxDocument(parser, source);
      try {
        const checker = new TypeChecker();
        let diagnostics = briefs(checker, document);
        for (const edit of edits) {
          edit(document);
          diagnostics = briefs(checker, document);
          assert.deepEqual(diagnostics, briefs(new TypeChecker(), document));
        }
        return { settled: checker.lastSettledReuse, reused: checker.lastInferenceReuse, diagnostics };
      } finally {
        document.dispose();
      }
    };
    const typeAt = (needle: string, text: string) => (document: SyntaxDocument) => {
      const at = document.text.indexOf(needle);
      document.update([{ start: at, end: at + needle.length, text }]);
    };

    it('reuses every item an edit inside a body left alone without reading its facts', () => {
      const { settled, reused } = afterEdit(functions(4), typeAt('x = n + 1', 'x = n + 12'));
      assert.equal(settled, 4, 'all but f1, the edited one');
      assert.equal(reused, 4);
    });

    it('reads the facts again after an edit that changes what a function declares', () => {
      const { settled, diagnostics } = afterEdit(functions(4), typeAt('f1: (n: Int) -> Int', 'f1: (n: Int) -> String'));
      assert.equal(settled, 0);
      assert.ok(diagnostics.length > 0, 'f1 and its caller f2 are wrong now');
    });

    it('reads the facts again after an item that did something else to the shared state', () => {
      // `g` is declared with a variable, which a call binds in place (as in the reference). Once `main` binds it to a
      // string, `last` (which calls it with an integer) is wrong, and kept so: it read `g` as a function of strings.
      // Then `main` binds it to an integer: `last`, which the edit left alone, is right again only if its facts are read.
      const source = functions(3, 'g = (x) => {\n    return x\n}\n\n') + '\nlast: (n: Int) -> Int = (n) => {\n    y: Int = g(1)\n    return y\n}\n';
      const wrong = afterEdit(source, typeAt('v = f2(1)', 'v = g("s")'));
      assert.equal(wrong.diagnostics.length, 1);
      assert.match(wrong.diagnostics[0]!, /^E1002@/);
      const right = afterEdit(source, typeAt('v = f2(1)', 'v = g("s")'), typeAt('v = g("s")', 'v = g(2)'));
      assert.deepEqual(right.diagnostics, []);
      assert.ok(right.settled >= 3, 'the functions before main are still reused without their facts');
    });
  });
});
