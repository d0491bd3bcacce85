// The binding model per top-level statement on its own: statements an edit left
// alone are replayed (their scopes, bindings and uses moved), what they read
// from the module is decided again, and a statement that would bind a name in
// the module scope is never kept. random-edits.test.ts compares whole models
// after hundreds of random edits.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { globbySync } from 'globby';
import type { Parser } from 'web-tree-sitter';
import { ModelMemo, ModelRecording, MODULE_SCOPE } from '../../src/analysis/incremental/model-items.ts';
import { buildFileModel } from '../../src/analysis/model/build.ts';
import { definitionKinds } from '../../src/analysis/model/queries.ts';
import { SyntaxDocument } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { repoRoot, sharedCorpusDir } from '../support/paths.ts';

describe('per-statement binding model', () => {
  let parser: Parser;
  before(async () => { parser = await createParser(); });
  after(() => parser.delete());

  it('replays the statements an edit left alone, moved, and resolves their uses again', () => {
    const document = new SyntaxDocument(parser, 'helper = (n) => n\n\nmain = {\n    x = helper(1)\n    y = x\n}\n');
    try {
      const memo = new ModelMemo();
      buildFileModel(document.tree, memo);
      assert.equal(memo.misses, 2);
      // A line above both statements, and `helper` renamed: `main` is replayed, and its use of `helper` no longer resolves.
      document.update([{ start: 0, end: 'helper'.length, text: 'zero = 0\nhelp' }]);
      const model = buildFileModel(document.tree, memo);
      assert.deepEqual(model, buildFileModel(document.tree));
      assert.equal(memo.hits, 1, '`main` replayed');
      const use = model.uses.find((u) => u.name === 'helper');
      assert.equal(use?.span.start, document.text.indexOf('helper(1)'));
      assert.equal(use?.binding, undefined);
    } finally {
      document.dispose();
    }
  });

  it('never replays a statement the parser recovered from: the same text can recover otherwise elsewhere', () => {
    // The stray `}` is recovered from differently once a block is open above the statement and one opens after it.
    const document = new SyntaxDocument(parser, 'f: (s: &P}t) -> V = 1\n');
    try {
      const memo = new ModelMemo();
      buildFileModel(document.tree, memo);
      document.update([{ start: 0, end: 0, text: 'main = {\n' }]);
      document.update([{ start: document.text.length - 1, end: document.text.length - 1, text: ' {' }]);
      assert.deepEqual(buildFileModel(document.tree, memo), buildFileModel(document.tree));
      assert.equal(memo.hits, 0);
    } finally {
      document.dispose();
    }
  });

  it('finds each statement’s definition kinds in the statement alone, as in the whole file (no pattern reaches above one)', () => {
    const dirs = [...(sharedCorpusDir ? [sharedCorpusDir] : []), path.join(repoRoot, 'test/differential/programs')];
    const programs = dirs.flatMap((dir) => globbySync('**/*.yx', { cwd: dir }).sort().map((file) => readFileSync(path.join(dir, file), 'utf8')));
    let kinds = 0;
    for (const text of programs) {
      const tree = parser.parse(text)!;
      try {
        const statementwise = new Map<number, string>();
        for (const statement of tree.rootNode.namedChildren) for (const [start, kind] of definitionKinds(statement)) statementwise.set(start, kind);
        assert.deepEqual(statementwise, definitionKinds(tree.rootNode));
        kinds += statementwise.size;
      } finally {
        tree.delete();
      }
    }
    assert.ok(kinds > programs.length, `only ${kinds} definitions in ${programs.length} programs`);
  });

  it('marks a recording that binds in the module scope, or reaches another statement’s scope, as not to be kept', () => {
    const local = new ModelRecording(100, 5);
    local.record({ op: 'open', kind: 'block', start: 110, end: 150, parent: MODULE_SCOPE });
    local.record({ op: 'bind', name: 'x', span: { start: 120, end: 121 }, kind: 'variable', scope: 5, declaration: { start: 120, end: 125 }, extra: {} });
    local.record({ op: 'use', name: 'y', span: { start: 130, end: 131 }, kind: 'read' });
    assert.equal(local.impure, false);
    assert.deepEqual(local.finish()[1], { op: 'bind', name: 'x', start: 20, end: 21, kind: 'variable', scope: 0, declarationStart: 20, declarationEnd: 25, extra: {}, module: false });

    const module = new ModelRecording(100, 5);
    module.record({ op: 'bind', name: 'x', span: { start: 120, end: 121 }, kind: 'variable', scope: MODULE_SCOPE, declaration: { start: 120, end: 125 }, extra: {} });
    assert.equal(module.impure, true);

    const other = new ModelRecording(100, 5);
    other.record({ op: 'open', kind: 'block', start: 110, end: 150, parent: 3 });
    assert.equal(other.impure, true);
  });
});
