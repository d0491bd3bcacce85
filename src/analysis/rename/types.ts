// Plain data of a rename: the edits it plans and why it may refuse.
import type { Tree } from 'web-tree-sitter';
import type { HumanRange } from '../../syntax/positions.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { ImportInfo } from '../imports.ts';
import type { FileModel, Span } from '../model/types.ts';

/** Stable codes of the refusals; a refused rename has no edits. */
export const RENAME_CODES = {
  invalidName: 'RENAME_INVALID_NAME',
  keyword: 'RENAME_KEYWORD',
  conflict: 'RENAME_CONFLICT',
  notFound: 'RENAME_NOT_FOUND',
  ambiguous: 'RENAME_AMBIGUOUS',
  syntaxError: 'RENAME_SYNTAX_ERROR',
  imported: 'RENAME_IMPORTED',
  unresolvedMember: 'RENAME_UNRESOLVED_MEMBER',
  incompleteProject: 'RENAME_INCOMPLETE_PROJECT',
} as const;

export type RenameCode = (typeof RENAME_CODES)[keyof typeof RENAME_CODES];

/** Replace `range` (1-based, end exclusive, as Diagnostic ranges) with `newText`. */
export interface TextEdit {
  range: HumanRange;
  newText: string;
}

export interface RenameResult {
  /** The renamed source, or the original one when the rename is refused. */
  source: string;
  edits: TextEdit[];
  diagnostics: Diagnostic[];
}

export interface FileChange {
  file: string;
  edits: TextEdit[];
  /** The file's text after the edits. */
  source: string;
}

export interface WorkspaceRenameResult {
  /** One entry per changed file, sorted by path; empty when refused. */
  changes: FileChange[];
  diagnostics: RenameRefusal[];
}

/**
 * Why a rename was refused. `file`, when present, is the workspace file the
 * range is in, which may be another than the one the rename was asked in.
 */
export interface RenameRefusal extends Diagnostic {
  file?: string;
}

/** `function:NAME` or the default `module`. */
export type RenameScope = 'module' | `function:${string}`;

/** An edit in UTF-16 offsets of one text. */
export interface SpanEdit extends Span {
  newText: string;
}

/** One file as the rename sees it: text, tree and binding model. */
export interface RenameFile {
  path: string;
  text: string;
  tree: Tree;
  model: FileModel;
  imports: ImportInfo[];
}

/** What is renamed in one file: bindings whose name changes, and every span to rewrite. */
export interface FilePlan {
  file: RenameFile;
  /** Binding ids (of this file's model) that get the new name. */
  renamed: Set<number>;
  /** The member `Type.name` being renamed, for member bindings and uses. */
  member?: { type: string; name: string };
  spans: Span[];
}

/** Parses a text into a tree and its binding model (the caller owns the tree). */
/** Parses and models `text`; given `from`, `text` is `from.text` with `from.edits` and its tree is reused. */
export type Reparse = (text: string, from?: { tree: Tree; text: string; edits: readonly SpanEdit[] }) => { tree: Tree; model: FileModel };
