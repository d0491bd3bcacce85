// The projects a session serves: one analysis host per root, made when the
// first file under it opens (or for each client folder once initialized), so
// that a lone file anywhere gets its own small project (roots.ts says which).
// A host loads in the background: `initialize` never waits for a tree.
// A document with no file on disk (untitled:, other schemes) is a project of
// its own (diskless-documents.ts), made when it opens and freed when it closes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AnalysisHost, toPosix } from '../ide/index.ts';
import { uriOf } from './convert.ts';
import { disklessFileName, disklessRoot, isDiskless, NO_DISK } from './diskless-documents.ts';
import { realFile, rootForFile, type RootChoice } from './roots.ts';

export interface Workspace {
  readonly root: string;
  readonly host: AnalysisHost;
  /** Resolves (never rejects) when the first load is over. */
  readonly ready: Promise<void>;
}

/** A document's project, and its path there (relative, `/`-separated). */
export interface Located {
  workspace: Workspace;
  path: string;
}

/** Told of each workspace as it is made, before its load finishes: where progress and watching are wired. */
export type WorkspaceOpened = (workspace: Workspace) => void;

export class Workspaces {
  readonly #clientFolders: readonly string[];
  readonly #opened: WorkspaceOpened;
  readonly #isOpen: (uri: string) => boolean;
  readonly #byRoot = new Map<string, Workspace>();
  /** A document keeps the project it was first found in, even if a yaoxiang.toml appears above it later. */
  readonly #located = new Map<string, Located | undefined>();
  /** The projects of diskless documents, by URI (which is also their root). */
  readonly #diskless = new Map<string, Located>();
  #disposed = false;

  /** `isOpen`: whether the client has the document open; a diskless document's project lives only meanwhile. */
  constructor(clientFolders: readonly string[], opened: WorkspaceOpened, isOpen: (uri: string) => boolean) {
    this.#clientFolders = clientFolders;
    this.#opened = opened;
    this.#isOpen = isOpen;
  }

  /** Starts loading every folder the client named. */
  openClientFolders(): void {
    for (const root of this.#clientFolders) this.#workspace({ root: { root, source: 'explicit' }, scope: 'tree' });
  }

  /**
   * The project of a URI, made (and its load started) if none holds it yet.
   * A diskless document's is its own, made only while it is open: a request
   * after it closed finds none rather than making one that nothing would free.
   */
  locate(uri: string): Located | undefined {
    if (isDiskless(uri)) return this.#disklessProject(uri);
    if (this.#located.has(uri)) return this.#located.get(uri);
    const located = this.#find(uri);
    this.#located.set(uri, located);
    return located;
  }

  /**
   * The document closed: a diskless one's project goes with it (true). A
   * `file:` document's project stays, for its other files (false).
   */
  release(uri: string): boolean {
    if (!isDiskless(uri)) return false;
    this.#diskless.get(uri)?.workspace.host.dispose();
    this.#diskless.delete(uri);
    return true;
  }

  /** The URI of a project's file: the document itself for a diskless project, else the file's `file:` URI. */
  uriOf(root: string, relative: string): string {
    return this.#diskless.has(root) ? root : uriOf(root, relative);
  }

  /** The projects of folders on disk (not those of diskless documents). */
  onDisk(): Workspace[] {
    return [...this.#byRoot.values()];
  }

  all(): Workspace[] {
    return [...this.#byRoot.values(), ...[...this.#diskless.values()].map((located) => located.workspace)];
  }

  dispose(): void {
    this.#disposed = true;
    for (const workspace of this.all()) workspace.host.dispose();
    this.#byRoot.clear();
    this.#diskless.clear();
  }

  #find(uri: string): Located | undefined {
    if (this.#disposed) return undefined;
    const file = realFile(fileURLToPath(uri));
    const workspace = this.#workspace(rootForFile(file, this.#clientFolders));
    return { workspace, path: toPosix(path.relative(workspace.root, file)) };
  }

  #workspace(choice: RootChoice): Workspace {
    const known = this.#byRoot.get(choice.root.root);
    if (known) return known;
    const host = new AnalysisHost(choice.root, { scope: choice.scope });
    const ready = loadInBackground(host, { watch: true });
    const workspace = { root: choice.root.root, host, ready };
    this.#byRoot.set(workspace.root, workspace);
    this.#opened(workspace);
    return workspace;
  }

  /** Loaded without a watcher and without progress: there is no tree to read or watch. */
  #disklessProject(uri: string): Located | undefined {
    const known = this.#diskless.get(uri);
    if (known) return known;
    if (this.#disposed || !this.#isOpen(uri)) return undefined;
    const host = new AnalysisHost(disklessRoot(uri), { disk: NO_DISK, scope: 'folder' });
    const ready = loadInBackground(host, { watch: false });
    const located = { workspace: { root: host.root.root, host, ready }, path: disklessFileName(uri) };
    this.#diskless.set(uri, located);
    return located;
  }
}

/** The host's first load; a failure is logged, and requests then find the project empty. */
function loadInBackground(host: AnalysisHost, options: { watch: boolean }): Promise<void> {
  return host.load(options).catch((error: unknown) => {
    process.stderr.write(`yaoxiang lsp: loading ${host.root.root} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  });
}
