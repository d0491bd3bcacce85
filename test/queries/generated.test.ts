// The grammar's tags.scm and locals.scm are generated from queries/ by
// scripts/queries.ts: the committed files must be what the script writes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { grammarQueriesDir, renderGrammarQueries } from '../../scripts/queries.ts';

describe('tags.scm and locals.scm generated from queries/', () => {
  for (const [file, text] of renderGrammarQueries()) {
    it(`${file} is up to date (run node dist/scripts/queries.js after editing queries/)`, () => {
      assert.equal(readFileSync(join(grammarQueriesDir, file), 'utf8'), text);
    });
  }

  it('renames our kinds to the tree-sitter CLI names and keeps each pattern where it belongs', () => {
    const sources: Record<string, string> = {
      definitions: '; header\n\n(type_definition name: (identifier) @name) @definition.record\n\n(declaration target: (identifier) @name) @definition.function',
      imports: '(use_statement path: (module_path) @name) @reference.module\n\n(use_item name: (identifier) @definition.local)',
      references: '(identifier) @reference',
      scopes: '(block) @scope',
    };
    const rendered = renderGrammarQueries((name) => sources[name]!);
    const tags = rendered.get('tags.scm')!;
    const locals = rendered.get('locals.scm')!;
    assert.match(tags, /@definition\.class\n/);
    assert.match(tags, /@definition\.function\n/);
    assert.match(tags, /@reference\.module\n/);
    assert.doesNotMatch(tags, /@definition\.local|@reference\n|; header/);
    assert.match(locals, /\(block\) @local\.scope/);
    assert.match(locals, /@local\.definition\)/);
    assert.match(locals, /\(identifier\) @local\.reference/);
    assert.doesNotMatch(locals, /@definition\.record|@reference\.module/);
  });
});
