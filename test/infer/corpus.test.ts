// The reference's verdict on ../shared/corpus (semantics.md §5.10): each
// 06-compile-errors file reports its code, at its position where it has one;
// every other file has no type error.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { globbySync } from 'globby';
import { sharedCorpusDir } from '../support/paths.ts';
import { typeDiagnostics } from './support.ts';

/** §5.10: the first type error of each rejected file (the two parse-error files have none). */
const EXPECTED: Record<string, { code: string; line: number; column: number; message?: string }> = {
  '06-compile-errors/assert_compile_error.yx': { code: 'E1062', line: 15, column: 25, message: 'const 泛型约束失败 (N = 0)' },
  '06-compile-errors/assert_lt_compile_error.yx': { code: 'E1062', line: 15, column: 23, message: 'const 泛型约束失败 (N = 150)' },
  '06-compile-errors/borrow_conflict_err.yx': { code: 'E2018', line: 14, column: 16, message: "Cannot mutably borrow '#0' (it is already borrowed immutably)" },
  '06-compile-errors/move_after_use_err.yx': { code: 'E2014', line: 12, column: 16, message: "'p' has been moved and cannot be used again" },
  '06-compile-errors/mut_index_borrow_alias_err.yx': { code: 'E2018', line: 13, column: 18, message: "Cannot mutably borrow '#1' (it is already borrowed immutably)" },
  '06-compile-errors/mut_ref_copy_err.yx': { code: 'E2003', line: 13, column: 10 },
  '06-compile-errors/refined_arg_invalid_err.yx': { code: 'E1092', line: 11, column: 16, message: "'IsSmall' requires a compile-time constant argument, but the given argument cannot be converted" },
  '06-compile-errors/shadow_err.yx': { code: 'E2002', line: 11, column: 9, message: "Duplicate definition: 'x' is already defined in the current scope" },
};
const PARSE_ERRORS = new Set(['06-compile-errors/question_mark_as_param_type.yx', '06-compile-errors/ref_keyword_bug.yx']);

describe('type checking ../shared/corpus', { skip: sharedCorpusDir ? false : 'no ../shared/corpus' }, () => {
  const files = sharedCorpusDir ? globbySync('**/*.yx', { cwd: sharedCorpusDir, absolute: true }).sort() : [];

  it('covers the 102 files of the corpus', () => assert.equal(files.length, 102));

  it('reports the reference code and position for every 06-compile-errors file', async () => {
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const found = await typeDiagnostics(readFileSync(`${sharedCorpusDir}/${name}`, 'utf8'));
      const first = found[0];
      assert.ok(first, `${name}: no diagnostic`);
      assert.deepEqual({ code: first.code, line: first.range.start.line, column: first.range.start.column },
        { code: expected.code, line: expected.line, column: expected.column }, name);
      if (expected.message) assert.equal(first.message, expected.message, name);
    }
  });

  it('reports no type error in any other file', async () => {
    for (const file of files) {
      const name = relative(sharedCorpusDir!, file);
      if (name in EXPECTED || PARSE_ERRORS.has(name)) continue;
      const found = await typeDiagnostics(readFileSync(file, 'utf8'));
      assert.deepEqual(found.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column} ${d.message}`), [], name);
    }
  });
});
