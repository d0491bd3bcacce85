// Runs the checker on in-memory sources: one file, or several files of one project.
import type { Parser } from 'web-tree-sitter';
import { analyzeFile } from '../../src/analysis/analyze.ts';
import type { Diagnostic } from '../../src/analysis/diagnostics/types.ts';
import { TypeChecker, typecheckTree, type CheckableFile } from '../../src/analysis/infer/index.ts';
import { collectDeclarations } from '../../src/analysis/infer/declarations.ts';
import { createParser } from '../../src/syntax/language.ts';
import { LineIndex } from '../../src/syntax/positions.ts';

let parser: Parser | undefined;

export async function typeDiagnostics(source: string): Promise<Diagnostic[]> {
  parser ??= await createParser();
  const tree = parser.parse(source)!;
  try {
    return typecheckTree(tree, new LineIndex(source), collectDeclarations(tree), () => undefined).diagnostics;
  } finally {
    tree.delete();
  }
}

/** `code@line:column` for each diagnostic, the shape the rule tables compare. */
export async function brief(source: string): Promise<string[]> {
  return (await typeDiagnostics(source)).map((d) => `${d.code}@${d.range.start.line}:${d.range.start.column}`);
}

export async function project(sources: Record<string, string>): Promise<Map<string, CheckableFile>> {
  parser ??= await createParser();
  const files = new Map<string, CheckableFile>();
  const exists = (relative: string) => relative in sources;
  for (const [path, text] of Object.entries(sources)) {
    const tree = parser.parse(text)!;
    files.set(path, { ...analyzeFile(tree, path, text, exists), tree });
  }
  return files;
}

export { TypeChecker };
