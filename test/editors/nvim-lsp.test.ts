// Neovim's built-in LSP client as the real client: each Neovim of
// YAOXIANG_NVIM_BINS (Debian's 0.7.2 and a current 0.11 in CI) starts
// `yaoxiang lsp` through editors/nvim/lua/yaoxiang/lsp.lua on the fixture
// project, and we assert what Neovim itself reports for every feature of the
// README's language-server table: the diagnostic with its code and position,
// the hover text, where `definition` jumps, the references in the quickfix
// list, the highlight extmarks, the buffer after formatting, the buffers after
// a rename across files, the buffer after the quick fix and the diagnostic
// gone, and the answers to inlay hint, signature, completion, selection,
// symbol, semantic token and folding requests sent through Neovim's client
// (positions in the bytes Neovim counts, from UTF-16 on 0.7 and UTF-8 on
// 0.11), and on 0.11 the hints, semantic token and fold levels Neovim shows by
// itself; also the omnifunc and the root a .git folder marks.
//
// Needs nvim; skipped without it unless YAOXIANG_REQUIRE_NVIM=1 (set by .ci/run).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { copyFixture } from '../support/lsp-client.ts';
import {
  columnIn, FOLDS_GEOMETRY, FORMATTED_MESSY, HOVER_DISTANCE, IMMUTABLE_COUNT_MESSAGE, INLAY_HINTS_MAIN, SEMANTIC_TOKENS_GEOMETRY_HEAD,
} from '../support/lsp-fixture.ts';
import { cliPath, repoRoot } from '../support/paths.ts';
import { atLeast, nvimBinaries, runLuaScript, skipUnlessRuns } from './headless-nvim.ts';

interface LspResult {
  errors: string[];
  filetype: string;
  diagnostics: unknown[];
  hover: string;
  definition: unknown;
  encoding: string;
  inlay_hints: unknown[];
  signature: string;
  completions: string[];
  selection: unknown[];
  highlights: unknown[];
  references: unknown[];
  workspace_symbols: unknown[];
  document_symbols: unknown[];
  semantic_tokens: string[];
  folding_ranges: unknown[];
  shown_inlay_hints?: unknown[];
  shown_semantic_token?: unknown[];
  shown_fold_levels?: number[];
  formatted: string[];
  renamed: Record<string, string[]>;
  code_actions: string[];
  fixed: string[];
  omnifunc: string;
  git_root: string;
}

for (const nvim of nvimBinaries()) {
  describe(`Neovim ${nvim.version ?? nvim.bin} (headless) with yaoxiang lsp`, { skip: skipUnlessRuns(nvim) }, () => {
    it('answers every feature of the README table: diagnostics, hover, definition, references, highlights, symbols, completion, signature, hints, tokens, folds, selection, format, rename, quick fix', () => {
      const root = copyFixture(join(repoRoot, 'test', 'lsp', 'fixture'));
      const main = join(root, 'main.yx');
      const geometry = join(root, 'geometry.yx');
      // A repository without yaoxiang.toml: its root is the project, not the file's folder.
      const repo = mkdtempSync(join(tmpdir(), 'yaoxiang-git-'));
      mkdirSync(join(repo, '.git'));
      mkdirSync(join(repo, 'src'));
      writeFileSync(join(repo, 'src', 'lone.yx'), 'main = {\n    x = 1\n}\n');
      const result = runLuaScript<LspResult>(nvim, 'nvim-lsp.lua', root, {
        file: main,
        hover: [7, 9],
        definition: [7, 9],
        signature: [7, 17],
        completion: [12, 7],
        selection: [7, 9],
        workspace_query: 'dist',
        fix: [10, 8],
        format_file: join(root, 'messy.yx'),
        rename: { at: [7, 9], new_name: 'dist', files: [main, geometry] },
        git_file: join(repo, 'src', 'lone.yx'),
      }, {
        cwd: root,
        env: { YAOXIANG_CMD: JSON.stringify([process.execPath, cliPath, 'lsp', '--stdio']) },
        timeout: 90_000,
      });
      assert.equal(result.filetype, 'yaoxiang');
      assert.equal(result.omnifunc, 'v:lua.vim.lsp.omnifunc', 'completion on <C-x><C-o>');
      assert.equal(result.git_root, repo, '.git marks the root');
      // 0.11 offers UTF-8 and gets it; 0.7 speaks UTF-16.
      assert.equal(result.encoding, atLeast(nvim, 0, 11) ? 'utf-8' : 'utf-16');
      // Pushed, on 0.11 too: it pulls, but cannot be told to pull again (src/lsp/handlers/lifecycle.ts).
      assert.deepEqual(result.diagnostics, [{
        code: 'E2010', lnum: 10, col: 8, end_col: 13, source: 'yaoxiang', mode: 'push',
        message: IMMUTABLE_COUNT_MESSAGE,
      }]);
      assert.equal(result.hover, HOVER_DISTANCE);
      assert.deepEqual(result.definition, { file: geometry, row: 13, col: 4 });
      const mainLines = readFileSync(main, 'utf8').split('\n');
      assert.deepEqual(result.inlay_hints, INLAY_HINTS_MAIN.map(([line, character, label, kind]) =>
        [line, columnIn('byte', mainLines[line]!, character), label, kind]));
      assert.equal(result.signature, 'distance(a: &Point, b: &Point) -> Float');
      // After `io.`: the members of std.io, not the names of main.
      for (const name of ['print', 'println']) assert.ok(result.completions.includes(name), `completion ${name}: ${result.completions.join(' ')}`);
      for (const name of ['greeting', 'main', 'distance']) assert.ok(!result.completions.includes(name), `no completion ${name}`);
      assert.deepEqual(result.selection, [[7, 8, 7, 16], [7, 8, 7, 24]]);
      // [row, start column, end column] of the extmarks: the import and the call.
      assert.deepEqual(result.highlights, [[1, 21, 29], [7, 8, 16]]);
      assert.deepEqual(result.references, [{ file: geometry, row: 13 }, { file: main, row: 1 }, { file: main, row: 7 }]);
      assert.deepEqual(result.workspace_symbols, [{ file: geometry, row: 13, text: '[Function] distance' }]);
      assert.deepEqual(result.document_symbols, [
        { row: 4, text: '[Struct] Point' }, { row: 4, text: '[Field] x' }, { row: 4, text: '[Field] y' },
        { row: 7, text: '[Method] shift' }, { row: 13, text: '[Function] distance' },
      ]);
      assert.deepEqual(result.semantic_tokens.slice(0, SEMANTIC_TOKENS_GEOMETRY_HEAD.length), SEMANTIC_TOKENS_GEOMETRY_HEAD);
      assert.deepEqual(result.folding_ranges, FOLDS_GEOMETRY);
      if (atLeast(nvim, 0, 11)) {
        // What 0.11 shows by itself: the same hints, the token on `Point`, folds on both bodies.
        assert.deepEqual(result.shown_inlay_hints, result.inlay_hints);
        assert.deepEqual(result.shown_semantic_token, [4, 4, 9, 'struct', ['declaration', 'readonly']]);
        assert.deepEqual(result.shown_fold_levels, readFileSync(geometry, 'utf8').replace(/\n$/, '').split('\n')
          .map((_, row) => (FOLDS_GEOMETRY.some(([start, end]) => row >= start && row <= end) ? 1 : 0)));
      }
      assert.deepEqual(result.formatted, FORMATTED_MESSY);
      // The files on disk are unchanged (Neovim does not save); their buffers carry the new name.
      const renamed = (file: string, rows: number[]) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n')
        .map((line, row) => (rows.includes(row) ? line.replace('distance', 'dist') : line));
      assert.deepEqual(result.renamed[main], renamed(main, [1, 7]));
      assert.deepEqual(result.renamed[geometry], renamed(geometry, [13]));
      // The quick fix after the rename: `mut` before the declaration, and the diagnostic gone (the script waits for it).
      assert.deepEqual(result.code_actions, ["Declare 'count' as mut"]);
      assert.deepEqual(result.fixed, result.renamed[main].map((line, row) => (row === 8 ? line.replace('count', 'mut count') : line)));
    });
  });
}
