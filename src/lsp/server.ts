// `yaoxiang lsp`: the language server on stdio. This file only wires each
// request and notification to its handler; logic lives in handlers/ and the core.
import { format } from 'node:util';
import { createConnection, DidChangeWatchedFilesNotification, ErrorCodes, ProposedFeatures, ResponseError, type CancellationToken, type Diagnostic } from 'vscode-languageserver/node.js';
import { createContext } from './handlers/context.ts';
import { diagnosticPublisher } from './handlers/diagnostics.ts';
import { formatting, rangeFormatting, type FormatAnswer, type FormatSource } from './handlers/formatting.ts';
import { initializeResult, startSession } from './handlers/lifecycle.ts';
import { semanticTokenHandlers } from './handlers/semantic-tokens.ts';
import { watchWorkspaces } from './handlers/workspace-watch.ts';
import { didChange, didChangeWatchedFiles, didClose, didOpen } from './handlers/sync.ts';
import type { Session } from './session.ts';
import { DIAGNOSTICS_JOB, FORMAT_JOB, SEMANTIC_TOKEN_DATA_JOB, type DocumentNote } from './threads/protocol.ts';
import { RequestPool } from './threads/request-pool.ts';

export interface LanguageServerOptions {
  /** How long one request may run before it is answered RequestFailed (default 10 s). */
  budgetMs?: number;
}

/**
 * Starts the server on stdin/stdout; resolves when the client has said `exit`.
 * Requests that analyse run on worker threads (threads/request-pool.ts), each
 * with its own session; this thread keeps the documents, the projects' loading
 * and watching (progress, diagnostics after changes on disk) and the protocol.
 */
export function runLanguageServer(options: LanguageServerOptions = {}): Promise<void> {
  keepStdoutForTheProtocol();
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const context = createContext(connection);
  let session: Session | undefined;
  let requests: RequestPool | undefined;
  const workers = (): RequestPool => {
    if (!requests) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized');
    return requests;
  };
  const offThread = <P, R>(method: string) => (params: P, token: CancellationToken): Promise<R> => workers().run<R>(method, params, token);
  const diagnostics = diagnosticPublisher(context, (uri, signal) => workers().run<Diagnostic[]>(DIAGNOSTICS_JOB, { uri }, undefined, signal));

  connection.onInitialize(async (params) => {
    session = await startSession(params, watchWorkspaces(connection, diagnostics));
    requests = new RequestPool({ config: session.config, documents: session.documents, ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}) });
    context.start(session);
    return initializeResult(session);
  });
  connection.onInitialized(() => {
    // After the answer to initialize: loading reports progress, which may not be sent before it.
    session?.workspaces.openClientFolders();
    if (session?.config.clientWatchesFiles) {
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.yx' }, { globPattern: '**/yaoxiang.toml' }] })
        .catch((error: unknown) => process.stderr.write(`yaoxiang lsp: the client refused to watch files: ${error instanceof Error ? error.message : String(error)}\n`));
    }
  });
  connection.onShutdown(async () => {
    session?.dispose();
    await requests?.dispose();
  });

  // The workers hear every document change (in order, ahead of the requests after it) that this thread keeps.
  const noteDocument = (note: DocumentNote) => requests?.note(note);
  const open = logFailure('didOpen', didOpen(context, diagnostics, noteDocument));
  const change = logFailure('didChange', didChange(context, diagnostics, noteDocument));
  const close = logFailure('didClose', didClose(context, diagnostics, noteDocument));
  const changedOnDisk = didChangeWatchedFiles(context, diagnostics);
  connection.onDidOpenTextDocument(open);
  connection.onDidChangeTextDocument(change);
  connection.onDidCloseTextDocument(close);
  connection.onDidSaveTextDocument(() => diagnostics.schedule());
  connection.onDidChangeWatchedFiles((params) => {
    requests?.note({ kind: 'invalidate' });
    changedOnDisk(params);
  });
  connection.languages.diagnostics.on(offThread('textDocument/diagnostic'));

  connection.onHover(offThread('textDocument/hover'));
  connection.onDefinition(offThread('textDocument/definition'));
  connection.onReferences(offThread('textDocument/references'));
  connection.onDocumentHighlight(offThread('textDocument/documentHighlight'));
  connection.onPrepareRename(offThread('textDocument/prepareRename'));
  connection.onRenameRequest(offThread('textDocument/rename'));
  const formatOnWorker: FormatSource = (request, token) => workers().run<FormatAnswer>(FORMAT_JOB, request, token);
  connection.onDocumentFormatting(formatting(context, formatOnWorker));
  connection.onDocumentRangeFormatting(rangeFormatting(context, formatOnWorker));
  connection.onDocumentSymbol(offThread('textDocument/documentSymbol'));
  connection.onWorkspaceSymbol(offThread('workspace/symbol'));
  connection.onCompletion(offThread('textDocument/completion'));
  connection.onSignatureHelp(offThread('textDocument/signatureHelp'));
  connection.languages.inlayHint.on(offThread('textDocument/inlayHint'));
  const tokens = semanticTokenHandlers((params, token) => workers().run<number[] | undefined>(SEMANTIC_TOKEN_DATA_JOB, params, token));
  connection.languages.semanticTokens.on(tokens.full);
  connection.languages.semanticTokens.onDelta(tokens.delta);
  connection.onFoldingRanges(offThread('textDocument/foldingRange'));
  connection.onSelectionRanges(offThread('textDocument/selectionRange'));
  connection.onCodeAction(offThread('textDocument/codeAction'));

  return new Promise((resolve) => {
    connection.onExit(() => resolve());
    connection.listen();
  });
}

/** A notification handler that waits (for its project's load): its failure is logged, never left to end the process. */
function logFailure<P>(what: string, handler: (params: P) => Promise<void>): (params: P) => void {
  return (params) => void handler(params).catch((error: unknown) => process.stderr.write(`yaoxiang lsp: ${what} failed: ${error instanceof Error ? error.stack : String(error)}\n`));
}

/** Anything written with console.* goes to stderr: stdout carries only the protocol. */
function keepStdoutForTheProtocol(): void {
  const toStderr = (...args: unknown[]) => void process.stderr.write(format(...args) + '\n');
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}
