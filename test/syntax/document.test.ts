import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createParser } from '../../src/syntax/language.ts';
import { changeBetween, parseOrThrow, SyntaxDocument } from '../../src/syntax/document.ts';
import { mulberry32 } from '../support/random.ts';
import { syntaxProblems, toJson, toSExpression } from '../../src/syntax/inspect.ts';

const parser = await createParser();

describe('SyntaxDocument', () => {
  it('applies several changes in order and reparses incrementally', () => {
    const document = new SyntaxDocument(parser, 'x = 1\ny = "名字"\n');
    document.update([
      { start: 4, end: 5, text: '42' },
      { start: document.text.length + 1, end: document.text.length + 1, text: 'z = y\n' },
    ]);
    assert.equal(document.text, 'x = 42\ny = "名字"\nz = y\n');
    assert.equal(document.version, 1);
    const fresh = parseOrThrow(parser, document.text);
    assert.equal(document.tree.rootNode.toString(), fresh.rootNode.toString());
    fresh.delete();
    document.dispose();
  });

  it('keeps positions right after an edit before non-ASCII text', () => {
    const document = new SyntaxDocument(parser, 's = "😀"\nt = 1');
    document.update([{ start: 0, end: 0, text: '名' }]);
    const t = document.tree.rootNode.descendantForIndex(document.text.indexOf('t'))!;
    assert.equal(t.text, 't');
    assert.deepEqual(document.lines.toHuman(t.startIndex), { line: 2, column: 1 });
    document.dispose();
  });
});

describe('inspect', () => {
  it('lists ERROR and MISSING nodes with 1-based positions', () => {
    const text = 'a = 1\nb = (2 +\nc = @';
    const tree = parseOrThrow(parser, text);
    const problems = syntaxProblems(tree, text);
    assert.ok(problems.length >= 1);
    for (const problem of problems) {
      assert.ok(problem.start.line >= 2, 'the first line is intact');
      assert.equal(problem.text, text.slice(problem.startIndex, problem.endIndex));
    }
    assert.ok(problems.some((p) => p.text.includes('@')));
    tree.delete();
  });

  it('prints an S-expression with fields and ranges, named nodes only by default', () => {
    const text = 'x = f(1)';
    const tree = parseOrThrow(parser, text);
    assert.equal(
      toSExpression(tree, text),
      [
        '(source_file [1:1 - 1:9]',
        '  (assignment [1:1 - 1:9]',
        '    left: (identifier [1:1 - 1:2])',
        '    right: (call_expression [1:5 - 1:9]',
        '      function: (identifier [1:5 - 1:6])',
        '      arguments: (arguments [1:6 - 1:9]',
        '        (integer [1:7 - 1:8])))))',
      ].join('\n'),
    );
    assert.match(toSExpression(tree, text, { all: true }), /\("=" \[1:3 - 1:4\]\)/);
    tree.delete();
  });

  it('bounds JSON output by depth and node count and says so', () => {
    const text = 'x = f(g(h(1)))';
    const tree = parseOrThrow(parser, text);
    const full = toJson(tree, text);
    assert.equal(full.truncated, false);
    assert.equal(full.root.type, 'source_file');
    assert.deepEqual(full.root.children?.[0]?.children?.[0], {
      type: 'identifier', field: 'left', named: true, start: { line: 1, column: 1 }, end: { line: 1, column: 2 }, text: 'x',
    });
    const shallow = toJson(tree, text, { maxDepth: 1 });
    assert.equal(shallow.truncated, true);
    assert.equal(shallow.root.children?.[0]?.children, undefined);
    const few = toJson(tree, text, { maxNodes: 3 });
    assert.equal(few.truncated, true);
    assert.equal(few.nodeCount, 3);
    tree.delete();
  });

  it('walks 10,000 nested parentheses without overflowing the stack', () => {
    const depth = 10_000;
    const text = 'x = ' + '('.repeat(depth) + '1' + ')'.repeat(depth);
    const tree = parseOrThrow(parser, text);
    assert.equal(syntaxProblems(tree, text).length, 0);
    assert.ok(toSExpression(tree, text).length > depth);
    assert.ok(toJson(tree, text).nodeCount > depth);
    tree.delete();
  });
});

describe('changeBetween', () => {
  const isSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;

  it('gives the one change between two texts, around their common prefix and suffix, never inside a surrogate pair', () => {
    const random = mulberry32(0xc4a9);
    const alphabet = ['a', 'b', ' ', '\n', '😀', '😁', '名', 'é'];
    const word = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]!).join('');
    for (let i = 0; i < 5_000; i++) {
      const before = word(Math.floor(random() * 12));
      const at = Math.floor(random() * (before.length + 1));
      // An edit that may itself make a common unit on either side, as typing the same character again does.
      const after = before.slice(0, at) + word(Math.floor(random() * 4)) + before.slice(Math.min(before.length, at + Math.floor(random() * 4)));
      const change = changeBetween(before, after);
      assert.equal(before.slice(0, change.start) + change.text + before.slice(change.end), after, JSON.stringify({ before, after, change }));
      assert.ok(change.start <= change.end);
      for (const offset of [change.start, change.end]) {
        assert.ok(offset === 0 || offset === before.length || !(isSurrogate(before.charCodeAt(offset - 1)) && before.charCodeAt(offset - 1) <= 0xdbff), `offset ${offset} splits a pair in ${JSON.stringify(before)}`);
      }
      if (before === after) assert.equal(change.text, '');
    }
  });

  it('keeps everything around an edit in a long text', () => {
    const before = 'x = 1\n'.repeat(1_000);
    const after = before.slice(0, 3_000) + 'y' + before.slice(3_000);
    assert.deepEqual(changeBetween(before, after), { start: 3_000, end: 3_000, text: 'y' });
  });
});
