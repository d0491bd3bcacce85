// CallScope: what one tools/call keeps across its retries, and releases at the end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CallScope } from '../../src/mcp/tools/call-scope.ts';

test('computes a value once per key and releases newest first at the end, past a failing release', () => {
  const scope = new CallScope();
  let computed = 0;
  const released: string[] = [];
  for (let retry = 0; retry < 3; retry++) {
    const value = scope.once('parsed', () => {
      computed++;
      scope.onEnd(() => released.push('tree'));
      return { retry };
    });
    assert.deepEqual(value, { retry: 0 });
  }
  assert.equal(scope.once('other', () => 'second'), 'second');
  scope.onEnd(() => {
    throw new Error('release failed');
  });
  scope.onEnd(() => released.push('last'));
  assert.equal(computed, 1);
  assert.deepEqual(released, []);
  scope.end();
  assert.deepEqual(released, ['last', 'tree']);
  scope.end();
  assert.deepEqual(released, ['last', 'tree'], 'released once');
});
