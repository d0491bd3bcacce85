// Calls on a source text that is not a workspace file: a snippet sent to a tool,
// a file named on the command line, standard input.
import type { Parser, Tree } from 'web-tree-sitter';
import { syntaxDiagnostics } from '../analysis/diagnostics/syntax.ts';
import type { Diagnostic } from '../analysis/diagnostics/types.ts';
import { parseOrThrow, reparseChanged, type TextChange } from '../syntax/document.ts';
import { nodeTableOf, type NodeTable } from '../syntax/node-table.ts';
import { LineIndex } from '../syntax/positions.ts';

/**
 * The longest source text the front ends analyse, in UTF-16 code units (a JS
 * string's length): a text sent to an MCP tool (its --max-source-chars
 * default) or a document opened in the language server. 2 Mi units are at
 * most 6 MiB of UTF-8, under the MCP SDK's 10 MiB stdio message limit; every
 * pass is linear, and a file of this size of ordinary code checks in seconds.
 */
export const MAX_SOURCE_CHARS = 2 * 1024 * 1024;

export interface ParsedSource {
  /** Holds WASM memory: the caller deletes it when done. */
  tree: Tree;
  /** The tree's node table, which the syntax diagnostics read: it outlives the tree and stays true for its copies. */
  table: NodeTable;
  lines: LineIndex;
  diagnostics: Diagnostic[];
}

/**
 * The tree and the syntax diagnostics of `text`, with the reference's codes.
 * `from`: an earlier text whose tree is reused (left as it was), and the one
 * change that makes `text` of it.
 */
export function parseSource(parser: Parser, text: string, from?: { tree: Tree; text: string; change: TextChange }): ParsedSource {
  const tree = from ? reparseChanged(parser, from.tree, from.text, [from.change]) : parseOrThrow(parser, text);
  const lines = new LineIndex(text);
  return { tree, table: nodeTableOf(tree, text), lines, diagnostics: syntaxDiagnostics(tree, text, lines) };
}
