// Text synchronisation on the main thread: open, incremental change, close.
// The main thread keeps each document's text (for versions and a new worker's
// catch-up) and reschedules diagnostics; the request workers, told of the same
// changes, put them in front of the project. Nothing here parses or analyses.
import { MessageType, ShowMessageNotification, type DidChangeTextDocumentParams, type DidCloseTextDocumentParams, type DidOpenTextDocumentParams } from 'vscode-languageserver';
import { MAX_SOURCE_CHARS } from '../../ide/index.ts';
import type { DocumentNote } from '../threads/protocol.ts';
import type { Context } from './context.ts';

export interface Diagnostics {
  schedule(): void;
  clear(uri: string): void;
}

/**
 * Tells the request workers about a document change, in the order heard, and
 * only for documents kept: one over the size limit never reaches them.
 */
export type NoteDocument = (note: DocumentNote) => void;

export function didOpen(context: Context, diagnostics: Diagnostics, noteDocument: NoteDocument) {
  return (params: DidOpenTextDocumentParams): void => {
    const { uri, languageId, version, text } = params.textDocument;
    if (text.length > MAX_SOURCE_CHARS) return refuseTooLong(context, uri, text.length);
    noteDocument({ kind: 'open', ...params.textDocument });
    context.session().documents.open(uri, languageId, version, text);
    diagnostics.schedule();
  };
}

export function didChange(context: Context, diagnostics: Diagnostics, noteDocument: NoteDocument) {
  return (params: DidChangeTextDocumentParams): void => {
    const documents = context.session().documents;
    const { uri } = params.textDocument;
    const document = documents.change(uri, params.textDocument.version, params.contentChanges);
    if (!document) return;
    const length = document.text.getText().length;
    if (length > MAX_SOURCE_CHARS) {
      noteDocument({ kind: 'close', uri });
      // Grown past the limit: no longer open here, its diagnostics withdrawn.
      documents.close(uri);
      diagnostics.clear(uri);
      diagnostics.schedule();
      return refuseTooLong(context, uri, length);
    }
    noteDocument({ kind: 'change', uri, version: params.textDocument.version, changes: params.contentChanges });
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
  return (params: DidCloseTextDocumentParams): void => {
    noteDocument({ kind: 'close', uri: params.textDocument.uri });
    context.session().documents.close(params.textDocument.uri);
    diagnostics.clear(params.textDocument.uri);
    diagnostics.schedule();
  };
}
