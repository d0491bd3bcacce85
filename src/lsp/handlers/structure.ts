// textDocument/foldingRange and textDocument/selectionRange, from the tree.
import { FoldingRangeKind, type CancellationToken, type FoldingRange, type FoldingRangeParams, type SelectionRange, type SelectionRangeParams } from 'vscode-languageserver';
import { toOffset, toRange } from '../convert.ts';
import type { Context } from './context.ts';

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
      let parent: SelectionRange | undefined;
      for (const span of [...chain].reverse()) parent = { range: toRange(lines, span, session.encoding), ...(parent ? { parent } : {}) };
      return parent ?? { range: toRange(lines, { start: 0, end: 0 }, session.encoding) };
    });
  };
}
