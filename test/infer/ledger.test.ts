// The inference ledger: a later write wins, and a replayed item's shared name
// maps are never written in place (its memo entry is replayed again later).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupByStatement, Ledger } from '../../src/analysis/infer/ledger.ts';
import { BOOL, INT, STRING } from '../../src/analysis/infer/types.ts';

test('groups an item\'s writes by statement, a later write of a name winning', () => {
  const grouped = groupByStatement([[0, 'x', INT], [10, 'y', BOOL], [0, 'x', STRING], [0, 'z', BOOL]]);
  assert.deepEqual([...grouped].map(([offset, names]) => [offset, [...names]]), [[0, [['x', STRING], ['z', BOOL]]], [10, [['y', BOOL]]]]);
});

test('a replayed item is found at its new place, and writing after it leaves its maps as they were', () => {
  const item = groupByStatement([[0, 'x', INT], [5, 'y', BOOL]]);
  const ledger = new Ledger();
  ledger.adopt(100, item);
  assert.equal(ledger.lookup(100, 'x'), INT);
  assert.equal(ledger.lookup(105, 'y'), BOOL);
  assert.equal(ledger.lookup(0, 'x'), undefined);
  ledger.set(100, 'x', STRING);
  ledger.set(100, 'w', BOOL);
  assert.equal(ledger.lookup(100, 'x'), STRING);
  assert.equal(ledger.lookup(100, 'w'), BOOL);
  assert.equal(ledger.lookup(105, 'y'), BOOL, 'the item\'s other statement is still found');
  assert.deepEqual([...item.get(0)!], [['x', INT]], 'the item\'s own map is unchanged');
  const again = new Ledger();
  again.adopt(200, item);
  assert.equal(again.lookup(200, 'x'), INT);
  assert.equal(again.lookup(200, 'w'), undefined);
});

test('many replayed items are each found by their statements, and nothing between them', () => {
  const ledger = new Ledger();
  const item = groupByStatement([[0, 'a', INT], [7, 'b', BOOL]]);
  for (let start = 0; start < 1_000; start += 10) ledger.adopt(start, item);
  for (let start = 0; start < 1_000; start += 10) {
    assert.equal(ledger.lookup(start, 'a'), INT);
    assert.equal(ledger.lookup(start + 7, 'b'), BOOL);
    assert.equal(ledger.lookup(start + 3, 'a'), undefined);
    assert.equal(ledger.lookup(start, 'b'), undefined);
  }
  assert.equal(ledger.lookup(-1, 'a'), undefined);
});

test('an item replayed after a write inside it, or out of file order, still wins as the later write', () => {
  const ledger = new Ledger();
  ledger.set(50, 'x', STRING);
  ledger.set(50, 'keep', STRING);
  ledger.adopt(50, groupByStatement([[0, 'x', INT]]));
  assert.equal(ledger.lookup(50, 'x'), INT);
  assert.equal(ledger.lookup(50, 'keep'), STRING);
  ledger.adopt(100, groupByStatement([[0, 'y', INT]]));
  ledger.adopt(80, groupByStatement([[0, 'z', BOOL]]));
  assert.equal(ledger.lookup(100, 'y'), INT);
  assert.equal(ledger.lookup(80, 'z'), BOOL);
});
