// The Zed extension: its language config is well-formed and its outline query
// lists what Zed's outline panel should show. (Every Zed query compiling
// against the grammar is checked in test/queries.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Query } from 'web-tree-sitter';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser, loadYaoXiang } from '../../src/syntax/language.ts';
import { examplesDir, repoRoot } from '../support/paths.ts';

const zedDir = join(repoRoot, 'editors', 'zed');

/** Outline items as Zed builds them: @context and @name texts joined by spaces, nested by range. */
function outline(source: string, parser: Awaited<ReturnType<typeof createParser>>, query: Query): string[] {
  const tree = parseOrThrow(parser, source);
  try {
    const items = query.matches(tree.rootNode).flatMap((match) => {
      const item = match.captures.find((c) => c.name === 'item')?.node;
      if (!item) return [];
      const words = match.captures
        .filter((c) => c.name === 'name' || c.name === 'context')
        .sort((a, b) => a.node.startIndex - b.node.startIndex)
        .map((c) => c.node.text);
      return [{ start: item.startIndex, end: item.endIndex, label: words.join(' ') }];
    });
    items.sort((a, b) => a.start - b.start || b.end - a.end);
    const open: Array<{ end: number }> = [];
    return items.map((item) => {
      while (open.length > 0 && open[open.length - 1]!.end <= item.start) open.pop();
      const line = '  '.repeat(open.length) + item.label;
      open.push(item);
      return line;
    });
  } finally {
    tree.delete();
  }
}

describe('Zed extension', async () => {
  const language = await loadYaoXiang();
  const parser = await createParser();

  it('declares the grammar, the .yx suffix, comments and brackets', () => {
    const extension = readFileSync(join(zedDir, 'extension.toml'), 'utf8');
    assert.match(extension, /^\[grammars\.yaoxiang\]$/m);
    assert.match(extension, /^path = "tree-sitter-yaoxiang"$/m);
    const config = readFileSync(join(zedDir, 'languages', 'yaoxiang', 'config.toml'), 'utf8');
    assert.match(config, /^grammar = "yaoxiang"$/m);
    assert.match(config, /^path_suffixes = \["yx"\]$/m);
    assert.match(config, /^line_comments = \["\/\/ "\]$/m);
    for (const pair of ['"{"', '"["', '"("']) assert.ok(config.includes(`start = ${pair}`), `bracket ${pair}`);
  });

  it('outline.scm lists types with their fields, functions and methods', () => {
    const query = new Query(language, readFileSync(join(zedDir, 'languages', 'yaoxiang', 'outline.scm'), 'utf8'));
    const source = readFileSync(join(examplesDir, 'demo', 'geometry.yx'), 'utf8');
    assert.deepEqual(outline(source, parser, query), [
      'pub Point',
      '  x',
      '  y',
      'pub origin',
      'pub Point shift',
      'pub distance',
    ]);
    const main = readFileSync(join(examplesDir, 'demo', 'main.yx'), 'utf8');
    assert.deepEqual(outline(main, parser, query), ['main']);
    query.delete();
  });
});
