// Text synchronisation: open, incremental change, close, save, and files
// changed on disk; each keeps the World fresh and reschedules diagnostics.
import { MessageType, ShowMessageNotification, type DidChangeTextDocumentParams, type DidChangeWatchedFilesParams, type DidCloseTextDocumentParams, type DidOpenTextDocumentParams } from 'vscode-languageserver';
import { MAX_SOURCE_CHARS } from '../../ide/index.ts';
import type { DocumentNote } from '../threads/protocol.ts';
import type { Context } from './context.ts';

export interface Diagnostics {
  schedule(): void;
  clear(uri: string): void;
}

/**
 * Tells the request workers about a document change. Called before the first
 * await, so the workers hear changes in order, and only for documents kept:
 * one over the size limit never reaches them.
 */
export type NoteDocument = (note: DocumentNote) => void;

export function didOpen(context: Context, diagnostics: Diagnostics, noteDocument: NoteDocument) {
  return async (params: DidOpenTextDocumentParams): Promise<void> => {
    const session = context.session();
    const { uri, languageId, version, text } = params.textDocument;
    if (text.length > MAX_SOURCE_CHARS) return refuseTooLong(context, uri, text.length);
    noteDocument({ kind: 'open', ...params.textDocument });
    session.documents.open(uri, languageId, version, text);
    await session.overlay(uri);
    diagnostics.schedule();
  };
}

export function didChange(context: Context, diagnostics: Diagnostics, noteDocument: NoteDocument) {
  return async (params: DidChangeTextDocumentParams): Promise<void> => {
    const session = context.session();
    const { uri } = params.textDocument;
    const document = session.documents.change(uri, params.textDocument.version, params.contentChanges);
    if (!document) return;
    const length = document.text.getText().length;
    if (length > MAX_SOURCE_CHARS) {
      noteDocument({ kind: 'close', uri });
      // Grown past the limit: no longer open here, its diagnostics withdrawn.
      await session.close(uri);
      diagnostics.clear(uri);
      diagnostics.schedule();
      return refuseTooLong(context, uri, length);
    }
    noteDocument({ kind: 'change', uri, version: params.textDocument.version, changes: params.contentChanges });
    await session.overlay(document.uri);
    diagnostics.schedule();
  };
}

/**
 * A document over the size limit is not kept or analysed (a 20 MB one took
 * 26 s to open and 19 s a keystroke): the user is told why its features stop.
 */
function refuseTooLong(context: Context, uri: string, length: number): void {
  const message = `YaoXiang: ${uri} is ${length} characters; the language server analyses documents of at most ${MAX_SOURCE_CHARS}, so this one has no diagnostics or language features while open.`;
  process.stderr.write(`yaoxiang lsp: ${message}\n`);
  // A notification: `window.showWarningMessage` would send a request, which a client may not serve.
  void context.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
}

export function didClose(context: Context, diagnostics: Diagnostics, noteDocument: NoteDocument) {
  return async (params: DidCloseTextDocumentParams): Promise<void> => {
    noteDocument({ kind: 'close', uri: params.textDocument.uri });
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
