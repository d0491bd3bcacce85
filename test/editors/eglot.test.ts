// Emacs with eglot as the real client (Debian's emacs-nox 28 and elpa-eglot
// 1.9 in CI): `emacs --batch` opens the fixture project in editors/emacs's
// yaoxiang-mode, starts eglot on `yaoxiang lsp` through the mode's
// eglot-server-programs entry, and test/editors/eglot.el records what Emacs
// shows: flymake's diagnostic with its position, eldoc's hover text, where
// xref's definition lands, xref's references, the highlight overlays, eldoc's
// signature, completion-at-point's candidates, the quick fix, imenu's index,
// xref-find-apropos over the workspace, the buffer after eglot-format-buffer,
// every buffer after eglot-rename across files, and the buffer after
// the quick fix with flymake empty again. Inlay hints, semantic
// tokens, folding and selection ranges, which eglot 1.9 has no UI for, are
// requested on eglot's own connection, their positions turned into Emacs
// characters by eglot's conversion (UTF-16 on the wire).
//
// Needs emacs and eglot; skipped without them unless YAOXIANG_REQUIRE_EMACS=1 (set by .ci/run).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { copyFixture } from '../support/lsp-client.ts';
import {
  columnIn, FOLDS_GEOMETRY, FORMATTED_MESSY, HOVER_DISTANCE, IMMUTABLE_COUNT_MESSAGE, INLAY_HINTS_MAIN, SEMANTIC_TOKENS_GEOMETRY_HEAD,
} from '../support/lsp-fixture.ts';
import { cliPath, repoRoot } from '../support/paths.ts';
import { emacsSkipReason, runEmacsScript } from './batch-emacs.ts';

interface EglotResult {
  errors: string[];
  major_mode: string;
  managed: boolean;
  diagnostics: unknown[];
  hover: string;
  definition: unknown;
  references: unknown[];
  highlights: unknown[];
  signature: string;
  completions: string[];
  code_actions: string[];
  imenu: unknown[];
  workspace_symbols: string[];
  formatted: string[];
  renamed: Record<string, string[]>;
  inlay_hints: unknown[];
  selection: unknown[];
  semantic_tokens: string[];
  folding_ranges: unknown[];
  fixed: string[];
  fixed_diagnostics: number;
}

describe('Emacs (batch) with eglot and yaoxiang lsp', { skip: emacsSkipReason(true) }, () => {
  it('answers every feature of the README table through eglot: its UI where it has one, its connection for hints, tokens, folds and selections', () => {
    const root = copyFixture(join(repoRoot, 'test', 'lsp', 'fixture'));
    const main = join(root, 'main.yx');
    const geometry = join(root, 'geometry.yx');
    const result = runEmacsScript<EglotResult>('eglot.el', root, {
      file: main,
      hover: [7, 9],
      definition: [7, 9],
      signature: [7, 17],
      completion: [12, 7],
      selection: [7, 9],
      symbols_file: geometry,
      workspace_query: 'dist',
      format_file: join(root, 'messy.yx'),
      rename: { at: [7, 9], new_name: 'dist', files: [main, geometry] },
    }, { YAOXIANG_CMD: JSON.stringify([process.execPath, cliPath, 'lsp', '--stdio']) });
    assert.deepEqual(result.errors, []);
    assert.equal(result.major_mode, 'yaoxiang-mode');
    assert.equal(result.managed, true, 'eglot manages the buffer');
    assert.deepEqual(result.diagnostics, [{
      line: 10, col: 8, end_col: 13, type: 'eglot-error',
      text: `yaoxiang [E2010]: ${IMMUTABLE_COUNT_MESSAGE}`,
    }]);
    assert.equal(result.hover, HOVER_DISTANCE);
    assert.deepEqual(result.definition, { file: geometry, row: 13, col: 4 });
    assert.deepEqual(result.references, [
      { file: geometry, row: 13 },
      { file: main, row: 1 },
      { file: main, row: 7 },
    ]);
    // [row, start column, end column] of eglot's highlight overlays: the import and the call.
    assert.deepEqual(result.highlights, [[1, 21, 29], [7, 8, 16]]);
    assert.equal(result.signature, 'distance(a: &Point, b: &Point) -> Float');
    // After `io.`: the members of std.io, not the names of main.
    for (const name of ['print', 'println']) assert.ok(result.completions.includes(name), `completion ${name}: ${result.completions.join(' ')}`);
    for (const name of ['greeting', 'main', 'distance']) assert.ok(!result.completions.includes(name), `no completion ${name}`);
    assert.deepEqual(result.code_actions, ["Declare 'count' as mut"]);
    assert.deepEqual(result.imenu, [
      ['Struct', ['Point']],
      ['Field', [['Point', ['x', 'y']]]],
      ['Method', [['Point', ['shift']]]],
      ['Function', ['distance']],
    ]);
    assert.deepEqual(result.workspace_symbols, ['pub distance: (a: &Point, b: &Point) -> Float = {']);
    // Emacs keeps the final newline as an empty last line.
    assert.deepEqual(result.formatted, [...FORMATTED_MESSY, '']);
    // The files on disk are unchanged (nothing is saved); their buffers carry the new name.
    const renamed = (file: string, rows: number[]) => readFileSync(file, 'utf8').split('\n')
      .map((line, row) => (rows.includes(row) ? line.replace('distance', 'dist') : line));
    assert.deepEqual(result.renamed[main], renamed(main, [1, 7]));
    assert.deepEqual(result.renamed[geometry], renamed(geometry, [13]));
    // The quick fix after the rename: `mut` before the declaration, and flymake empty (the script waits for it).
    assert.deepEqual(result.fixed, result.renamed[main].map((line, row) => (row === 8 ? line.replace('count', 'mut count') : line)));
    assert.equal(result.fixed_diagnostics, 0);
    const mainLines = readFileSync(main, 'utf8').split('\n');
    assert.deepEqual(result.inlay_hints, INLAY_HINTS_MAIN.map(([line, character, label, kind]) =>
      [line, columnIn('character', mainLines[line]!, character), label, kind]));
    assert.deepEqual(result.selection, [[7, 8, 7, 16], [7, 8, 7, 24]]);
    assert.deepEqual(result.semantic_tokens.slice(0, SEMANTIC_TOKENS_GEOMETRY_HEAD.length), SEMANTIC_TOKENS_GEOMETRY_HEAD);
    assert.deepEqual(result.folding_ranges, FOLDS_GEOMETRY);
  });
});
