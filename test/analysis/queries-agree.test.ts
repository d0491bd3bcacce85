// The binding model is built from the captures of queries/ (resolved in
// TypeScript), and it must agree with the grammar's tags.scm and locals.scm,
// which editors use: every tag and every local definition they capture on the
// corpus is a binding of the model, of the matching kind. (locals.scm cannot
// tell a first assignment from a later one: a local definition there may be a
// write to an existing binding in the model.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { Query } from 'web-tree-sitter';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import type { SymbolKind } from '../../src/analysis/model/types.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser, loadYaoXiang } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, grammarDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

const TAG_KINDS: Record<string, SymbolKind[]> = {
  'definition.function': ['function'],
  'definition.method': ['method'],
  'definition.class': ['record', 'generic'],
  'definition.interface': ['interface'],
  'definition.type': ['type'],
};

describe('the binding model agrees with tags.scm and locals.scm', async () => {
  const language = await loadYaoXiang();
  const parser = await createParser();
  const tags = new Query(language, readFileSync(join(grammarDir, 'queries', 'tags.scm'), 'utf8'));
  const locals = new Query(language, readFileSync(join(grammarDir, 'queries', 'locals.scm'), 'utf8'));
  const files = [...listYxFiles(examplesDir), ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : [])];

  for (const file of files) {
    it(relative(repoRoot, file), () => {
      const tree = parseOrThrow(parser, readFileSync(file, 'utf8'));
      try {
        const model = buildFileModel(tree);
        const at = (start: number) => model.bindings.filter((b) => b.span.start === start);
        for (const match of tags.matches(tree.rootNode)) {
          const name = match.captures.find((c) => c.name === 'name')!.node;
          const kind = match.captures.find((c) => c.name.startsWith('definition.'))?.name;
          if (!kind) continue;
          const bound = at(name.startIndex).map((b) => b.kind);
          assert.ok(bound.some((k) => TAG_KINDS[kind]!.includes(k)), `${kind} ${name.text} at ${name.startPosition.row + 1}: model has ${bound.join(', ') || 'nothing'}`);
        }
        for (const capture of locals.captures(tree.rootNode)) {
          if (capture.name !== 'local.definition') continue;
          const start = capture.node.startIndex;
          const write = model.uses.some((u) => u.kind === 'write' && u.span.start === start && u.binding !== undefined);
          assert.ok(at(start).length > 0 || write, `local ${capture.node.text} at ${capture.node.startPosition.row + 1} is not a binding`);
        }
      } finally {
        tree.delete();
      }
    });
  }
});
