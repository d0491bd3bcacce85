// Document symbols (the outline as a tree) and workspace symbols (the lookup index).
import type { CancellationToken, DocumentSymbol, DocumentSymbolParams, SymbolInformation, WorkspaceSymbolParams } from 'vscode-languageserver';
import type { Analysis, LineIndex, OutlineItem } from '../../ide/index.ts';
import { toLocation, toRange, toSymbolKind, type Encoding } from '../convert.ts';
import { checkpoint, type Session } from '../session.ts';
import type { Context } from './context.ts';

export const WORKSPACE_SYMBOL_LIMIT = 200;

export function documentSymbols(context: Context) {
  return async (params: DocumentSymbolParams, token: CancellationToken): Promise<DocumentSymbol[] | null> => {
    const session = context.session();
    const found = await session.file(params.textDocument.uri, token);
    if (!found) return null;
    return found.analysis.outline(found.path).map((item) => toDocumentSymbol(found.file.lines, item, session.encoding));
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
    const analyses = await session.analyses();
    // An empty query asks for every symbol (LSP 3.17): the declarations of each file's outline.
    if (params.query.trim() === '') return analyses.flatMap((analysis) => everyDeclaration(analysis, session)).slice(0, WORKSPACE_SYMBOL_LIMIT);
    const symbols: SymbolInformation[] = [];
    for (const analysis of analyses) {
      const found = await analysis.symbols(params.query, { limit: WORKSPACE_SYMBOL_LIMIT });
      // Bringing the snapshot up to date takes file-system turns, in which a cancellation may have arrived.
      await checkpoint(token);
      symbols.push(...found.symbols.flatMap((symbol) => {
        const file = analysis.file(symbol.file);
        if (!file || symbol.kind === 'import') return [];
        return [{
          name: symbol.name,
          kind: toSymbolKind(symbol.kind),
          location: toLocation(session.workspaces.uriOf(analysis.root, symbol.file), file.lines, symbol.range, session.encoding),
          ...(symbol.container ? { containerName: symbol.container } : {}),
        }];
      }));
    }
    return symbols.slice(0, WORKSPACE_SYMBOL_LIMIT);
  };
}

function everyDeclaration(analysis: Analysis, session: Session): SymbolInformation[] {
  const found: SymbolInformation[] = [];
  const add = (path: string, lines: LineIndex, item: OutlineItem, container?: string) => {
    if (found.length >= WORKSPACE_SYMBOL_LIMIT) return;
    found.push({
      name: item.name,
      kind: toSymbolKind(item.kind),
      location: { uri: session.workspaces.uriOf(analysis.root, path), range: toRange(lines, item.span, session.encoding) },
      ...(container ? { containerName: container } : {}),
    });
    for (const child of item.children) add(path, lines, child, item.name);
  };
  for (const path of [...analysis.files.keys()].sort()) {
    const file = analysis.file(path)!;
    for (const item of analysis.outline(path)) add(path, file.lines, item);
  }
  return found;
}
