// The World: every .yx file under the project root, parsed and analysed, kept
// fresh as files change on disk, with in-memory overlays (unsaved editor
// buffers, sources passed to a tool) taking precedence over disk.
import { watch, type FSWatcher } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Parser, Tree } from 'web-tree-sitter';
import { LazyFileAnalysis, type EditedFileMemos, type FileAnalysis } from '../analysis/analyze.ts';
import { syntaxMemo } from '../analysis/diagnostics/syntax.ts';
import { importItemMemo } from '../analysis/incremental/import-items.ts';
import { ModelMemo } from '../analysis/incremental/model-items.ts';
import type { FileExists } from '../analysis/imports.ts';
import { SymbolIndex } from '../analysis/navigation.ts';
import { parseOrThrow } from '../syntax/document.ts';
import { createParser } from '../syntax/language.ts';
import { MANIFEST_FILE, toPosix, type ProjectRoot } from './root.ts';
import { parseManifest, type Manifest, type ManifestProblem } from './manifest.ts';
import { MAX_FILE_BYTES } from './file-access.ts';
import { nodeDisk, type FileBytes, type FileStamp, type ListScope, type SourceListing, type UnreadableFolder, type WorldDisk } from './disk.ts';
import { fail, ok, type Result, type WorkspaceErrorCode } from './errors.ts';
import { firstInvalidUtf8Offset } from './utf8.ts';

/** Files larger than this are skipped with a problem instead of parsed. */
export { MAX_FILE_BYTES };

/**
 * The source a World keeps parsed, in characters, over all the files it read
 * from disk. Every kept tree lives in web-tree-sitter's WASM memory, which
 * cannot grow past 2 GiB and aborts the process when it must (about 30 bytes
 * a character: a /tmp of 134,000 .yx files did it). Past the budget, a file
 * is a problem like a file over MAX_FILE_BYTES, not a crash; files an editor
 * opened are kept whatever the budget. 16 Mi characters: half a million lines.
 */
export const MAX_WORLD_CHARS = 16 * 1024 * 1024;

export interface FileState extends FileAnalysis {
  absolute: string;
  tree: Tree;
  version: number;
  source: 'disk' | 'overlay';
  size: number;
  mtimeMs: number;
}

/** A stored file: parsed when stored, analysed part by part when first asked (LazyFileAnalysis). */
class StoredFile extends LazyFileAnalysis implements FileState {
  readonly absolute: string;
  readonly version: number;
  readonly source: 'disk' | 'overlay';
  readonly size: number;
  readonly mtimeMs: number;

  constructor(relative: string, absolute: string, text: string, tree: Tree, stamp: FileStamp, source: 'disk' | 'overlay', version: number, exists: FileExists, memos: EditedFileMemos | undefined) {
    super(tree, relative, text, exists, memos);
    this.absolute = absolute;
    this.version = version;
    this.source = source;
    this.size = stamp.size;
    this.mtimeMs = stamp.mtimeMs;
  }
}

const READ_BATCH = 64;

/** No yaoxiang.toml (or none readable): every setting at its default. */
const DEFAULT_MANIFEST: Manifest = Object.freeze({ fmt: Object.freeze({}), i18n: Object.freeze({}) });

type DiskRead =
  | { kind: 'unchanged' }
  | { kind: 'gone' }
  | { kind: 'problem'; problem: FileProblem }
  | { kind: 'over budget'; stamp: FileStamp }
  | ({ kind: 'read'; absolute: string } & FileBytes);

export type WorldStatus =
  | { state: 'indexing'; loaded: number; total: number }
  | { state: 'ready'; files: number };

/** A file on disk the World cannot serve; it is left out until it changes. */
export interface FileProblem {
  file: string;
  code: Extract<WorkspaceErrorCode, 'UNREADABLE' | 'INVALID_UTF8' | 'TOO_LARGE'>;
  message: string;
  /** The file as it was when it failed; unchanged, it is not read again (unreadable ones always are). */
  stamp?: FileStamp;
}

export interface WorldOptions {
  disk?: WorldDisk;
  /** 'folder': the root's own files only, listed and watched without descending (single-file mode). */
  scope?: ListScope;
  /** The source kept parsed (MAX_WORLD_CHARS by default): tests set a small one. */
  maxChars?: number;
}

/** Told of a change on disk below the root: the path relative to it, when the system says. */
export type DiskChangeListener = (relative: string | undefined) => void;

export class World {
  readonly root: ProjectRoot;
  manifest: Manifest = DEFAULT_MANIFEST;
  manifestProblems: readonly ManifestProblem[] = [];
  /** The manifest's size and mtime when it was last read; undefined when there was none to read. */
  #manifestStamp: FileStamp | undefined;
  readonly #disk: WorldDisk;
  readonly #scope: ListScope;
  readonly #diskListeners = new Set<DiskChangeListener>();
  readonly #files = new Map<string, StoredFile>();
  /** The characters of every file in #files: what MAX_WORLD_CHARS bounds. */
  #keptChars = 0;
  readonly #maxChars: number;
  /** Files skipped past the budget: unchanged, they are not read again until files kept leave room. */
  readonly #overBudget = new Set<string>();
  readonly #problems = new Map<string, FileProblem>();
  readonly #overlays = new Map<string, { text: string; version: number }>();
  /** Each edited file's per-item syntax checks and imports, so that a keystroke re-reads only the items it changed. */
  readonly #editedFileMemos = new Map<string, EditedFileMemos>();
  #parser: Parser | undefined;
  /** The root with every link resolved: what a file that was opened must lie inside. */
  #realRoot: string;
  #status: WorldStatus = { state: 'indexing', loaded: 0, total: 0 };
  #loading: Promise<void> | undefined;
  #watcher: FSWatcher | undefined;
  #dirty = true;
  #refreshing: Promise<void> | undefined;
  #disposed = false;
  #index: SymbolIndex | undefined;
  #refreshesStarted = 0;
  /** The latest refresh (by start order) that has finished. */
  #refreshedThrough = 0;

  constructor(root: ProjectRoot, options: WorldOptions = {}) {
    this.root = root;
    this.#realRoot = root.root;
    this.#disk = options.disk ?? nodeDisk;
    this.#scope = options.scope ?? 'tree';
    this.#maxChars = options.maxChars ?? MAX_WORLD_CHARS;
  }

  /**
   * Calls `listener` whenever the World's own watcher sees a change (only when
   * loaded with `watch`), so that a front end can act without being asked,
   * e.g. re-diagnose open files. Returns the unsubscribe.
   */
  onDiskChange(listener: DiskChangeListener): () => void {
    this.#diskListeners.add(listener);
    return () => this.#diskListeners.delete(listener);
  }

  get status(): WorldStatus {
    return this.#status;
  }

  /** Files found on disk but left out, by path: unreadable, not UTF-8, too large. Current as of the last look. */
  get problems(): ReadonlyMap<string, FileProblem> {
    return this.#problems;
  }

  /** Starts the first load (once); resolves when it is done. */
  load(options: { watch?: boolean } = {}): Promise<void> {
    this.#loading ??= this.#loadAll(options.watch ?? false);
    return this.#loading;
  }

  /** Waits for the first load, at most `timeoutMs` and not past `signal`; true when it finished. */
  async whenReady(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    const loading = this.load();
    let timer: NodeJS.Timeout | undefined;
    let stop: (() => void) | undefined;
    const done = await Promise.race([
      loading.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
        stop = () => resolve(false);
        if (signal?.aborted) stop();
        signal?.addEventListener('abort', stop, { once: true });
      }),
    ]);
    if (timer) clearTimeout(timer);
    if (stop) signal?.removeEventListener('abort', stop);
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
    if (!this.#editedFileMemos.has(relative)) this.#editedFileMemos.set(relative, { syntax: syntaxMemo(), imports: importItemMemo(), model: new ModelMemo() });
    this.#problems.delete(relative);
    return this.#store(relative, path.join(this.root.root, relative), text, { size: text.length, mtimeMs: 0 }, 'overlay', version, tree);
  }

  /** Files changed on disk (an editor's file watcher said so): the next look re-reads them. */
  invalidate(): void {
    this.#dirty = true;
  }

  async clearOverlay(relative: string): Promise<void> {
    this.#overlays.delete(relative);
    this.#editedFileMemos.delete(relative);
    this.#dirty = true;
    await this.refresh();
  }

  /** Re-reads what changed on disk since the last look: size and mtime of every file, new and deleted files. */
  async refresh(): Promise<void> {
    await this.#loading;
    // One pass at a time: two interleaved passes would store, and free, the same file's trees twice.
    while (this.#refreshing) await this.#refreshing.catch(() => undefined);
    if (this.#disposed) return;
    // Numbered when the pass begins, after any wait: it sees every change made before now.
    const started = ++this.#refreshesStarted;
    if (!this.#dirty && this.#watcher) {
      this.#refreshedThrough = Math.max(this.#refreshedThrough, started);
      return;
    }
    this.#refreshing = this.#refreshOnce().then((complete) => {
      if (complete) this.#refreshedThrough = Math.max(this.#refreshedThrough, started);
    }).finally(() => { this.#refreshing = undefined; });
    return this.#refreshing;
  }

  dispose(): void {
    this.#disposed = true;
    this.#diskListeners.clear();
    this.#watcher?.close();
    for (const file of this.#files.values()) file.tree.delete();
    this.#files.clear();
    this.#keptChars = 0;
    this.#parser?.delete();
  }

  /** False when the listing failed and nothing was re-read. */
  async #refreshOnce(): Promise<boolean> {
    this.#dirty = false;
    await this.#loadManifest();
    const listed = await this.#discover();
    if (listed === undefined) {
      // Keep what we have rather than drop every file because one listing failed.
      this.#dirty = true;
      return false;
    }
    const found = new Set(listed.files);
    this.#known = found;
    for (const relative of [...this.#files.keys()]) {
      if (!found.has(relative) && !this.#overlays.has(relative)) this.#remove(relative);
    }
    for (const relative of [...this.#problems.keys()]) if (!found.has(relative)) this.#problems.delete(relative);
    this.#noteUnreadableFolders(listed.unreadableFolders);
    await this.#readAll([...found].filter((relative) => !this.#overlays.has(relative)));
    return true;
  }

  async #loadAll(watchFiles: boolean): Promise<void> {
    this.#parser = await createParser();
    // ProjectRoot promises a resolved root, but a caller's own may not be: containment is checked against the real one.
    const real = this.#disk.realRoot ? this.#disk.realRoot(this.root.root) : realpath(this.root.root);
    this.#realRoot = await real.catch(() => this.root.root);
    await this.#loadManifest();
    // Watching before the listing: a file changed while the load runs marks the World dirty instead of going unseen.
    if (watchFiles) this.#startWatching();
    this.#dirty = false;
    const listed = await this.#discover();
    const files = listed?.files ?? [];
    this.#noteUnreadableFolders(listed?.unreadableFolders ?? []);
    this.#known = new Set(files);
    this.#status = { state: 'indexing', loaded: 0, total: files.length };
    await this.#readAll(files, (loaded) => {
      this.#status = { state: 'indexing', loaded, total: files.length };
    });
    if (!this.#watcher) this.#dirty = true;
    this.#status = { state: 'ready', files: this.#files.size };
  }

  /** Reads overlap (the file system is the slow part); parsing stays sequential. */
  async #readAll(files: readonly string[], progress?: (loaded: number) => void): Promise<void> {
    for (let i = 0; i < files.length && !this.#disposed; i += READ_BATCH) {
      const batch = files.slice(i, i + READ_BATCH);
      const read = await Promise.all(batch.map((relative) => this.#read(relative)));
      if (this.#disposed) return;
      batch.forEach((relative, k) => this.#accept(relative, read[k]!));
      progress?.(i + batch.length);
      // Let queries run (and see INDEXING, or a cancellation) while a large workspace loads.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * yaoxiang.toml as it is on disk now, read again when its size or mtime
   * changed since the last look (one stat otherwise): a `[fmt]` edited while a
   * server runs applies to the next format, and its problems are the file's
   * current ones. No manifest gives the defaults; one that cannot be read
   * gives the defaults and says why.
   */
  async currentManifest(): Promise<{ manifest: Manifest; problems: readonly ManifestProblem[] }> {
    await this.#loadManifest();
    return { manifest: this.manifest, problems: this.manifestProblems };
  }

  async #loadManifest(): Promise<void> {
    const file = path.join(this.root.root, MANIFEST_FILE);
    const unreadable = (error: unknown) => this.#setManifest(DEFAULT_MANIFEST, [{ message: `yaoxiang.toml cannot be read (${(error as Error).message}); the default settings apply` }], undefined);
    let stamp: FileStamp | undefined;
    try {
      stamp = await this.#disk.stat(file);
    } catch (error) {
      return unreadable(error);
    }
    if (stamp === undefined) {
      // Links are not followed (as for sources): one here would otherwise be taken, silently, for no manifest.
      const kind = await this.#disk.otherKind?.(file);
      const problems = kind === undefined ? [] : [{ message: `yaoxiang.toml is ${kind}, not a regular file (links are not followed); the default settings apply` }];
      return this.#setManifest(DEFAULT_MANIFEST, problems, undefined);
    }
    if (this.#manifestStamp && sameStamp(this.#manifestStamp, stamp)) return;
    try {
      const read = await this.#disk.read(file, MAX_FILE_BYTES, this.#realRoot);
      if (!read) return this.#setManifest(DEFAULT_MANIFEST, [], undefined);
      if (read.bytes.length > MAX_FILE_BYTES) return unreadable(new Error(`it is over ${MAX_FILE_BYTES} bytes`));
      const parsed = parseManifest(read.bytes.toString('utf8'));
      this.#setManifest(parsed.manifest, parsed.problems, read);
    } catch (error) {
      unreadable(error);
    }
  }

  #setManifest(manifest: Manifest, problems: ManifestProblem[], stamp: FileStamp | undefined): void {
    this.manifest = manifest;
    this.manifestProblems = problems;
    this.#manifestStamp = stamp && { size: stamp.size, mtimeMs: stamp.mtimeMs };
  }

  /** The .yx files on disk, or undefined when the root cannot be listed at all. */
  async #discover(): Promise<SourceListing | undefined> {
    try {
      return await this.#disk.list(this.root.root, this.#scope);
    } catch {
      return undefined;
    }
  }
  /**
   * A folder below the root the listing could not read is a problem of the
   * World like an unreadable file (keyed by its path ending in `/`): answers
   * that cover the project say its files are missing, and a rename refuses.
   */
  #noteUnreadableFolders(folders: readonly UnreadableFolder[]): void {
    for (const key of [...this.#problems.keys()]) if (key.endsWith('/')) this.#problems.delete(key);
    for (const { folder, reason } of folders) {
      this.#problems.set(folder, { file: folder, code: 'UNREADABLE', message: `the folder cannot be read (${reason}): its .yx files are left out` });
    }
  }


  /**
   * Stats and reads a file unless it is unchanged since it was last read. The
   * file may change between any two steps; whatever it turns out to be is an
   * answer, never an exception.
   */
  async #read(relative: string): Promise<DiskRead> {
    const absolute = path.join(this.root.root, relative);
    const unreadable = (error: unknown): DiskRead => ({ kind: 'problem', problem: { file: relative, code: 'UNREADABLE', message: `unreadable: ${(error as Error).message}` } });
    let stamp: FileStamp | undefined;
    try {
      stamp = await this.#disk.stat(absolute);
    } catch (error) {
      return unreadable(error);
    }
    if (!stamp) return { kind: 'gone' };
    const known = this.#files.get(relative);
    if (known && known.source === 'disk' && sameStamp(known, stamp)) return { kind: 'unchanged' };
    const problem = this.#problems.get(relative);
    if (problem?.stamp && sameStamp(problem.stamp, stamp)) return { kind: 'unchanged' };
    const tooLarge = (size: number): DiskRead => ({ kind: 'problem', problem: { file: relative, code: 'TOO_LARGE', message: `skipped: ${size} bytes is more than the ${MAX_FILE_BYTES}-byte limit`, stamp } });
    if (stamp.size > MAX_FILE_BYTES) return tooLarge(stamp.size);
    // A UTF-8 file holds at least a third as many UTF-16 units as bytes: past the budget even so, it is not read.
    if (!this.#fitsBudget(relative, Math.ceil(stamp.size / 3))) return { kind: 'over budget', stamp };
    let read: FileBytes | undefined;
    try {
      read = await this.#disk.read(absolute, MAX_FILE_BYTES, this.#realRoot);
    } catch (error) {
      return unreadable(error);
    }
    if (!read) return { kind: 'gone' };
    if (read.bytes.length > MAX_FILE_BYTES) return tooLarge(read.bytes.length);
    const invalid = firstInvalidUtf8Offset(read.bytes);
    if (invalid !== -1) {
      return { kind: 'problem', problem: { file: relative, code: 'INVALID_UTF8', message: `not valid UTF-8 (first invalid byte at offset ${invalid})`, stamp: { size: read.size, mtimeMs: read.mtimeMs } } };
    }
    return { kind: 'read', absolute, ...read };
  }

  #accept(relative: string, read: DiskRead): void {
    // An editor opened the file while it was being read: its buffer wins.
    if (this.#overlays.has(relative)) return;
    switch (read.kind) {
      case 'unchanged':
        return;
      case 'gone':
        this.#known.delete(relative);
        this.#problems.delete(relative);
        this.#remove(relative);
        return;
      case 'problem':
        this.#problems.set(relative, read.problem);
        this.#remove(relative);
        return;
      case 'over budget':
        this.#skipOverBudget(relative, read.stamp);
        return;
      case 'read': {
        const text = read.bytes.toString('utf8');
        if (!this.#fitsBudget(relative, text.length)) {
          this.#skipOverBudget(relative, { size: read.size, mtimeMs: read.mtimeMs });
          return;
        }
        this.#problems.delete(relative);
        const version = (this.#files.get(relative)?.version ?? 0) + 1;
        this.#store(relative, read.absolute, text, read, 'disk', version);
      }
    }
  }

  #store(relative: string, absolute: string, text: string, info: FileStamp, source: 'disk' | 'overlay', version: number, parsed?: Tree): FileState {
    const parser = this.#parser;
    if (!parser) throw new Error('World.load() must run before files are stored');
    const old = this.#files.get(relative);
    const tree = parsed ?? parseOrThrow(parser, text);
    // Only the parse now: the analysis is made when something reads it (a huge file does not hold up requests on the others).
    const memos = source === 'overlay' ? this.#editedFileMemos.get(relative) : undefined;
    const state = new StoredFile(relative, absolute, text, tree, info, source, version, (candidate) => this.#exists(candidate), memos);
    if (old && old.tree !== tree) old.tree.delete();
    this.#keep(text.length - (old?.text.length ?? 0));
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
    // Everything #exists consults: a file listed but gone before it was read changes #known alone.
    const key = [...new Set([...this.#known, ...this.#files.keys(), ...this.#overlays.keys()])].sort().join('\n');
    if (key === this.#resolvedFor) return;
    this.#resolvedFor = key;
    for (const file of this.#files.values()) file.resolveImportsAgain();
    this.#index = undefined;
  }

  #remove(relative: string): void {
    const old = this.#files.get(relative);
    if (!old) return;
    old.tree.delete();
    this.#keep(-old.text.length);
    this.#files.delete(relative);
    this.#changed();
  }

  /** Whether `relative` kept with `chars` characters (in place of what it holds now) stays within the budget. */
  #fitsBudget(relative: string, chars: number): boolean {
    return this.#keptChars - (this.#files.get(relative)?.text.length ?? 0) + chars <= this.#maxChars;
  }

  /** A file past the budget: a problem, not read again unchanged until files kept leave room. */
  #skipOverBudget(relative: string, stamp: FileStamp): void {
    this.#remove(relative);
    this.#problems.set(relative, { file: relative, code: 'TOO_LARGE', message: `skipped: the project's other files fill the ${this.#maxChars}-character budget of source kept parsed`, stamp });
    this.#overBudget.add(relative);
  }

  /** Counts `chars` more kept parsed; fewer leave room for the files skipped past the budget, read again on the next refresh. */
  #keep(chars: number): void {
    this.#keptChars += chars;
    if (chars >= 0 || this.#overBudget.size === 0) return;
    for (const relative of this.#overBudget) {
      const problem = this.#problems.get(relative);
      if (problem?.code === 'TOO_LARGE') this.#problems.set(relative, { file: problem.file, code: problem.code, message: problem.message });
    }
    this.#overBudget.clear();
  }

  #changed(): void {
    this.#index = undefined;
  }

  #startWatching(): void {
    try {
      this.#watcher = watch(this.root.root, { recursive: this.#scope === 'tree', persistent: false }, (_event, filename) => {
        this.#dirty = true;
        const relative = typeof filename === 'string' ? toPosix(filename) : undefined;
        for (const listener of this.#diskListeners) listener(relative);
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

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs;
}
