// What editors (through the generated tags.scm) call a definition is what
// `yaoxiang symbols` calls one: on every corpus and example file, each
// definition queries/definitions.scm captures is a binding of the model with
// the same name, kind and name range, and each binding of those kinds is captured.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { analysisQuery, queriedDefinitions } from '../../src/analysis/model/queries.ts';
import type { SymbolKind } from '../../src/analysis/model/types.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

const KINDS: ReadonlySet<SymbolKind> = new Set(['function', 'method', 'record', 'interface', 'generic', 'type']);

describe('queries/definitions.scm and the binding model define the same symbols', async () => {
  const parser = await createParser();
  const query = await analysisQuery('definitions');
  const files = [...listYxFiles(examplesDir), ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : [])];

  it(`on ${files.length} example and corpus files`, (t) => {
    const differences: string[] = [];
    const byKind = new Map<string, number>();
    for (const file of files) {
      const tree = parseOrThrow(parser, readFileSync(file, 'utf8'));
      try {
        const line = (offset: number) => (tree.rootNode.descendantForIndex(offset)?.startPosition.row ?? 0) + 1;
        const key = (d: { kind: string; name: string; span: { start: number; end: number } }) => `${d.kind} ${d.name} ${line(d.span.start)}:${d.span.start}-${d.span.end}`;
        const definitions = queriedDefinitions(query, tree);
        for (const d of definitions) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + 1);
        const queried = new Set(definitions.map(key));
        const modelled = new Set(buildFileModel(tree).bindings.filter((b) => KINDS.has(b.kind)).map(key));
        const where = relative(repoRoot, file);
        for (const k of queried) if (!modelled.has(k)) differences.push(`${where}: query only: ${k}`);
        for (const k of modelled) if (!queried.has(k)) differences.push(`${where}: model only: ${k}`);
      } finally {
        tree.delete();
      }
    }
    t.diagnostic(`definitions compared: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    assert.deepEqual(differences, []);
    assert.ok([...byKind.values()].reduce((a, b) => a + b, 0) > 80, 'too few definitions compared');
  });

  it('on a file with every kind', () => {
    const source = [
      'Drawable: Type = { draw: (self: Self) -> Void }',
      'Point: Type = { x: Int, y: Int }',
      'Empty: Type = {}',
      'Box: (T: Type) -> Type = { value: T }',
      'Ints: Type = List(Int)',
      'Point.norm: (self: Point) -> Int = (self) => self.x + self.y',
      'twice: (n: Int) -> Int = (n) => n * 2',
      'half = (n) => n / 2',
      'main = { io.println(twice(1)) }',
      '',
    ].join('\n');
    const tree = parseOrThrow(parser, source);
    try {
      const brief = (d: { kind: string; name: string }) => `${d.kind} ${d.name}`;
      const queried = queriedDefinitions(query, tree).map(brief).sort();
      assert.deepEqual(queried, ['function half', 'function twice', 'generic Box', 'interface Drawable', 'method norm', 'record Empty', 'record Point', 'type Ints']);
      assert.deepEqual(buildFileModel(tree).bindings.filter((b) => KINDS.has(b.kind)).map(brief).sort(), queried);
    } finally {
      tree.delete();
    }
  });
});
