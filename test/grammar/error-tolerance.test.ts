// Broken input: parsing always terminates, the tree covers the whole text, and
// damage stays local so the rest of the file keeps its statements.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Tree } from 'web-tree-sitter';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { examplesDir } from '../support/paths.ts';
import { mulberry32 } from '../support/random.ts';

const parser = await createParser();
const ALPHABET = [
  ...'abcxyz_019 \t\n\r(){}[]<>.,:;=+-*/%!&|?@#$^~`\\\'"',
  'f"', '"""', '/*', '*/', '//', '=>', '->', '::', '&mut', 'if', 'else', 'match', 'for', 'in', 'return',
  'Type', 'pub', 'mut', '名', '😀', '\u00a0', '\ufeff', '\u0000', '\ud800',
];

function topLevel(tree: Tree, text: string): string[] {
  return tree.rootNode.namedChildren.map((node) => `${node.type} ${text.slice(node.startIndex, node.endIndex)}`);
}

describe('error tolerance', () => {
  it('terminates on 2,000 random inputs and always covers the whole text', () => {
    const random = mulberry32(42);
    for (let i = 0; i < 2000; i++) {
      let text = '';
      const length = Math.floor(random() * 200);
      for (let k = 0; k < length; k++) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
      const tree = parseOrThrow(parser, text);
      try {
        // The root spans every token: leading and trailing whitespace aside (and a
        // byte-order mark at the very start, which tree-sitter skips), nothing is dropped.
        const firstToken = text.replace(/^\ufeff/, ' ').search(/[^ \t\r\n]/);
        if (firstToken !== -1) assert.ok(tree.rootNode.startIndex <= firstToken, `input ${JSON.stringify(text)}`);
        assert.ok(tree.rootNode.endIndex >= text.replace(/[ \t\r\n]+$/, '').length, `input ${JSON.stringify(text)}`);
      } finally {
        tree.delete();
      }
    }
  });

  it('keeps every other statement when one line in the middle is broken', () => {
    const text = readFileSync(join(examplesDir, 'demo', 'utils.yx'), 'utf8');
    const clean = parseOrThrow(parser, text);
    const before = topLevel(clean, text);
    clean.delete();
    // Break a line inside the second function, between two top-level bindings.
    const brokenLine = 'oops = (1 + \n';
    const at = text.indexOf('pub describe');
    const broken = text.slice(0, at) + brokenLine + text.slice(at);
    const tree = parseOrThrow(parser, broken);
    try {
      const after = topLevel(tree, broken);
      assert.ok(tree.rootNode.hasError);
      // Everything before the damage is untouched…
      const untouched = before.filter((s) => text.indexOf(s.slice(s.indexOf(' ') + 1)) < at);
      for (const statement of untouched) assert.ok(after.includes(statement), `lost ${statement}`);
      // …and the binding after it still parses as a declaration.
      assert.ok(after.some((s) => s.startsWith('declaration pub describe')) || after.some((s) => s.includes('pub describe')));
    } finally {
      tree.delete();
    }
  });

  it('parses a 1 MB single-line source', () => {
    const text = 'x = 1 '.repeat(175_000);
    const tree = parseOrThrow(parser, text);
    try {
      assert.equal(tree.rootNode.hasError, false);
      assert.equal(tree.rootNode.namedChildCount, 175_000);
    } finally {
      tree.delete();
    }
  });
});
