// formatDiff / unifiedDiff: hunks and the unified text of a formatting change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { createParser } from '../../src/syntax/language.ts';
import { format, formatDiff, unifiedDiff } from '../../src/analysis/format/index.ts';

let parser: Parser;
before(async () => (parser = await createParser()));
after(() => parser.delete());

describe('formatDiff', () => {
  it('gives the hunks between the input and the formatted text', () => {
    const before = 'a = 1\nb=2\nc = 3\n';
    const { formatted } = format(parser, before);
    assert.equal(formatted, 'a = 1\nb = 2\nc = 3\n');
    assert.deepEqual(formatDiff(before, formatted, 'x.yx'), [
      { oldStart: 1, oldLines: 3, newStart: 1, newLines: 3, lines: [' a = 1', '-b=2', '+b = 2', ' c = 3'] },
    ]);
    assert.deepEqual(formatDiff(formatted, formatted, 'x.yx'), []);
  });

  it('renders a unified diff with a/ and b/ names, nothing when equal', () => {
    const text = unifiedDiff('x=1', 'x = 1\n', 'dir/x.yx');
    assert.match(text, /^--- a\/dir\/x\.yx\t?\n\+\+\+ b\/dir\/x\.yx\t?\n@@ -1,1 \+1,1 @@\n-x=1\n\\ No newline at end of file\n\+x = 1\n$/);
    assert.equal(unifiedDiff('x = 1\n', 'x = 1\n', 'x.yx'), '');
  });
});

describe('format options', () => {
  it('indents with tabs or the given width and breaks at line_width', () => {
    const source = 'main = {\nf(first_argument, second_argument)\nif a { b() }\n}\n';
    assert.equal(format(parser, source, { use_tabs: true }).formatted, 'main = {\n\tf(first_argument, second_argument)\n\tif a { b() }\n}\n');
    assert.equal(format(parser, source, { indent_width: 2, line_width: 30 }).formatted,
      'main = {\n  f(\n    first_argument,\n    second_argument,\n  )\n  if a { b() }\n}\n');
  });

  it('keeps use statements in place without sort_imports', () => {
    const source = 'use std.io\nx = 1\nuse std.assert\n';
    assert.equal(format(parser, source, { sort_imports: false }).formatted, source);
    assert.equal(format(parser, source).formatted, 'use std.assert\nuse std.io\n\nx = 1\n');
  });

  it('formats the empty file to the empty file and ends others with one newline', () => {
    assert.equal(format(parser, '').formatted, '');
    assert.equal(format(parser, '\n\n// c\n\n\n').formatted, '// c\n');
    assert.equal(format(parser, 'x = 1\n\n\n').formatted, 'x = 1\n');
  });

  it('formats a file that ends inside an unterminated block comment, leaving the comment as written', () => {
    assert.equal(format(parser, 'x=1\n/* open /* nested */  ').formatted, 'x = 1\n/* open /* nested */  ');
    assert.equal(format(parser, 'x=1\n/* a /* b */ */').formatted, 'x = 1\n/* a /* b */ */\n');
  });
});
