// The reference compiler as an oracle: `check --json FILE` and `format
// --stdout FILE`, one file per call (on a folder `check` stops at the first
// parse error), two calls at a time, answers cached by the command, the file's
// content and the binary's identity.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Finding, Verdict } from './verdict.ts';

export class ReferenceUnavailable extends Error {
  override name = 'ReferenceUnavailable';
}

/** The binary named by YAOXIANG_REFERENCE_BIN; throws ReferenceUnavailable when unset or missing. */
export function referenceBinary(): string {
  const bin = process.env.YAOXIANG_REFERENCE_BIN;
  if (!bin) throw new ReferenceUnavailable('YAOXIANG_REFERENCE_BIN is not set: it must name the reference compiler (yaoxiang v0.7.12)');
  try {
    if (!statSync(bin).isFile()) throw new Error('not a file');
  } catch {
    throw new ReferenceUnavailable(`YAOXIANG_REFERENCE_BIN names no file: ${bin}`);
  }
  return bin;
}

const TIMEOUT_MS = 30_000;

export class ReferenceOracle {
  readonly #bin: string;
  readonly #cacheDir: string;
  readonly #stamp: string;
  readonly #jobs: number;
  /** Reasons of failed calls that may not repeat, so are not cached. */
  readonly #transient = new Set<string>();
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  /** Calls answered from the cache and by running the binary, for the report. */
  cached = 0;
  ran = 0;

  constructor(bin: string, cacheDir: string, jobs = 2) {
    this.#bin = bin;
    this.#cacheDir = cacheDir;
    this.#jobs = jobs;
    const info = statSync(bin);
    // A rebuilt compiler may answer differently: its size and mtime are part of the key.
    this.#stamp = `${path.resolve(bin)}\0${info.size}\0${info.mtimeMs}`;
    mkdirSync(cacheDir, { recursive: true });
  }

  /** The reference's verdict on the file at `absolute` (whose text is `text`). */
  check(absolute: string, text: string): Promise<Verdict> {
    return this.#cached<Verdict>('check', text, async () => {
      const run = await this.#spawn(['check', '--json', path.basename(absolute)], path.dirname(absolute));
      return 'reason' in run ? { kind: 'failed', reason: run.reason } : readReferenceOutput(run.stdout, run.stderr, run.status);
    }, (v) => v.kind === 'failed' ? v.reason : undefined);
  }

  /**
   * The reference formatter's output for the file at `absolute` (`format
   * --stdout FILE`), run in a folder of its own: it reads `./yaoxiang.toml`
   * of its working folder (semantics.md §4.1), which holds `manifest` when
   * one is given, so every file gets the defaults or the same `[fmt]`.
   */
  format(absolute: string, text: string, manifest = ''): Promise<FormatVerdict> {
    // Without a manifest the key is the one earlier runs cached under.
    return this.#cached<FormatVerdict>(manifest === '' ? 'format' : `format\0${manifest}`, text, async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-format-'));
      try {
        if (manifest !== '') writeFileSync(path.join(scratch, 'yaoxiang.toml'), manifest);
        // Its user configuration (XDG_CONFIG_HOME/yaoxiang/config.toml) is looked for in the empty folder too.
        const run = await this.#spawn(['format', '--stdout', path.resolve(absolute)], scratch, { XDG_CONFIG_HOME: scratch });
        return 'reason' in run ? { kind: 'failed', reason: run.reason } : readFormatOutput(run.stdout, run.stderr, run.status);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }, (v) => v.kind === 'failed' ? v.reason : undefined);
  }

  /**
   * `run ENTRY` of a program (its files, by name, written to a folder of their
   * own with a yaoxiang.toml: `run` loads local modules only in a project,
   * `check` never), stdin closed, killed after `timeoutMs`.
   */
  run(files: readonly { name: string; text: string }[], entry: string, timeoutMs = 5_000, attempt = 0): Promise<RunVerdict> {
    return this.#run('run', files, entry, timeoutMs, attempt);
  }

  /** `run` as above, its stderr kept: what the multi-file differential reads the first error from (modules.ts). */
  project(files: readonly { name: string; text: string }[], entry: string, timeoutMs = 5_000): Promise<RunVerdict & { stderr?: string }> {
    // Another cache key than run's: verdicts cached by run have no stderr.
    return this.#run('project', files, entry, timeoutMs, 0);
  }

  #run(command: string, files: readonly { name: string; text: string }[], entry: string, timeoutMs: number, attempt: number): Promise<RunVerdict & { stderr?: string }> {
    // `attempt` runs it again under another cache key: a program whose output varies from run to run (a dict's order) is no judge.
    const key = `run\0${timeoutMs}\0${entry}\0${attempt === 0 ? '' : `${attempt}\0`}${files.map((f) => `${f.name}\0${f.text}`).join('\0')}`;
    return this.#cached<RunVerdict & { stderr?: string }>(command, key, async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), 'yaoxiang-run-'));
      try {
        writeFileSync(path.join(scratch, 'yaoxiang.toml'), PROJECT_MANIFEST);
        for (const f of files) {
          mkdirSync(path.dirname(path.join(scratch, f.name)), { recursive: true });
          writeFileSync(path.join(scratch, f.name), f.text);
        }
        const run = await this.#spawn(['run', entry], scratch, { XDG_CONFIG_HOME: scratch }, timeoutMs);
        if ('reason' in run) return { kind: 'failed', reason: run.reason };
        return { kind: 'ran', status: run.status, stdout: run.stdout, compiled: !/^Compilation failed$/m.test(run.stderr), ...(command === 'run' ? {} : { stderr: run.stderr }) };
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }, (v) => v.kind === 'failed' ? v.reason : undefined);
  }

  async #cached<T>(command: string, text: string, compute: () => Promise<T>, failure: (value: T) => string | undefined): Promise<T> {
    // `check` keys have no command in them, so the check cache of earlier runs stays valid.
    const hash = createHash('sha256').update(this.#stamp).update('\0');
    if (command !== 'check') hash.update(command).update('\0');
    const cacheFile = path.join(this.#cacheDir, `${hash.update(text).digest('hex')}.json`);
    try {
      const value = JSON.parse(readFileSync(cacheFile, 'utf8')) as T;
      this.cached++;
      return value;
    } catch {
      // not cached yet
    }
    await this.#slot();
    let value: T;
    try {
      value = await compute();
      this.ran++;
    } finally {
      this.#release();
    }
    // A timeout or a failed spawn may be the machine's fault, not the program's: not cached. A panic is the program's.
    const reason = failure(value);
    if (reason === undefined || !this.#transient.has(reason)) writeFileSync(cacheFile, JSON.stringify(value));
    return value;
  }

  async #slot(): Promise<void> {
    if (this.#running < this.#jobs) {
      this.#running++;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }

  #spawn(args: string[], cwd: string, env: Record<string, string> = {}, timeoutMs = TIMEOUT_MS): Promise<{ stdout: string; stderr: string; status: number } | { reason: string }> {
    return new Promise((resolve) => {
      const child = spawn(this.#bin, args, {
        cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, RUST_BACKTRACE: '0', NO_COLOR: '1', ...env },
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (b: Buffer) => out.push(b));
      child.stderr.on('data', (b: Buffer) => err.push(b));
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', (e) => {
        clearTimeout(timer);
        const reason = `could not run the reference: ${e.message}`;
        this.#transient.add(reason);
        resolve({ reason });
      });
      child.on('close', (status, signal) => {
        clearTimeout(timer);
        if (signal) {
          const reason = signal === 'SIGKILL' ? `timed out after ${timeoutMs} ms` : `killed by ${signal}`;
          this.#transient.add(reason);
          resolve({ reason });
          return;
        }
        resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), status: status ?? -1 });
      });
    });
  }
}

const PROJECT_MANIFEST = '[package]\nname = "program"\nversion = "0.1.0"\n';

/** What `run` did: its exit status and stdout, and whether it compiled (stderr ends with `Compilation failed` when not); or a failure (a timeout). */
export type RunVerdict =
  | { kind: 'ran'; status: number; stdout: string; compiled: boolean }
  | { kind: 'failed'; reason: string };

/** What `format --stdout` gave: the text, a refusal (the file has an error, semantics.md §4.2), or a failure. */
export type FormatVerdict =
  | { kind: 'formatted'; text: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string };

/**
 * `format --stdout` prints the formatted text on stdout; a file with any
 * error (lexer, parser, type, ownership, termination) prints `PATH:` and
 * `  error[CODE]: message` lines on stderr instead, with exit status 0.
 */
export function readFormatOutput(stdout: string, stderr: string, status: number): FormatVerdict {
  const error = /^\s*error\[([A-Z]\d{4})\]: (.*)$/m.exec(stderr);
  if (error) return { kind: 'refused', reason: `${error[1]}: ${error[2]}` };
  if (/internal error/i.test(stderr)) return { kind: 'failed', reason: stderr.trim().split('\n').slice(0, 2).join(' ').slice(0, 200) };
  if (status !== 0) return { kind: 'failed', reason: `exit ${status}: ${stderr.trim().split('\n')[0]?.slice(0, 200) ?? ''}` };
  return { kind: 'formatted', text: stdout };
}

interface ReferenceJson {
  diagnostics: { severity: string; code: string; message: string; line: number; column: number }[];
}

/**
 * The reference prints its `check --json` document on stdout when the file
 * parses; when it does not, stdout is empty and stderr holds the parser's
 * `Diagnostic` in Rust's Debug form (`code: "E0010", … span: Some(Span {
 * start: Position { line: 3, column: 1, …` or `span: None`).
 */
export function readReferenceOutput(stdout: string, stderr: string, status: number): Verdict {
  if (stdout.trim().startsWith('{')) {
    try {
      const document = JSON.parse(stdout) as ReferenceJson;
      const errors = document.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => ({ code: d.code, line: d.line, column: d.column, message: d.message }));
      return { kind: 'checked', errors };
    } catch (e) {
      return { kind: 'failed', reason: `unreadable JSON (${(e as Error).message})` };
    }
  }
  const debug = /Diagnostic \{ severity: Error, code: "([A-Z]\d{4})", message: "((?:[^"\\]|\\.)*)"/.exec(stderr);
  if (debug) {
    const span = /span: Some\(Span \{ start: Position \{ line: (\d+), column: (\d+)/.exec(stderr.slice(debug.index));
    const finding: Finding = {
      code: debug[1]!,
      line: span ? Number(span[1]) : 0,
      column: span ? Number(span[2]) : 0,
      message: unescapeRustDebug(debug[2]!),
    };
    if (finding.code.startsWith('E0')) return { kind: 'rejected', finding };
    return { kind: 'checked', errors: [finding] };
  }
  const firstLine = stderr.trim().split('\n')[0] ?? '';
  return { kind: 'failed', reason: `exit ${status}, no verdict: ${firstLine.slice(0, 200) || '(no output)'}` };
}

/** The text of a Rust `{:?}` string body: \n, \t, \", \\ and \u{…} escapes. */
function unescapeRustDebug(body: string): string {
  return body.replace(/\\(u\{([0-9a-fA-F]+)\}|.)/g, (_, escape: string, hex: string | undefined) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[escape] ?? escape;
  });
}
