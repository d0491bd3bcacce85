// The formatter: golden files, its guarantees on the corpus, options, diffs, `yaoxiang fmt`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Parser } from 'web-tree-sitter';
import { format, formatDiff, unifiedDiff, withoutTrailingCommas } from '../../src/analysis/format/index.ts';
import { collectTokens } from '../../src/analysis/format/tokens.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { cliPath, referenceRejected, repoRoot, sharedCorpusDir } from '../support/paths.ts';

const fixtures = join(repoRoot, 'test', 'format');
let parser: Parser;
before(async () => (parser = await createParser()));
after(() => parser.delete());

/** Non-whitespace tokens and comments, as text, without the commas right before a closing bracket. */
function tokenTexts(source: string): string[] {
  const tree = parseOrThrow(parser, source);
  try {
    const tokens = collectTokens(tree, source);
    assert.ok(tokens, 'every character belongs to a token');
    return withoutTrailingCommas(tokens).map((t) => t.text);
  } finally {
    tree.delete();
  }
}

describe('golden files', () => {
  for (const name of readdirSync(join(fixtures, 'input')).filter((f) => f.endsWith('.yx')).sort()) {
    it(name, () => {
      const input = readFileSync(join(fixtures, 'input', name), 'utf8');
      const expected = readFileSync(join(fixtures, 'expected', name), 'utf8');
      const result = format(parser, input);
      assert.equal(result.formatted, expected);
      assert.equal(format(parser, expected).formatted, expected, 'idempotent');
    });
  }
});

describe('format', () => {
  it('leaves a file with syntax errors alone and reports them', () => {
    const source = 'main = {\n    x = (1 +\n}\n';
    const result = format(parser, source);
    assert.equal(result.formatted, source);
    assert.deepEqual(result.diagnostics.map((d) => [d.code, d.range.start.line]), [['E0010', 3]]);
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
    // `else` after a comment is not a continuation; comments in a continued expression are.
    assert.equal(f('main = {\n    if x {\n        a()\n    } // c\n    else {\n        b()\n    }\n}\n'), 'main = {\n    if x { a() } // c\n    else { b() }\n}\n');
    assert.equal(f('x = 1 +\n// in expr\n2\n'), 'x = 1 +\n    // in expr\n    2\n');
    // A match arm's body on the next line is indented below its pattern.
    assert.equal(f('r = match x {\n1 =>\n3,\n_ => 0,\n}\n'), 'r = match x {\n    1 =>\n        3,\n    _ => 0,\n}\n');
    // A one-line block around a long list is opened first; records are never broken inside.
    assert.equal(f('main = { if a { x = foo(aaaaaaaaaa, bbbbbbbbbb) } }\n', 30), 'main = {\n    if a {\n        x = foo(\n            aaaaaaaaaa,\n            bbbbbbbbbb,\n        )\n    }\n}\n');
    assert.equal(f('P: Type = { data: Array(Int), lengthhhhh: Int }\n', 30), 'P: Type = { data: Array(Int), lengthhhhh: Int }\n');
    assert.equal(f('x = a/*c*/+b\n'), 'x = a/*c*/ + b\n');
  });

  it('keeps use statements in place when sort_imports is off', () => {
    const source = 'x = 1\nuse std.io\n';
    assert.equal(format(parser, source, { sort_imports: false }).formatted, source);
    assert.equal(format(parser, source).formatted, 'use std.io\n\nx = 1\n');
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

describe('corpus guarantees', { skip: sharedCorpusDir ? false : 'no ../shared/corpus' }, () => {
  const files = sharedCorpusDir
    ? spawnSync('find', [sharedCorpusDir, '-name', '*.yx'], { encoding: 'utf8' }).stdout.trim().split('\n').sort()
    : [];

  it('stays idempotent when lines must be broken (line_width 40)', () => {
    for (const file of files) {
      const name = relative(sharedCorpusDir!, file);
      if (referenceRejected.has(name)) continue;
      const once = format(parser, readFileSync(file, 'utf8'), { line_width: 40 });
      assert.deepEqual(once.diagnostics, [], name);
      assert.equal(format(parser, once.formatted, { line_width: 40 }).formatted, once.formatted, `${name}: idempotent`);
    }
  });

  it('formats every accepted file idempotently, keeping every token and comment, with no syntax error', () => {
    let accepted = 0;
    for (const file of files) {
      const name = relative(sharedCorpusDir!, file);
      const source = readFileSync(file, 'utf8');
      const result = format(parser, source);
      if (referenceRejected.has(name)) {
        assert.equal(result.formatted, source, name);
        continue;
      }
      accepted++;
      assert.deepEqual(result.diagnostics, [], name);
      assert.equal(format(parser, result.formatted).formatted, result.formatted, `${name}: idempotent`);
      // Without import sorting, the token sequence is the same; with it, the same tokens reordered.
      const unsorted = format(parser, source, { sort_imports: false });
      assert.deepEqual(tokenTexts(unsorted.formatted), tokenTexts(source), `${name}: tokens`);
      assert.deepEqual(tokenTexts(result.formatted).sort(), tokenTexts(source).sort(), `${name}: tokens after sorting imports`);
    }
    assert.equal(accepted, files.length - referenceRejected.size);
  });
});

describe('yaoxiang fmt', () => {
  const run = (args: string[], cwd: string) => spawnSync(process.execPath, [cliPath, 'fmt', ...args], { cwd, encoding: 'utf8' });

  it('prints, checks, diffs and rewrites', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-fmt-'));
    writeFileSync(join(dir, 'yaoxiang.toml'), '[package]\nname = "t"\n\n[fmt]\nindent_width = 2\n');
    writeFileSync(join(dir, 'a.yx'), 'main = {\nx=1\ny=2\n}\n');
    writeFileSync(join(dir, 'b.yx'), 'y = 2\n');
    const printed = run(['a.yx'], dir);
    assert.equal(printed.status, 0, printed.stderr);
    assert.equal(printed.stdout, 'main = {\n  x = 1\n  y = 2\n}\n');
    const check = run(['--check'], dir);
    assert.equal(check.status, 1);
    assert.equal(check.stdout, 'a.yx\n');
    const diff = run(['--diff', 'a.yx'], dir);
    assert.match(diff.stdout, /^--- a\/a\.yx\n\+\+\+ b\/a\.yx\n/);
    const write = run(['--write', '.'], dir);
    assert.equal(write.status, 0, write.stderr);
    assert.equal(readFileSync(join(dir, 'a.yx'), 'utf8'), 'main = {\n  x = 1\n  y = 2\n}\n');
    assert.deepEqual(readdirSync(dir).sort(), ['a.yx', 'b.yx', 'yaoxiang.toml'], 'no temporary file is left');
    assert.equal(run(['--check'], dir).status, 0);
  });

  it('exits 1 for a file with syntax errors and leaves it unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-fmt-'));
    writeFileSync(join(dir, 'bad.yx'), 'x = (1 +\n');
    const result = run(['--write', 'bad.yx'], dir);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /error \[E00\d\d\]/);
    assert.equal(readFileSync(join(dir, 'bad.yx'), 'utf8'), 'x = (1 +\n');
  });

  it('exits 2 on usage errors', () => {
    assert.equal(run(['--check', '--write'], repoRoot).status, 2);
    assert.equal(run(['missing.yx'], repoRoot).status, 2);
  });
});
