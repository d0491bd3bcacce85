// formatDiff / unifiedDiff: hunks and the unified text of a formatting change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applyPatch, structuredPatch } from 'diff';
import type { Parser } from 'web-tree-sitter';
import { lineEdits } from '../../src/analysis/editor/edits.ts';
import { createParser } from '../../src/syntax/language.ts';
import { format, formatDiff, unifiedDiff } from '../../src/analysis/format/index.ts';
import { MAX_EDIT_LENGTH } from '../../src/analysis/line-diff.ts';

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

describe('texts too different to diff line by line', () => {
  // Just past the limit: every line in the middle changed, removed and added.
  const changedLines = MAX_EDIT_LENGTH / 2 + 100;
  const text = (spaced: boolean, ending: string) => [
    ...Array.from({ length: 5 }, (_, i) => `head${i} = 1\n`),
    ...Array.from({ length: changedLines }, (_, i) => (spaced ? `x${i} = ${i}\n` : `x${i}=${i}\n`)),
    ...Array.from({ length: 4 }, (_, i) => `tail${i} = 1\n`),
  ].join('').replace(/\n$/, ending);

  // With a final newline only in the output the last line differs too, so the one run takes in the
  // common lines before it, which the package's minimal diff keeps as context: larger, still right.
  for (const [name, beforeEnd, afterEnd, minimal] of [['both end in a newline', '\n', '\n', true], ['the input has no final newline', '', '\n', false], ['neither has one', '', '', true]] as const) {
    it(`gives one hunk from the first changed line to the last, which applies (${name})`, () => {
      const before = text(false, beforeEnd);
      const after = text(true, afterEnd);
      const hunks = formatDiff(before, after, 'x.yx');
      assert.equal(hunks.length, 1);
      if (minimal) assert.deepEqual(hunks, structuredPatch('x.yx', 'x.yx', before, after, '', '', { context: 3 }).hunks);
      assert.equal(applyPatch(before, { oldFileName: 'x.yx', newFileName: 'x.yx', oldHeader: '', newHeader: '', hunks }), after);
      const patch = unifiedDiff(before, after, 'x.yx');
      assert.equal(applyPatch(before, patch), after);
      const edits = lineEdits(before, after);
      assert.equal(edits.length, 1);
      assert.equal(before.slice(0, edits[0]!.start) + edits[0]!.newText + before.slice(edits[0]!.end), after);
      // That edit would change far more than a range: a range gets none.
      assert.deepEqual(lineEdits(before, after, { start: 100, end: 110 }), []);
    });
  }

  it('an empty input and a long output make one hunk from line 0', () => {
    const after = text(true, '\n');
    const [hunk, ...rest] = formatDiff('', after);
    assert.deepEqual(rest, []);
    assert.deepEqual([hunk!.oldStart, hunk!.oldLines, hunk!.newStart, hunk!.newLines], [1, 0, 1, changedLines + 9]);
    assert.equal(applyPatch('', unifiedDiff('', after, 'x.yx')), after);
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
    assert.equal(format(parser, source).formatted, 'use std.assert\nuse std.io\nx = 1\n');
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
