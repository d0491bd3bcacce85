// The server's state: the analysis host (every project file, open documents as
// overlays, the checker's cache, the format thread) and the open documents.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Parser } from 'web-tree-sitter';
import { LSPErrorCodes, ResponseError, type CancellationToken, type Position } from 'vscode-languageserver';
import { AnalysisHost, createParser, type Analysis, type FileState, type ProjectRoot } from '../ide/index.ts';
import { relativePath, toOffset, type Encoding } from './convert.ts';
import { DocumentStore, type OpenDocument } from './documents.ts';

export interface SessionConfig {
  root: ProjectRoot;
  encoding: Encoding;
  /** The client asks for diagnostics (LSP 3.17 pull model) instead of being sent them. */
  pullDiagnostics: boolean;
  /** The client watches files and tells us (`workspace/didChangeWatchedFiles`). */
  clientWatchesFiles: boolean;
}

export interface SessionOptions {
  /**
   * Keep the open documents only, never loading or analysing the project: the
   * server's main thread, whose request workers (threads/) each hold a full
   * session. Loading analyses every file synchronously, and one pathological
   * file would hold the protocol for as long.
   */
  documentsOnly?: boolean;
}

/** A request's file: the workspace snapshot, the file and the cursor offset. */
export interface AtPosition {
  analysis: Analysis;
  file: FileState;
  path: string;
  offset: number;
}

export class Session {
  readonly config: SessionConfig;
  readonly host: AnalysisHost;
  readonly documents: DocumentStore;
  readonly #documentsOnly: boolean;

  private constructor(config: SessionConfig, documentParser: Parser, documentsOnly: boolean) {
    this.config = config;
    this.host = new AnalysisHost(config.root);
    this.documents = new DocumentStore(documentParser, config.encoding);
    this.#documentsOnly = documentsOnly;
  }

  static async start(config: SessionConfig, options: SessionOptions = {}): Promise<Session> {
    const session = new Session(config, await createParser(), options.documentsOnly ?? false);
    if (!session.#documentsOnly) await session.host.load({ watch: true });
    return session;
  }

  get root(): string {
    return this.config.root.root;
  }

  get encoding(): Encoding {
    return this.config.encoding;
  }

  pathOf(uri: string): string | undefined {
    return relativePath(this.root, uri);
  }

  /** A snapshot of every file, open documents as they are in the editor. */
  async analysis(): Promise<Analysis> {
    if (this.#documentsOnly) throw new Error('this session keeps documents only: analysis runs on the request workers');
    const snapshot = await this.host.snapshot();
    if (!snapshot.ok) throw new ResponseError(LSPErrorCodes.ContentModified, snapshot.error.message);
    return snapshot.value;
  }

  async at(uri: string, position: Position, token?: CancellationToken): Promise<AtPosition | undefined> {
    const file = await this.file(uri, token);
    if (!file) return undefined;
    return { ...file, offset: toOffset(file.file.lines, position, this.encoding) };
  }

  async file(uri: string, token?: CancellationToken): Promise<Omit<AtPosition, 'offset'> | undefined> {
    await checkpoint(token);
    const path = this.pathOf(uri);
    if (path === undefined) return undefined;
    const analysis = await this.analysis();
    // Bringing the snapshot up to date takes file-system turns, in which a cancellation may have arrived.
    if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
    const file = analysis.file(path);
    return file ? { analysis, file, path } : undefined;
  }

  /** Puts an open document's text and tree in front of the file on disk. */
  overlay(document: OpenDocument): void {
    if (this.#documentsOnly) return;
    const path = this.pathOf(document.uri);
    if (path !== undefined) this.host.setOverlay(path, document.syntax.text, document.syntax.version, document.syntax.tree.copy());
  }

  async close(uri: string): Promise<void> {
    this.documents.close(uri);
    const path = this.pathOf(uri);
    if (path !== undefined && !this.#documentsOnly) await this.host.clearOverlay(path);
  }

  dispose(): void {
    this.documents.dispose();
    this.host.dispose();
  }
}

/** Lets a pending `$/cancelRequest` arrive, then gives up if it did. */
export async function checkpoint(token: CancellationToken | undefined): Promise<void> {
  if (!token) return;
  await nextTurn();
  if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
}
