// The World: every .yx file under the project root, parsed and analysed, kept
// fresh as files change on disk, with in-memory overlays (unsaved editor
// buffers, sources passed to a tool) taking precedence over disk.
import { watch, type FSWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { globby } from 'globby';
import type { Parser, Tree } from 'web-tree-sitter';
import { analyzeFile, type FileAnalysis } from '../analysis/analyze.ts';
import { listImports } from '../analysis/imports.ts';
import { SymbolIndex } from '../analysis/navigation.ts';
import { parseOrThrow } from '../syntax/document.ts';
import { createParser } from '../syntax/language.ts';
import { MANIFEST_FILE, type ProjectRoot, toPosix } from './root.ts';
import { parseManifest, type Manifest, type ManifestProblem } from './manifest.ts';
import { fail, ok, type Result } from './errors.ts';
import { firstInvalidUtf8Offset } from '../cli/io.ts';

export const IGNORED_DIRECTORIES = ['.git', '.yaoxiang', 'target', 'node_modules'];

/** Files larger than this are skipped with a problem instead of parsed. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

export interface FileState extends FileAnalysis {
  absolute: string;
  tree: Tree;
  version: number;
  source: 'disk' | 'overlay';
  size: number;
  mtimeMs: number;
}

const READ_BATCH = 64;

type DiskRead =
  | { kind: 'unchanged' }
  | { kind: 'gone' }
  | { kind: 'problem'; message: string }
  | { kind: 'read'; absolute: string; bytes: Buffer; size: number; mtimeMs: number };

export type WorldStatus =
  | { state: 'indexing'; loaded: number; total: number }
  | { state: 'ready'; files: number };

export interface LoadProblem {
  file: string;
  message: string;
}

export class World {
  readonly root: ProjectRoot;
  manifest: Manifest = { fmt: {}, i18n: {} };
  manifestProblems: ManifestProblem[] = [];
  readonly loadProblems: LoadProblem[] = [];
  readonly #files = new Map<string, FileState>();
  readonly #overlays = new Map<string, { text: string; version: number }>();
  #parser: Parser | undefined;
  #status: WorldStatus = { state: 'indexing', loaded: 0, total: 0 };
  #loading: Promise<void> | undefined;
  #watcher: FSWatcher | undefined;
  #dirty = true;
  #index: SymbolIndex | undefined;
  #refreshesStarted = 0;
  /** The latest refresh (by start order) that has finished. */
  #refreshedThrough = 0;

  constructor(root: ProjectRoot) {
    this.root = root;
  }

  get status(): WorldStatus {
    return this.#status;
  }

  /** Starts the first load (once); resolves when it is done. */
  load(options: { watch?: boolean } = {}): Promise<void> {
    this.#loading ??= this.#loadAll(options.watch ?? false);
    return this.#loading;
  }

  /** Waits for the first load, at most `timeoutMs`; true when it finished. */
  async whenReady(timeoutMs: number): Promise<boolean> {
    const loading = this.load();
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      loading.then(() => true),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); }),
    ]);
    if (timer) clearTimeout(timer);
    return done;
  }

  /**
   * A point to pass to files() later: changes on disk made before it are seen
   * by any refresh that starts after it.
   */
  mark(): number {
    return this.#refreshesStarted;
  }

  /**
   * The analysed files, or INDEXING while the first load runs. Brings changed
   * files up to date first, unless `since` (a mark()) is given and a refresh
   * that started after it has already finished: that one saw every change
   * made before the mark, so callers queued behind each other share it.
   */
  async files(since?: number): Promise<Result<ReadonlyMap<string, FileState>>> {
    if (this.#status.state === 'indexing') {
      const { loaded, total } = this.#status;
      return fail('INDEXING', `the workspace is still being indexed (${loaded} of ${total} files)`);
    }
    if (since === undefined || this.#refreshedThrough <= since) await this.refresh();
    this.#resolveImportsIfFilesChanged();
    return ok(this.#files);
  }

  async symbolIndex(since?: number): Promise<Result<SymbolIndex>> {
    const files = await this.files(since);
    if (!files.ok) return files;
    this.#index ??= new SymbolIndex(files.value.values());
    return ok(this.#index);
  }

  /**
   * Puts an editor's unsaved text in front of the file on disk. `tree`, when
   * given, is the text's tree (an editor's incremental re-parse); the World
   * takes ownership of it instead of parsing the text again.
   */
  setOverlay(relative: string, text: string, version = 0, tree?: Tree): FileState {
    this.#overlays.set(relative, { text, version });
    return this.#store(relative, path.join(this.root.root, relative), text, { size: text.length, mtimeMs: 0 }, 'overlay', version, tree);
  }

  /** Files changed on disk (an editor's file watcher said so): the next look re-reads them. */
  invalidate(): void {
    this.#dirty = true;
  }

  async clearOverlay(relative: string): Promise<void> {
    this.#overlays.delete(relative);
    this.#dirty = true;
    await this.refresh();
  }

  /** Re-reads what changed on disk since the last look: size and mtime of every file, new and deleted files. */
  async refresh(): Promise<void> {
    const started = ++this.#refreshesStarted;
    if (!this.#dirty && this.#watcher) {
      this.#refreshedThrough = Math.max(this.#refreshedThrough, started);
      return;
    }
    this.#dirty = false;
    const found = new Set(await this.#discover());
    this.#known = found;
    for (const relative of [...this.#files.keys()]) {
      if (!found.has(relative) && !this.#overlays.has(relative)) this.#remove(relative);
    }
    const pending = [...found].filter((relative) => !this.#overlays.has(relative));
    for (let i = 0; i < pending.length; i += READ_BATCH) {
      const batch = pending.slice(i, i + READ_BATCH);
      const read = await Promise.all(batch.map((relative) => this.#read(relative)));
      batch.forEach((relative, k) => this.#accept(relative, read[k]!));
    }
    this.#refreshedThrough = Math.max(this.#refreshedThrough, started);
  }

  dispose(): void {
    this.#watcher?.close();
    for (const file of this.#files.values()) file.tree.delete();
    this.#files.clear();
    this.#parser?.delete();
  }

  async #loadAll(watchFiles: boolean): Promise<void> {
    this.#parser = await createParser();
    await this.#loadManifest();
    const files = await this.#discover();
    this.#known = new Set(files);
    this.#status = { state: 'indexing', loaded: 0, total: files.length };
    let loaded = 0;
    // Reads overlap (the file system is the slow part); parsing stays sequential.
    for (let i = 0; i < files.length; i += READ_BATCH) {
      const batch = files.slice(i, i + READ_BATCH);
      const read = await Promise.all(batch.map((relative) => this.#read(relative)));
      batch.forEach((relative, k) => this.#accept(relative, read[k]!));
      loaded += batch.length;
      this.#status = { state: 'indexing', loaded, total: files.length };
      // Let queries run (and see INDEXING) while a large workspace loads.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (watchFiles) this.#startWatching();
    this.#dirty = !this.#watcher;
    this.#status = { state: 'ready', files: this.#files.size };
  }

  async #loadManifest(): Promise<void> {
    try {
      const parsed = parseManifest(await readFile(path.join(this.root.root, MANIFEST_FILE), 'utf8'));
      this.manifest = parsed.manifest;
      this.manifestProblems = parsed.problems;
    } catch {
      // No yaoxiang.toml: defaults.
    }
  }

  async #discover(): Promise<string[]> {
    const found = await globby('**/*.yx', {
      cwd: this.root.root,
      gitignore: true,
      ignore: IGNORED_DIRECTORIES.map((dir) => `**/${dir}/**`),
      followSymbolicLinks: false,
      dot: false,
      onlyFiles: true,
    });
    return found.map((p) => toPosix(p)).sort();
  }

  /** Stats and reads a file unless it is unchanged since it was last read. */
  async #read(relative: string): Promise<DiskRead> {
    const absolute = path.join(this.root.root, relative);
    let info;
    try {
      info = await stat(absolute);
    } catch {
      return { kind: 'gone' };
    }
    const known = this.#files.get(relative);
    if (known && known.source === 'disk' && known.size === info.size && known.mtimeMs === info.mtimeMs) return { kind: 'unchanged' };
    if (info.size > MAX_FILE_BYTES) return { kind: 'problem', message: `skipped: ${info.size} bytes is more than the ${MAX_FILE_BYTES}-byte limit` };
    try {
      return { kind: 'read', absolute, bytes: await readFile(absolute), size: info.size, mtimeMs: info.mtimeMs };
    } catch (error) {
      return { kind: 'problem', message: `unreadable: ${(error as Error).message}` };
    }
  }

  #accept(relative: string, read: DiskRead): void {
    switch (read.kind) {
      case 'unchanged':
        return;
      case 'gone':
        this.#remove(relative);
        return;
      case 'problem':
        this.#problem(relative, read.message);
        this.#remove(relative);
        return;
      case 'read': {
        const invalid = firstInvalidUtf8Offset(read.bytes);
        if (invalid !== -1) {
          this.#problem(relative, `not valid UTF-8 (first invalid byte at offset ${invalid})`);
          this.#remove(relative);
          return;
        }
        const version = (this.#files.get(relative)?.version ?? 0) + 1;
        this.#store(relative, read.absolute, read.bytes.toString('utf8'), read, 'disk', version);
      }
    }
  }

  #store(relative: string, absolute: string, text: string, info: { size: number; mtimeMs: number }, source: 'disk' | 'overlay', version: number, parsed?: Tree): FileState {
    const parser = this.#parser;
    if (!parser) throw new Error('World.load() must run before files are stored');
    const old = this.#files.get(relative);
    const tree = parsed ?? parseOrThrow(parser, text);
    if (old?.tree !== tree) old?.tree.delete();
    const state: FileState = {
      ...analyzeFile(tree, relative, text, (candidate) => this.#exists(candidate)),
      absolute,
      tree,
      version,
      source,
      size: info.size,
      mtimeMs: info.mtimeMs,
    };
    this.#files.set(relative, state);
    this.#changed();
    return state;
  }

  /** Files that exist for module resolution: everything discovered, plus overlays. */
  #known = new Set<string>();
  #resolvedFor = '';

  #exists(candidate: string): boolean {
    return this.#known.has(candidate) || this.#files.has(candidate) || this.#overlays.has(candidate);
  }

  /** When files appear or disappear, every file's imports may resolve differently. */
  #resolveImportsIfFilesChanged(): void {
    const key = [...this.#files.keys()].sort().join('\n');
    if (key === this.#resolvedFor) return;
    this.#resolvedFor = key;
    for (const file of this.#files.values()) file.imports = listImports(file.tree, file.path, (candidate) => this.#exists(candidate));
    this.#index = undefined;
  }

  #remove(relative: string): void {
    const old = this.#files.get(relative);
    if (!old) return;
    old.tree.delete();
    this.#files.delete(relative);
    this.#changed();
  }

  #changed(): void {
    this.#index = undefined;
  }

  #problem(file: string, message: string): void {
    this.loadProblems.push({ file, message });
  }

  #startWatching(): void {
    try {
      this.#watcher = watch(this.root.root, { recursive: true, persistent: false }, () => {
        this.#dirty = true;
      });
      this.#watcher.on('error', () => {
        this.#watcher?.close();
        this.#watcher = undefined;
        this.#dirty = true;
      });
    } catch {
      this.#watcher = undefined;
    }
  }
}
