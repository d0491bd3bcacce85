// The server's state: the World (every project file, open documents as
// overlays), the type checker's per-file cache, and the open documents.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Parser } from 'web-tree-sitter';
import { LSPErrorCodes, ResponseError, type CancellationToken, type Position } from 'vscode-languageserver';
import { TypeChecker } from '../analysis/infer/index.ts';
import { createParser } from '../syntax/language.ts';
import { FormatThread } from '../threads/format-thread.ts';
import type { ProjectRoot } from '../workspace/root.ts';
import { World, type FileState } from '../workspace/world.ts';
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

/** A request's file: the workspace snapshot, the file and the cursor offset. */
export interface AtPosition {
  files: ReadonlyMap<string, FileState>;
  file: FileState;
  path: string;
  offset: number;
}

export class Session {
  readonly config: SessionConfig;
  readonly world: World;
  readonly checker = new TypeChecker();
  readonly documents: DocumentStore;
  /** Formatting runs on a worker thread: a long one can be cancelled, and other requests are heard meanwhile. */
  readonly formatter = new FormatThread();

  private constructor(config: SessionConfig, documentParser: Parser) {
    this.config = config;
    this.world = new World(config.root);
    this.documents = new DocumentStore(documentParser, config.encoding);
  }

  static async start(config: SessionConfig): Promise<Session> {
    const session = new Session(config, await createParser());
    await session.world.load({ watch: true });
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

  /** Every file, open documents as they are in the editor. */
  async files(): Promise<ReadonlyMap<string, FileState>> {
    const files = await this.world.files();
    if (!files.ok) throw new ResponseError(LSPErrorCodes.ContentModified, files.error.message);
    return files.value;
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
    const files = await this.files();
    // Bringing the World up to date takes file-system turns, in which a cancellation may have arrived.
    if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
    const file = files.get(path);
    return file ? { files, file, path } : undefined;
  }

  /** Puts an open document's text and tree in front of the file on disk. */
  overlay(document: OpenDocument): void {
    const path = this.pathOf(document.uri);
    if (path !== undefined) this.world.setOverlay(path, document.syntax.text, document.syntax.version, document.syntax.tree.copy());
  }

  async close(uri: string): Promise<void> {
    this.documents.close(uri);
    const path = this.pathOf(uri);
    if (path !== undefined) await this.world.clearOverlay(path);
  }

  dispose(): void {
    this.documents.dispose();
    this.world.dispose();
    this.formatter.dispose();
  }
}

/** Lets a pending `$/cancelRequest` arrive, then gives up if it did. */
export async function checkpoint(token: CancellationToken | undefined): Promise<void> {
  if (!token) return;
  await nextTurn();
  if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
}
