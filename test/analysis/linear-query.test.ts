// The model's queries run over an ERROR node's long run of tokens or a very
// deep subtree in pieces (src/analysis/model/linear-query.ts), and the model
// finds a deep node's ancestors through the node table. With every node
// queried alone, and with a mix of pieces and whole subtrees, and every
// ancestor found through the table, every example, differential and corpus
// program (broken ones too) and the hostile shapes get the whole query's
// captures, in document order, its matches, and the very model (with a memo
// too) and definition kinds. Captures that start at one byte may come in
// another order: the cursor's own order there depends on when it settles each
// match.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { Query, type Node, type QueryCapture, type QueryMatch, type Tree } from 'web-tree-sitter';
import { ModelMemo } from '../../src/analysis/incremental/model-items.ts';
import { ancestorsByParentOnly, buildFileModel } from '../../src/analysis/model/build.ts';
import { DEFAULT_LIMITS, linearCaptures, linearMatches, setQueryLimits, type QueryLimits } from '../../src/analysis/model/linear-query.ts';
import { analysisQuery, definitionKinds, modelQuery, queriesDir } from '../../src/analysis/model/queries.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

const parser = await createParser();
after(() => parser.delete());
const definitions = await analysisQuery('definitions');

const EVERY_NODE_ALONE: QueryLimits = { tokenRun: 0, height: 0 };
const MIXED: QueryLimits = { tokenRun: 2, height: 4 };
const NEVER: QueryLimits = { tokenRun: Infinity, height: Infinity };

/** `run` with the queries split by `limits`, and ancestors found through the table or (`byParent`) by `Node.parent` alone. */
function withLimits<T>(limits: QueryLimits, run: () => T, byParent = false): T {
  const before = setQueryLimits(limits);
  const ancestorsBefore = ancestorsByParentOnly(byParent);
  try {
    return run();
  } finally {
    setQueryLimits(before);
    ancestorsByParentOnly(ancestorsBefore);
  }
}

const captureKey = (c: QueryCapture) => `${c.node.startIndex}-${c.node.endIndex} ${c.node.id >>> 0} ${c.patternIndex} ${c.name}`;
const matchKey = (m: QueryMatch) => `${m.patternIndex} ${m.captures.map(captureKey).join(', ')}`;
const sorted = (keys: string[]) => [...keys].sort();

/** Every query the model makes of a tree: the root for hoisting, each statement whole and for its own patterns, the root whole (definition kinds). */
function queried(tree: Tree): Array<[Node, number]> {
  const statements = tree.rootNode.namedChildren.filter((c): c is Node => c !== null);
  return [[tree.rootNode, 1], [tree.rootNode, Infinity], ...statements.flatMap((s): Array<[Node, number]> => [[s, Infinity], [s, 0]])];
}

function assertSameAsWhole(text: string, limits: QueryLimits): void {
  const tree = parseOrThrow(parser, text);
  try {
    const { query } = modelQuery(tree.language);
    const whole = (node: Node, depth: number) => query.captures(node, Number.isFinite(depth) ? { maxStartDepth: depth } : {});
    // Queried whole, every ancestor by `Node.parent`.
    const expected = withLimits(NEVER, () => ({
      captures: queried(tree).map(([node, depth]) => sorted(whole(node, depth).map(captureKey))),
      matches: sorted(definitions.matches(tree.rootNode).map(matchKey)),
      model: buildFileModel(tree),
      memoModel: buildFileModel(tree, new ModelMemo()),
      kinds: definitionKinds(tree.rootNode),
    }), true);
    withLimits(limits, () => {
      const pieces = queried(tree).map(([node, depth]) => linearCaptures(query, node, depth));
      for (const captures of pieces) {
        for (let k = 1; k < captures.length; k++) assert.ok(captures[k - 1]!.node.startIndex <= captures[k]!.node.startIndex, 'in document order');
      }
      assert.deepEqual(pieces.map((captures) => sorted(captures.map(captureKey))), expected.captures);
      assert.deepEqual(sorted(linearMatches(definitions, tree.rootNode).map(matchKey)), expected.matches);
      assert.deepEqual(buildFileModel(tree), expected.model);
      assert.deepEqual(buildFileModel(tree, new ModelMemo()), expected.memoModel);
      assert.deepEqual(definitionKinds(tree.rootNode), expected.kinds);
    });
  } finally {
    tree.delete();
  }
}

/** The hostile shapes at small sizes: each piece of the split is there, and the whole query is quick. */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ['unclosed `(`', `x = ${'('.repeat(300)}\n`],
  ['unclosed `[`', `x = ${'['.repeat(300)}\n`],
  ['unclosed `{`', `x = ${'{'.repeat(300)}\n`],
  ['unclosed `f"{`', `y = 1\nx = ${'f"{'.repeat(300)}\n`],
  ['unclosed `(a `', `f = (a: Int) => a\nx = ${'(a '.repeat(300)}\n`],
  ['runs of 70 unclosed `(` between names', `f = (a: Int) => a\nx = ${`${'('.repeat(70)}f(a) `.repeat(5)}\n`],
  ['unclosed `if a {`', 'if a {\n'.repeat(200)],
  ['an unclosed `(` in a function', `main = () => {\n  y = 1\n  x = ${'('.repeat(300)}\n}\n`],
  ['nested `if a {`', `main = () => {\n${'if a {\n'.repeat(200)}${'}\n'.repeat(200)}}\n`],
  ['nested definitions', `main = () => {\n${'f = (a: Int) => {\ng: (b: Int) -> Int = b\n'.repeat(150)}${'}\n'.repeat(150)}}\n`],
  ['stray comment closers', '*/\n'.repeat(300)],
];

describe('queried in pieces, a program has the whole query’s captures and model', () => {
  const files = [
    ...listYxFiles(examplesDir),
    ...listYxFiles(join(repoRoot, 'test', 'differential', 'programs')),
    ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : []),
  ];
  it('reads the programs', () => assert.ok(files.length > 250, `${files.length} files`));
  for (const file of files) {
    it(relative(repoRoot, file), () => {
      const text = readFileSync(file, 'utf8');
      assertSameAsWhole(text, EVERY_NODE_ALONE);
      assertSameAsWhole(text, MIXED);
    });
  }
  for (const [name, text] of HOSTILE) {
    it(name, () => {
      assertSameAsWhole(text, EVERY_NODE_ALONE);
      assertSameAsWhole(text, MIXED);
      assertSameAsWhole(text, DEFAULT_LIMITS);
    });
  }
});

describe('the pieces a query is split into', () => {
  it('the default limits give the model of the whole query on a long run of tokens, and on deep nesting', () => {
    // Queried whole (no limits), the 3,000 `(` take the cursor about 30 ms; `if a {` 200 deep is split only with a lower height.
    for (const text of [`f = (a: Int) => a\nx = ${'('.repeat(3_000)}\n`, `main = () => {\n${'if a {\ng = 1\ng\n'.repeat(200)}${'}\n'.repeat(200)}}\n`]) {
      const tree = parseOrThrow(parser, text);
      try {
        const whole = withLimits(NEVER, () => ({ model: buildFileModel(tree), kinds: definitionKinds(tree.rootNode) }), true);
        assert.deepEqual({ model: buildFileModel(tree), kinds: definitionKinds(tree.rootNode) }, whole);
        assert.deepEqual(withLimits({ ...DEFAULT_LIMITS, height: 100 }, () => buildFileModel(tree)), whole.model);
      } finally {
        tree.delete();
      }
    }
  });

  it('a name deeper than 65,536 levels is captured: the whole query loses it (a match keeps its start depth in 16 bits)', () => {
    // `a + a + …` nests to the left: the last `a`s are the deepest.
    const terms = 70_000;
    const tree = parseOrThrow(parser, `x = a${' + a'.repeat(terms - 1)}\n`);
    try {
      const { query } = modelQuery(tree.language);
      const references = linearCaptures(query, tree.rootNode).filter((c) => c.name === 'reference');
      assert.equal(references.length, terms + 1, 'x and every a');
    } finally {
      tree.delete();
    }
  });

  it('every pattern of the analysis queries starts at a named node other than ERROR (no match spans an ERROR node and its siblings)', () => {
    const language = parser.language!;
    for (const name of ['scopes', 'imports', 'references', 'members', 'definitions']) {
      const source = readFileSync(`${queriesDir}${name}.scm`, 'utf8');
      const query = new Query(language, source);
      try {
        for (let i = 0; i < query.patternCount(); i++) {
          for (const head of patternHeads(source.slice(query.startIndexForPattern(i), query.endIndexForPattern(i)))) {
            assert.ok(head !== 'ERROR' && language.idForNodeType(head, true) !== null, `${name}.scm: pattern ${i} starts at ${head}`);
          }
        }
      } finally {
        query.delete();
      }
    }
  });
});

/** The node types a pattern starts at: its root's, or each alternative's of a top-level `[…]`. */
function patternHeads(pattern: string): string[] {
  const text = pattern.replace(/;[^\n]*/g, '').trimStart();
  if (!text.startsWith('[')) return [/^[\s(]*([\w.]+|_)/.exec(text)?.[1] ?? text];
  const heads: string[] = [];
  let depth = 0;
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '(') {
      if (depth === 0) heads.push(/^\(\s*([\w.]+|_)/.exec(text.slice(i))?.[1] ?? text);
      depth++;
    } else if (text[i] === ')') {
      depth--;
    }
  }
  return heads;
}
