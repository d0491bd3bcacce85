// textDocument/completion: names in scope, members after `.`, keywords.
import type { CancellationToken, CompletionItem, CompletionParams } from 'vscode-languageserver';
import { toCompletionKind } from '../convert.ts';
import type { Context } from './context.ts';

export function completion(context: Context) {
  return async (params: CompletionParams, token: CancellationToken): Promise<CompletionItem[] | null> => {
    const at = await context.session().at(params.textDocument.uri, params.position, token);
    if (!at) return null;
    return at.analysis.completion(at.path, at.offset).map((c, i) => ({
      label: c.label,
      kind: toCompletionKind(c.kind),
      ...(c.detail ? { detail: c.detail } : {}),
      sortText: String(i).padStart(4, '0'),
    }));
  };
}
