// A DeferredMap read after queued and direct writes holds what a Map written
// at once holds: the same entries in the same order, the later write winning.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeferredMap } from '../../src/analysis/incremental/deferred-map.ts';

/** Queues `writes` (which call `set`) as the checker's replay queues its writes: a function given the map and two values. */
function defer<K, V>(map: DeferredMap<K, V>, writes: (map: DeferredMap<K, V>) => void): void {
  map.defer((target, run: typeof writes) => run(target), writes, undefined);
}

describe('DeferredMap', () => {
  it('makes queued writes on the first read, in order with direct writes', () => {
    const deferred = new DeferredMap<number, string>();
    const plain = new Map<number, string>();
    let ran = 0;
    deferred.set(1, 'a');
    plain.set(1, 'a');
    defer(deferred, (m) => {
      ran++;
      m.set(2, 'b');
      m.set(1, 'queued');
    });
    plain.set(2, 'b');
    plain.set(1, 'queued');
    // A direct write after a queued one lands after it: it wins over the queued write to 2.
    deferred.set(2, 'direct');
    plain.set(2, 'direct');
    defer(deferred, (m) => m.set(3, 'c'));
    plain.set(3, 'c');
    assert.equal(ran, 0, 'nothing written before a read');
    assert.deepEqual([...deferred], [...plain]);
    assert.equal(ran, 1);
    assert.equal(deferred.size, 3);
    assert.equal(deferred.get(2), 'direct');
  });

  it('flushes before every kind of read, and clear drops what is queued', () => {
    const reads: Array<(m: DeferredMap<string, number>) => unknown> = [
      (m) => m.get('k'), (m) => m.has('k'), (m) => m.size, (m) => [...m.keys()], (m) => [...m.values()], (m) => [...m.entries()],
      (m) => { const seen: string[] = []; m.forEach((_, key) => seen.push(key)); return seen; },
    ];
    for (const read of reads) {
      const map = new DeferredMap<string, number>();
      defer(map, (m) => m.set('k', 1));
      assert.notEqual(read(map), undefined);
      assert.equal(Map.prototype.get.call(map, 'k'), 1, read.toString());
    }
    const cleared = new DeferredMap<string, number>();
    defer(cleared, (m) => m.set('k', 1));
    cleared.clear();
    assert.equal(cleared.size, 0);
    const deleted = new DeferredMap<string, number>();
    defer(deleted, (m) => m.set('k', 1));
    assert.equal(deleted.delete('k'), true);
    assert.equal(deleted.has('k'), false);
  });
});
