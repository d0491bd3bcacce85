// One file's analysis from its tree: binding model, imports, syntax diagnostics.
import type { Tree } from 'web-tree-sitter';
import { LineIndex } from '../syntax/positions.ts';
import { syntaxDiagnostics } from './diagnostics/syntax.ts';
import type { Diagnostic } from './diagnostics/types.ts';
import { listImports, type FileExists } from './imports.ts';
import { buildFileModel } from './model/build.ts';
import type { AnalyzedFile } from './navigation.ts';

export interface FileAnalysis extends AnalyzedFile {
  syntax: Diagnostic[];
}

export function analyzeFile(tree: Tree, path: string, text: string, exists: FileExists, lines = new LineIndex(text)): FileAnalysis {
  return {
    path,
    text,
    lines,
    model: buildFileModel(tree),
    imports: listImports(tree, path, exists),
    syntax: syntaxDiagnostics(tree, text, lines),
  };
}
