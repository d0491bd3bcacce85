// Calls on a source text that is not a workspace file: a snippet sent to a tool,
// a file named on the command line, standard input.
import type { Parser, Tree } from 'web-tree-sitter';
import { syntaxDiagnostics } from '../analysis/diagnostics/syntax.ts';
import type { Diagnostic } from '../analysis/diagnostics/types.ts';
import { parseOrThrow } from '../syntax/document.ts';
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
  lines: LineIndex;
  diagnostics: Diagnostic[];
}

/** The tree and the syntax diagnostics of `text`, with the reference's codes. */
export function parseSource(parser: Parser, text: string): ParsedSource {
  const tree = parseOrThrow(parser, text);
  const lines = new LineIndex(text);
  return { tree, lines, diagnostics: syntaxDiagnostics(tree, text, lines) };
}
