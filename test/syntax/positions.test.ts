import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createParser } from '../../src/syntax/language.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { LineIndex } from '../../src/syntax/positions.ts';

describe('LineIndex', () => {
  // Line 2 holds Chinese text (BMP, 1 UTF-16 unit each) and an emoji (2 units).
  const text = 'x = 1\r\ns = "名字😀" + y\n\nlast';
  const lines = new LineIndex(text);
  const yOffset = text.indexOf('y');

  it('reports 1-based lines and columns counted in Unicode characters', () => {
    assert.deepEqual(lines.toHuman(0), { line: 1, column: 1 });
    // `s = "名字😀" + ` is 12 characters but 13 UTF-16 units.
    assert.deepEqual(lines.toHuman(yOffset), { line: 2, column: 13 });
    assert.deepEqual(lines.toHuman(text.length), { line: 4, column: 5 });
  });

  it('reports 0-based UTF-16 positions for LSP', () => {
    assert.deepEqual(lines.toLsp(yOffset), { line: 1, character: 13 });
    assert.equal(lines.fromLsp({ line: 1, character: 13 }), yOffset);
  });

  it('round-trips every offset that is not inside a surrogate pair', () => {
    for (let offset = 0; offset <= text.length; offset++) {
      const code = text.charCodeAt(offset);
      if (code >= 0xdc00 && code <= 0xdfff) continue;
      // The LF of a CRLF is not a position a cursor can take.
      if (text[offset] === '\n' && text[offset - 1] === '\r') continue;
      assert.equal(lines.fromLsp(lines.toLsp(offset)), offset, `LSP offset ${offset}`);
      assert.equal(lines.fromHuman(lines.toHuman(offset)), offset, `human offset ${offset}`);
    }
  });

  it('strips CR from line text and clamps positions past the end of a line', () => {
    assert.equal(lines.lineText(0), 'x = 1');
    assert.equal(lines.lineText(2), '');
    assert.equal(lines.fromLsp({ line: 0, character: 99 }), 5);
    assert.equal(lines.fromHuman({ line: 99, column: 1 }), text.length);
  });

  it('agrees with web-tree-sitter, whose columns are UTF-16 units', async () => {
    const parser = await createParser();
    const tree = parseOrThrow(parser, text);
    try {
      const y = tree.rootNode.descendantForIndex(yOffset)!;
      assert.equal(y.text, 'y');
      assert.deepEqual(lines.toPoint(y.startIndex), y.startPosition);
    } finally {
      tree.delete();
      parser.delete();
    }
  });
});

describe('LineIndex.edited', () => {
  /** Every position the index answers, for comparing two indexes of one text. */
  const answers = (index: LineIndex, text: string) => {
    const positions = [];
    for (let offset = 0; offset <= text.length; offset++) positions.push([index.toHuman(offset), index.toLsp(offset)]);
    return { lineCount: index.lineCount, positions };
  };
  // Units that make and break lines and surrogate pairs, lone halves included.
  const unit = fc.constantFrom('a', '\n', '\r', '\ud83d', '\ude00', '😀', '名');
  const text = fc.array(unit, { maxLength: 30 }).map((units) => units.join(''));

  it('answers as an index built afresh on the edited text, for any edit of any built index', () => {
    fc.assert(fc.property(text, fc.nat(), fc.nat(), text, (before, a, b, inserted) => {
      const start = Math.min(a, b) % (before.length + 1);
      const end = Math.min(start + (Math.max(a, b) % 6), before.length);
      const after = before.slice(0, start) + inserted + before.slice(end);
      const old = new LineIndex(before);
      old.lineOf(0);
      assert.deepEqual(answers(old.edited(after, start, end, inserted), after), answers(new LineIndex(after), after));
    }), { numRuns: 2000 });
  });

  it('leaves an index never built to be built when asked', () => {
    const edited = new LineIndex('a\nb').edited('a\nbc\n', 3, 3, 'c\n');
    assert.equal(edited.lineCount, 3);
    assert.deepEqual(edited.toHuman(5), { line: 3, column: 1 });
  });
});

