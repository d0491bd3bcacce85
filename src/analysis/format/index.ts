// The formatter: `format(parser, source, options)` gives `{ formatted, diagnostics }`.
// It only ever changes whitespace, plus the hoisting and sorting of `use`
// statements, and proves it: the output is parsed again and must give the
// same tokens and the same tree, or the input comes back unchanged.
import type { Parser, Tree } from 'web-tree-sitter';
import { syntaxDiagnostics } from '../diagnostics/syntax.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { parseOrThrow } from '../../syntax/document.ts';
import { walk } from '../../syntax/inspect.ts';
import { sortImports } from './imports.ts';
import { collectGroups } from './groups.ts';
import { planLayout } from './plan.ts';
import { indentUnit, resolveFormatOptions, type FormatOptions } from './options.ts';
import { collectTokens, nextCodeToken, type Token } from './tokens.ts';

export { DEFAULT_FORMAT_OPTIONS, resolveFormatOptions, type FormatOptions } from './options.ts';
export { formatDiff, unifiedDiff, type Hunk } from './diff.ts';

export interface FormatResult {
  formatted: string;
  /** Syntax errors (then `formatted` is the input), or why the input was left alone. */
  diagnostics: Diagnostic[];
}

export function format(parser: Parser, source: string, options: Partial<FormatOptions> = {}): FormatResult {
  const settings = resolveFormatOptions(options);
  const tree = parseOrThrow(parser, source);
  try {
    const syntax = syntaxDiagnostics(tree, source);
    if (syntax.length > 0 || tree.rootNode.hasError) return { formatted: source, diagnostics: syntax };
    const text = settings.sort_imports ? sortImports(tree, source) : source;
    const sortedTree = text === source ? tree : parseOrThrow(parser, text);
    try {
      const tokens = collectTokens(sortedTree, text);
      if (!tokens || sortedTree.rootNode.hasError) return unchanged(source, 'the file holds text the formatter does not recognise');
      const { blocks, matches } = collectGroups(sortedTree);
      const formatted = planLayout(tokens, text, indentUnit(settings), settings.line_width, blocks, matches).text;
      return verified(parser, sortedTree, tokens, formatted) ? { formatted, diagnostics: [] } : unchanged(source, 'formatting would have changed the syntax tree');
    } finally {
      if (sortedTree !== tree) sortedTree.delete();
    }
  } finally {
    tree.delete();
  }
}

function verified(parser: Parser, before: Tree, tokens: readonly Token[], formatted: string): boolean {
  const after = parseOrThrow(parser, formatted);
  try {
    if (after.rootNode.hasError) return false;
    const again = collectTokens(after, formatted);
    if (!again) return false;
    const was = withoutTrailingCommas(tokens);
    const now = withoutTrailingCommas(again);
    if (was.length !== now.length || now.some((token, i) => token.type !== was[i]!.type || token.text !== was[i]!.text)) return false;
    return shape(after) === shape(before);
  } finally {
    after.delete();
  }
}

/** A comma right before a closing bracket separates nothing; the formatter may add one. */
export function withoutTrailingCommas(tokens: readonly Token[]): Token[] {
  return tokens.filter((token, i) => !(token.text === ',' && /^[)\]}]$/.test(nextCodeToken(tokens, i)?.text ?? '')));
}

/** Node types and field names in document order, commas left out: the tree without positions. */
function shape(tree: Tree): string {
  const parts: string[] = [];
  walk(tree, (cursor, depth) => {
    if (cursor.nodeType !== ',') parts.push(`${depth}:${cursor.currentFieldName ?? ''}:${cursor.nodeType}`);
  });
  return parts.join(' ');
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
