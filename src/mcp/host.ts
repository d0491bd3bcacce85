// What the tools share across requests and connections: the project's analysis
// host (loaded in the background at start-up), hosts for sub-directories asked
// for by `workspace_root`, and a queue so that nothing refreshing a workspace
// runs interleaved. MCP's own policies live here: limits, index waiting, codes.
import { realpathSync, statSync } from 'node:fs';
import type { Parser } from 'web-tree-sitter';
import { AnalysisHost, MANIFEST_FILE, resolveInProject, throwIfCancelled, type Analysis, type FileDiagnostic, type FileProblem, type FileState, type FormatJob, type FormatJobResult, type FormatSettings, type ManifestProblem, type ParsedSource, type ProjectRoot, type WorldDisk, type WorldStatus } from '../ide/index.ts';
import { ParsedSources } from './parsed-sources.ts';
import { DEFAULT_LIMITS, ERROR_CODES, ToolError, type Limits, type ToolErrorCode } from './contract.ts';

/** Worlds for sub-directories of the root asked for by `workspace_root`; more are loaded on demand. */
const MAX_EXTRA_WORKSPACES = 4;

export interface HostOptions {
  root: ProjectRoot;
  limits?: Partial<Limits>;
  /**
   * Watch the file system instead of re-reading sizes and mtimes on every call.
   * Off by default: a watcher's events arrive late, so a file an agent wrote
   * just before calling a tool could be missed; a re-stat never misses it.
   */
  watch?: boolean;
  log?: (message: string) => void;
  /** The Worlds' file system; tests inject faults here. */
  disk?: WorldDisk;
}

export class Host {
  readonly root: ProjectRoot;
  readonly limits: Limits;
  readonly log: (message: string) => void;
  readonly #watch: boolean;
  readonly #disk: WorldDisk | undefined;
  readonly #main: AnalysisHost;
  readonly #extra = new Map<string, AnalysisHost>();
  readonly #parsed = new ParsedSources();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: HostOptions) {
    this.root = options.root;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.log = options.log ?? ((message) => process.stderr.write(`yaoxiang mcp: ${message}\n`));
    this.#watch = options.watch ?? false;
    this.#disk = options.disk;
    this.#main = this.#newWorkspace(options.root);
  }

  /** Starts indexing the project without waiting for it. */
  startIndexing(): void {
    const started = Date.now();
    this.#main.load({ watch: this.#watch }).then(
      () => this.log(`indexed ${this.#main.status.state === 'ready' ? this.#main.status.files : 0} file(s) of ${this.root.root} in ${Date.now() - started} ms`),
      (error: unknown) => this.log(`indexing failed: ${(error as Error).stack ?? String(error)}`),
    );
  }

  parser(): Promise<Parser> {
    return this.#main.parser();
  }

  /** The tree (the caller's to delete), lines and syntax diagnostics of a source text sent to a tool; recent texts are kept (parsed-sources.ts). */
  async parseSource(text: string): Promise<ParsedSource> {
    return this.#parsed.parse(await this.parser(), text);
  }

  /** Formats on a worker thread, so that other calls and cancellation are heard meanwhile. */
  format(job: FormatJob, signal: AbortSignal): Promise<FormatJobResult> {
    return this.#main.format(job, signal);
  }

  /**
   * Runs `work` on the files of the workspace `given` names (the project root
   * when absent), once it is indexed, with no other workspace access interleaved.
   * Once `signal` aborts, throws `Cancelled` instead of starting anything more.
   */
  async withFiles<T>(given: string | undefined, work: (analysis: Analysis) => T | Promise<T>, signal?: AbortSignal): Promise<T> {
    const workspace = this.workspace(given);
    // Taken on arrival: a refresh that starts later sees every change the caller made before calling,
    // so under load the calls queued behind one refresh share it instead of each re-reading the disk.
    const since = workspace.mark();
    const ready = await workspace.whenReady(this.limits.indexWaitMs, signal);
    throwIfCancelled(signal);
    if (!ready) throw indexing(workspace.status);
    return this.#serialized(async () => {
      // Cancelled while it waited for its turn: the calls queued behind it need not wait for it too.
      throwIfCancelled(signal);
      const snapshot = await workspace.snapshot(since);
      throwIfCancelled(signal);
      if (!snapshot.ok) throw indexing(workspace.status);
      return work(snapshot.value);
    });
  }

  /** A path argument as a file of the snapshot, refusing anything outside the root. */
  resolveFile(analysis: Analysis, given: string, field: string): FileState {
    // Blank is not a path at all, so not one outside the root either.
    if (given.trim() === '') throw new ToolError(ERROR_CODES.invalidInput, `${field}: ${JSON.stringify(given)} is blank; give a .yx file relative to the project root ${analysis.root}`);
    const resolved = analysis.resolve(given);
    switch (resolved.kind) {
      case 'file':
        return resolved.file;
      case 'outside':
        throw new ToolError(ERROR_CODES.pathOutsideProject, `${field}: ${resolved.message}`);
      case 'problem':
        throw new ToolError(problemCode(resolved.problem), `${field}: ${JSON.stringify(given)} ${problemText(resolved.problem)}`, { file: resolved.problem.file });
      case 'unknown': {
        const known = [...analysis.files.keys()].slice(0, 10);
        throw new ToolError(ERROR_CODES.invalidInput, `${field}: ${JSON.stringify(given)} is not a .yx file of the project at ${analysis.root}. Paths are relative to that root; files: ${known.join(', ')}${analysis.files.size > known.length ? ', …' : ''}`);
      }
    }
  }

  /** The workspace for `given` (absolute, or relative to the root), which must lie inside the root. */
  workspace(given: string | undefined): AnalysisHost {
    if (given === undefined || given === '' || given === '.') return this.#main;
    if (given.trim() === '') throw new ToolError(ERROR_CODES.projectNotFound, `${JSON.stringify(given)} is blank, not a directory inside ${this.root.root}; omit it or give "." for the root`);
    const resolved = resolveInProject(this.root.root, given);
    if (!resolved.ok) throw new ToolError(ERROR_CODES.pathOutsideProject, `${resolved.error.message}. This server serves ${this.root.root}; start it with --project-root to serve another project.`);
    let real: string;
    try {
      if (!statSync(resolved.value.absolute).isDirectory()) throw new Error('not a directory');
      real = realpathSync(resolved.value.absolute);
    } catch {
      throw new ToolError(ERROR_CODES.projectNotFound, `${JSON.stringify(given)} is not a directory inside ${this.root.root}`);
    }
    if (real === this.root.root) return this.#main;
    let workspace = this.#extra.get(real);
    if (!workspace) {
      if (this.#extra.size >= MAX_EXTRA_WORKSPACES) {
        const [oldest, dropped] = this.#extra.entries().next().value as [string, AnalysisHost];
        this.#extra.delete(oldest);
        // In the queue: a call may be checking its files in turns right now, and disposing frees their trees.
        void this.#serialized(async () => dropped.dispose()).catch(() => undefined);
      }
      workspace = this.#newWorkspace({ root: real, source: 'explicit' });
      void workspace.load({ watch: this.#watch }).catch((error: unknown) => this.log(`indexing ${real} failed: ${(error as Error).stack ?? String(error)}`));
      this.#extra.set(real, workspace);
    }
    return workspace;
  }

  /** `[fmt]` of the project's yaoxiang.toml as it is on disk now, and what is wrong with that file. */
  async formatSettings(): Promise<{ settings: FormatSettings; problems: readonly ManifestProblem[] }> {
    const { manifest, problems } = await this.#main.currentManifest();
    return { settings: manifest.fmt, problems };
  }

  dispose(): void {
    this.#parsed.clear();
    this.#main.dispose();
    for (const workspace of this.#extra.values()) workspace.dispose();
  }

  #newWorkspace(root: ProjectRoot): AnalysisHost {
    return new AnalysisHost(root, this.#disk ? { disk: this.#disk } : {});
  }

  #serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

export function problemCode(problem: FileProblem): ToolErrorCode {
  switch (problem.code) {
    case 'UNREADABLE': return ERROR_CODES.fileUnreadable;
    case 'INVALID_UTF8': return ERROR_CODES.fileInvalidUtf8;
    case 'TOO_LARGE': return ERROR_CODES.fileTooLarge;
  }
}

/** Says what is wrong with the file and what to do about it. */
export function problemText(problem: FileProblem): string {
  return `is in the project but cannot be served: ${problem.message}. Fix the ${problem.file.endsWith('/') ? 'folder' : 'file'} on disk; it is read again on the next call.`;
}

/**
 * A problem of the project's yaoxiang.toml as a warning on that file (at the
 * place the TOML parser names, else 1:1): the settings it could not give are
 * at their defaults, which the code's diagnostics do not show.
 */
export function manifestDiagnostic(problem: ManifestProblem): FileDiagnostic {
  const at = { line: problem.line ?? 1, column: problem.column ?? 1 };
  const message = problem.message.startsWith(MANIFEST_FILE) ? problem.message : `${MANIFEST_FILE}: ${problem.message}`;
  return { file: MANIFEST_FILE, code: MANIFEST_INVALID, severity: 'warning', message, range: { start: at, end: at } };
}

export const MANIFEST_INVALID = 'MCP-MANIFEST-INVALID';

function indexing(status: WorldStatus): ToolError {
  const progress = status.state === 'indexing' ? { loaded: status.loaded, total: status.total } : { loaded: 0, total: 0 };
  return new ToolError(ERROR_CODES.indexing, `The project is still being indexed (${progress.loaded} of ${progress.total} files). Retry in a few seconds.`, progress);
}
