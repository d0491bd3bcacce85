// What the analysis queries capture is what the binding model holds, on every
// corpus, differential and example program: each `@scope` is a scope of the
// model (a declaration's signature widened to the whole declaration, a curried
// group sharing its function's scope), each `@definition.local` a binding or a
// write to one, each `@reference` that is not `@unbound` nor a definition a use.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import type { Node } from 'web-tree-sitter';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { analysisQuery } from '../../src/analysis/model/queries.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { brokenOnPurpose, examplesDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

/** The model scope a `@scope` capture stands for, or undefined for a curried group. */
function expectedScope(node: Node): string | undefined {
  if (node.type === 'function_type' && node.parent?.type === 'function_type') return undefined;
  const spanned = node.type === 'function_type' && node.parent?.type === 'declaration' ? node.parent : node;
  return `${spanned.startIndex}-${spanned.endIndex}`;
}

describe('the binding model holds what the queries capture', async () => {
  const parser = await createParser();
  const [scopes, imports, references] = await Promise.all([analysisQuery('scopes'), analysisQuery('imports'), analysisQuery('references')]);
  const files = [
    ...listYxFiles(examplesDir),
    ...listYxFiles(join(repoRoot, 'test', 'differential', 'programs')),
    ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : []),
  ];
  for (const file of files) {
    it(relative(repoRoot, file), () => {
      const tree = parseOrThrow(parser, readFileSync(file, 'utf8'));
      try {
        // The queries capture inside recovery's ERROR nodes, which the model leaves out.
        if (brokenOnPurpose(file, tree.rootNode.hasError)) return;
        const model = buildFileModel(tree);
        const queriedScopes = new Set<string>();
        const definitions = new Set<number>();
        for (const c of [...scopes.captures(tree.rootNode), ...imports.captures(tree.rootNode)]) {
          if (c.name === 'scope') {
            const expected = expectedScope(c.node);
            if (expected) queriedScopes.add(expected);
          } else if (c.name === 'definition.local') {
            definitions.add(c.node.startIndex);
          }
        }
        assert.deepEqual(new Set(model.scopes.map((s) => `${s.start}-${s.end}`)), queriedScopes, 'scopes');
        const bound = new Set([
          ...model.bindings.filter((b) => b.kind !== 'field' && b.kind !== 'method').map((b) => b.span.start),
          ...model.uses.filter((u) => u.kind === 'write').map((u) => u.span.start),
        ]);
        assert.deepEqual(bound, definitions, 'definitions');
        const unbound = new Set<number>();
        const referenced = new Set<number>();
        for (const c of references.captures(tree.rootNode)) (c.name === 'unbound' ? unbound : c.name === 'reference' ? referenced : new Set<number>()).add(c.node.startIndex);
        const uses = [...referenced].filter((start) => !unbound.has(start) && !definitions.has(start));
        assert.deepEqual(new Set(model.uses.filter((u) => u.kind === 'read' || u.kind === 'type').map((u) => u.span.start)), new Set(uses), 'uses');
      } finally {
        tree.delete();
      }
    });
  }
});
