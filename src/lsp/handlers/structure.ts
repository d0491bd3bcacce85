// textDocument/foldingRange and textDocument/selectionRange, from the tree.
import { FoldingRangeKind, type CancellationToken, type FoldingRange, type FoldingRangeParams, type SelectionRange, type SelectionRangeParams } from 'vscode-languageserver';
import { MAX_JSON_DEPTH } from '../../ide/index.ts';
import { toOffset, toRange } from '../convert.ts';
import type { Context } from './context.ts';

/**
 * The most ranges one position's answer links. A SelectionRange holds its
 * parent, so the answer nests one level per range, and structured clone (to
 * the main thread) and JSON.stringify recurse: 100,000 nested parentheses
 * overflowed the worker's stack. Kept well below MAX_JSON_DEPTH, the nesting
 * the server itself accepts, leaving room for the response around it.
 */
export const MAX_SELECTION_DEPTH = MAX_JSON_DEPTH - 24;

export function foldingRanges(context: Context) {
  return async (params: FoldingRangeParams, token: CancellationToken): Promise<FoldingRange[] | null> => {
    const found = await context.session().file(params.textDocument.uri, token);
    if (!found) return null;
    return found.analysis.folds(found.path).map((f) => ({
      startLine: f.startLine,
      endLine: f.endLine,
      ...(f.kind === 'comment' ? { kind: FoldingRangeKind.Comment } : f.kind === 'imports' ? { kind: FoldingRangeKind.Imports } : {}),
    }));
  };
}

export function selectionRanges(context: Context) {
  return async (params: SelectionRangeParams, token: CancellationToken): Promise<SelectionRange[] | null> => {
    const session = context.session();
    const found = await session.file(params.textDocument.uri, token);
    if (!found) return null;
    const { lines } = found.file;
    const chains = found.analysis.selections(found.path, params.positions.map((p) => toOffset(lines, p, session.encoding)));
    return chains.map((chain) => {
      // The innermost ranges are the ones a user expands through, step by step; the outermost is kept too, so the last step still selects it all.
      const kept = chain.length > MAX_SELECTION_DEPTH ? [...chain.slice(0, MAX_SELECTION_DEPTH - 1), chain[chain.length - 1]!] : chain;
      let parent: SelectionRange | undefined;
      for (let i = kept.length - 1; i >= 0; i--) parent = { range: toRange(lines, kept[i]!, session.encoding), ...(parent ? { parent } : {}) };
      return parent ?? { range: toRange(lines, { start: 0, end: 0 }, session.encoding) };
    });
  };
}
