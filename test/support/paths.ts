// Locations the tests read, valid from test/ (sources) and dist/test/ (compiled).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRepoRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'tree-sitter-yaoxiang'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no repository root above ${start}`);
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
export const grammarDir = join(repoRoot, 'tree-sitter-yaoxiang');
export const examplesDir = join(repoRoot, 'examples');
export const cliPath = join(repoRoot, 'bin', 'yaoxiang.js');
export const differentialProgramsDir = join(repoRoot, 'test', 'differential', 'programs');

/**
 * A differential program broken on purpose (scripts/differential/syntax.ts):
 * the model agreement tests leave these out, as the checker skips a statement
 * it cannot parse while the model keeps what recovery made of it.
 */
export function brokenOnPurpose(file: string, hasError: boolean): boolean {
  return hasError && file.startsWith(differentialProgramsDir);
}

/** `../shared/corpus` beside the checkout, or undefined on a machine that has only the project. */
export const sharedCorpusDir: string | undefined = (() => {
  const dir = resolve(repoRoot, '..', 'shared', 'corpus');
  return existsSync(dir) ? dir : undefined;
})();

/** The files the reference parser (v0.7.12) rejects, relative to the shared corpus. */
export const referenceRejected: ReadonlyMap<string, { line: number; column: number }> = new Map([
  ['06-compile-errors/question_mark_as_param_type.yx', { line: 9, column: 8 }],
  ['06-compile-errors/ref_keyword_bug.yx', { line: 13, column: 5 }],
]);
