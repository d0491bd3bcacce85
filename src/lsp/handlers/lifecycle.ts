// initialize: the project root, the position encoding and what we serve.
import { TextDocumentSyncKind, type InitializeParams, type InitializeResult, type ServerCapabilities } from 'vscode-languageserver';
import { fileURLToPath } from 'node:url';
import { detectProjectRoot } from '../../ide/index.ts';
import type { Encoding } from '../convert.ts';
import { Session, type SessionOptions } from '../session.ts';
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
    semanticTokensProvider: { legend: SEMANTIC_TOKEN_LEGEND, full: { delta: true }, range: false },
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

export async function startSession(params: InitializeParams, options: SessionOptions = {}): Promise<Session> {
  const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
  const explicit = folder?.startsWith('file:') ? fileURLToPath(folder) : params.rootPath ?? undefined;
  const root = detectProjectRoot({ ...(explicit ? { explicit } : {}), cwd: process.cwd() });
  if (!root.ok) throw new Error(root.error.message);
  return Session.start({
    root: root.value,
    encoding: negotiateEncoding(params),
    pullDiagnostics: wantsPullDiagnostics(params),
    clientWatchesFiles: params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
  }, options);
}

export function initializeResult(session: Session): InitializeResult {
  return { capabilities: capabilities(session.encoding, session.config.pullDiagnostics), serverInfo: SERVER_INFO };
}
