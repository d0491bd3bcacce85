// initialize: the client's folders, the position encoding and what we serve.
import { TextDocumentSyncKind, type InitializeParams, type InitializeResult, type ServerCapabilities } from 'vscode-languageserver';
import type { Encoding } from '../convert.ts';
import { clientRoots } from '../roots.ts';
import type { Session, SessionConfig } from '../session.ts';
import { SEMANTIC_TOKEN_LEGEND } from './semantic-tokens.ts';

export const SERVER_INFO = { name: 'yaoxiang-analyzer', version: '0.1.0' };

export function capabilities(encoding: Encoding, pullDiagnostics: boolean): ServerCapabilities {
  return {
    positionEncoding: encoding,
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
    // Offered only to clients that can also be told to pull again: pushing to a client that pulls too shows every diagnostic twice.
    ...(pullDiagnostics ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false } } : {}),
    hoverProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    documentHighlightProvider: true,
    renameProvider: { prepareProvider: true },
    documentFormattingProvider: true,
    documentRangeFormattingProvider: true,
    documentSymbolProvider: true,
    workspaceSymbolProvider: true,
    completionProvider: { triggerCharacters: ['.'], resolveProvider: false },
    signatureHelpProvider: { triggerCharacters: ['(', ','] },
    inlayHintProvider: true,
    semanticTokensProvider: { legend: SEMANTIC_TOKEN_LEGEND, full: { delta: true }, range: true },
    foldingRangeProvider: true,
    selectionRangeProvider: true,
    codeActionProvider: { codeActionKinds: ['quickfix'] },
  };
}

/** UTF-8 when the client offers it (no conversion on either side), else LSP's default UTF-16. */
export function negotiateEncoding(params: InitializeParams): Encoding {
  const offered = params.capabilities.general?.positionEncodings ?? [];
  return offered.includes('utf-8') ? 'utf-8' : 'utf-16';
}

/**
 * Pull diagnostics need `workspace/diagnostic/refresh` as well: without it a
 * change to one file (on disk or in another buffer) could never reach the
 * diagnostics of the files that import it. Neovim 0.11 pulls but cannot be
 * refreshed, so it is pushed to, as clients without pull are.
 */
export function wantsPullDiagnostics(params: InitializeParams): boolean {
  return params.capabilities.textDocument?.diagnostic !== undefined && params.capabilities.workspace?.diagnostics?.refreshSupport === true;
}

/**
 * Answers at once whatever the folders hold: no tree is read here, and none
 * at all for a missing folder, `/` or a home directory (roots.ts). The cwd is
 * never a root: a client that names no folder gets one per file opened.
 */
export function sessionConfig(params: InitializeParams): SessionConfig {
  return {
    clientFolders: clientRoots(params),
    encoding: negotiateEncoding(params),
    pullDiagnostics: wantsPullDiagnostics(params),
    clientWatchesFiles: params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
  };
}

export function initializeResult(session: Session): InitializeResult {
  return { capabilities: capabilities(session.encoding, session.config.pullDiagnostics), serverInfo: SERVER_INFO };
}
