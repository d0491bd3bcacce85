// Neovim's built-in LSP client as the real client: each Neovim of
// YAOXIANG_NVIM_BINS (Debian's 0.7.2 and a current 0.11 in CI) starts
// `yaoxiang lsp` through editors/nvim/lua/yaoxiang/lsp.lua on the fixture
// project, and we assert what Neovim itself reports: the diagnostic with its
// code and position, the hover text, where `definition` jumps, the buffer
// after formatting, the buffers after a rename across files, the omnifunc
// and the root a .git folder marks.
//
// Needs nvim; skipped without it unless YAOXIANG_REQUIRE_NVIM=1 (set by .ci/run).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { copyFixture } from '../support/lsp-client.ts';
import { FORMATTED_MESSY, HOVER_DISTANCE, IMMUTABLE_COUNT_MESSAGE } from '../support/lsp-fixture.ts';
import { cliPath, repoRoot } from '../support/paths.ts';
import { nvimBinaries, runLuaScript, skipUnlessRuns } from './headless-nvim.ts';

interface LspResult {
  errors: string[];
  filetype: string;
  diagnostics: unknown[];
  hover: string;
  definition: unknown;
  formatted: string[];
  renamed: Record<string, string[]>;
  omnifunc: string;
  git_root: string;
}

for (const nvim of nvimBinaries()) {
  describe(`Neovim ${nvim.version ?? nvim.bin} (headless) with yaoxiang lsp`, { skip: skipUnlessRuns(nvim) }, () => {
    it('shows the diagnostic, the hover, jumps to the definition, formats the buffer and renames', () => {
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
      assert.deepEqual(result.diagnostics, [{
        code: 'E2010', lnum: 10, col: 8, end_col: 13, source: 'yaoxiang',
        message: IMMUTABLE_COUNT_MESSAGE,
      }]);
      assert.equal(result.hover, HOVER_DISTANCE);
      assert.deepEqual(result.definition, { file: geometry, row: 13, col: 4 });
      assert.deepEqual(result.formatted, FORMATTED_MESSY);
      // The files on disk are unchanged (Neovim does not save); their buffers carry the new name.
      const renamed = (file: string, rows: number[]) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n')
        .map((line, row) => (rows.includes(row) ? line.replace('distance', 'dist') : line));
      assert.deepEqual(result.renamed[main], renamed(main, [1, 7]));
      assert.deepEqual(result.renamed[geometry], renamed(geometry, [13]));
    });
  });
}
