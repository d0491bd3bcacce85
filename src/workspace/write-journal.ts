// The journal of a write in progress, `.yaoxiang/rename-journal.json` at the
// project root. It exists from before the first temporary file is created
// until after the last one is gone, and lists every file with its temporary
// file and the hashes of its old and new text. A run that was killed leaves it
// behind; the next command reads it and finishes the run (state `committing`:
// every temp whose target still holds the old text is renamed over it) or undoes
// it (state `prepared`: the temps are removed, no file was touched yet).
// It is also the lock: a second writer finds it and waits for no one, refusing.
import { closeSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { describeError } from './file-access.ts';
import { identityNowSync } from './file-identity.ts';
import { isWithin } from './root.ts';

export const JOURNAL_DIR = '.yaoxiang';
export const JOURNAL_FILE = 'rename-journal.json';

export type JournalState = 'prepared' | 'committing';

export interface JournalEntry {
  /** The file replaced, absolute, links resolved. */
  target: string;
  /** Its temporary file in the same folder. */
  temp: string;
  oldHash: string;
  newHash: string;
}

export interface Journal {
  version: 1;
  pid: number;
  command: string;
  state: JournalState;
  entries: JournalEntry[];
  /**
   * Temporary files that belong to no entry (those an undo writes before the
   * journal describes the undo): removed by recovery whatever the state.
   */
  spares?: string[];
}

export interface Recovery {
  /** What was found: nothing, a finished or undone run, or a run still going on in another process. */
  kind: 'none' | 'completed' | 'rolled-back' | 'in-progress';
  /** Files renamed (completed) or left untouched (rolled back). */
  files: number;
  /** Files of a completed run that had been changed since, left as they are. */
  skipped: string[];
  pid?: number;
}

export function journalPath(root: string): string {
  return path.join(root, JOURNAL_DIR, JOURNAL_FILE);
}

export type JournalCreation =
  | { kind: 'created' }
  /** Another run's journal is there. */
  | { kind: 'busy' }
  /** The journal cannot be kept at the root: `why` says so in words a user can act on. */
  | { kind: 'impossible'; why: string };

/**
 * Creates the journal, complete or not at all: written to a file of its own
 * and linked into place, which fails when another run's journal is there.
 */
export function createJournal(root: string, journal: Journal): JournalCreation {
  const folder = path.join(root, JOURNAL_DIR);
  const inTheWay = { kind: 'impossible', why: `${folder} is not a folder (a file or a symbolic link), and a write keeps its journal there: move it away` } as const;
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EEXIST' || code === 'ENOTDIR' ? inTheWay : { kind: 'impossible', why: `cannot create ${folder}, where a write keeps its journal: ${describeError(error)}` };
  }
  // A link would put the journal, and recovery's deletions, wherever it leads.
  if (!isOwnFolder(folder)) return inTheWay;
  let staged: string;
  try {
    staged = writeStaged(root, journal);
  } catch (error) {
    return { kind: 'impossible', why: `cannot write a journal in ${folder}: ${describeError(error)}` };
  }
  try {
    linkSync(staged, journalPath(root));
    syncFolder(folder);
    return { kind: 'created' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { kind: 'busy' };
    return { kind: 'impossible', why: `cannot write a journal in ${folder}: ${describeError(error)}` };
  } finally {
    unlinkQuietly(staged);
  }
}

/** Whether `folder` is a folder itself, not a link to one (or to anything else). */
function isOwnFolder(folder: string): boolean {
  try {
    return lstatSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/** Moves the journal to a new state, atomically (write beside it, rename over it). */
export function updateJournal(root: string, journal: Journal): void {
  renameSync(writeStaged(root, journal), journalPath(root));
  syncFolder(path.join(root, JOURNAL_DIR));
}

/** The state of the journal at `root`, or undefined when there is none (or it cannot be read). */
export function readJournalState(root: string): JournalState | undefined {
  try {
    return parseJournal(readFileSync(journalPath(root), 'utf8'), realpathSync(root))?.state;
  } catch {
    return undefined;
  }
}

/** Removes the journal, and the .yaoxiang folder when nothing else is in it. */
export function removeJournal(root: string): void {
  unlinkQuietly(journalPath(root));
  removeEmptyJournalFolder(root);
}

function removeEmptyJournalFolder(root: string): void {
  try {
    rmdirSync(path.join(root, JOURNAL_DIR));
  } catch {
    // Not empty (other tools' files) or already gone: left alone.
  }
}

/**
 * Finishes or undoes the run a journal at `root` describes, unless the
 * process that wrote it is still running. Never throws for a damaged journal:
 * one that cannot be read was being created, before any temp existed.
 */
export function recoverWrites(root: string): Recovery {
  // Only a journal the project holds itself is acted on: through a linked .yaoxiang, another folder's would be.
  if (!isOwnFolder(path.join(root, JOURNAL_DIR))) return { kind: 'none', files: 0, skipped: [] };
  const realRoot = realpathSync(root);
  removeDeadStagedJournals(root);
  let text: string;
  try {
    text = readFileSync(journalPath(root), 'utf8');
  } catch {
    // A run killed between making the folder and linking its journal in leaves the folder, empty.
    removeEmptyJournalFolder(root);
    return { kind: 'none', files: 0, skipped: [] };
  }
  const journal = parseJournal(text, realRoot);
  if (journal === undefined) {
    removeJournal(root);
    return { kind: 'none', files: 0, skipped: [] };
  }
  if (journal.pid !== process.pid && isAlive(journal.pid)) return { kind: 'in-progress', files: journal.entries.length, skipped: [], pid: journal.pid };
  for (const spare of journal.spares ?? []) unlinkQuietly(spare);
  if (journal.state === 'prepared') {
    for (const entry of journal.entries) unlinkQuietly(entry.temp);
    removeJournal(root);
    return { kind: 'rolled-back', files: journal.entries.length, skipped: [] };
  }
  const result = completeEntries(journal.entries, realRoot);
  removeJournal(root);
  return { kind: 'completed', files: journal.entries.length, skipped: result.skipped };
}

/**
 * Renames every temp whose target still holds the old text over it; a target
 * already holding the new text is done; one holding anything else was edited
 * after the run stopped and is kept, its temp removed.
 */
function completeEntries(entries: readonly JournalEntry[], within: string): { skipped: string[] } {
  const skipped: string[] = [];
  const folders = new Set<string>();
  for (const entry of entries) {
    const now = identityNowSync(entry.target, within)?.hash;
    const temp = identityNowSync(entry.temp, within)?.hash;
    if (now === entry.oldHash && temp === entry.newHash) {
      renameSync(entry.temp, entry.target);
      folders.add(path.dirname(entry.target));
      continue;
    }
    unlinkQuietly(entry.temp);
    if (now !== entry.newHash) skipped.push(entry.target);
  }
  for (const folder of folders) syncFolder(folder);
  return { skipped };
}

export function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems cannot sync a folder; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/**
 * The journal, when well formed and every file it names is a `.yx-` temp, or
 * a target, in a folder of the project reached without links: recovery deletes
 * and renames what it names, so a journal a project ships (or a damaged one)
 * must not reach outside it. Anything else reads as no journal.
 */
function parseJournal(text: string, realRoot: string): Journal | undefined {
  let value: Journal;
  try {
    value = JSON.parse(text) as Journal;
  } catch {
    return undefined;
  }
  const inProject = (file: unknown): file is string => typeof file === 'string' && path.isAbsolute(file) && isRealFolderWithin(realRoot, path.dirname(file));
  const isTemp = (file: unknown): file is string => inProject(file) && path.basename(file).startsWith('.yx-');
  const valid = typeof value === 'object' && value !== null && value.version === 1 && Number.isSafeInteger(value.pid) && (value.state === 'prepared' || value.state === 'committing')
    && Array.isArray(value.entries)
    && value.entries.every((e) => typeof e === 'object' && e !== null && inProject(e.target) && isTemp(e.temp) && typeof e.oldHash === 'string' && typeof e.newHash === 'string'
      && path.dirname(e.temp) === path.dirname(e.target))
    && (value.spares === undefined || (Array.isArray(value.spares) && value.spares.every(isTemp)));
  return valid ? value : undefined;
}

/** Whether `folder` lies inside `realRoot` and is its own real path (no link on the way). */
function isRealFolderWithin(realRoot: string, folder: string): boolean {
  if (!isWithin(realRoot, folder)) return false;
  try {
    return realpathSync(folder) === folder;
  } catch {
    return false;
  }
}

/** The journal's text in `.yaoxiang/.yx-journal-PID`, synced; the PID lets a later run remove it if this one dies. */
function writeStaged(root: string, journal: Journal): string {
  const staged = path.join(root, JOURNAL_DIR, `${STAGED_PREFIX}${process.pid}`);
  const fd = openSync(staged, 'w', 0o644);
  try {
    writeSync(fd, JSON.stringify(journal, null, 1) + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return staged;
}

const STAGED_PREFIX = '.yx-journal-';

function removeDeadStagedJournals(root: string): void {
  let names: string[];
  try {
    names = readdirSync(path.join(root, JOURNAL_DIR));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(STAGED_PREFIX)) continue;
    const pid = Number(name.slice(STAGED_PREFIX.length));
    if (pid === process.pid || !isAlive(pid)) unlinkQuietly(path.join(root, JOURNAL_DIR, name));
  }
}

/** Whether a yaoxiang process of that id runs: on Linux its command line must name yaoxiang, since ids are reused. */
function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('yaoxiang');
  } catch {
    return true;
  }
}
