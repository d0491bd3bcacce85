// The standard queries: they compile against the committed grammar, and the
// caret assertions of test/highlight and test/tags hold.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { Query } from 'web-tree-sitter';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser, loadYaoXiang } from '../../src/syntax/language.ts';
import { highlightsAt, nodeContains, tagsOf } from '../support/highlighter.ts';
import { grammarDir, repoRoot } from '../support/paths.ts';
import { parseAssertions } from '../support/query-assertions.ts';

const language = await loadYaoXiang();
const parser = await createParser();

const QUERY_DIRS = [
  join(grammarDir, 'queries'),
  join(repoRoot, 'editors', 'nvim', 'queries', 'yaoxiang'),
  join(repoRoot, 'editors', 'zed', 'languages', 'yaoxiang'),
];

function loadQuery(path: string): Query {
  return new Query(language, readFileSync(path, 'utf8'));
}

describe('every query compiles against the committed grammar', () => {
  it('has the standard query files', () => {
    for (const name of ['highlights.scm', 'locals.scm', 'tags.scm', 'injections.scm']) {
      assert.ok(existsSync(join(grammarDir, 'queries', name)), `missing queries/${name}`);
    }
  });
  for (const dir of QUERY_DIRS.filter((d) => existsSync(d))) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.scm')).sort()) {
      it(relative(repoRoot, join(dir, file)), () => {
        // Query construction throws on a node type, field or capture syntax the grammar lacks.
        loadQuery(join(dir, file)).delete();
      });
    }
  }
  it('rejects a query naming a node that does not exist (so the check above can fail)', () => {
    assert.throws(() => new Query(language, '(no_such_node) @x'), /Bad node name|no_such_node/);
    assert.throws(() => new Query(language, '(call_expression no_such_field: (_)) @x'), /Bad field name|no_such_field/);
  });
});

function assertionFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yx')).sort().map((f) => join(dir, f)) : [];
}

describe('highlight assertions (test/highlight)', () => {
  const query = loadQuery(join(grammarDir, 'queries', 'highlights.scm'));
  for (const file of assertionFiles(join(grammarDir, 'test', 'highlight'))) {
    it(relative(grammarDir, file), () => {
      const text = readFileSync(file, 'utf8');
      const tree = parseOrThrow(parser, text);
      try {
        assert.equal(tree.rootNode.hasError, false, 'the sample must parse cleanly');
        const assertions = parseAssertions(tree, text);
        assert.ok(assertions.length >= 10);
        const at = highlightsAt(query, tree);
        for (const a of assertions) {
          const actual = at(a.row, a.column);
          const where = `line ${a.line} (row ${a.row}, column ${a.column})`;
          if (a.negative) assert.notEqual(actual, a.name, where);
          else assert.equal(actual, a.name, where);
        }
      } finally {
        tree.delete();
      }
    });
  }
});

describe('tag assertions (test/tags)', () => {
  const query = loadQuery(join(grammarDir, 'queries', 'tags.scm'));
  for (const file of assertionFiles(join(grammarDir, 'test', 'tags'))) {
    it(relative(grammarDir, file), () => {
      const text = readFileSync(file, 'utf8');
      const tree = parseOrThrow(parser, text);
      try {
        const tags = tagsOf(query, tree);
        const assertions = parseAssertions(tree, text);
        assert.ok(assertions.length >= 5);
        for (const a of assertions) {
          const kinds = tags.filter((t) => nodeContains(t.name, a.row, a.column)).map((t) => t.kind);
          const where = `line ${a.line} (row ${a.row}, column ${a.column})`;
          if (a.negative) assert.ok(!kinds.includes(a.name), where);
          else assert.deepEqual(kinds, [a.name], `${where}: one tag, ${a.name}`);
        }
      } finally {
        tree.delete();
      }
    });
  }
});
