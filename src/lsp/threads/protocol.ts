// What the language server's main thread tells its request workers
// (request-worker.ts): jobs (a request's method and params) and notes (the
// open documents' edits and "files changed on disk"), which every worker
// hears in order, so each answers from the documents as the editor has them.
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';

export interface RequestJob {
  method: string;
  params: unknown;
}

export type DocumentNote =
  | { kind: 'open'; uri: string; languageId: string; version: number; text: string }
  | { kind: 'change'; uri: string; version: number; changes: TextDocumentContentChangeEvent[] }
  | { kind: 'close'; uri: string }
  /** Files changed on disk (`workspace/didChangeWatchedFiles`): re-read before the next answer. */
  | { kind: 'invalidate' };

/** Jobs of our own, not LSP methods: the publisher's diagnostics, semantic tokens' data (the delta is kept on the main thread), formatting (its warning is sent from the main thread), the manifests' problems. */
export const DIAGNOSTICS_JOB = 'yaoxiang/diagnostics';
export const SEMANTIC_TOKEN_DATA_JOB = 'yaoxiang/semanticTokenData';
export const FORMAT_JOB = 'yaoxiang/format';
export const MANIFEST_DIAGNOSTICS_JOB = 'yaoxiang/manifestDiagnostics';

/** A ResponseError's parts, which cross the thread where the error itself cannot. */
export interface ResponseParts {
  code: number;
  message: string;
  data?: unknown;
}
