// The inference ledger: a later write wins, and a replayed item's shared name
// maps are never written in place (its memo entry is replayed again later).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupByStatement, Ledger } from '../../src/analysis/infer/ledger.ts';
import { BOOL, INT, STRING } from '../../src/analysis/infer/types.ts';

test('groups an item\'s writes by statement, a later write of a name winning', () => {
  const grouped = groupByStatement([[0, 'x', INT], [10, 'y', BOOL], [0, 'x', STRING], [0, 'z', BOOL]]);
  assert.deepEqual(grouped.map(([offset, names]) => [offset, [...names]]), [[0, [['x', STRING], ['z', BOOL]]], [10, [['y', BOOL]]]]);
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
  assert.deepEqual([...item[0]![1]], [['x', INT]], 'the item\'s own map is unchanged');
  const again = new Ledger();
  again.adopt(200, item);
  assert.equal(again.lookup(200, 'x'), INT);
  assert.equal(again.lookup(200, 'w'), undefined);
});
