// jsonLength counts what JSON.stringify would write, without writing it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { jsonLength, jsonStringLength } from '../../src/mcp/tools/json-length.ts';

test('jsonStringLength is JSON.stringify(text).length, escapes and lone surrogates included', () => {
  for (const text of ['', 'plain', 'a"b\\c', '\n\t\r\b\f', '\u0000\u001f', '名字😀', '\ud800', 'x\udc00y', '\ud83d\ude00\ud83d', '\u2028']) {
    assert.equal(jsonStringLength(text), JSON.stringify(text).length, JSON.stringify(text));
  }
  fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => jsonStringLength(text) === JSON.stringify(text).length));
});

test('jsonLength is JSON.stringify(value).length for JSON data', () => {
  const data = fc.jsonValue();
  fc.assert(fc.property(data, (value) => jsonLength(value) === JSON.stringify(value).length));
  assert.equal(jsonLength({ a: undefined, b: [1, -0, 2.5e-7], c: null, d: true }), JSON.stringify({ a: undefined, b: [1, -0, 2.5e-7], c: null, d: true }).length);
});
