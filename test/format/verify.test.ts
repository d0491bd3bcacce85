// The verifier: what it lets through and what makes the formatter give up.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { sameCode } from '../../src/analysis/format/verify.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';

let parser: Parser;
before(async () => (parser = await createParser()));
after(() => parser.delete());

function same(input: string, output: string, hoisted = true): boolean {
  const [a, b] = [parseOrThrow(parser, input), parseOrThrow(parser, output)];
  try {
    return sameCode(a, input, b, output, hoisted);
  } finally {
    a.delete();
    b.delete();
  }
}

describe('sameCode', () => {
  it('accepts layout, `;`, optional commas, a comma moved before a line comment, sorted imports', () => {
    assert.ok(same('main = {\nx=1;y=2\n}', 'main = {\n    x = 1\n    y = 2\n}\n'));
    assert.ok(same('f(a, b)', 'f(\n    a,\n    b,\n)\n'));
    assert.ok(same('r = match x {\n1 => 2\n_ => 3\n}', 'r = match x {\n    1 => 2,\n    _ => 3,\n}\n'));
    assert.ok(same('f(a // c\n, b)', 'f(\n    a, // c\n    b,\n)\n'));
    assert.ok(same('x = 1 // c  \r\n', 'x = 1 // c\n'));
    assert.ok(same('x = 1\n// io\nuse std.io\nuse std.assert\n', 'use std.assert\n// io\nuse std.io\n\nx = 1\n'));
  });

  it('rejects changed tokens, moved comments, a changed tree, a syntax error', () => {
    assert.ok(!same('x = (a + b) * c', 'x = a + b * c\n'));
    assert.ok(!same('x = 0xFF', 'x = 255\n'));
    assert.ok(!same('x = 1 // c\ny = 2', 'x = 1\ny = 2 // c\n'));
    assert.ok(!same('x = 1 /* c */ + 2', 'x = 1 + 2 /* c */\n'));
    assert.ok(!same('x = (1,)', 'x = (1)\n'));
    assert.ok(!same('a = 1; -b', 'a = 1\n-b\n'));
    assert.ok(!same('x = 1', 'x = (1\n'));
    // Without hoisting, `use` statements keep their order.
    assert.ok(!same('use b\nuse a\n', 'use a\nuse b\n', false));
  });
});
