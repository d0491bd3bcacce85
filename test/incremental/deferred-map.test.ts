// A DeferredMap read after queued and direct writes holds what a Map written
// at once holds: the same entries in the same order, the later write winning.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeferredMap, WriteLog } from '../../src/analysis/incremental/deferred-map.ts';

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

  it('writes a shared log’s runs in order with direct writes and other queued ones, each map its own', () => {
    const log = new WriteLog<string, number>();
    const maps = [new DeferredMap<string, number>(), new DeferredMap<string, number>()];
    const plain = [new Map<string, number>(), new Map<string, number>()];
    const write = (m: DeferredMap<string, number>, key: string, value: number) => m.set(key, value);
    const logged = (key: string, value: number) => {
      log.push(key, value);
      for (const [i, map] of maps.entries()) {
        map.deferLogged(write, log);
        plain[i]!.set(key, value);
      }
    };
    logged('a', 1);
    logged('b', 2);
    maps[0]!.set('a', 10);
    plain[0]!.set('a', 10);
    logged('c', 3);
    logged('a', 4);
    defer(maps[1]!, (m) => m.set('b', 20));
    plain[1]!.set('b', 20);
    logged('d', 5);
    // Read one map: the other's queue is untouched, and the log's later pairs still reach both.
    assert.deepEqual([...maps[0]!], [...plain[0]!]);
    logged('e', 6);
    assert.deepEqual([...maps[1]!], [...plain[1]!]);
    assert.deepEqual([...maps[0]!], [...plain[0]!]);
    assert.equal(maps[0]!.get('a'), 4);
    assert.equal(maps[1]!.get('b'), 20);
  });
});
