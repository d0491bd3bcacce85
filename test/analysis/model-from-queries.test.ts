// The binding model is built from the captures of queries/; before, a
// hand-written walk built it (kept in scripts/bench/walk-model.ts as the
// bench's baseline). On every corpus, differential and example program the
// two give the same scopes, bindings and uses, each resolved to the same
// binding: what the queries call a scope, a definition and a use is what the
// analysis used to mean. Where they differ on purpose (the walk was wrong),
// the difference is named here: a parameter's function type in a signature,
// `twice: (T: Type) -> (f: (T) -> T, x: T) -> T`, is a scope of its own (the
// walk merged it into the signature's, so names bound there would have
// shadowed the signature's `T`).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { buildFileModelByWalk } from '../../scripts/bench/walk-model.ts';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import type { FileModel } from '../../src/analysis/model/types.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { brokenOnPurpose, examplesDir, repoRoot, sharedCorpusDir } from '../support/paths.ts';

/**
 * Scopes the walk did not make: a function type in a function's signature or
 * in a record's field (`area: (&Self) -> Float`), with nothing in it. A
 * function's own scope starts where its declaration does.
 */
function withoutSignatureParameterScopes(model: FileModel): FileModel {
  const used = new Set([...model.bindings.map((b) => b.scope), ...model.scopes.map((s) => s.parent)]);
  const declarations = new Set(model.bindings.map((b) => b.declaration.start));
  const extra = (id: number | undefined) => {
    const scope = id === undefined ? undefined : model.scopes[id];
    if (scope?.kind !== 'function' || scope.parent === undefined || used.has(scope.id)) return false;
    return model.scopes[scope.parent]!.kind === 'function' || !declarations.has(scope.start);
  };
  return { ...model, scopes: model.scopes.filter((s) => !extra(s.id)) };
}

/** The model with ids replaced by what they stand for (binding order may differ), sorted. */
function canonical(model: FileModel): { scopes: string[]; bindings: string[]; uses: string[] } {
  const byId = new Map(model.scopes.map((s) => [s.id, s]));
  const scope = (id: number | undefined) => (id === undefined ? '-' : `${byId.get(id)!.kind} ${byId.get(id)!.start}-${byId.get(id)!.end}`);
  const binding = (id: number | undefined) => (id === undefined ? '-' : `${model.bindings[id]!.name}@${model.bindings[id]!.span.start}`);
  return {
    scopes: model.scopes.map((s) => `${scope(s.id)} in ${scope(s.parent)}`).sort(),
    bindings: model.bindings.map((b) => JSON.stringify({ ...b, id: undefined, scope: scope(b.scope) })).sort(),
    uses: model.uses.map((u) => JSON.stringify({ ...u, binding: binding(u.binding), objectBinding: binding(u.objectBinding) })).sort(),
  };
}

describe('the model built from queries/ is the model the walk built', async () => {
  const parser = await createParser();
  const files = [
    ...listYxFiles(examplesDir),
    ...listYxFiles(join(repoRoot, 'test', 'differential', 'programs')),
    ...(sharedCorpusDir ? listYxFiles(sharedCorpusDir) : []),
  ];
  it('reads the programs', () => assert.ok(files.length > (sharedCorpusDir ? 400 : 250), `${files.length} files`));
  for (const file of files) {
    it(relative(repoRoot, file), () => {
      const tree = parseOrThrow(parser, readFileSync(file, 'utf8'));
      // The walk took less from recovery's ERROR nodes than the queries do.
      if (brokenOnPurpose(file, tree.rootNode.hasError)) {
        tree.delete();
        return;
      }
      try {
        assert.deepEqual(canonical(withoutSignatureParameterScopes(buildFileModel(tree))), canonical(buildFileModelByWalk(tree)));
      } finally {
        tree.delete();
      }
    });
  }
});

describe('a lambda that implements a signature binds its own parameters', async () => {
  const parser = await createParser();
  // As the reference's parser merges them: `b` and `T` are no parameters of the lambda's body.
  const source = 'f: (a: Int, b: Int) -> Int = (a) => a + b\ng: (T: Type, x: Int) -> Int = (x) => T\nh: (a: Int, b: Int) -> Int = a + b\n';
  for (const [name, build] of [['queries', buildFileModel], ['walk', buildFileModelByWalk]] as const) {
    it(`in the model of the ${name}`, () => {
      const tree = parseOrThrow(parser, source);
      try {
        const model = build(tree);
        const resolved = model.uses.filter((u) => u.kind === 'read').map((u) => `${u.name}:${u.binding === undefined ? '-' : model.bindings[u.binding]!.kind}`);
        assert.deepEqual(resolved, ['a:parameter', 'b:-', 'T:-', 'a:parameter', 'b:parameter']);
      } finally {
        tree.delete();
      }
    });

    it(`in the model of the ${name}, types still name the signature's type parameters`, () => {
      const tree = parseOrThrow(parser, 'f: (T: Type, x: T) -> T = (x) => {\n    y: T = x\n    return y\n}\n');
      try {
        const model = build(tree);
        const types = model.uses.filter((u) => u.kind === 'type' && u.name === 'T').map((u) => `${u.span.start}:${u.binding === undefined ? '-' : model.bindings[u.binding]!.span.start}`);
        assert.deepEqual(types, ['16:4', '22:4', '42:4']);
      } finally {
        tree.delete();
      }
    });
  }
});
