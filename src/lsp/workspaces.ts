// The projects a session serves: one analysis host per root, made when the
// first file under it opens (or for each client folder once initialized), so
// that a lone file anywhere gets its own small project (roots.ts says which).
// A host loads in the background: `initialize` never waits for a tree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AnalysisHost, toPosix } from '../ide/index.ts';
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
  readonly #byRoot = new Map<string, Workspace>();
  /** A document keeps the project it was first found in, even if a yaoxiang.toml appears above it later. */
  readonly #located = new Map<string, Located | undefined>();
  #disposed = false;

  constructor(clientFolders: readonly string[], opened: WorkspaceOpened) {
    this.#clientFolders = clientFolders;
    this.#opened = opened;
  }

  /** Starts loading every folder the client named. */
  openClientFolders(): void {
    for (const root of this.#clientFolders) this.#workspace({ root: { root, source: 'explicit' }, scope: 'tree' });
  }

  /** The project of a `file:` URI, made (and its load started) if none holds it yet; undefined for other schemes. */
  locate(uri: string): Located | undefined {
    if (this.#located.has(uri)) return this.#located.get(uri);
    const located = this.#find(uri);
    this.#located.set(uri, located);
    return located;
  }

  all(): Workspace[] {
    return [...this.#byRoot.values()];
  }

  dispose(): void {
    this.#disposed = true;
    for (const workspace of this.#byRoot.values()) workspace.host.dispose();
    this.#byRoot.clear();
  }

  #find(uri: string): Located | undefined {
    if (!uri.startsWith('file:') || this.#disposed) return undefined;
    let file: string;
    try {
      file = realFile(fileURLToPath(uri));
    } catch {
      return undefined; // A file: URI with a host, or otherwise not a local path.
    }
    const workspace = this.#workspace(rootForFile(file, this.#clientFolders));
    return { workspace, path: toPosix(path.relative(workspace.root, file)) };
  }

  #workspace(choice: RootChoice): Workspace {
    const known = this.#byRoot.get(choice.root.root);
    if (known) return known;
    const host = new AnalysisHost(choice.root, { scope: choice.scope });
    const ready = host.load({ watch: true }).catch((error: unknown) => {
      process.stderr.write(`yaoxiang lsp: loading ${choice.root.root} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    });
    const workspace = { root: choice.root.root, host, ready };
    this.#byRoot.set(workspace.root, workspace);
    this.#opened(workspace);
    return workspace;
  }
}
