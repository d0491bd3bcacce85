// `yaoxiang lsp`: the language server on stdio. This file only wires each
// request and notification to its handler; logic lives in handlers/ and the core.
import { format } from 'node:util';
import { createConnection, DidChangeWatchedFilesNotification, ErrorCodes, ProposedFeatures, ResponseError, StreamMessageReader, StreamMessageWriter, type CancellationToken, type Diagnostic } from 'vscode-languageserver/node.js';
import { messageBoundary, type MessageBoundary } from './boundary.ts';
import { guardFraming } from './framing.ts';
import { createContext } from './handlers/context.ts';
import { diagnosticPublisher } from './handlers/diagnostics.ts';
import { formatting, rangeFormatting, type FormatAnswer, type FormatSource } from './handlers/formatting.ts';
import { manifestPublisher, type ManifestReport } from './handlers/manifest-diagnostics.ts';
import { initializeResult, sessionConfig } from './handlers/lifecycle.ts';
import { semanticTokenHandlers } from './handlers/semantic-tokens.ts';
import { watchWorkspaces } from './handlers/workspace-watch.ts';
import { didChange, didClose, didOpen } from './handlers/sync.ts';
import { Session } from './session.ts';
import type { WorkspaceEvent } from './handlers/workspace-watch.ts';
import { DIAGNOSTICS_JOB, FORMAT_JOB, MANIFEST_DIAGNOSTICS_JOB, SEMANTIC_TOKEN_DATA_JOB, type DocumentNote } from './threads/protocol.ts';
import { DEFAULT_REQUEST_BUDGET_MS, RequestPool } from './threads/request-pool.ts';

export interface LanguageServerOptions {
  /** How long one request may run before it is answered RequestFailed (default 10 s). */
  budgetMs?: number;
}

/**
 * Starts the server on stdin/stdout; resolves when the client has said `exit`.
 * Requests that analyse run on worker threads (threads/request-pool.ts), each
 * with its own session, which also load and watch the projects and tell this
 * thread of their progress and of changes on disk (handlers/workspace-watch.ts).
 * This thread keeps the documents' text and the protocol only: it never parses
 * or analyses, so a huge document cannot keep it from answering.
 */
export function runLanguageServer(options: LanguageServerOptions = {}): Promise<void> {
  keepStdoutForTheProtocol();
  const log = (line: string) => void process.stderr.write(`${line}\n`);
  // One writer for the connection's answers and the boundary's refusals, so that they never interleave.
  const writer = new StreamMessageWriter(process.stdout);
  const boundary = messageBoundary((answer) => void writer.write(answer), log);
  const write = writer.write.bind(writer);
  // Counted once out (the write's promise settles when the stream has taken the bytes), so an exit after it loses nothing.
  writer.write = (message) => write(message).finally(() => boundary.written(message));
  let draining = false;
  const input = process.stdin.pipe(guardFraming({
    broken: (reason, forwarded) => {
      log(`yaoxiang lsp: the client's message framing is broken (${reason}); no later message can be read, so the server exits once it has answered the requests it read`);
      draining = true;
      exitWhenAnswered(boundary, forwarded, (options.budgetMs ?? DEFAULT_REQUEST_BUDGET_MS) + 1000);
    },
    tooDeep: (body) => boundary.tooDeep(body),
  }));
  // Given streams, the library ends the process when stdin ends; given a reader, it leaves that to us (same codes: LSP wants 1 without shutdown).
  const inputEnded = () => {
    // After a break, the drain decides when to exit.
    if (!draining) process.exit(boundary.shutDown ? 0 : 1);
  };
  process.stdin.on('end', inputEnded);
  process.stdin.on('close', inputEnded);
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(input, { contentTypeDecoder: boundary.decoder }), writer, { messageStrategy: boundary.strategy });
  const context = createContext(connection);
  let session: Session | undefined;
  let requests: RequestPool | undefined;
  const workers = (): RequestPool => {
    if (!requests) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized');
    return requests;
  };
  const offThread = <P, R>(method: string) => (params: P, token: CancellationToken): Promise<R> => workers().run<R>(method, params, token);
  const diagnostics = diagnosticPublisher(context, (uri, signal) => workers().run<Diagnostic[]>(DIAGNOSTICS_JOB, { uri }, undefined, signal));
  const manifests = manifestPublisher(connection, () => workers().run<ManifestReport[]>(MANIFEST_DIAGNOSTICS_JOB, {}));
  // A project loaded, or files changed on disk: the sources' diagnostics and the manifests' problems both may have changed.
  const afterDiskChange = { schedule: () => (diagnostics.schedule(), manifests.schedule()), clear: (uri: string) => diagnostics.clear(uri) };
  const projects = watchWorkspaces(connection, afterDiskChange);

  connection.onInitialize((params) => {
    session = Session.documentsOnly(sessionConfig(params));
    requests = new RequestPool({
      config: session.config,
      documents: session.documents,
      onWorkspaceEvent: (event: WorkspaceEvent) => projects.hear(event),
      ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
    });
    context.start(session);
    return initializeResult(session);
  });
  connection.onInitialized(() => {
    // After the answer to initialize: the workers' loading progress, which may not be sent before it, goes out from now.
    projects.start();
    if (session?.config.clientWatchesFiles) {
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.yx' }, { globPattern: '**/yaoxiang.toml' }] })
        .catch((error: unknown) => process.stderr.write(`yaoxiang lsp: the client refused to watch files: ${error instanceof Error ? error.message : String(error)}\n`));
    }
  });
  connection.onShutdown(() => {
    session?.dispose();
    // Not awaited: a worker deep in a parse takes ~100 ms to be terminated, and the answer need not wait (no job is served after it).
    void requests?.dispose();
  });

  // The workers hear every document change (in order, ahead of the requests after it) that this thread keeps.
  const noteDocument = (note: DocumentNote) => requests?.note(note);
  connection.onDidOpenTextDocument(didOpen(context, diagnostics, noteDocument));
  connection.onDidChangeTextDocument(didChange(context, diagnostics, noteDocument));
  connection.onDidCloseTextDocument(didClose(context, diagnostics, noteDocument));
  connection.onDidSaveTextDocument(() => diagnostics.schedule());
  connection.onDidChangeWatchedFiles(() => {
    // Every worker's projects re-read what changed before their next answer.
    requests?.note({ kind: 'invalidate' });
    afterDiskChange.schedule();
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
  connection.languages.semanticTokens.onRange(tokens.range);
  connection.onFoldingRanges(offThread('textDocument/foldingRange'));
  connection.onSelectionRanges(offThread('textDocument/selectionRange'));
  connection.onCodeAction(offThread('textDocument/codeAction'));

  return new Promise((resolve) => {
    connection.onExit(() => resolve());
    connection.listen();
  });
}

/**
 * Exits 1 once the reader has decoded the `forwarded` bodies passed on before
 * the framing broke and every request among them is answered, or after
 * `waitMs` (the server's request budget and a second), whichever comes first
 * (a handler waiting on the client would otherwise keep a server nobody can
 * talk to alive).
 */
function exitWhenAnswered(boundary: MessageBoundary, forwarded: number, waitMs: number): void {
  const deadline = Date.now() + waitMs;
  const poll = () => {
    if ((boundary.decoded >= forwarded && boundary.unanswered === 0) || Date.now() >= deadline) process.exit(1);
    else setTimeout(poll, 10);
  };
  poll();
}

/** Anything written with console.* goes to stderr: stdout carries only the protocol. */
function keepStdoutForTheProtocol(): void {
  const toStderr = (...args: unknown[]) => void process.stderr.write(format(...args) + '\n');
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}
