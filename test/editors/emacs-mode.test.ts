// editors/emacs/yaoxiang-mode.el in `emacs --batch`: indent-region puts every
// line of the examples and the shared corpus (indentation stripped first) back
// where the formatter laid it out, and font-lock gives the faces a theme expects.
//
// Needs emacs; skipped without it unless YAOXIANG_REQUIRE_EMACS=1 (set by .ci/run).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { listYxFiles } from '../support/files.ts';
import { examplesDir, sharedCorpusDir } from '../support/paths.ts';
import { emacsSkipReason, runEmacsScript } from './batch-emacs.ts';

interface ModeResult {
  reindented: Record<string, [number, string, string] | null>;
  faces: Array<string | null>;
}

describe('Emacs yaoxiang-mode (batch)', { skip: emacsSkipReason(false) }, () => {
  const work = mkdtempSync(join(tmpdir(), 'yaoxiang-emacs-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('re-indents every example and corpus program as written, and highlights geometry.yx', () => {
    const files = [examplesDir, sharedCorpusDir].flatMap((dir) => (dir ? listYxFiles(dir) : []));
    assert.ok(files.length >= (sharedCorpusDir ? 100 : 3), `${files.length} files`);
    const geometry = join(examplesDir, 'demo', 'geometry.yx');
    const result = runEmacsScript<ModeResult>('emacs-mode.el', work, {
      files,
      faces_file: geometry,
      // Zero-based [row, col] in geometry.yx: the comment, `use`, `pub`, `Point`, `Type`,
      // `Float`, `origin`, `shift` of `Point.shift`, `return`, `x` of `dx = …`.
      faces: [[0, 3], [1, 0], [3, 0], [3, 4], [3, 11], [3, 23], [5, 4], [7, 10], [16, 4], [14, 5]],
    });
    const changed = Object.entries(result.reindented).filter(([, difference]) => difference !== null);
    assert.deepEqual(changed, []);
    assert.equal(Object.keys(result.reindented).length, files.length);
    assert.deepEqual(result.faces, [
      'font-lock-comment-face',
      'font-lock-keyword-face',
      'font-lock-keyword-face',
      'font-lock-type-face',
      'font-lock-builtin-face',
      'font-lock-builtin-face',
      'font-lock-function-name-face',
      'font-lock-function-name-face',
      'font-lock-keyword-face',
      null,
    ]);
  });
});
