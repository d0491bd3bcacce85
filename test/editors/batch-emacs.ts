// Runs a script of test/editors in `emacs --batch -Q` with editors/emacs on the
// load-path, the request as JSON in YAOXIANG_REQUEST, and returns the JSON it
// wrote to YAOXIANG_RESULT. Tests skip without emacs (and eglot, for those that
// need it) unless YAOXIANG_REQUIRE_EMACS=1 (set by .ci/run).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/paths.ts';

/** Debian's elpa-eglot lives here; `emacs -Q` skips the site-start that would add it. */
export const DEBIAN_ELPA = '/usr/share/emacs/site-lisp/elpa';

/** Why the test cannot run here, or false when it can (or YAOXIANG_REQUIRE_EMACS=1 demands the run). */
export function emacsSkipReason(needsEglot: boolean): string | false {
  if (process.env.YAOXIANG_REQUIRE_EMACS === '1') return false;
  const load = needsEglot
    ? `(progn (require 'package) (when (file-directory-p "${DEBIAN_ELPA}") (add-to-list 'package-directory-list "${DEBIAN_ELPA}")) (package-initialize) (require 'eglot))`
    : 't';
  const probe = spawnSync('emacs', ['--batch', '-Q', '--eval', load], { encoding: 'utf8', timeout: 30_000 });
  if (probe.error) return 'needs emacs (Debian: emacs-nox)';
  if (probe.status !== 0) return 'needs eglot (Debian: elpa-eglot; built into Emacs 29)';
  return false;
}

export function runEmacsScript<T>(script: string, work: string, request: object, env: Record<string, string> = {}): T {
  const requestPath = join(work, 'request.json');
  const resultPath = join(work, 'result.json');
  writeFileSync(requestPath, JSON.stringify(request));
  const run = spawnSync('emacs', ['--batch', '-Q', '-L', join(repoRoot, 'editors', 'emacs'), '-l', join(repoRoot, 'test', 'editors', script)], {
    cwd: work,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, ...env, YAOXIANG_REQUEST: requestPath, YAOXIANG_RESULT: resultPath },
  });
  assert.equal(run.status, 0, `emacs exited with ${run.status}: ${run.stderr}`);
  return JSON.parse(readFileSync(resultPath, 'utf8')) as T;
}
