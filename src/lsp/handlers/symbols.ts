// Document symbols (the outline as a tree) and workspace symbols (the lookup index).
import type { CancellationToken, DocumentSymbol, DocumentSymbolParams, SymbolInformation, WorkspaceSymbolParams } from 'vscode-languageserver';
import { documentOutline, type OutlineItem } from '../../analysis/editor/outline.ts';
import type { LineIndex } from '../../syntax/positions.ts';
import type { AnalyzedFile } from '../../analysis/navigation.ts';
import { toLocation, toRange, toSymbolKind, uriOf, type Encoding } from '../convert.ts';
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
    const files = await session.files();
    // An empty query asks for every symbol (LSP 3.17): the declarations of each file's outline.
    if (params.query.trim() === '') return everyDeclaration(session.root, files, session.encoding);
    const index = await session.world.symbolIndex();
    // Bringing the World up to date takes file-system turns, in which a cancellation may have arrived.
    await checkpoint(token);
    if (!index.ok) return [];
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

function everyDeclaration(root: string, files: ReadonlyMap<string, AnalyzedFile>, encoding: Encoding): SymbolInformation[] {
  const found: SymbolInformation[] = [];
  const add = (path: string, lines: LineIndex, item: OutlineItem, container?: string) => {
    if (found.length >= WORKSPACE_SYMBOL_LIMIT) return;
    found.push({
      name: item.name,
      kind: toSymbolKind(item.kind),
      location: { uri: uriOf(root, path), range: toRange(lines, item.span, encoding) },
      ...(container ? { containerName: container } : {}),
    });
    for (const child of item.children) add(path, lines, child, item.name);
  };
  for (const path of [...files.keys()].sort()) {
    const file = files.get(path)!;
    for (const item of documentOutline(file.model)) add(path, file.lines, item);
  }
  return found;
}
