// Replacing users' files without ever losing work. Each file is checked to be
// what the new text was computed from (same content hash), to be a regular,
// writable, singly linked file inside the root and not a symbolic link (unless
// forced); the new text goes to a short-named temp file beside it
// (`.yx-XXXXXX`, so a 255-byte file name still fits), synced, with the file's
// mode and, where permitted, owner; the file is checked again to be the very
// file that was read (device, inode, size, mtime, hash) and only then renamed
// over. Several files form one transaction under a journal (write-journal.ts):
// all temps first, all checks, then all renames, so a run killed at any point
// is finished or undone by the next one. From the journal on, the work runs
// synchronously: a SIGINT or SIGTERM that comes meanwhile is handled after
// the transaction has completed or been undone, and then ends the process.
import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, fchmodSync, fchownSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { readRegularFile } from './file-access.ts';
import { hashBytes, identityNowSync, identityOf, sameIdentity, type FileIdentity } from './file-identity.ts';
import type { WorkspaceErrorCode } from './errors.ts';
import { createJournal, readJournalState, recoverWrites, removeJournal, syncFolder, unlinkQuietly, updateJournal, type Journal, type JournalEntry } from './write-journal.ts';

export type WriteRefusalCode =
  | Exclude<WorkspaceErrorCode, 'PROJECT_NOT_FOUND' | 'INDEXING'>
  /** The file is not what the new text was computed from (edited meanwhile). */
  | 'FILE_CHANGED'
  | 'NOT_WRITABLE'
  | 'HARD_LINKED'
  | 'SYMLINK'
  /** Another yaoxiang process is writing in this project. */
  | 'WRITE_IN_PROGRESS'
  /** The temp file could not be written (disk full, permissions of the folder). */
  | 'WRITE_FAILED';

export interface WriteRefusal {
  code: WriteRefusalCode;
  message: string;
  path: string;
}

export interface PlannedWrite {
  /** The file as the user named it (absolute or relative to the working directory). */
  path: string;
  /** sha256 of the text the new text was computed from. */
  expectedHash: string;
  text: string;
}

export interface WriteOptions {
  /** The project root: every file written must lie inside it, links resolved. The journal lives here. */
  root: string;
  /** Write links' targets, hard-linked and read-only files anyway (never outside the root). */
  force: boolean;
  /**
   * True (rename): any refusal writes nothing. False (fmt): files are
   * independent, and a refused one is reported while the others are written.
   */
  allOrNothing: boolean;
  /** Named in the journal, for a person who finds it. */
  command: string;
}

export interface WriteOutcome {
  /** Files written, as given. */
  written: string[];
  refused: WriteRefusal[];
}

interface Prepared {
  plan: PlannedWrite;
  target: string;
  identity: FileIdentity;
  /** The bytes read: what an undo puts back. */
  original: Buffer;
}

/** Writes every planned file, or refuses with reasons; never leaves a temp file behind. */
export async function writeFiles(plans: readonly PlannedWrite[], options: WriteOptions): Promise<WriteOutcome> {
  const realRoot = await realpath(options.root);
  const refused: WriteRefusal[] = [];
  const prepared: Prepared[] = [];
  const checked = new Array<Prepared | WriteRefusal>(plans.length);
  await inPool(plans.map((plan, i) => ({ plan, i })), TEMP_WRITERS, async ({ plan, i }) => {
    checked[i] = await inspect(plan, realRoot, options.force);
  });
  for (const result of checked) {
    if ('code' in result) refused.push(result);
    else prepared.push(result);
  }
  if (prepared.length === 0 || (options.allOrNothing && refused.length > 0)) return { written: [], refused };
  const interrupted = recoverWrites(options.root);
  if (interrupted.kind === 'in-progress') {
    const busy = `another yaoxiang process (pid ${interrupted.pid}) is writing in ${options.root}; try again when it is done`;
    return { written: [], refused: [...refused, ...prepared.map((p) => ({ code: 'WRITE_IN_PROGRESS' as const, message: busy, path: p.plan.path }))] };
  }
  const outcome = await withSignalsWatched((signals) => transact(prepared, realRoot, options, signals));
  return { written: outcome.written, refused: [...refused, ...outcome.refused] };
}

/** Why a planned file must not be written, or what it is now. */
async function inspect(plan: PlannedWrite, realRoot: string, force: boolean): Promise<Prepared | WriteRefusal> {
  const refuse = (code: WriteRefusalCode, why: string): WriteRefusal => ({ code, message: `${plan.path}: ${why}`, path: plan.path });
  const absolute = path.resolve(plan.path);
  try {
    if ((await lstat(absolute)).isSymbolicLink() && !force) {
      return refuse('SYMLINK', 'is a symbolic link; writing would replace the link by a file (--force writes the file it points to)');
    }
  } catch {
    // Gone: the read below says so.
  }
  const read = readRegularFile(plan.path, { within: realRoot });
  if (!read.ok) return { code: read.error.code as WriteRefusalCode, message: read.error.message, path: plan.path };
  const { real, info, bytes } = read.value;
  const identity = identityOf(info, bytes);
  const prepared = { plan, target: real, identity, original: bytes };
  if (identity.hash !== plan.expectedHash) return refuse('FILE_CHANGED', 'changed since it was read; nothing written to it (run the command again)');
  if (force) return prepared;
  if (identity.nlink > 1) return refuse('HARD_LINKED', `has ${identity.nlink} hard links; replacing it would leave the other names with the old text (--force replaces it anyway)`);
  if (!isWritable(real, identity)) return refuse('NOT_WRITABLE', 'is read-only for you (--force replaces it anyway)');
  return prepared;
}

/** Writable by mode bits and by access(2): root passes access(2) even for a 0444 file, which the user made read-only on purpose. */
function isWritable(real: string, identity: FileIdentity): boolean {
  if ((identity.mode & 0o222) === 0) return false;
  try {
    accessSync(real, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

type Entry = JournalEntry & { prepared: Prepared };

/**
 * The journalled part. Temps are written concurrently (their fsyncs overlap);
 * a SIGINT or SIGTERM meanwhile stops the run and removes them. The checks and
 * renames after that run synchronously, so no signal is handled between two renames.
 */
async function transact(prepared: readonly Prepared[], realRoot: string, options: WriteOptions, signals: SignalWatch): Promise<WriteOutcome> {
  const entries: Entry[] = prepared.map((p) => ({
    target: p.target,
    temp: path.join(path.dirname(p.target), tempName()),
    oldHash: p.identity.hash,
    newHash: hashBytes(p.plan.text),
    prepared: p,
  }));
  const journal: Journal = { version: 1, pid: process.pid, command: options.command, state: 'prepared', entries: entries.map(({ prepared: _p, ...entry }) => entry) };
  const created = createJournal(options.root, journal);
  if (created.kind === 'busy') {
    const busy = `another yaoxiang process is writing in ${options.root} (${path.join('.yaoxiang', 'rename-journal.json')}); try again when it is done`;
    return { written: [], refused: prepared.map((p) => ({ code: 'WRITE_IN_PROGRESS', message: busy, path: p.plan.path })) };
  }
  if (created.kind === 'impossible') {
    return { written: [], refused: prepared.map((p) => ({ code: 'WRITE_FAILED', message: `${p.plan.path}: nothing written: ${created.why}`, path: p.plan.path })) };
  }
  const refused: WriteRefusal[] = [];
  const live = new Set(entries);
  const drop = (entry: Entry, code: WriteRefusalCode, why: string) => {
    unlinkQuietly(entry.temp);
    live.delete(entry);
    refused.push({ code, message: `${entry.prepared.plan.path}: ${why}`, path: entry.prepared.plan.path });
  };
  const changed = 'changed while it was being written; nothing written to it (run the command again)';
  try {
    await inPool(entries, TEMP_WRITERS, async (entry) => {
      if (signals.received !== undefined) return;
      try {
        await writeTemp(entry.temp, entry.prepared.plan.text, entry.prepared.identity);
      } catch (error) {
        drop(entry, 'WRITE_FAILED', `cannot write a temporary file beside it: ${(error as Error).message}`);
      }
    });
    if (signals.received !== undefined) {
      const why = `interrupted by ${signals.received} before any file was replaced; nothing written`;
      return rollBack(entries, options.root, prepared.map((p) => ({ code: 'WRITE_FAILED', message: `${p.plan.path}: ${why}`, path: p.plan.path })));
    }
    if (options.allOrNothing) {
      for (const entry of live) if (!unchanged(entry.prepared, realRoot)) drop(entry, 'FILE_CHANGED', changed);
      if (refused.length > 0) return rollBack(entries, options.root, refused);
    }
    const failedRename = (entry: Entry, error: unknown) => drop(entry, 'WRITE_FAILED', `cannot be replaced: ${(error as Error).message}`);
    const undone = commit(entries, live, options, journal, {
      unchanged: (entry) => unchanged(entry.prepared, realRoot),
      changed: (entry) => drop(entry, 'FILE_CHANGED', changed),
      failed: failedRename,
    });
    if (undone) return { written: [], refused };
    return { written: entries.filter((e) => live.has(e)).map((e) => e.prepared.plan.path), refused };
  } catch (error) {
    // Until the journal says `committing` nothing was touched; after, the next command finishes the job.
    const committing = readJournalState(options.root) === 'committing';
    if (!committing) rollBack(entries, options.root, refused);
    const why = `the write stopped (${(error as Error).message}); ${committing ? 'the next yaoxiang command completes or undoes it' : 'nothing was written'}`;
    const stopped = prepared.filter((p) => !refused.some((r) => r.path === p.plan.path));
    return { written: [], refused: [...refused, ...stopped.map((p) => ({ code: 'WRITE_FAILED' as const, message: `${p.plan.path}: ${why}`, path: p.plan.path }))] };
  }
}

interface CommitChecks {
  /** Whether the file is still exactly the one that was read. */
  unchanged(entry: Entry): boolean;
  /** Drops a file edited meanwhile from the run. */
  changed(entry: Entry): void;
  /** Drops a file whose rename failed (a name too long, a folder gone). */
  failed(entry: Entry, error: unknown): void;
}

/**
 * Synchronous from the journal's `committing` to its removal. Each file is
 * checked just before its rename: the smallest window for a concurrent edit.
 * When the files form one transaction, a file edited (or failing) halfway
 * undoes the renames already done and the run writes nothing; returns true then.
 */
function commit(entries: readonly Entry[], live: Set<Entry>, options: WriteOptions, journal: Journal, checks: CommitChecks): boolean {
  updateJournal(options.root, { ...journal, state: 'committing' });
  const renamed: Entry[] = [];
  for (const entry of entries) {
    if (!live.has(entry)) continue;
    if (!checks.unchanged(entry)) {
      checks.changed(entry);
    } else {
      try {
        renameSync(entry.temp, entry.target);
        renamed.push(entry);
        continue;
      } catch (error) {
        checks.failed(entry, error);
      }
    }
    if (options.allOrNothing) {
      undo(renamed, entries.filter((e) => live.has(e) && !renamed.includes(e)), options.root, journal);
      return true;
    }
  }
  for (const folder of new Set(renamed.map((e) => path.dirname(e.target)))) syncFolder(folder);
  removeJournal(options.root);
  return false;
}

/**
 * Puts back the old text of the files already renamed and drops the temps of
 * the others, journalled like the forward run: the undo's temps are listed as
 * spares before they exist, then the journal turns into the undo itself
 * (renamed files: new -> old; pending ones: old -> old, their temps removed),
 * so a kill at any point is finished by the next command.
 */
function undo(renamed: readonly Entry[], pending: readonly Entry[], root: string, journal: Journal): void {
  const restores = renamed.map((entry) => ({ entry, temp: path.join(path.dirname(entry.target), tempName()) }));
  updateJournal(root, { ...journal, state: 'committing', spares: restores.map((r) => r.temp) });
  for (const { entry, temp } of restores) writeTempSync(temp, entry.prepared.original, entry.prepared.identity);
  updateJournal(root, {
    ...journal,
    state: 'committing',
    entries: [
      ...restores.map(({ entry, temp }) => ({ target: entry.target, temp, oldHash: entry.newHash, newHash: entry.oldHash })),
      ...pending.map((entry) => ({ target: entry.target, temp: entry.temp, oldHash: entry.oldHash, newHash: entry.oldHash })),
    ],
  });
  for (const { entry, temp } of restores) {
    // A file edited since we renamed it keeps that edit.
    if (identityNowSync(entry.target, path.dirname(entry.target))?.hash === entry.newHash) renameSync(temp, entry.target);
    else unlinkQuietly(temp);
  }
  for (const entry of pending) unlinkQuietly(entry.temp);
  for (const folder of new Set(renamed.map((e) => path.dirname(e.target)))) syncFolder(folder);
  removeJournal(root);
}

/** How many temps are written at once: their fsyncs overlap, which on a journalling file system costs little more than one. */
const TEMP_WRITERS = 16;

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

function rollBack(entries: readonly JournalEntry[], root: string, refused: WriteRefusal[]): WriteOutcome {
  for (const entry of entries) unlinkQuietly(entry.temp);
  removeJournal(root);
  return { written: [], refused };
}

function unchanged(prepared: Prepared, realRoot: string): boolean {
  const now = identityNowSync(prepared.target, realRoot);
  return now !== undefined && sameIdentity(prepared.identity, now);
}

/** The new text in a fresh file that takes the old one's mode and, where the system lets us, its owner. */
async function writeTemp(temp: string, text: string, identity: FileIdentity): Promise<void> {
  const mode = identity.mode & 0o7777;
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.chmod(mode);
    try {
      await handle.chown(identity.uid, identity.gid);
    } catch {
      // Only root may give a file away; a user's own file keeps its owner anyway.
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** writeTemp, synchronously: an undo runs without yielding to a signal handler. */
function writeTempSync(temp: string, bytes: Buffer, identity: FileIdentity): void {
  const mode = identity.mode & 0o7777;
  const fd = openSync(temp, 'wx', mode);
  try {
    writeFileSync(fd, bytes);
    fchmodSync(fd, mode);
    try {
      fchownSync(fd, identity.uid, identity.gid);
    } catch {
      // As in writeTemp.
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const TEMP_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `.yx-` and six random characters: ten bytes, so any name the folder can hold leaves room for it. */
export function tempName(): string {
  return '.yx-' + [...randomBytes(6)].map((b) => TEMP_ALPHABET[b % TEMP_ALPHABET.length]).join('');
}

interface SignalWatch {
  /** The first SIGINT or SIGTERM that came while the watch was on. */
  received: NodeJS.Signals | undefined;
}

/**
 * Runs `work` with SIGINT and SIGTERM caught: their default action would end
 * the process between two renames, or leave temps behind. `work` sees the
 * signal and stops early; once it is done the process ends as the signal
 * would have ended it.
 */
async function withSignalsWatched<T>(work: (signals: SignalWatch) => Promise<T>): Promise<T> {
  const signals: SignalWatch = { received: undefined };
  const note = (signal: NodeJS.Signals) => {
    signals.received ??= signal;
  };
  process.on('SIGINT', note);
  process.on('SIGTERM', note);
  try {
    return await work(signals);
  } finally {
    // A signal that came during the synchronous commit is delivered on the event loop, after it: look once more then.
    setImmediate(() => {
      process.off('SIGINT', note);
      process.off('SIGTERM', note);
      if (signals.received !== undefined) {
        process.stderr.write(`yaoxiang: ${signals.received} during a write: the write was completed or undone first\n`);
        process.kill(process.pid, signals.received);
      }
    });
  }
}
