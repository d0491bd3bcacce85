// textDocument/inlayHint: inferred types of unannotated bindings, parameter names at call sites.
import { InlayHintKind, type CancellationToken, type InlayHint, type InlayHintParams } from 'vscode-languageserver';
import { toPosition, toSpan } from '../convert.ts';
import type { Context } from './context.ts';

export function inlayHints(context: Context) {
  return async (params: InlayHintParams, token: CancellationToken): Promise<InlayHint[] | null> => {
    const session = context.session();
    const found = await session.file(params.textDocument.uri, token);
    if (!found) return null;
    const { analysis, file, path } = found;
    return analysis.inlayHints(path, toSpan(file.lines, params.range, session.encoding)).map((h) => ({
      position: toPosition(file.lines, h.offset, session.encoding),
      label: h.label,
      kind: h.kind === 'type' ? InlayHintKind.Type : InlayHintKind.Parameter,
      ...(h.kind === 'parameter' ? { paddingRight: true } : {}),
    }));
  };
}
