// usableRequestId (src/ide/json-rpc-id.ts): the one rule both servers apply to
// the id of a message they refuse (mcp/invalid-message.ts, lsp/boundary.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { usableRequestId } from '../../src/ide/index.ts';

describe('usableRequestId', () => {
  it('takes a string or a safe integer as it is', () => {
    for (const id of ['', 'a', '7', 0, -1, 42, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) assert.equal(usableRequestId(id), id);
  });

  it('refuses everything else: fractions, unsafe integers, non-numbers, null, absent', () => {
    for (const id of [1.5, Number.MAX_SAFE_INTEGER + 1, 2 ** 64, Number.NaN, Infinity, null, undefined, true, {}, [1], 1n]) {
      assert.equal(usableRequestId(id), undefined, typeof id);
    }
  });
});
