// The per-item memo on its own: findings of untouched items come back moved
// to where the items now are, an item's findings are computed again when its
// text changes or the outside facts it read no longer hold.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { syntaxDiagnostics, syntaxMemo } from '../../src/analysis/diagnostics/syntax.ts';
import { ItemMemo } from '../../src/analysis/incremental/item-memo.ts';
import { topLevelItems, type TopLevelItem } from '../../src/analysis/incremental/top-level.ts';
import type { RawDiagnostic } from '../../src/analysis/infer/messages.ts';
import { createParser } from '../../src/syntax/language.ts';

const SOURCE = 'main = {\n    ref x\n}\n\n{"a": 1}\n';

describe('per-item memo', () => {
  let parser: Parser;
  before(async () => { parser = await createParser(); });
  after(() => parser.delete());

  const briefs = (text: string, memo?: ReturnType<typeof syntaxMemo>) => {
    const tree = parser.parse(text)!;
    try {
      return syntaxDiagnostics(tree, text, undefined, memo).map((d) => `${d.code}@${d.range.start.line}:${d.range.start.column}`);
    } finally {
      tree.delete();
    }
  };

  it('moves the syntax findings of untouched items to their new lines', () => {
    const memo = syntaxMemo();
    assert.deepEqual(briefs(SOURCE, memo), ['E0018@2:5', 'E0011@5:5']);
    assert.equal(memo.items.misses, 2);
    const edited = `x = 1\ny = 2\n\n${SOURCE}`;
    assert.deepEqual(briefs(edited, memo), ['E0018@5:5', 'E0011@8:5']);
    assert.equal(memo.items.hits, 2, 'both old items found in the memo');
    assert.equal(memo.items.misses, 2, 'the two new ones looked at');
    assert.deepEqual(briefs(edited, memo), briefs(edited));
  });

  it('looks at an item again when the facts it read no longer hold', () => {
    const tree = parser.parse('a = 1\nb = 2\n')!;
    try {
      const statements = topLevelItems(tree);
      const memo = new ItemMemo<{ version: number }>();
      let computed = 0;
      const layer = (statement: TopLevelItem, context: { version: number }) => {
        computed++;
        const found: RawDiagnostic[] = [{ code: 'E1001', message: `v${context.version}`, start: statement.startIndex, end: statement.endIndex }];
        const read = context.version;
        return { found, holds: (now: { version: number }) => now.version === read };
      };
      memo.run(statements, { version: 1 }, layer);
      assert.deepEqual(memo.run(statements, { version: 1 }, layer).map((d) => d.message), ['v1', 'v1']);
      assert.equal(computed, 2);
      assert.deepEqual(memo.run(statements, { version: 2 }, layer).map((d) => d.message), ['v2', 'v2']);
      assert.equal(computed, 4);
    } finally {
      tree.delete();
    }
  });
});
