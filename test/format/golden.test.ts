// Golden files: test/format/input/NAME.yx formats to test/format/expected/NAME.yx.
// A first line `// fmt: {…}` gives the options (JSON, [fmt] keys). Run with
// UPDATE_GOLDEN=1 to rewrite the expected files from the current output.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { formatTree } from '../../src/analysis/format/index.ts';
import type { FormatSettings } from '../../src/workspace/manifest.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { repoRoot } from '../support/paths.ts';
import { leafTokens } from './tokens.ts';

const inputDir = join(repoRoot, 'test', 'format', 'input');
const expectedDir = join(repoRoot, 'test', 'format', 'expected');

function optionsOf(source: string): FormatSettings {
  const match = /^\/\/ fmt: (\{.*\})/.exec(source);
  return match ? (JSON.parse(match[1]!) as FormatSettings) : {};
}

describe('formatter golden files', () => {
  let parser: Parser;
  before(async () => {
    parser = await createParser();
  });
  after(() => parser.delete());

  const format = (source: string, options: FormatSettings) => {
    const tree = parseOrThrow(parser, source);
    try {
      return { ...formatTree(parser, tree, source, options), tokens: leafTokens(tree, source, options.sort_imports !== false) };
    } finally {
      tree.delete();
    }
  };

  const names = readdirSync(inputDir).filter((n) => n.endsWith('.yx')).sort();

  it('has fixtures', () => assert.ok(names.length >= 8));

  for (const name of names) {
    it(name, () => {
      const source = readFileSync(join(inputDir, name), 'utf8');
      const options = optionsOf(source);
      const result = format(source, options);
      if (process.env.UPDATE_GOLDEN) writeFileSync(join(expectedDir, name), result.formatted);
      const expected = readFileSync(join(expectedDir, name), 'utf8');
      assert.equal(result.formatted, expected);
      const again = format(result.formatted, options);
      assert.equal(again.formatted, result.formatted, 'formatting the expected output changes it');
      if (result.diagnostics.length === 0) {
        assert.deepEqual(again.diagnostics, []);
        assert.deepEqual(again.tokens, result.tokens, 'tokens or comments changed');
      }
    });
  }

  it('returns a file with syntax errors unchanged, with its diagnostics', () => {
    const source = readFileSync(join(inputDir, "syntax_error.yx"), "utf8");
    const result = format(source, {});
    assert.equal(result.formatted, source);
    assert.equal(result.diagnostics[0]?.code, 'E0012');
  });
});
