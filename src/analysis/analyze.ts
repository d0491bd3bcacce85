// One file's analysis from its tree: binding model, imports, syntax diagnostics.
import type { Tree } from 'web-tree-sitter';
import { LineIndex } from '../syntax/positions.ts';
import { syntaxDiagnostics, type SyntaxMemo } from './diagnostics/syntax.ts';
import type { Diagnostic } from './diagnostics/types.ts';
import { listImports, type FileExists, type ImportInfo } from './imports.ts';
import { listImportsPerItem, type ImportItemMemo } from './incremental/import-items.ts';
import type { ModelMemo } from './incremental/model-items.ts';
import { buildFileModel } from './model/build.ts';
import type { FileModel } from './model/types.ts';
import type { AnalyzedFile } from './navigation.ts';

export interface FileAnalysis extends AnalyzedFile {
  syntax: Diagnostic[];
}

/** `syntaxMemo`: what the file's syntax diagnostics kept from its last analysis (an edited file's), reused where an edit left the text alone. */
export function analyzeFile(tree: Tree, path: string, text: string, exists: FileExists, lines = new LineIndex(text), syntaxMemo?: SyntaxMemo): FileAnalysis {
  return {
    path,
    text,
    lines,
    model: buildFileModel(tree),
    imports: listImports(tree, path, exists),
    syntax: syntaxDiagnostics(tree, text, lines, syntaxMemo),
  };
}

/** An edited file's per-item memos, kept from one version of its text to the next. */
export interface EditedFileMemos {
  syntax: SyntaxMemo;
  imports: ImportItemMemo;
  model: ModelMemo;
}

/**
 * The same analysis, each part made when it is first read: storing a file
 * costs nothing beyond its parse, so a huge file just opened does not hold up
 * a request on another one, and a keystroke's diagnostics do not wait for a
 * binding model they do not read. The tree must live as long as this does.
 * (Getters on a class: spreading one does not copy them.)
 */
export class LazyFileAnalysis implements FileAnalysis {
  readonly path: string;
  readonly text: string;
  readonly lines: LineIndex;
  readonly tree: Tree;
  readonly #exists: FileExists;
  readonly #memos: EditedFileMemos | undefined;
  #model: FileModel | undefined;
  #imports: ImportInfo[] | undefined;
  #syntax: Diagnostic[] | undefined;

  constructor(tree: Tree, path: string, text: string, exists: FileExists, memos?: EditedFileMemos) {
    this.tree = tree;
    this.path = path;
    this.text = text;
    this.lines = new LineIndex(text);
    this.#exists = exists;
    this.#memos = memos;
  }

  get model(): FileModel {
    this.#model ??= buildFileModel(this.tree, this.#memos?.model);
    return this.#model;
  }

  get imports(): ImportInfo[] {
    this.#imports ??= this.#memos ? listImportsPerItem(this.tree, this.path, this.#exists, this.#memos.imports) : listImports(this.tree, this.path, this.#exists);
    return this.#imports;
  }

  set imports(imports: ImportInfo[]) {
    this.#imports = imports;
  }

  get syntax(): Diagnostic[] {
    this.#syntax ??= syntaxDiagnostics(this.tree, this.text, this.lines, this.#memos?.syntax);
    return this.#syntax;
  }

  /** Files appeared or vanished: the imports are resolved again when next read. */
  resolveImportsAgain(): void {
    this.#imports = undefined;
  }
}
