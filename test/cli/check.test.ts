// `yaoxiang check`, `symbols`, `references`, `imports` as a user runs them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, examplesDir, referenceRejected, sharedCorpusDir } from '../support/paths.ts';

function run(args: string[], cwd = examplesDir) {
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const demo = join(examplesDir, 'demo');

describe('yaoxiang check', () => {
  it('passes the demo project, found from the working directory', () => {
    const result = run(['check', '--json'], demo);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { error_count: 0, warning_count: 0, diagnostics: [] });
  });

  it('reports errors in the reference layout and as JSON, exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-check-'));
    writeFileSync(join(dir, 'bad.yx'), 'main = {\n    ref = 2\n}\nx = 0x\n');
    const text = run(['check', join(dir, 'bad.yx')]);
    assert.equal(text.code, 1);
    assert.match(text.stderr, /error \[E0002\] Invalid numeric literal: 'Expected hex digits'\n --> .*bad\.yx:4:5\n   4 │ x = 0x\n     │     \^\^\n/);
    assert.match(text.stderr, /Summary: 2 error\(s\), 0 warning\(s\)/);
    const json = JSON.parse(run(['check', '--json', dir]).stdout);
    assert.equal(json.error_count, 2);
    assert.deepEqual(json.diagnostics.map((d: { code: string; line: number; column: number; end_line: number; end_column: number }) => [d.code, d.line, d.column, d.end_line, d.end_column]), [
      ['E0002', 4, 5, 4, 7],
      ['E0018', 2, 5, 2, 8],
    ]);
  });

  it('a 40 KB file of errors on long lines prints a bounded amount: excerpts cut around the caret, 20 per file then "N more"; --json has all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaoxiang-check-'));
    // 20 lines of 2 KB, each with three unknown names: 60 errors, each on a 2 KB line.
    const line = (i: number) => `    v${i} = missing_a${i} + missing_b${i} + missing_c${i} + "${'x'.repeat(2000)}"\n`;
    writeFileSync(join(dir, 'flood.yx'), `main = () => {\n${Array.from({ length: 20 }, (_, i) => line(i)).join('')}}\n`);
    const text = run(['check', 'flood.yx'], dir);
    assert.equal(text.code, 1);
    const json = JSON.parse(run(['check', '--json', 'flood.yx'], dir).stdout);
    assert.ok(json.error_count >= 60, `expected 60 errors, got ${json.error_count}`);
    assert.ok(text.stderr.length < 16_000, `printed ${text.stderr.length} bytes for ${json.error_count} errors`);
    assert.equal(text.stderr.match(/^error \[/gm)?.length, 20);
    assert.match(text.stderr, new RegExp(`flood\\.yx: ${json.error_count - 20} more diagnostic\\(s\\) not shown`));
    assert.match(text.stderr, new RegExp(`Summary: ${json.error_count} error\\(s\\)`));
    for (const excerpt of text.stderr.split('\n').filter((l) => l.includes(' │ '))) assert.ok([...excerpt].length <= 130, `excerpt line of ${excerpt.length} characters`);
    // The caret still points at the name, inside the window.
    const [, shown, caret] = /\n {3}2 │ (.*)\n {5}│ ( *\^+)\n/.exec(text.stderr) ?? [];
    assert.match([...shown!].slice(caret!.indexOf('^'), caret!.length).join(''), /^missing_[abc]0$/);
    assert.equal(run(['check', '--max-per-file', '0', 'flood.yx'], dir).stderr.match(/^error \[/gm)?.length, json.error_count);
  });

  it('exits 2 when there is nothing to check or a path is missing', () => {
    const empty = mkdtempSync(join(tmpdir(), 'yaoxiang-empty-'));
    assert.equal(run(['check', empty]).code, 2);
    const missing = run(['check', join(empty, 'nope.yx')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /Path does not exist/);
  });

  it('agrees with the reference on ../shared/corpus: 92 clean files, the first code of the 10 rejected ones', { skip: sharedCorpusDir ? false : 'no ../shared/corpus' }, () => {
    const result = run(['check', '--json', sharedCorpusDir!]);
    assert.equal(result.code, 1, result.stderr);
    const json = JSON.parse(result.stdout);
    const byFile = new Map<string, Array<{ code: string; line: number; column: number }>>();
    for (const d of json.diagnostics) {
      const name = relative(sharedCorpusDir!, d.file);
      byFile.set(name, [...(byFile.get(name) ?? []), d]);
    }
    // The 2 files the parser rejects, and the 8 the type checker does (semantics.md §5.10).
    const typeRejected = ['assert_compile_error', 'assert_lt_compile_error', 'borrow_conflict_err', 'move_after_use_err',
      'mut_index_borrow_alias_err', 'mut_ref_copy_err', 'refined_arg_invalid_err', 'shadow_err'].map((n) => `06-compile-errors/${n}.yx`);
    assert.deepEqual([...byFile.keys()].sort(), [...referenceRejected.keys(), ...typeRejected].sort());
    assert.equal(byFile.get('06-compile-errors/shadow_err.yx')![0]!.code, 'E2002');
    assert.deepEqual(byFile.get('06-compile-errors/question_mark_as_param_type.yx')![0], { ...byFile.get('06-compile-errors/question_mark_as_param_type.yx')![0], code: 'E0012', line: 9, column: 8 });
    assert.deepEqual(byFile.get('06-compile-errors/ref_keyword_bug.yx')![0], { ...byFile.get('06-compile-errors/ref_keyword_bug.yx')![0], code: 'E0018', line: 13, column: 5 });
  });
});

describe('yaoxiang symbols, references, imports', () => {
  it('finds symbols by name with kinds, as text and JSON', () => {
    const text = run(['symbols', 'dist'], demo);
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stdout.split('\n')[0], 'geometry.yx:14:5\tfunction\tdistance');
    const json = JSON.parse(run(['symbols', 'Point', '--kind', 'record', '--json'], demo).stdout);
    assert.equal(json.total, 1);
    assert.equal(json.symbols[0].file, 'geometry.yx');
  });

  it('finds references by name, member and position across files', () => {
    const byName = run(['references', 'squares'], demo).stdout;
    assert.equal(byName, [
      'utils.yx:4:5 (definition)\tpub squares: (xs: List(Int)) -> List(Int) = (xs) => [x * x for x in xs]',
      'main.yx:3:12\tuse utils.{squares, total, describe}',
      'main.yx:8:10\tsq = squares(numbers)',
      '',
    ].join('\n'));
    assert.equal(run(['references', 'main.yx:8:11'], demo).stdout, byName);
    assert.match(run(['references', 'Point.shift'], demo).stdout, /^geometry\.yx:8:11 \(definition\).*\nmain\.yx:13:7\tp\.shift/);
  });

  it('refuses positions in files outside the project', () => {
    const result = run(['references', '../../../etc/x.yx:1:1'], demo);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /PATH_OUTSIDE_PROJECT/);
  });

  it('a position not in the file (line or column 0, past the last line, past the line\'s end) is a usage error naming it', () => {
    const cases: Array<[string, RegExp]> = [
      ['main.yx:0:1', /main\.yx:0:1 is not a position in the file: lines and columns count from 1/],
      ['main.yx:8:0', /main\.yx:8:0 is not a position in the file: lines and columns count from 1/],
      ['main.yx:9999:1', /main\.yx:9999:1 is not a position in the file: line 9999 is past the end \(the last line is \d+\)/],
      ['main.yx:8:999', /main\.yx:8:999 is not a position in the file: column 999 is past the end of line 8 \(its last column is \d+\)/],
    ];
    for (const [query, message] of cases) {
      const result = run(['references', query], demo);
      assert.equal(result.code, 2, query);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, message);
    }
    const rename = run(['rename', 'main.yx', '0:1', 'z'], demo);
    assert.equal(rename.code, 2);
    assert.match(rename.stderr, /0:1 is not a position in the file/);
  });

  it('lists imports with their resolution', () => {
    const json = JSON.parse(run(['imports', 'main.yx', '--json'], demo).stdout);
    assert.deepEqual(json.imports.map((i: { module: string; resolved: unknown }) => [i.module, i.resolved]), [
      ['std.io', { kind: 'std', module: 'std.io' }],
      ['utils', { kind: 'file', path: 'utils.yx' }],
      ['geometry', { kind: 'file', path: 'geometry.yx' }],
    ]);
  });
});
