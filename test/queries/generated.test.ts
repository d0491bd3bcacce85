// The grammar's tags.scm and locals.scm, and Neovim's locals.scm, are generated
// from queries/ by scripts/queries.ts: the committed files must be what the
// script writes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { renderGrammarQueries } from '../../scripts/queries.ts';
import { analysisQuery } from '../../src/analysis/model/queries.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { repoRoot } from '../support/paths.ts';

describe('tags.scm and the locals.scm files generated from queries/', () => {
  for (const [file, text] of renderGrammarQueries()) {
    it(`${file} is up to date (run node dist/scripts/queries.js after editing queries/)`, () => {
      assert.equal(readFileSync(join(repoRoot, file), 'utf8'), text);
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
    const tags = rendered.get('tree-sitter-yaoxiang/queries/tags.scm')!;
    const locals = rendered.get('tree-sitter-yaoxiang/queries/locals.scm')!;
    assert.match(tags, /@definition\.class\n/);
    assert.match(tags, /@definition\.function\n/);
    assert.match(tags, /@reference\.module\n/);
    assert.doesNotMatch(tags, /@definition\.local|@reference\n|; header/);
    assert.match(locals, /\(block\) @local\.scope/);
    assert.match(locals, /@local\.definition\)/);
    assert.match(locals, /\(identifier\) @local\.reference/);
    assert.doesNotMatch(locals, /@definition\.record|@reference\.module/);
  });

  it('gives Neovim a definition kind by what each pattern binds', () => {
    const sources: Record<string, string> = {
      definitions: '',
      imports: '(use_item alias: (identifier) @definition.local)',
      references: '(identifier) @reference',
      scopes: [
        '(block) @scope',
        '(declaration\n  target: (identifier) @definition.local\n  type: (function_type))',
        '(declaration\n  target: (identifier) @definition.local\n  !type)',
        '(parameter name: (identifier) @definition.local)',
        '(type_definition name: (identifier) @definition.local)',
        '(for_expression variable: (identifier) @definition.local)',
      ].join('\n\n'),
    };
    const nvim = renderGrammarQueries((name) => sources[name]!).get('editors/nvim/queries/yaoxiang/locals.scm')!;
    const kinds = [...nvim.replace(/;.*$/gm, '').matchAll(/@local\.definition\.(\w+)/g)].map((m) => m[1]);
    assert.deepEqual(kinds, ['function', 'var', 'parameter', 'type', 'var', 'import']);
    assert.match(nvim, /\(block\) @local\.scope/);
    assert.match(nvim, /\(identifier\) @local\.reference/);
  });

  it('the function-typed and value-typed declarations of queries/scopes.scm cover every type a declaration can have', () => {
    type NodeType = { type: string; subtypes?: Array<{ type: string }>; fields?: Record<string, { types: Array<{ type: string }> }> };
    const nodeTypes = JSON.parse(readFileSync(join(repoRoot, 'tree-sitter-yaoxiang', 'src', 'node-types.json'), 'utf8')) as NodeType[];
    // The declaration's `type` field: a supertype (`_type`) stands for its subtypes.
    const types = nodeTypes.find((t) => t.type === 'declaration')!.fields!.type!.types
      .flatMap(({ type }) => nodeTypes.find((t) => t.type === type)?.subtypes?.map((s) => s.type) ?? [type])
      .sort();
    const scopes = readFileSync(join(repoRoot, 'queries', 'scopes.scm'), 'utf8');
    const typed = scopes.split(/\n\s*\n/).filter((block) => /^\(declaration\b/m.test(block) && /type:/.test(block.replace(/;.*$/gm, '')));
    const named = typed.flatMap((block) => [...block.replace(/;.*$/gm, '').replace(/^[\s\S]*?type:/, '').matchAll(/\((\w+)\)/g)].map((m) => m[1]!)).sort();
    assert.deepEqual(named, types);
  });

  it('queries/imports.scm binds each name a use brings in: items, aliases and a module path\'s last name', async () => {
    const parser = await createParser();
    const tree = parseOrThrow(parser, 'use std.io\nuse std.math.{sqrt, pow as power}\nuse lib.m as k\n');
    try {
      const bound = (await analysisQuery('imports')).captures(tree.rootNode).filter((c) => c.name === 'definition.local').map((c) => c.node.text);
      assert.deepEqual(bound.sort(), ['io', 'k', 'power', 'sqrt']);
    } finally {
      tree.delete();
      parser.delete();
    }
  });
});
