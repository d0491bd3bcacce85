// The measures over files the reference's parser rejects: whether our first
// error is its error, and how many of our other syntax errors stand where
// its parser read without a word or stopped reading.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstIsReference, measure, noise, rates } from '../../scripts/differential/compare.ts';
import { missed } from '../../scripts/differential/report.ts';
import type { Finding } from '../../scripts/differential/verdict.ts';

const at = (code: string, line: number, column: number): Finding => ({ code, line, column, message: '' });

describe('parser-rejected measures', () => {
  it('takes our first error as the reference\'s only with its code at its position, or its code alone when it gives none', () => {
    assert.equal(firstIsReference(at('E0010', 2, 17), [at('E0010', 2, 17), at('E0011', 3, 1)]), true);
    assert.equal(firstIsReference(at('E0010', 2, 17), [at('E0011', 2, 11), at('E0010', 2, 17)]), false);
    assert.equal(firstIsReference(at('E0010', 2, 17), [at('E0010', 2, 18)]), false);
    assert.equal(firstIsReference(at('E0012', 0, 0), [at('E0012', 1, 4)]), true);
    assert.equal(firstIsReference(at('E0012', 0, 0), []), false);
  });

  it('counts our other parser errors before the reference\'s or on its line, not later lines, the checker\'s or invalid characters', () => {
    const ours = [at('E0011', 2, 11), at('E0010', 2, 17), at('E0011', 2, 17), at('E0011', 3, 5), at('E1001', 1, 1), at('E0011', 1, 3), at('E0001', 2, 20)];
    assert.deepEqual(noise(at('E0010', 2, 17), ours), [at('E0011', 2, 11), at('E0011', 2, 17), at('E0011', 1, 3)]);
    // Without a position, ours of its code stands for it; without that either, nothing is counted.
    assert.deepEqual(noise(at('E0012', 0, 0), [at('E0012', 1, 1), at('E0010', 1, 11), at('E0010', 2, 1)]), [at('E0010', 1, 11)]);
    assert.deepEqual(noise(at('E0012', 0, 0), [at('E0010', 1, 11)]), []);
    // Before a lexer error, the parser's errors are the file's own: the reference lexes it all before it parses.
    assert.deepEqual(noise(at('E0001', 3, 5), [at('E0001', 3, 5), at('E0011', 1, 2), at('E0011', 3, 9)]), [at('E0011', 3, 9)]);
  });

  it('adds them up per set', () => {
    const m = measure([
      { name: 'a', reference: { kind: 'rejected', finding: at('E0010', 2, 17) }, ours: { kind: 'checked', errors: [at('E0011', 2, 11), at('E0010', 2, 17)] }, localUse: false },
      { name: 'b', reference: { kind: 'rejected', finding: at('E0011', 1, 5) }, ours: { kind: 'checked', errors: [at('E0011', 1, 5)] }, localUse: false },
    ]);
    assert.deepEqual([m.parserFirst, m.parserNoisy, m.parserNoise], [1, 1, 1]);
    assert.deepEqual(m.parserNoiseFiles, [{ name: 'a', reference: 'E0010@2:17', ours: 'E0011@2:11' }]);
    assert.deepEqual(m.parserNotFirst, [{ name: 'a', reference: 'E0010@2:17', ours: 'E0011@2:11 E0010@2:17' }]);
    const r = rates(m);
    assert.deepEqual([r.parserFirst, r.parserClean, r.parserNoisePerFile], [50, 50, 0.5]);
    assert.deepEqual(missed(r, { minParserFirst: 50, minParserClean: 60 }), ['parser-rejected: no other parser error before it or on its line 50.0% < 60%']);
  });
});
