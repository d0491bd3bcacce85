// One file's analysis from its tree: binding model, imports, syntax diagnostics.
import type { Tree } from 'web-tree-sitter';
import { LineIndex } from '../syntax/positions.ts';
import { syntaxDiagnostics, type SyntaxItemMemo } from './diagnostics/syntax.ts';
import type { Diagnostic } from './diagnostics/types.ts';
import { listImports, type FileExists } from './imports.ts';
import { buildFileModel } from './model/build.ts';
import type { AnalyzedFile } from './navigation.ts';

export interface FileAnalysis extends AnalyzedFile {
  syntax: Diagnostic[];
}

/** `syntaxItems`: the file's per-item syntax checks from its last analysis (an edited file's), reused for the items an edit left alone. */
export function analyzeFile(tree: Tree, path: string, text: string, exists: FileExists, lines = new LineIndex(text), syntaxItems?: SyntaxItemMemo): FileAnalysis {
  return {
    path,
    text,
    lines,
    model: buildFileModel(tree),
    imports: listImports(tree, path, exists),
    syntax: syntaxDiagnostics(tree, text, lines, syntaxItems),
  };
}
