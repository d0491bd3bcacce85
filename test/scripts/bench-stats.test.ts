// The bench's goal lines: a verdict is never shown beside a figure that reads
// as the limit itself without the digits that decide it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { goalLine, ratio } from '../../scripts/bench/stats.ts';

describe('goal lines', () => {
  it('say met or MISSED, with the digits that decide a figure that rounds to the limit', () => {
    assert.equal(goalLine('x', 0.49, 0.5, ratio), '  goal: x ≤ 0.50×: 0.49× (met)');
    assert.equal(goalLine('x', 0.5012, 0.5, ratio), '  goal: x ≤ 0.50×: 0.50× (0.5012) MISSED');
    assert.equal(goalLine('x', 0.4996, 0.5, ratio), '  goal: x ≤ 0.50×: 0.50× (0.4996) (met)');
    assert.equal(goalLine('x', 0.5, 0.5, ratio), '  goal: x ≤ 0.50×: 0.50× (met)');
    assert.equal(goalLine('x', Number.NaN, 0.5, ratio), '  goal: x ≤ 0.50×: not measured MISSED');
  });
});
