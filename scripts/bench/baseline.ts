// Issue 24's "today": main at 360087c (2026-12-04), built from this checkout's
// own history into a temporary worktree, so that its `check` runs in the same
// bench run as ours, interleaved, on the same machine. A CPU time measured on
// another machine says nothing about this one (they differed by 2× between
// the machines this project has run on).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const BASELINE_COMMIT = '360087c';

export type Baseline = { ok: true; cli: string; dispose(): void } | { ok: false; why: string };

/**
 * The baseline's CLI, built with this checkout's TypeScript and node_modules
 * (its dependencies are a subset of today's, web-tree-sitter the same), or why
 * it could not be (no git, a shallow clone without the commit).
 */
export function buildBaseline(repoRoot: string): Baseline {
  const git = (...args: string[]) => execFileSync('git', ['-C', repoRoot, ...args], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  try {
    git('cat-file', '-e', `${BASELINE_COMMIT}^{commit}`);
  } catch {
    return { ok: false, why: `commit ${BASELINE_COMMIT} is not in this checkout's history (a shallow clone?)` };
  }
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'yaoxiang-bench-baseline-')), 'checkout');
  const dispose = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      // Removed below; `git worktree prune` forgets it.
    }
    rmSync(path.dirname(dir), { recursive: true, force: true });
    try {
      git('worktree', 'prune');
    } catch {
      // Nothing to prune.
    }
  };
  try {
    git('worktree', 'add', '--detach', dir, BASELINE_COMMIT);
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')], { stdio: ['ignore', 'pipe', 'pipe'] });
    const cli = path.join(dir, 'bin/yaoxiang.js');
    if (!existsSync(cli)) throw new Error(`no ${cli}`);
    return { ok: true, cli, dispose };
  } catch (error) {
    dispose();
    return { ok: false, why: `building ${BASELINE_COMMIT} failed: ${(error as Error).message.split('\n')[0]}` };
  }
}
