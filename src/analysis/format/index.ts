// The formatter: `format(parser, source, options)` gives `{ formatted, diagnostics }`.
// A pretty-printer (print.ts, module.ts) lays the file out again; the output is
// then parsed again and must keep every token, comment and the tree shape
// (verify.ts), or the input comes back unchanged with a FORMAT_SKIPPED warning.
import type { Node, Parser, Tree } from 'web-tree-sitter';
import { syntaxDiagnostics } from '../diagnostics/syntax.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { parseOrThrow } from '../../syntax/document.ts';
import { LineIndex } from '../../syntax/positions.ts';
import { printModule } from './module.ts';
import { resolveFormatOptions, type FormatOptions, type FormatSettings } from './options.ts';
import { MAX_FORMAT_DEPTH, MAX_FORMAT_NODES, nestingDepth, TooDeepToFormat } from './limits.ts';
import { sameCode } from './verify.ts';

export { DEFAULT_FORMAT_OPTIONS, resolveFormatOptions, type FormatOptions, type FormatSettings } from './options.ts';
export { formatDiff, unifiedDiff, type Hunk } from './diff.ts';
export { MAX_FORMAT_DEPTH, MAX_FORMAT_NODES } from './limits.ts';

export interface FormatResult {
  formatted: string;
  /** Syntax errors (then `formatted` is the input), or why the input was left alone. */
  diagnostics: Diagnostic[];
}

export function format(parser: Parser, source: string, options: FormatSettings | Partial<FormatOptions> = {}): FormatResult {
  const tree = parseOrThrow(parser, source);
  try {
    return formatTree(parser, tree, source, options);
  } finally {
    tree.delete();
  }
}

/**
 * Formats `source` from its tree (which must be a parse of exactly that text, e.g.
 * a document's cached tree); `parser` parses the output for the verification.
 */
export function formatTree(parser: Parser, tree: Tree, source: string, options: FormatSettings | Partial<FormatOptions> = {}): FormatResult {
  const settings = resolveFormatOptions(options);
  const syntax = syntaxDiagnostics(tree, source);
  if (syntax.length > 0 || tree.rootNode.hasError) return { formatted: source, diagnostics: syntax };
  const nodes = tree.rootNode.descendantCount;
  if (nodes > MAX_FORMAT_NODES) return tooLarge(source, nodes);
  let formatted: string;
  try {
    formatted = printModule(tree, source, settings);
  } catch (error) {
    if (error instanceof TooDeepToFormat) return tooDeep(tree, source, error.node);
    throw error;
  }
  if (formatted === source) return { formatted: source, diagnostics: [] };
  const after = parseOrThrow(parser, formatted);
  try {
    if (!sameCode(tree, source, after, formatted, settings.sort_imports)) return unchanged(source, 'formatting would have changed the tokens or the syntax tree');
  } finally {
    after.delete();
  }
  return { formatted, diagnostics: [] };
}

/** The input unchanged, with a warning at the first token of the node the printer would not enter. */
function tooDeep(tree: Tree, source: string, node: Node): FormatResult {
  const token = tree.rootNode.descendantForIndex(node.startIndex, node.startIndex) ?? node;
  const depth = nestingDepth(tree.rootNode) - 1;
  return {
    formatted: source,
    diagnostics: [{
      code: 'FORMAT_TOO_DEEP',
      severity: 'warning',
      message: `Left unformatted: nested too deeply here (the file nests ${depth.toLocaleString('en')} levels deep; the formatter lays out at most ${MAX_FORMAT_DEPTH}).`,
      range: new LineIndex(source).humanRange(token.startIndex, token.endIndex),
    }],
  };
}

function tooLarge(source: string, nodes: number): FormatResult {
  return {
    formatted: source,
    diagnostics: [{
      code: 'FORMAT_TOO_LARGE',
      severity: 'warning',
      message: `Left unformatted: the file has ${nodes.toLocaleString('en')} syntax nodes; the formatter takes at most ${MAX_FORMAT_NODES.toLocaleString('en')}.`,
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    }],
  };
}

function unchanged(source: string, why: string): FormatResult {
  return {
    formatted: source,
    diagnostics: [{
      code: 'FORMAT_SKIPPED',
      severity: 'warning',
      message: `Left unformatted: ${why}. Please report this file.`,
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    }],
  };
}
