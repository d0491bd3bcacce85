// Runs tree-sitter-yaoxiang/test/corpus/*.txt through web-tree-sitter, so CI
// needs no tree-sitter CLI.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createParser } from '../../src/syntax/language.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { grammarDir } from '../support/paths.ts';
import { normalizeSExpression, parseCorpusFile, stripFields } from '../support/corpus-format.ts';

const corpusDir = join(grammarDir, 'test', 'corpus');
const parser = await createParser();

const files = readdirSync(corpusDir).filter((name) => name.endsWith('.txt')).sort();

it('has a corpus file for each area, including newlines and errors', () => {
  for (const required of ['newlines.txt', 'errors.txt', 'declarations.txt', 'expressions.txt', 'types.txt']) {
    assert.ok(files.includes(required), `missing test/corpus/${required}`);
  }
});

for (const file of files) {
  describe(`corpus ${file}`, () => {
    for (const testCase of parseCorpusFile(readFileSync(join(corpusDir, file), 'utf8'))) {
      it(testCase.name, { skip: testCase.skip }, () => {
        const tree = parseOrThrow(parser, testCase.input);
        try {
          if (testCase.expectError) {
            assert.ok(tree.rootNode.hasError, 'expected an ERROR or MISSING node');
            return;
          }
          const actual = normalizeSExpression(tree.rootNode.toString());
          const expected = testCase.expected.includes(': ') ? testCase.expected : stripFields(testCase.expected);
          assert.equal(testCase.expected.includes(': ') ? actual : stripFields(actual), expected);
        } finally {
          tree.delete();
        }
      });
    }
  });
}
