// Every program of ../shared/corpus (real YaoXiang code from the reference
// repository) parses cleanly, except the two the reference parser rejects,
// which must show an error where the reference reports it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import type { Node } from 'web-tree-sitter';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { syntaxProblems } from '../../src/syntax/inspect.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { referenceRejected, sharedCorpusDir } from '../support/paths.ts';

describe('conformance with ../shared/corpus', { skip: sharedCorpusDir ? false : 'no ../shared/corpus beside the checkout' }, async () => {
  const parser = await createParser();
  const files = sharedCorpusDir ? listYxFiles(sharedCorpusDir) : [];

  it('finds the whole corpus', () => {
    assert.equal(files.length, 102);
  });

  for (const file of files) {
    const name = relative(sharedCorpusDir!, file);
    const rejectedAt = referenceRejected.get(name);
    it(`${name} ${rejectedAt ? 'is rejected where the reference rejects it' : 'parses with no ERROR or MISSING node'}`, () => {
      const text = readFileSync(file, 'utf8');
      const tree = parseOrThrow(parser, text);
      try {
        const problems = syntaxProblems(tree, text);
        if (!rejectedAt) {
          assert.deepEqual(problems.map((p) => `${p.kind} ${p.start.line}:${p.start.column} ${JSON.stringify(p.text)}`), []);
          return;
        }
        assert.ok(problems.length > 0, 'expected a syntax error');
        // The reference reports at a token: the error must cover it, or lie in
        // the statement that starts there (`ref = 2` fails at `=` for us).
        const located = problems.some((p) => {
          const covers = p.start.line === rejectedAt.line && p.start.column <= rejectedAt.column &&
            (p.end.line > rejectedAt.line || p.end.column > rejectedAt.column);
          const statement = enclosingStatement(tree.rootNode.descendantForIndex(p.startIndex, p.endIndex));
          const startsThere = statement !== null && statement.startPosition.row + 1 === rejectedAt.line &&
            statement.startPosition.column + 1 === rejectedAt.column;
          return covers || startsThere;
        });
        assert.ok(located, `expected an error at ${rejectedAt.line}:${rejectedAt.column}, got ${problems.map((p) => `${p.start.line}:${p.start.column}-${p.end.line}:${p.end.column}`).join(', ')}`);
      } finally {
        tree.delete();
      }
    });
  }
});

/** The statement (a child of a block or of the file) that contains `node`. */
function enclosingStatement(node: Node | null): Node | null {
  for (let current = node; current; current = current.parent) {
    const parentType = current.parent?.type;
    if (parentType === 'block' || parentType === 'source_file') return current;
  }
  return null;
}
