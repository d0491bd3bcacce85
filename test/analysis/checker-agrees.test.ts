// One answer to "which binding is this?": for every identifier the checker
// looks up (reads, and the targets of assignments), the binding model must
// pick the same binding. Run over every program of ../shared/corpus and
// test/differential/programs, each directory a project so that `use` of a
// sibling resolves as it does for the checker.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { analyzeFile } from '../../src/analysis/analyze.ts';
import { TypeChecker, type CheckableFile } from '../../src/analysis/infer/index.ts';
import type { Resolution } from '../../src/analysis/infer/checker.ts';
import type { FileModel } from '../../src/analysis/model/types.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import { createParser } from '../../src/syntax/language.ts';
import { listYxFiles } from '../support/files.ts';
import { brokenOnPurpose, differentialProgramsDir, sharedCorpusDir } from '../support/paths.ts';

const parser = await createParser();

type Checked = CheckableFile & { model: FileModel };

/** The files below `root`, as one project (paths relative to `root`). */
function projectOf(root: string): Map<string, Checked> {
  const paths = listYxFiles(root).map((p) => relative(root, p).split('\\').join('/'));
  const known = new Set(paths);
  const files = new Map<string, Checked>();
  for (const path of paths) {
    const text = readFileSync(join(root, path), 'utf8');
    const tree = parseOrThrow(parser, text);
    files.set(path, { ...analyzeFile(tree, path, text, (candidate) => known.has(candidate)), tree });
  }
  return files;
}

/** `file:line:column name: checker … model …` for each identifier where they differ. */
function disagreements(files: ReadonlyMap<string, Checked>): { compared: number; differences: string[] } {
  const checker = new TypeChecker();
  const differences: string[] = [];
  let compared = 0;
  for (const file of files.values()) {
    const { model } = file;
    const { resolutions } = checker.fileResult(files, file).inference;
    const useAt = new Map(model.uses.filter((u) => u.kind === 'read' || u.kind === 'write').map((u) => [u.span.start, u] as const));
    const bindingAt = new Map(model.bindings.map((b) => [b.span.start, b] as const));
    for (const [start, resolution] of resolutions) {
      compared++;
      const use = useAt.get(start);
      const bound = use?.binding === undefined ? undefined : model.bindings[use.binding]!;
      const modelSays = use ? (bound ? `${bound.kind} at ${where(file, bound.span.start)}` : 'nothing') : bindingAt.has(start) ? 'a new binding' : 'no use';
      if (agrees(model, resolution, use !== undefined, bound) || bodyLocalQuirk(model, resolution, bound ?? bindingAt.get(start))) continue;
      differences.push(`${file.path}:${where(file, start)} ${file.text.slice(start, start + 24).split(/\W/)[0]}: checker ${describeResolution(file, resolution)}, model ${modelSays}`);
    }
  }
  return { compared, differences };
}

function agrees(model: FileModel, resolution: Resolution, isUse: boolean, bound: FileModel['bindings'][number] | undefined): boolean {
  if (!isUse) return false;
  if (typeof resolution === 'number') return bound?.span.start === resolution;
  if (resolution === 'module') return bound !== undefined && model.scopes[bound.scope]!.kind === 'module';
  return bound === undefined;
}

/**
 * The one intentional difference. A body's `x = e` where the module also has an
 * `x`: the checker, like the reference's type pass, updates the module-level
 * `x` (semantics.md §5.3, "the outer variable's type is updated", and V1's
 * same-scope rebinding); the model follows how the reference runs it, a local
 * of the function (issue 20 item 1a: `helper = 40` in `main` prints 40 and
 * the function `helper` still works). So the write and the reads after it
 * are the module-level name to the checker and the local to the model.
 */
function bodyLocalQuirk(model: FileModel, resolution: Resolution, local: FileModel['bindings'][number] | undefined): boolean {
  if (!local || local.kind !== 'variable' || model.scopes[local.scope]!.kind === 'module') return false;
  const topLevel = model.bindings.filter((b) => b.name === local.name && model.scopes[b.scope]!.kind === 'module');
  if (topLevel.length === 0) return false;
  return resolution === 'module' || topLevel.some((b) => b.span.start === resolution);
}

function where(file: Checked, offset: number): string {
  const { line, column } = file.lines.toHuman(offset);
  return `${line}:${column}`;
}

function describeResolution(file: Checked, resolution: Resolution): string {
  return typeof resolution === 'number' ? `the name at ${where(file, resolution)}` : resolution;
}

function run(root: string): { compared: number; differences: string[] } {
  const files = projectOf(root);
  try {
    return disagreements(files);
  } finally {
    for (const file of files.values()) file.tree.delete();
  }
}

function brokenProgram(dir: string): boolean {
  return listYxFiles(dir).some((file) => {
    const tree = parseOrThrow(parser, readFileSync(file, 'utf8'));
    try {
      return brokenOnPurpose(file, tree.rootNode.hasError);
    } finally {
      tree.delete();
    }
  });
}

describe('the checker and the binding model pick the same binding', () => {
  it('on ../shared/corpus', { skip: sharedCorpusDir ? false : 'no ../shared/corpus' }, (t) => {
    const dirs = [...new Set(listYxFiles(sharedCorpusDir!).map((f) => dirname(f)))];
    let compared = 0;
    const differences: string[] = [];
    for (const dir of dirs) {
      const result = run(dir);
      compared += result.compared;
      differences.push(...result.differences.map((d) => `${relative(sharedCorpusDir!, dir)}/${d}`));
    }
    t.diagnostic(`${compared} identifier uses compared`);
    assert.deepEqual(differences, []);
  });

  it('on test/differential/programs', (t) => {
    const root = differentialProgramsDir;
    const dirs = [...new Set(listYxFiles(root).map((f) => dirname(f)))].filter((dir) => !brokenProgram(dir));
    let compared = 0;
    const differences: string[] = [];
    for (const dir of dirs) {
      const result = run(dir);
      compared += result.compared;
      differences.push(...result.differences.map((d) => `${relative(root, dir)}/${d}`));
    }
    t.diagnostic(`${compared} identifier uses compared`);
    assert.deepEqual(differences, []);
  });
});
