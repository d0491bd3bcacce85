// The model's queries run over a deep or broken subtree one node at a time
// (src/analysis/model/linear-query.ts): the captures must be the whole
// subtree's, in the same order. With every node queried alone, every example,
// differential and corpus program (broken ones too) gets the very model and
// definition kinds that querying it whole gives.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { queryWholeUpTo } from '../../src/analysis/model/linear-query.ts';
import { definitionKinds } from '../../src/analysis/model/queries.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

const parser = await createParser();
after(() => parser.delete());

function modelAndKinds(text: string, wholeUpTo?: number) {
  const tree = parseOrThrow(parser, text);
  const before = wholeUpTo === undefined ? undefined : queryWholeUpTo(wholeUpTo);
  try {
    return { model: buildFileModel(tree), kinds: [...definitionKinds(tree.rootNode)].sort((a, b) => a[0] - b[0]) };
  } finally {
    if (before !== undefined) queryWholeUpTo(before);
    tree.delete();
  }
}

describe('queried node by node, a program has the model queried whole', () => {
  const files = [
    ...listYxFiles(examplesDir),
    ...listYxFiles(join(repoRoot, 'test', 'differential', 'programs')),
    ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : []),
  ];
  it('reads the programs', () => assert.ok(files.length > 250, `${files.length} files`));
  for (const file of files) {
    it(relative(repoRoot, file), () => {
      const text = readFileSync(file, 'utf8');
      assert.deepEqual(modelAndKinds(text, 0), modelAndKinds(text));
    });
  }
  const hostile: ReadonlyArray<readonly [string, string]> = [
    ['unclosed `(`', `x = ${'('.repeat(300)}\n`],
    ['unclosed `f"{`', `y = 1\nx = ${'f"{'.repeat(300)}\n`],
    ['nested definitions', `main = () => {\n${'f = (a: Int) => {\ng: (b: Int) -> Int = b\n'.repeat(150)}${'}\n'.repeat(150)}}\n`],
  ];
  for (const [name, text] of hostile) {
    it(name, () => assert.deepEqual(modelAndKinds(text, 0), modelAndKinds(text)));
  }
});

describe('deep and broken subtrees are queried node by node', () => {
  // The same texts as above, too deep or too broken for the default: node by node whatever the setting, so the one model.
  it('a definition under a large ERROR node and under deep nesting is still found', () => {
    const broken = modelAndKinds(`f = (a: Int) => a\nx = ${'('.repeat(5_000)}\n`);
    assert.deepEqual(broken.kinds.map(([, kind]) => kind), ['function']);
    const deep = modelAndKinds(`main = () => {\n${'f = () => {\n'.repeat(400)}g = 1\ng\n${'}\n'.repeat(400)}}\n`);
    const g = deep.model.bindings.findIndex((b) => b.name === 'g');
    assert.ok(g >= 0);
    assert.ok(deep.model.uses.some((u) => u.name === 'g' && u.binding === g));
  });
});
