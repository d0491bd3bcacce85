// textDocument/hover: the inferred type, the declaration and its doc comment.
import { MarkupKind, type CancellationToken, type Hover, type HoverParams } from 'vscode-languageserver';
import type { HoverInfo } from '../../ide/index.ts';
import { toRange } from '../convert.ts';
import type { Context } from './context.ts';

export function hover(context: Context) {
  return async (params: HoverParams, token: CancellationToken): Promise<Hover | null> => {
    const session = context.session();
    const at = await session.at(params.textDocument.uri, params.position, token);
    if (!at) return null;
    const info = at.analysis.hover(at.path, at.offset);
    if (!info) return null;
    return { contents: { kind: MarkupKind.Markdown, value: hoverMarkdown(info) }, range: toRange(at.file.lines, info.span, session.encoding) };
  };
}

export function hoverMarkdown(info: HoverInfo): string {
  const parts: string[] = [];
  if (info.type) parts.push('```yaoxiang\n' + `${info.name}: ${info.type}` + '\n```');
  if (info.declaration) parts.push('```yaoxiang\n' + info.declaration + '\n```');
  if (info.docs) parts.push(info.docs);
  if (info.file) parts.push(`*${info.kind ?? 'declared'} in ${info.file}*`);
  return parts.join('\n\n');
}
