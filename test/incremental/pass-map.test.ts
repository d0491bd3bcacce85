// The per-item memos' store: a shared item finds its own value at its place,
// an item parsed again finds it by text, and what the last pass did not have
// is forgotten however many edits come.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { PassMap } from '../../src/analysis/incremental/pass-map.ts';
import { topLevelItems, type TopLevelItem } from '../../src/analysis/incremental/top-level.ts';
import { SyntaxDocument } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';

describe('pass map', () => {
  let parser: Parser;
  before(async () => { parser = await createParser(); });
  after(() => parser.delete());

  // Enough rows that the node table is retained and an edited tree's items are shared with it.
  const SOURCE = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 'same = 1\n' : `f${i}: (n: Int) -> Int = (n) => n + ${i}\n`)).join('\n');

  /** `check` on a document of SOURCE, disposed after. */
  const withDocument = (check: (document: SyntaxDocument) => void) => {
    const document = new SyntaxDocument(parser, SOURCE);
    try {
      check(document);
    } finally {
      document.dispose();
    }
  };

  /** A store after one pass that kept `valueOf(item)` for every item of the document's tree. */
  const keptForEveryItem = <V extends object>(document: SyntaxDocument, valueOf: (item: TopLevelItem) => V) => {
    const store = new PassMap<V>();
    store.begin();
    for (const item of topLevelItems(document.tree)) store.keep(item, valueOf(item));
    return store;
  };

  it('gives a shared item the value kept for it, even where another item has the same text', () => withDocument((document) => {
    const store = keptForEveryItem(document, (item) => ({ ordinal: item.ordinal }));
    const at = document.text.indexOf('n + 7') + 4;
    document.update([{ start: at, end: at, text: '1' }]);
    store.begin();
    const items = topLevelItems(document.tree);
    assert.ok(items.filter((item) => item.previousSerial !== 0).length > items.length - 3, 'all but the edited item are shared');
    for (const item of items) {
      const found = store.use(item);
      if (item.previousSerial !== 0) assert.deepEqual(found, { ordinal: item.ordinal }, `item ${item.ordinal}: its own value, not that of another \`same = 1\``);
    }
  }));

  it('finds an item parsed again from scratch by its text', () => withDocument((document) => {
    const store = keptForEveryItem(document, (item) => ({ text: item.key }));
    document.replace(document.text);
    store.begin();
    for (const item of topLevelItems(document.tree)) {
      assert.equal(item.previousSerial, 0);
      assert.deepEqual(store.use(item), { text: item.key });
    }
  }));

  it('forgets what the last pass did not have: typing in one item keeps no earlier version of it', () => withDocument((document) => {
    const store = new PassMap<{ key: string }>();
    const at = document.text.indexOf('n + 7') + 4;
    for (let edit = 0; edit < 300; edit++) {
      store.begin();
      const items = topLevelItems(document.tree);
      // What the last pass kept, no more: one value per item.
      assert.ok(store.keyed <= items.length, `${store.keyed} kept by text for ${items.length} items after ${edit} edits`);
      for (const item of items) if (!store.use(item)) store.keep(item, { key: item.key });
      document.update([{ start: at, end: at + (edit === 0 ? 0 : String(edit - 1).length), text: String(edit) }]);
    }
    // After the last edit, every item but the edited one is found.
    const items = topLevelItems(document.tree);
    store.begin();
    assert.equal(items.filter((item) => store.use(item) !== undefined).length, items.length - 1, 'every item but the edited one');
  }));
});
