import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
