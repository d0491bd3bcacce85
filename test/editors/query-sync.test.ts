// Each editor's highlights.scm is generated from tree-sitter-yaoxiang/queries/highlights.scm
// (scripts/sync-editor-queries.ts); a hand edit to a copy, or a source edit not
// regenerated, fails here. Regenerate with `npm run generate:editor-queries`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EDITOR_QUERIES, generateEditorQuery, SOURCE } from '../../scripts/editor-queries/editors.ts';
import { QuerySyntaxError, renameCaptures, type CaptureSite } from '../../scripts/editor-queries/rename-captures.ts';
import { repoRoot } from '../support/paths.ts';
import { capturesOf } from '../support/query-text.ts';

const source = readFileSync(join(repoRoot, SOURCE), 'utf8');

describe('generated editor queries', () => {
  for (const target of EDITOR_QUERIES) {
    it(`${target.path} is generated from ${SOURCE}`, () => {
      const committed = readFileSync(join(repoRoot, target.path), 'utf8');
      assert.equal(committed, generateEditorQuery(source, target), 'run `npm run generate:editor-queries`');
    });
  }

  it('a drifted copy is told apart from the generated text', () => {
    const zed = EDITOR_QUERIES.find((t) => t.editor === 'Zed')!;
    const edited = source.replace('(integer) @number', '(integer) @constant');
    assert.notEqual(generateEditorQuery(edited, zed), generateEditorQuery(source, zed));
  });

  it('Neovim gets its own group names for calls, members, definitions and literals', () => {
    const nvim = generateEditorQuery(source, EDITOR_QUERIES.find((t) => t.editor === 'Neovim')!);
    for (const name of ['function.call', 'function.method.call', 'variable.member', 'type.definition', 'number.float', 'character', 'boolean', 'keyword.import']) {
      assert.ok(capturesOf(nvim).has(name), `@${name}`);
    }
    assert.ok(!capturesOf(nvim).has('embedded'), 'Neovim has no @embedded group');
    assert.ok(!capturesOf(nvim).has('property'), 'Neovim calls fields @variable.member');
  });

});

describe('renameCaptures', () => {
  const seen: CaptureSite[] = [];
  const record = (site: CaptureSite) => {
    seen.push(site);
    return site.name === 'drop' ? null : `${site.name}.x`;
  };

  it('renames captures and the predicates that name them, keeping every other character', () => {
    seen.length = 0;
    const query = '; a comment @not\n((identifier) @a\n  (#eq? @a "@b"))\n[ (x) "y" ] @c\n(call function: (id) @f)\n';
    assert.equal(
      renameCaptures(query, record),
      '; a comment @not\n((identifier) @a.x\n  (#eq? @a.x "@b"))\n[ (x) "y" ] @c.x\n(call function: (id) @f.x)\n',
    );
    assert.deepEqual(seen, [
      { name: 'a', on: ['identifier'], within: [] },
      { name: 'c', on: ['x', '"y"'], within: [] },
      { name: 'f', on: ['id'], within: ['call'] },
    ]);
  });

  it('removes a capture renamed to null', () => {
    assert.equal(renameCaptures('(a "{" @keep) @drop\n', record), '(a "{" @keep.x)\n');
  });

  it('rejects malformed queries with a typed error', () => {
    for (const bad of ['(a', 'a)', '[a)', '"open', '(a) @', '((a) @drop (#eq? @drop "x"))']) {
      assert.throws(() => renameCaptures(bad, record), QuerySyntaxError, bad);
    }
  });
});
