// The formatter's edge cases and options (golden files: golden.test.ts; the
// corpus: corpus.test.ts; diffs: diff.test.ts; the command: test/cli/fmt.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { format, formatDiff, unifiedDiff } from '../../src/analysis/format/index.ts';
import { createParser } from '../../src/syntax/language.ts';

let parser: Parser;
before(async () => (parser = await createParser()));
after(() => parser.delete());

describe('format', () => {
  it('leaves a file with syntax errors alone and reports them', () => {
    const source = 'main = {\n    x = (1 +\n}\n';
    const result = format(parser, source);
    assert.equal(result.formatted, source);
    // The reference's: the assignment's value failed at the `}` (E0012, which it gives no position).
    assert.deepEqual(result.diagnostics.map((d) => [d.code, d.range.start.line]), [['E0012', 3]]);
  });

  it('formats files with type errors', () => {
    assert.deepEqual(format(parser, 'x:Int="hi"'), { formatted: 'x: Int = "hi"\n', diagnostics: [] });
  });

  it('gives empty text for empty input and one final newline otherwise', () => {
    assert.equal(format(parser, '').formatted, '');
    assert.equal(format(parser, '\n\n\n').formatted, '');
    assert.equal(format(parser, 'x = 1\n\n\n').formatted, 'x = 1\n');
  });

  it('indents with the chosen width or tabs', () => {
    const source = 'main = {\nx = 1\ny = 2\n}\n';
    assert.equal(format(parser, source, { indent_width: 2 }).formatted, 'main = {\n  x = 1\n  y = 2\n}\n');
    assert.equal(format(parser, source, { use_tabs: true }).formatted, 'main = {\n\tx = 1\n\ty = 2\n}\n');
  });

  it('puts a block with one statement on one line when it fits, and aligns match arms', () => {
    assert.equal(format(parser, 'main = {\n    f(1)\n}\n').formatted, 'main = { f(1) }\n');
    assert.equal(format(parser, 'main = {\n    if a {\n    }\n    x = 1\n}\n').formatted, 'main = {\n    if a {}\n    x = 1\n}\n');
    const long = `main = {\n    f(${'a, '.repeat(40)}b)\n}\n`;
    assert.equal(format(parser, long).formatted, `main = {\n    f(\n${'        a,\n'.repeat(40)}        b,\n    )\n}\n`);
    assert.equal(format(parser, long, { line_width: 200 }).formatted, `main = { f(${'a, '.repeat(40)}b) }\n`);
    const match = 'x = match n {\n    0 => "a",\n    100 => "b",\n}\n';
    assert.equal(format(parser, match).formatted, 'x = match n {\n    0   => "a",\n    100 => "b",\n}\n');
  });

  it('breaks a list that does not fit into one item per line with a trailing comma, outermost first', () => {
    const source = 'main = {\n    x = some_function(first_argument_value, [1, 2, 3], inner(a, b), third)\n    y = 1\n}\n';
    const expected = 'main = {\n    x = some_function(\n        first_argument_value,\n        [1, 2, 3],\n        inner(a, b),\n        third,\n    )\n    y = 1\n}\n';
    assert.deepEqual(format(parser, source, { line_width: 60 }), { formatted: expected, diagnostics: [] });
    assert.equal(format(parser, expected, { line_width: 60 }).formatted, expected);
    assert.equal(format(parser, source).formatted, source, 'fits in 120');
    // A block that fits once its list is broken goes on one line, in one run.
    const method = 'P.f: (self: &P, other: &P) -> String = {\n    return "p"\n}\n';
    assert.equal(format(parser, method, { line_width: 30 }).formatted, 'P.f: (\n    self: &P,\n    other: &P,\n) -> String = { return "p" }\n');
  });

  it('handles the edge cases found in review', () => {
    const f = (source: string, width = 120) => {
      const result = format(parser, source, { line_width: width });
      assert.deepEqual(result.diagnostics, [], JSON.stringify(source));
      return result.formatted;
    };
    // A block comment left open runs to the end of the file: nothing is appended to it.
    assert.equal(f('x=1\n/* open\n y = 2'), 'x = 1\n/* open\n y = 2');
    // CRLF: line comments lose their CR and trailing spaces, strings keep theirs.
    assert.equal(f('main = {\r\n    x = 1\r\n    // c  \r\n    y = """a \r\n"""\r\n}\r\n'), 'main = {\n    x = 1\n    // c\n    y = """a \r\n"""\n}\n');
    // An `if` with a comment between its parts is copied as written, and the block holding it stays broken.
    const commented = 'main = {\n    if x {\n        a()\n    } // c\n    else {\n        b()\n    }\n}\n';
    assert.equal(f(commented), commented);
    // A comment inside an expression, where the printer has no place for one: the expression is copied as written.
    assert.equal(f('x = 1 +\n// in expr\n2\n'), 'x = 1 +\n// in expr\n2\n');
    // A match arm's body written on the next line joins its pattern when it fits.
    assert.equal(f('r = match x {\n1 =>\n3,\n_ => 0,\n}\n'), 'r = match x {\n    1 => 3,\n    _ => 0,\n}\n');
    // A one-line block around a long list is opened first.
    assert.equal(f('main = { if a { x = foo(aaaaaaaaaa, bbbbbbbbbb) } }\n', 30), 'main = {\n    if a {\n        x = foo(\n            aaaaaaaaaa,\n            bbbbbbbbbb,\n        )\n    }\n}\n');
    // Record types break like other lists (the reference never breaks them).
    assert.equal(f('P: Type = { data: Array(Int), lengthhhhh: Int }\n', 30), 'P: Type = {\n    data: Array(Int),\n    lengthhhhh: Int,\n}\n');
    assert.equal(f('x = a/*c*/+b\n'), 'x = a/*c*/+b\n');
  });

  it('separates with `;` a statement that follows another only because the imports between them moved up', () => {
    // `use s -s{}` is two statements; hoisted, `x⏎-s` would read as `x - s`.
    for (const [source, expected] of [
      ['x\nuse s-s{}', 'use s\nx;\n-s\n{}\n'],
      ['a\nuse b\n+c\n', 'use b\na;\n+c\n'],
      ['x\nuse s\n', 'use s\nx\n'],
      ['use s\n-x\n', 'use s\n-x\n'],
      // A bare `return` takes a value from the next line (found by the fuzzer).
      ['return//\nuse s 0', 'use s\nreturn; //\n0\n'],
      ['x = return\nuse s\ny', 'use s\nx = return;\ny\n'],
      ['noreturn\nuse s\ny', 'use s\nnoreturn\ny\n'],
      // `use s.` waits for a name from the next line (found by the fuzzer).
      ['x\nuse s.', 'use s.;\nx\n'],
      // `use s⏎{ a = 1 }` gives `s` a list: a block after a `use` keeps a `;` between them (found by the fuzzer).
      ['{ a = 1 }\n// c\nuse std.assert\nmain = 1\n', '// c\nuse std.assert;\n{ a = 1 }\nmain = 1\n'],
      ['use std.io; { a = 1 }\n', 'use std.io;\n{ a = 1 }\n'],
      ['use std.{ io }\n{ a = 1 }\n', 'use std.{ io }\n{ a = 1 }\n'],
    ]) {
      assert.deepEqual(format(parser, source!), { formatted: expected, diagnostics: [] }, JSON.stringify(source));
    }
  });

  it('keeps the imports in place in a file that ends in an unclosed block comment (found by the fuzzer)', () => {
    // Hoisted, `use s` would take its comment up with it, and the comment runs to the end: `x` would be inside it.
    assert.deepEqual(format(parser, 'x\nuse s/*\n1.5'), { formatted: 'x\nuse s /*\n1.5', diagnostics: [] });
  });

  it('keeps two words side by side apart (found by the fuzzer)', () => {
    assert.deepEqual(format(parser, 'while\n\rxs f"{x}"'), { formatted: 'while xs f"{x}"\n', diagnostics: [] });
  });

  it('keeps two prefix operators apart where together they would read as another token (found by the fuzzer)', () => {
    for (const [source, expected] of [
      ['{}{& &p}', '{}\n{ & &p }\n'],
      ['x = & &mut p\n', 'x = & &mut p\n'],
      // `&mutable` would lex as `&mut` then `able`.
      ['y = &\nmutable\n', 'y = & mutable\n'],
      ['x = &\nmut0x1F\n', 'x = & mut0x1F\n'],
      ['x = - -1\n', 'x = - -1\n'],
      ['x = - - p\n', 'x = - -p\n'],
      ['x = ! -p\n', 'x = !-p\n'],
      ['x = & *p\n', 'x = &*p\n'],
    ]) {
      assert.deepEqual(format(parser, source!), { formatted: expected, diagnostics: [] }, JSON.stringify(source));
    }
  });

  it('keeps use statements in place when sort_imports is off', () => {
    const source = 'x = 1\nuse std.io\n';
    assert.equal(format(parser, source, { sort_imports: false }).formatted, source);
    assert.equal(format(parser, source).formatted, 'use std.io\nx = 1\n');
    // A block comment before a hoisted `use` on its line moves with it.
    assert.equal(format(parser, 'x = 1\n/* c */ use std.io\n').formatted, '/* c */ use std.io\nx = 1\n');
  });

  it('keeps a block comment on the line of a `use` that is first, as when it is hoisted (found by the fuzzer)', () => {
    // The first run hoisted `/*/**/*/ use p` above `b`; the second took the comment for the file's header.
    for (const source of ['b\n/*/**/*/use\np', '/* c */ use p\nb\n', '// header\n/* c */ use p\nb\n']) {
      const once = format(parser, source);
      assert.deepEqual(once.diagnostics, []);
      assert.match(once.formatted, /\*\/ use p\n/, JSON.stringify(source));
      assert.deepEqual(format(parser, once.formatted), once, JSON.stringify(source));
    }
    // Comments on lines of their own above the first `use` are still the header.
    assert.equal(format(parser, '// header\n/* note */\nuse b\nuse a\n').formatted, '// header\n/* note */\nuse a\nuse b\n');
  });

  it('keeps a block comment after a separator with the item that follows it on its line', () => {
    // It was moved to the end of the previous item's line: `c = a /* c */⏎d = 2`, `1, /* c */⏎2,`.
    assert.equal(format(parser, 'main = {\n    c = a; /* c */ d = 2\n    e = 3\n}\n').formatted, 'main = {\n    c = a\n    /* c */ d = 2\n    e = 3\n}\n');
    assert.equal(format(parser, 'x = {"a": 1, /* b */ /* c */ "b": 2}\n').formatted, 'x = {\n    "a": 1,\n    /* b */\n    /* c */ "b": 2,\n}\n');
    // Before a separator, or with a line break before the next item, it stays at the end of the line.
    assert.equal(format(parser, 'x = [1 /* one */, 2]\n').formatted, 'x = [\n    1 /* one */,\n    2,\n]\n');
    assert.equal(format(parser, 'x = [1, /* one */\n    2]\n').formatted, 'x = [\n    1, /* one */\n    2,\n]\n');
  });

  it('hugs a trailing block lambda only when the arguments before it fit on the line, so that formatting twice changes nothing', () => {
    // The hug was decided by the source's line breaks: once formatted, the first argument spanned lines and the
    // second run laid the call out as a list.
    const source = 'main = {\n    other = list.map(list.map(data, (v) => { v + 1 }), (w) => {\n        w * w\n    })\n}\n';
    const once = format(parser, source, { line_width: 60 }).formatted;
    assert.equal(once, 'main = {\n    other = list.map(\n        list.map(data, (v) => { v + 1 }),\n        (w) => { w * w },\n    )\n}\n');
    assert.equal(format(parser, once, { line_width: 60 }).formatted, once);
    // Where they fit, the lambda is hugged, however the source broke the arguments.
    const hugged = 'main = {\n    out = list.map(data, (value) => {\n        doubled = value * 2\n        doubled + 1\n    })\n}\n';
    assert.equal(format(parser, hugged.replace('(data, ', '(\n        data,\n        '), { line_width: 60 }).formatted, hugged);
  });

  it('breaks the first block of an if chain that does not fit and keeps the rest on one line where it fits, as the reference', () => {
    // All the blocks broke together: `} else {⏎    print("…")⏎}`, where the reference prints `} else { print("…") }`.
    const source = 'if age >= 18 {\n    if has_ticket {\n        print("Welcome")\n    } else {\n        print("Please purchase a ticket first")\n    }\n} else {\n    print("Minors must be accompanied by a guardian")\n}\n';
    const expected = 'if age >= 18 {\n    if has_ticket {\n        print("Welcome")\n    } else { print("Please purchase a ticket first") }\n} else { print("Minors must be accompanied by a guardian") }\n';
    assert.equal(format(parser, source, { line_width: 60 }).formatted, expected);
    // The rest of the chain is one line or broken as a whole; a chain that fits stays on one line.
    assert.equal(format(parser, 'if score > 100 { log("really") } else if score > 10 { log("other") } else { log("third") }\n', { line_width: 40 }).formatted,
      'if score > 100 {\n    log("really")\n} else if score > 10 {\n    log("other")\n} else {\n    log("third")\n}\n');
    assert.equal(format(parser, 'if a { 1 } else { 2 }\n', { line_width: 40 }).formatted, 'if a { 1 } else { 2 }\n');
  });

  it('keeps on the first line of a broken operator chain the operands that fit there, as the reference', () => {
    // Each operator broke onto a line of its own: `w = v0⏎    + v1 * v2⏎…`, where the reference fills the first line.
    const source = 'main = {\n    w = v0 + v1 * v2 - v0 / v1 + v2 % v0 + v1 * v2 - v0 / v1 + v2 % v0 + v1\n}\n';
    assert.equal(format(parser, source, { line_width: 40 }).formatted, 'main = {\n    w = v0 + v1 * v2 - v0 / v1 + v2 % v0\n        + v1 * v2\n        - v0 / v1\n        + v2 % v0\n        + v1\n}\n');
    // Once the left operand spans lines, each operator after it starts a line (`and c` above, `or d` below).
    const mixed = 'ok = alpha_condition_is_true and beta_condition_is_true and gamma_condition_is_true or delta_condition\n';
    assert.equal(format(parser, mixed, { line_width: 60 }).formatted, 'ok = alpha_condition_is_true and beta_condition_is_true\n    and gamma_condition_is_true\n    or delta_condition\n');
    assert.equal(format(parser, 'x = a + b\n', { line_width: 60 }).formatted, 'x = a + b\n');
  });

  it('keeps grouping parentheses, labels, literals and escapes', () => {
    const source = 'main = {\n    y = -(a + b) * c\n    n = 0xFF_FF\n    s = "a\\tb"\n    while true { break ::outer }\n}\n';
    assert.equal(format(parser, source).formatted, source);
  });

  it('gives unified hunks and a patch', () => {
    const hunks = formatDiff('x=1\ny = 2\n', 'x = 1\ny = 2\n', 'a.yx');
    assert.deepEqual(hunks, [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: ['-x=1', '+x = 1', ' y = 2'] }]);
    assert.equal(unifiedDiff('same\n', 'same\n', 'a.yx'), '');
    assert.match(unifiedDiff('x=1\n', 'x = 1\n', 'a.yx'), /^--- a\/a\.yx\n\+\+\+ b\/a\.yx\n@@ -1,1 \+1,1 @@\n-x=1\n\+x = 1\n$/);
  });
});
