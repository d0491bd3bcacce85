// The server's state: the projects (an analysis host each: every project file,
// open documents as overlays, the checker's cache, the format thread; see
// workspaces.ts) and the open documents.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Parser } from 'web-tree-sitter';
import { LSPErrorCodes, ResponseError, type CancellationToken, type Position } from 'vscode-languageserver';
import { createParser, type Analysis, type AnalysisHost, type FileState } from '../ide/index.ts';
import { toOffset, type Encoding } from './convert.ts';
import { DocumentStore, type OpenDocument } from './documents.ts';
import { Workspaces, type Located, type WorkspaceOpened } from './workspaces.ts';

export interface SessionConfig {
  /** The client's folders that can be projects (roots.ts: clientRoots); files elsewhere get a root of their own. */
  clientFolders: readonly string[];
  encoding: Encoding;
  /** The client asks for diagnostics (LSP 3.17 pull model) instead of being sent them. */
  pullDiagnostics: boolean;
  /** The client watches files and tells us (`workspace/didChangeWatchedFiles`). */
  clientWatchesFiles: boolean;
}

/** A request's file: the workspace snapshot, the file and the cursor offset. */
export interface AtPosition {
  analysis: Analysis;
  /** The file's project: its format settings and format thread. */
  host: AnalysisHost;
  file: FileState;
  path: string;
  offset: number;
}

export class Session {
  readonly config: SessionConfig;
  readonly workspaces: Workspaces;
  readonly documents: DocumentStore;

  private constructor(config: SessionConfig, documentParser: Parser | undefined, opened: WorkspaceOpened) {
    this.config = config;
    this.workspaces = new Workspaces(config.clientFolders, opened, (uri) => this.documents.get(uri) !== undefined);
    this.documents = new DocumentStore(documentParser, config.encoding);
  }

  /** Ready at once: projects load in the background as they are first needed. */
  static async start(config: SessionConfig, opened: WorkspaceOpened): Promise<Session> {
    return new Session(config, await createParser(), opened);
  }

  /**
   * The server's main thread: the documents' text only (no tree, no project:
   * loading and analysis are the request workers'), so that it never stalls.
   */
  static documentsOnly(config: SessionConfig): Session {
    return new Session(config, undefined, () => {
      throw new Error('the documents-only session (the main thread) does not load projects');
    });
  }

  get encoding(): Encoding {
    return this.config.encoding;
  }

  /** Every project's snapshot, for workspace-wide requests. */
  async analyses(): Promise<Analysis[]> {
    return Promise.all(this.workspaces.all().map(async ({ host, ready }) => {
      await ready;
      return snapshotOf(host);
    }));
  }

  async at(uri: string, position: Position, token?: CancellationToken): Promise<AtPosition | undefined> {
    const file = await this.file(uri, token);
    if (!file) return undefined;
    return { ...file, offset: toOffset(file.file.lines, position, this.encoding) };
  }

  async file(uri: string, token?: CancellationToken): Promise<Omit<AtPosition, 'offset'> | undefined> {
    await checkpoint(token);
    const located = this.workspaces.locate(uri);
    if (!located) return undefined;
    // A request that comes while the project loads waits for it rather than failing.
    await located.workspace.ready;
    const analysis = await snapshotOf(located.workspace.host);
    // Bringing the snapshot up to date takes file-system turns, in which a cancellation may have arrived.
    if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
    const file = analysis.file(located.path);
    return file ? { analysis, host: located.workspace.host, file, path: located.path } : undefined;
  }

  /**
   * Puts an open document's text and tree in front of the file on disk, once
   * its project has loaded; by then the document may have changed again, or
   * closed, so its state at that moment is what goes in.
   */
  async overlay(uri: string): Promise<void> {
    const located = this.workspaces.locate(uri);
    if (!located) return;
    await located.workspace.ready;
    const document = this.documents.get(uri);
    // A diskless document closed and opened again meanwhile has a new project: the old one is freed.
    if (document && this.workspaces.locate(uri) === located) setOverlay(located, document);
  }

  async close(uri: string): Promise<void> {
    this.documents.close(uri);
    // A diskless document is its own project: closing it frees the project.
    if (this.workspaces.release(uri)) return;
    const located = this.workspaces.locate(uri);
    if (!located) return;
    await located.workspace.ready;
    // Opened again while the project loaded: the new document's overlay stays.
    if (!this.documents.get(uri)) await located.workspace.host.clearOverlay(located.path);
  }

  dispose(): void {
    this.documents.dispose();
    this.workspaces.dispose();
  }
}

async function snapshotOf(host: AnalysisHost): Promise<Analysis> {
  const snapshot = await host.snapshot();
  if (!snapshot.ok) throw new ResponseError(LSPErrorCodes.ContentModified, snapshot.error.message);
  return snapshot.value;
}

function setOverlay({ workspace, path }: Located, document: OpenDocument): void {
  const { syntax, text } = document;
  // A session without a parser keeps no trees: the host parses the text itself.
  if (syntax) workspace.host.setOverlay(path, syntax.text, syntax.version, syntax.tree.copy());
  else workspace.host.setOverlay(path, text.getText(), text.version);
}

/** Lets a pending `$/cancelRequest` arrive, then gives up if it did. */
export async function checkpoint(token: CancellationToken | undefined): Promise<void> {
  if (!token) return;
  await nextTurn();
  if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
}
