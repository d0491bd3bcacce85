// AnalysisHost: the one owner of a workspace's mutable state (the World with its
// files and overlays, the type checker's cache, the symbol index, the parser and
// the format thread). Front ends change it through its methods and read it only
// through snapshots (Analysis), so loading, caching and cancellation live here once.
import type { Parser, Tree } from 'web-tree-sitter';
import { TypeChecker } from '../analysis/infer/index.ts';
import { createParser } from '../syntax/language.ts';
import { FormatThread, type FormatJob, type FormatJobResult } from '../threads/format-thread.ts';
import type { ListScope, WorldDisk } from '../workspace/disk.ts';
import type { Manifest, ManifestProblem } from '../workspace/manifest.ts';
import type { ProjectRoot } from '../workspace/root.ts';
import { fail, ok, type Result } from '../workspace/errors.ts';
import { World, type DiskChangeListener, type FileProblem, type WorldStatus } from '../workspace/world.ts';
import { Analysis } from './analysis.ts';

export interface AnalysisHostOptions {
  /** The file system the World reads; tests inject faults here. */
  disk?: WorldDisk;
  /** 'folder': only the root's own files, not its subfolders (a lone file's folder). */
  scope?: ListScope;
}

export class AnalysisHost {
  readonly root: ProjectRoot;
  readonly #world: World;
  readonly #checker = new TypeChecker();
  readonly #formatThread = new FormatThread();
  #parser: Promise<Parser> | undefined;

  constructor(root: ProjectRoot, options: AnalysisHostOptions = {}) {
    this.root = root;
    this.#world = new World(root, { ...(options.disk ? { disk: options.disk } : {}), ...(options.scope ? { scope: options.scope } : {}) });
  }

  /** Starts the first load (once); resolves when every file is read. */
  load(options: { watch?: boolean } = {}): Promise<void> {
    return this.#world.load(options);
  }

  /** Waits for the first load, at most `timeoutMs` and not past `signal`; true when it finished. */
  whenReady(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    return this.#world.whenReady(timeoutMs, signal);
  }

  get status(): WorldStatus {
    return this.#world.status;
  }

  get manifest(): Manifest {
    return this.#world.manifest;
  }

  /** yaoxiang.toml as it is on disk now (re-read when it changed), with its problems; answers during the first load too. */
  currentManifest(): Promise<{ manifest: Manifest; problems: readonly ManifestProblem[] }> {
    return this.#world.currentManifest();
  }

  /** Files found on disk but left out (unreadable, not UTF-8, too large), as of the last look. */
  get problems(): ReadonlyMap<string, FileProblem> {
    return this.#world.problems;
  }

  /** A point to pass to snapshot(): changes on disk made before it are seen by the snapshot. */
  mark(): number {
    return this.#world.mark();
  }

  /**
   * The workspace as it is now, brought up to date with the disk first (or
   * sharing a refresh that started after `since`); INDEXING during the first load.
   * Valid until the next change through this host.
   */
  async snapshot(since?: number): Promise<Result<Analysis>> {
    const files = await this.#world.files(since);
    if (!files.ok) return files;
    const index = async () => {
      const found = await this.#world.symbolIndex(since);
      if (!found.ok) throw new Error(found.error.message);
      return found.value;
    };
    return ok(new Analysis(this.root.root, files.value, this.#world.problems, this.#checker, index, this.#world.manifestProblems));
  }

  /** An editor's unsaved text in front of the file on disk; `tree`, when given, becomes the host's. */
  setOverlay(relative: string, text: string, version: number, tree?: Tree): void {
    this.#world.setOverlay(relative, text, version, tree);
  }

  clearOverlay(relative: string): Promise<void> {
    return this.#world.clearOverlay(relative);
  }

  /** The editor's file watcher says files changed: the next snapshot re-reads them. */
  invalidate(): void {
    this.#world.invalidate();
  }

  /** Changes the host's own watcher sees on disk (after load({ watch: true })); returns the unsubscribe. */
  onDiskChange(listener: DiskChangeListener): () => void {
    return this.#world.onDiskChange(listener);
  }

  /** Formats on a worker thread, so that other calls and cancellation are heard meanwhile. */
  format(job: FormatJob, signal: AbortSignal): Promise<FormatJobResult> {
    return this.#formatThread.run(job, signal);
  }

  /** One parser for the host's own parses of sources that are not workspace files. */
  parser(): Promise<Parser> {
    this.#parser ??= createParser();
    return this.#parser;
  }

  dispose(): void {
    this.#world.dispose();
    this.#formatThread.dispose();
    void this.#parser?.then((parser) => parser.delete());
  }
}

/** A host whose first load is done: what a one-shot command works on. */
export async function loadedHost(root: ProjectRoot): Promise<AnalysisHost> {
  const host = new AnalysisHost(root);
  await host.load();
  return host;
}

export { fail };
