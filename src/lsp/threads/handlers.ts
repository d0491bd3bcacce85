// The requests a worker answers, by method: the same handlers the server had
// on its main thread, given a context whose session is the worker's own.
// The notifications stay on the main thread, which keeps the documents and
// tells the workers; so does what is sent to the client (formatting's warning).
import type { CancellationToken } from 'vscode-languageserver';
import { codeActions } from '../handlers/code-actions.ts';
import { completion } from '../handlers/completion.ts';
import type { Context } from '../handlers/context.ts';
import { diagnosticsOf, pullDiagnostics } from '../handlers/diagnostics.ts';
import { formatAnswer } from '../handlers/formatting.ts';
import { hover } from '../handlers/hover.ts';
import { inlayHints } from '../handlers/inlay.ts';
import { manifestReports } from '../handlers/manifest-diagnostics.ts';
import { definition, documentHighlight, references } from '../handlers/navigation.ts';
import { prepareRename, rename } from '../handlers/rename.ts';
import { semanticTokenData } from '../handlers/semantic-tokens.ts';
import { signatureHelp } from '../handlers/signature.ts';
import { foldingRanges, selectionRanges } from '../handlers/structure.ts';
import { documentSymbols, workspaceSymbols } from '../handlers/symbols.ts';
import { DIAGNOSTICS_JOB, FORMAT_JOB, MANIFEST_DIAGNOSTICS_JOB, SEMANTIC_TOKEN_DATA_JOB } from './protocol.ts';

// Each handler is typed by its own params (so the table takes any of them as `never`); a job's params come
// from the client through the main thread, as the library would have handed them to the handler.
export type WorkerHandler = (params: never, token: CancellationToken) => unknown;

export function workerHandlers(context: Context): Record<string, WorkerHandler> {
  return {
    'textDocument/hover': hover(context),
    'textDocument/definition': definition(context),
    'textDocument/references': references(context),
    'textDocument/documentHighlight': documentHighlight(context),
    'textDocument/prepareRename': prepareRename(context),
    'textDocument/rename': rename(context),
    'textDocument/documentSymbol': documentSymbols(context),
    'workspace/symbol': workspaceSymbols(context),
    'textDocument/completion': completion(context),
    'textDocument/signatureHelp': signatureHelp(context),
    'textDocument/inlayHint': inlayHints(context),
    'textDocument/foldingRange': foldingRanges(context),
    'textDocument/selectionRange': selectionRanges(context),
    'textDocument/codeAction': codeActions(context),
    'textDocument/diagnostic': pullDiagnostics(context),
    [DIAGNOSTICS_JOB]: (params: { uri: string }) => diagnosticsOf(context.session(), params.uri),
    [SEMANTIC_TOKEN_DATA_JOB]: semanticTokenData(context),
    [FORMAT_JOB]: formatAnswer(context),
    [MANIFEST_DIAGNOSTICS_JOB]: () => manifestReports(context.session()),
  };
}
