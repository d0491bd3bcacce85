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
import { accessSync, constants, renameSync } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { hashBytes, identityNowSync, readRegularFile, sameIdentity, type FileIdentity } from './file-access.ts';
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
  const read = await readRegularFile(plan.path, { within: realRoot });
  if (!read.ok) return { code: read.error.code as WriteRefusalCode, message: read.error.message, path: plan.path };
  const { real, identity } = read.value;
  if (identity.hash !== plan.expectedHash) return refuse('FILE_CHANGED', 'changed since it was read; nothing written to it (run the command again)');
  if (force) return { plan, target: real, identity };
  if (identity.nlink > 1) return refuse('HARD_LINKED', `has ${identity.nlink} hard links; replacing it would leave the other names with the old text (--force replaces it anyway)`);
  if (!isWritable(real, identity)) return refuse('NOT_WRITABLE', 'is read-only for you (--force replaces it anyway)');
  return { plan, target: real, identity };
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
  if (!createJournal(options.root, journal)) {
    const busy = `another yaoxiang process is writing in ${options.root} (${path.join('.yaoxiang', 'rename-journal.json')}); try again when it is done`;
    return { written: [], refused: prepared.map((p) => ({ code: 'WRITE_IN_PROGRESS', message: busy, path: p.plan.path })) };
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
    commit(entries, live, options, realRoot, journal, (entry) => drop(entry, 'FILE_CHANGED', changed));
    return { written: entries.filter((e) => live.has(e)).map((e) => e.prepared.plan.path), refused };
  } catch (error) {
    // Until the journal says `committing` nothing was touched; after, the next command finishes the job.
    if (readJournalState(options.root) !== 'committing') rollBack(entries, options.root, refused);
    throw error;
  }
}

/** Synchronous from the journal's `committing` to its removal. */
function commit(entries: readonly Entry[], live: Set<Entry>, options: WriteOptions, realRoot: string, journal: Journal, changedMeanwhile: (entry: Entry) => void): void {
  updateJournal(options.root, { ...journal, state: 'committing' });
  const folders = new Set<string>();
  for (const entry of entries) {
    if (!live.has(entry)) continue;
    // Files written independently are checked each just before its rename: the smallest window for a concurrent edit.
    if (!options.allOrNothing && !unchanged(entry.prepared, realRoot)) {
      changedMeanwhile(entry);
      continue;
    }
    renameSync(entry.temp, entry.target);
    folders.add(path.dirname(entry.target));
  }
  for (const folder of folders) syncFolder(folder);
  removeJournal(options.root);
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
