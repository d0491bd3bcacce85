// A fixture's files with their trees kept, and what the checker says of them:
// for tests of features that stand on inferred types (members by receiver).
import type { Tree } from 'web-tree-sitter';
import { analyzeFile, type FileAnalysis } from '../../src/analysis/analyze.ts';
import { TypeChecker } from '../../src/analysis/infer/index.ts';
import type { MembersOf } from '../../src/analysis/receivers.ts';
import { createParser } from '../../src/syntax/language.ts';
import { parseOrThrow } from '../../src/syntax/document.ts';
import type { Fixture } from './fixture.ts';

const parser = await createParser();

export type CheckedFile = FileAnalysis & { tree: Tree };

/** The files (trees alive for the test's life) and the checker's receiver types of each. */
export function checkedFixture(fixture: Fixture): { files: Map<string, CheckedFile>; checker: TypeChecker; members: MembersOf } {
  const files = new Map<string, CheckedFile>();
  for (const [path, text] of fixture.files) {
    const tree = parseOrThrow(parser, text);
    files.set(path, { ...analyzeFile(tree, path, text, (candidate) => fixture.files.has(candidate)), tree });
  }
  const checker = new TypeChecker();
  const members: MembersOf = (path) => {
    const file = files.get(path);
    if (!file) return undefined;
    const { receivers, structModules } = checker.fileResult(files, file).inference;
    return { receivers, structModules };
  };
  return { files, checker, members };
}
