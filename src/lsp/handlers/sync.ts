// Text synchronisation on the main thread: open, incremental change, close,
// and files changed on disk. The main thread keeps each document's text (for
// versions and a new worker's catch-up) and reschedules diagnostics; the
// request workers, told of the same changes, put them in front of the project.
import type { DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver';
import type { Context } from './context.ts';

export interface Diagnostics {
  schedule(): void;
  clear(uri: string): void;
}

export function didOpen(context: Context, diagnostics: Diagnostics) {
  return (params: DidOpenTextDocumentParams): void => {
    const { uri, languageId, version, text } = params.textDocument;
    context.session().documents.open(uri, languageId, version, text);
    diagnostics.schedule();
  };
}

export function didChange(context: Context, diagnostics: Diagnostics) {
  return (params: DidChangeTextDocumentParams): void => {
    if (context.session().documents.change(params.textDocument.uri, params.textDocument.version, params.contentChanges)) diagnostics.schedule();
  };
}

export function didClose(context: Context, diagnostics: Diagnostics) {
  return (params: DidCloseTextDocumentParams): void => {
    context.session().documents.close(params.textDocument.uri);
    diagnostics.clear(params.textDocument.uri);
    diagnostics.schedule();
  };
}
