// `yaoxiang lsp`: the language server on stdio. This file only wires each
// request and notification to its handler; logic lives in handlers/ and the core.
import { format } from 'node:util';
import { createConnection, DidChangeWatchedFilesNotification, ProposedFeatures } from 'vscode-languageserver/node.js';
import { codeActions } from './handlers/code-actions.ts';
import { completion } from './handlers/completion.ts';
import { createContext } from './handlers/context.ts';
import { diagnosticPublisher, pullDiagnostics } from './handlers/diagnostics.ts';
import { formatting, rangeFormatting } from './handlers/formatting.ts';
import { hover } from './handlers/hover.ts';
import { initializeResult, startSession } from './handlers/lifecycle.ts';
import { definition, documentHighlight, references } from './handlers/navigation.ts';
import { prepareRename, rename } from './handlers/rename.ts';
import { inlayHints } from './handlers/inlay.ts';
import { semanticTokenHandlers } from './handlers/semantic-tokens.ts';
import { signatureHelp } from './handlers/signature.ts';
import { foldingRanges, selectionRanges } from './handlers/structure.ts';
import { documentSymbols, workspaceSymbols } from './handlers/symbols.ts';
import { watchWorkspaces } from './handlers/workspace-watch.ts';
import { didChange, didChangeWatchedFiles, didClose, didOpen } from './handlers/sync.ts';
import type { Session } from './session.ts';

/** Starts the server on stdin/stdout; resolves when the client has said `exit`. */
export function runLanguageServer(): Promise<void> {
  keepStdoutForTheProtocol();
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const context = createContext(connection);
  const diagnostics = diagnosticPublisher(context);
  let session: Session | undefined;

  connection.onInitialize(async (params) => {
    session = await startSession(params, watchWorkspaces(connection, diagnostics));
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
  connection.onShutdown(() => session?.dispose());

  connection.onDidOpenTextDocument(logFailure('didOpen', didOpen(context, diagnostics)));
  connection.onDidChangeTextDocument(logFailure('didChange', didChange(context, diagnostics)));
  connection.onDidCloseTextDocument(logFailure('didClose', didClose(context, diagnostics)));
  connection.onDidSaveTextDocument(() => diagnostics.schedule());
  connection.onDidChangeWatchedFiles(didChangeWatchedFiles(context, diagnostics));
  connection.languages.diagnostics.on(pullDiagnostics(context));

  connection.onHover(hover(context));
  connection.onDefinition(definition(context));
  connection.onReferences(references(context));
  connection.onDocumentHighlight(documentHighlight(context));
  connection.onPrepareRename(prepareRename(context));
  connection.onRenameRequest(rename(context));
  connection.onDocumentFormatting(formatting(context));
  connection.onDocumentRangeFormatting(rangeFormatting(context));
  connection.onDocumentSymbol(documentSymbols(context));
  connection.onWorkspaceSymbol(workspaceSymbols(context));
  connection.onCompletion(completion(context));
  connection.onSignatureHelp(signatureHelp(context));
  connection.languages.inlayHint.on(inlayHints(context));
  const tokens = semanticTokenHandlers(context);
  connection.languages.semanticTokens.on(tokens.full);
  connection.languages.semanticTokens.onDelta(tokens.delta);
  connection.onFoldingRanges(foldingRanges(context));
  connection.onSelectionRanges(selectionRanges(context));
  connection.onCodeAction(codeActions(context));

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
