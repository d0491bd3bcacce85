// ParsedSources: parse_source's recent texts, parsed once and handed out as tree copies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSource, walkFlat, type LineIndex } from '../../src/ide/index.ts';
import { ParsedSources } from '../../src/mcp/parsed-sources.ts';
import { createParser } from '../../src/syntax/language.ts';
import { examplesDir } from '../support/paths.ts';
import { mulberry32 } from '../support/random.ts';

const real = await createParser();

/** The real parser, counting its parses, and those given an old tree to reuse. */
function countingParser(): { parser: Parser; parses: () => number; reparses: () => number } {
  let parses = 0;
  let reparses = 0;
  const parser = {
    parse: (...args: Parameters<Parser['parse']>) => {
      parses++;
      if (args[1]) reparses++;
      return real.parse(...args);
    },
  } as unknown as Parser;
  return { parser, parses: () => parses, reparses: () => reparses };
}

/** Every node as walkFlat lists it, anonymous ones too: a tree's whole shape, positions and leaf texts. */
function listing(parsed: { table: Parameters<typeof walkFlat>[0]; lines: LineIndex }, text: string): string {
  const lines: string[] = [];
  walkFlat(parsed.table, text, { all: true, lines: parsed.lines }, (node) => lines.push(JSON.stringify(node)) > 0);
  return lines.join('\n');
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

test('a text that edits a kept one is parsed by editing its tree, and gets exactly what a fresh parse gives', () => {
  const { parser, parses, reparses } = countingParser();
  const sources = new ParsedSources();
  const random = mulberry32(0x9a75);
  const fragments = ['', ' ', '\n', '(', ')', '{', '}', '"', '// c\n', '/*', '*/', '= ', ': Int', ',', '爻', '😀', 'if a {', '\t', '=>', 'use std.io\n'];
  let text = readFileSync(path.join(examplesDir, 'demo', 'main.yx'), 'utf8').repeat(4);
  sources.parse(parser, text).tree.delete();
  const EDITS = 150;
  for (let i = 0; i < EDITS; i++) {
    const start = Math.floor(random() * text.length);
    const end = Math.min(text.length, start + Math.floor(random() * 6));
    text = text.slice(0, start) + fragments[Math.floor(random() * fragments.length)]! + text.slice(end);
    const got = sources.parse(parser, text);
    const fresh = parseSource(real, text);
    const where = `edit ${i} at ${start}`;
    assert.equal(got.tree.rootNode.toString(), fresh.tree.rootNode.toString(), where);
    assert.equal(listing(got, text), listing(fresh, text), where);
    assert.deepEqual(got.diagnostics, fresh.diagnostics, where);
    got.tree.delete();
    fresh.tree.delete();
  }
  // An edit that gives back a kept text (a character replaced by itself) is not parsed at all.
  assert.ok(parses() <= EDITS + 1);
  assert.ok(reparses() >= EDITS * 0.9, `edited texts reuse a kept tree (${reparses()} of ${EDITS})`);
  // A text sharing little with every kept one is parsed afresh.
  const before = reparses();
  sources.parse(parser, 'z = 1\n').tree.delete();
  assert.equal(reparses(), before);
  sources.clear();
});
