// Text synchronisation: open, incremental change, close, save, and files
// changed on disk; each keeps the World fresh and reschedules diagnostics.
import type { DidChangeTextDocumentParams, DidChangeWatchedFilesParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver';
import type { Context } from './context.ts';

export interface Diagnostics {
  schedule(): void;
  clear(uri: string): void;
}

export function didOpen(context: Context, diagnostics: Diagnostics) {
  return async (params: DidOpenTextDocumentParams): Promise<void> => {
    const session = context.session();
    const { uri, languageId, version, text } = params.textDocument;
    session.documents.open(uri, languageId, version, text);
    await session.overlay(uri);
    diagnostics.schedule();
  };
}

export function didChange(context: Context, diagnostics: Diagnostics) {
  return async (params: DidChangeTextDocumentParams): Promise<void> => {
    const session = context.session();
    const document = session.documents.change(params.textDocument.uri, params.textDocument.version, params.contentChanges);
    if (!document) return;
    await session.overlay(document.uri);
    diagnostics.schedule();
  };
}

export function didClose(context: Context, diagnostics: Diagnostics) {
  return async (params: DidCloseTextDocumentParams): Promise<void> => {
    await context.session().close(params.textDocument.uri);
    diagnostics.clear(params.textDocument.uri);
    diagnostics.schedule();
  };
}

/** Files created, changed or deleted on disk (the client's watcher says): every project re-reads before its next answer. */
export function didChangeWatchedFiles(context: Context, diagnostics: Diagnostics) {
  return (_params: DidChangeWatchedFilesParams): void => {
    for (const { host } of context.session().workspaces.all()) host.invalidate();
    diagnostics.schedule();
  };
}
