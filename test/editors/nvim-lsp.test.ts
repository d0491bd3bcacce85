// Neovim's built-in LSP client as the real client: Debian's Neovim 0.7 starts
// `yaoxiang lsp` through editors/nvim/lua/yaoxiang/lsp.lua on the fixture
// project, and we assert what Neovim itself reports: the diagnostic with its
// code and position, the hover text, where `definition` jumps, and the buffer
// after formatting.
//
// Needs nvim; skipped without it unless YAOXIANG_REQUIRE_NVIM=1 (set by .ci/run).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { copyFixture } from '../support/lsp-client.ts';
import { FORMATTED_MESSY } from '../support/lsp-fixture.ts';
import { cliPath, repoRoot } from '../support/paths.ts';

const required = process.env.YAOXIANG_REQUIRE_NVIM === '1';
const haveNvim = spawnSync('nvim', ['--version']).status === 0;
const skip = !haveNvim && !required ? 'needs nvim' : false;

describe('Neovim (headless) with yaoxiang lsp', { skip }, () => {
  it('shows the diagnostic, the hover, jumps to the definition and formats the buffer', () => {
    const root = copyFixture(join(repoRoot, 'test', 'lsp', 'fixture'));
    const requestPath = join(root, 'request.json');
    const resultPath = join(root, 'result.json');
    writeFileSync(requestPath, JSON.stringify({
      file: join(root, 'main.yx'),
      hover: [7, 9],
      definition: [7, 9],
      format_file: join(root, 'messy.yx'),
    }));
    const run = spawnSync('nvim', [
      '--headless', '-u', 'NONE', '-i', 'NONE', '-n',
      '--cmd', `set rtp^=${join(repoRoot, 'editors', 'nvim')}`,
      '--cmd', 'filetype plugin on',
      '-c', `luafile ${join(repoRoot, 'test', 'editors', 'nvim-lsp.lua')}`,
      '-c', 'qa!',
    ], {
      cwd: root,
      env: { ...process.env, YAOXIANG_CMD: JSON.stringify([process.execPath, cliPath, 'lsp', '--stdio']), YAOXIANG_REQUEST: requestPath, YAOXIANG_RESULT: resultPath },
      encoding: 'utf8',
      timeout: 90_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(readFileSync(resultPath, 'utf8'));
    assert.deepEqual(result.errors, []);
    assert.equal(result.filetype, 'yaoxiang');
    assert.deepEqual(result.diagnostics, [{
      code: 'E2010', lnum: 10, col: 8, end_col: 13, source: 'yaoxiang',
      message: "Cannot assign to immutable variable 'count'\nhelp: Use 'mut' to declare a mutable variable",
    }]);
    assert.equal(result.hover, [
      '```yaoxiang', 'distance: fn(&Point, &Point) -> float64', '```', '',
      '```yaoxiang', 'pub distance: (a: &Point, b: &Point) -> Float', '```', '',
      'Euclidean distance.', '', '*function in geometry.yx*',
    ].join('\n'));
    assert.deepEqual(result.definition, { file: join(root, 'geometry.yx'), row: 13, col: 4 });
    assert.deepEqual(result.formatted, FORMATTED_MESSY);
  });
});
