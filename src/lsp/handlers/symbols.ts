// Document symbols (the outline as a tree) and workspace symbols (the lookup index).
import type { CancellationToken, DocumentSymbol, DocumentSymbolParams, SymbolInformation, WorkspaceSymbolParams } from 'vscode-languageserver';
import { documentOutline, type OutlineItem } from '../../analysis/editor/outline.ts';
import type { LineIndex } from '../../syntax/positions.ts';
import { toLocation, toRange, toSymbolKind, type Encoding } from '../convert.ts';
import { checkpoint } from '../session.ts';
import type { Context } from './context.ts';

export const WORKSPACE_SYMBOL_LIMIT = 200;

export function documentSymbols(context: Context) {
  return async (params: DocumentSymbolParams, token: CancellationToken): Promise<DocumentSymbol[] | null> => {
    const session = context.session();
    const found = await session.file(params.textDocument.uri, token);
    if (!found) return null;
    return documentOutline(found.file.model).map((item) => toDocumentSymbol(found.file.lines, item, session.encoding));
  };
}

function toDocumentSymbol(lines: LineIndex, item: OutlineItem, encoding: Encoding): DocumentSymbol {
  return {
    name: item.name,
    ...(item.detail ? { detail: item.detail } : {}),
    kind: toSymbolKind(item.kind),
    range: toRange(lines, item.declaration, encoding),
    selectionRange: toRange(lines, item.span, encoding),
    children: item.children.map((child) => toDocumentSymbol(lines, child, encoding)),
  };
}

export function workspaceSymbols(context: Context) {
  return async (params: WorkspaceSymbolParams, token: CancellationToken): Promise<SymbolInformation[]> => {
    const session = context.session();
    await checkpoint(token);
    const index = await session.world.symbolIndex();
    // Bringing the World up to date takes file-system turns, in which a cancellation may have arrived.
    await checkpoint(token);
    if (!index.ok) return [];
    const files = await session.files();
    return index.value.lookup(params.query, { limit: WORKSPACE_SYMBOL_LIMIT }).symbols.flatMap((symbol) => {
      const file = files.get(symbol.file);
      if (!file || symbol.kind === 'import') return [];
      return [{
        name: symbol.name,
        kind: toSymbolKind(symbol.kind),
        location: toLocation(session.root, symbol.file, file.lines, symbol.range, session.encoding),
        ...(symbol.container ? { containerName: symbol.container } : {}),
      }];
    });
  };
}
