// ParsedSources: parse_source's recent texts, parsed once and handed out as tree copies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { parseSource } from '../../src/ide/index.ts';
import { ParsedSources } from '../../src/mcp/parsed-sources.ts';
import { createParser } from '../../src/syntax/language.ts';

const real = await createParser();

/** The real parser, counting its parses. */
function countingParser(): { parser: Parser; parses: () => number } {
  let parses = 0;
  const parser = {
    parse: (...args: Parameters<Parser['parse']>) => {
      parses++;
      return real.parse(...args);
    },
  } as unknown as Parser;
  return { parser, parses: () => parses };
}

const BROKEN = 'main: () -> Void = () => {\n    x = (1 +\n}\n';

test('a text sent again is not parsed again, and gets the same diagnostics as a fresh parse', () => {
  const { parser, parses } = countingParser();
  const sources = new ParsedSources();
  const first = sources.parse(parser, BROKEN);
  const second = sources.parse(parser, BROKEN);
  assert.equal(parses(), 1);
  const fresh = parseSource(real, BROKEN);
  assert.ok(fresh.diagnostics.length > 0, 'the text has syntax errors');
  assert.deepEqual(second.diagnostics, fresh.diagnostics);
  assert.equal(second.tree.rootNode.toString(), fresh.tree.rootNode.toString());
  assert.notEqual(first.tree, second.tree, 'each call gets its own tree to delete');
  for (const parsed of [first, second, fresh]) parsed.tree.delete();
  sources.clear();
});

test('a caller\'s tree outlives the kept one: evicted, cleared, or deleted by another caller', () => {
  const { parser, parses } = countingParser();
  const sources = new ParsedSources({ entries: 2, chars: 1_000 });
  const held = sources.parse(parser, 'a = 1\n');
  sources.parse(parser, 'b = 2\n').tree.delete();
  sources.parse(parser, 'c = 3\n').tree.delete();
  assert.equal(sources.size, 2, 'the oldest text was let go');
  sources.parse(parser, 'a = 1\n').tree.delete();
  assert.equal(parses(), 4, 'an evicted text is parsed again');
  sources.clear();
  assert.equal(sources.size, 0);
  assert.equal(held.tree.rootNode.text, 'a = 1\n', 'the first caller\'s copy still reads');
  held.tree.delete();
});

test('texts are kept within the character budget, and one larger than all of it is not kept at all', () => {
  const { parser, parses } = countingParser();
  const sources = new ParsedSources({ entries: 10, chars: 20 });
  for (const text of ['a = 1\n', 'bb = 22\n', 'ccc = 333\n']) sources.parse(parser, text).tree.delete();
  assert.equal(sources.size, 2, '6 + 8 + 10 characters: the first is let go to stay within 20');
  const large = 'x = 1\n'.repeat(10);
  sources.parse(parser, large).tree.delete();
  sources.parse(parser, large).tree.delete();
  assert.equal(parses(), 5, 'the large text was parsed for each call');
  assert.equal(sources.size, 2, 'and not kept');
  sources.clear();
});
