// How the World reaches the file system. Files change under it at any moment
// (deleted, renamed, swapped for a directory, a FIFO or a symbolic link), so
// every answer here may already be stale, and a path that stops naming a
// regular file is reported as gone rather than thrown. Tests put their own
// disk, with faults at chosen moments, in front of this one.
import { existsSync, readdir } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { globby } from 'globby';
import { describeError, describeKind, isGone, openRegular, readBounded } from './file-access.ts';
import { IGNORE_FILE_NAME, ignoredBy } from './ignore-files.ts';
import { toPosix } from './root.ts';

export const IGNORED_DIRECTORIES = ['.git', '.yaoxiang', 'target', 'node_modules'];

/** A whole project tree, or one folder's own files (a lone file's folder, which may be a home directory). */
export type ListScope = 'tree' | 'folder';

export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export interface FileBytes extends FileStamp {
  bytes: Buffer;
}

/** A folder below the root the walk could not list: its files are missing from the listing. */
export interface UnreadableFolder {
  /** Relative with `/`, ending in `/`. */
  folder: string;
  reason: string;
}

/** What a walk found: the sources, and the folders it skipped. */
export interface SourceListing {
  /** Relative with `/`, sorted. */
  files: string[];
  /** Sorted; always empty for a walk that throws instead of skipping. */
  unreadableFolders: UnreadableFolder[];
}

export interface WorldDisk {
  /**
   * Every .yx file below `root`, relative with `/`, sorted, and the folders
   * that could not be listed; symbolic links are not followed. With `scope`
   * 'folder', only the files directly in `root`.
   */
  list(root: string, scope?: ListScope): Promise<SourceListing>;
  /** The stamp of a regular file; undefined when the path names nothing, or something else. Throws when it cannot be examined. */
  stat(absolute: string): Promise<FileStamp | undefined>;
  /** What a path that names something other than a regular file is ('a symbolic link', 'a directory'); undefined when it names nothing, or a regular file. */
  otherKind?(absolute: string): Promise<string | undefined>;
  /**
   * The bytes of a regular file, at most `limit + 1` of them; undefined when it
   * is not one (any more), or when the file opened does not lie inside `within`
   * (a folder on the way swapped for a link). Throws when it cannot be read.
   */
  read(absolute: string, limit: number, within: string): Promise<FileBytes | undefined>;
  /** The root with every link resolved; without it, the file system's realpath. A disk with no folders keeps the root as it is. */
  realRoot?(root: string): Promise<string>;
}

/**
 * Every .yx file below `root`, relative with `/`, sorted: the one walk the
 * servers' index and the command line share (VCS and build folders skipped,
 * symbolic links not followed, the .gitignore files it meets honoured: see
 * ignore-files.ts). A folder that cannot be read, or a file whose name is
 * not UTF-8 (nothing could open it by the name the walk gives), is skipped
 * with 'skip' (a folder is then named in `unreadableFolders`, so that an
 * answer can say what it did not see), or ends the walk with its error
 * (which names it in `path`) with 'throw'.
 */
export async function listSources(root: string, scope: ListScope, unreadableFolders: 'skip' | 'throw'): Promise<SourceListing> {
  const below = scope === 'folder' ? '' : '**/';
  const skipped: UnreadableFolder[] = [];
  const found = await globby([`${below}*.yx`, `${below}${IGNORE_FILE_NAME}`], {
    cwd: root,
    ignore: IGNORED_DIRECTORIES.map((dir) => `**/${dir}/**`),
    followSymbolicLinks: false,
    dot: false,
    onlyFiles: true,
    suppressErrors: unreadableFolders === 'skip',
    // fast-glob drops a folder it cannot list without a word when errors are suppressed: the listing is watched here to name it.
    fs: { readdir: watchedReaddir(root, skipped) },
  });
  const sources: string[] = [];
  const ignoreFiles: string[] = [];
  for (const file of found) {
    const relative = toPosix(file);
    if (relative.includes('\uFFFD') && !existsSync(path.join(root, relative))) {
      // A name that is not UTF-8 comes back decoded with U+FFFD, which names no file: nothing can open it.
      if (unreadableFolders === 'throw') throw Object.assign(new Error(`${relative}: its name is not valid UTF-8`), { code: 'EILSEQ', path: relative });
      continue;
    }
    (relative.endsWith('.yx') ? sources : ignoreFiles).push(relative);
  }
  const ignored = ignoredBy(root, ignoreFiles);
  const files = ignored.keep(sources).sort();
  // A folder the .gitignore files leave out (a build folder owned by another user) is no loss.
  const kept = new Set(ignored.keepFolders(skipped.map((s) => s.folder)));
  return { files, unreadableFolders: skipped.filter((s) => kept.has(s.folder)).sort((a, b) => (a.folder < b.folder ? -1 : 1)) };
}

/** fs.readdir, noting each folder below `root` it fails on (one that vanished mid-walk is simply gone). */
function watchedReaddir(root: string, skipped: UnreadableFolder[]): typeof readdir {
  type Done = (error: NodeJS.ErrnoException | null, entries: unknown) => void;
  const watched = (folder: string, options: unknown, maybeDone?: Done): void => {
    // Called as readdir(path, done) or readdir(path, options, done).
    const done = (maybeDone ?? options) as Done;
    const noted: Done = (error, entries) => {
      if (error && !isGone(error)) {
        const relative = toPosix(path.relative(root, folder));
        skipped.push({ folder: relative === '' ? './' : `${relative}/`, reason: describeError(error) });
      }
      done(error, entries);
    };
    const untyped = readdir as unknown as (folder: string, ...rest: unknown[]) => void;
    if (maybeDone === undefined) untyped(folder, noted);
    else untyped(folder, options, noted);
  };
  return watched as unknown as typeof readdir;
}

export const nodeDisk: WorldDisk = {
  // A folder that vanishes or cannot be entered mid-walk costs its files, not the whole listing.
  list: (root, scope = 'tree') => listSources(root, scope, 'skip'),

  async stat(absolute) {
    try {
      const info = await lstat(absolute);
      return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : undefined;
    } catch (error) {
      if (isGone(error)) return undefined;
      throw error;
    }
  },

  async otherKind(absolute) {
    try {
      const info = await lstat(absolute);
      return info.isFile() ? undefined : describeKind(info);
    } catch {
      return undefined;
    }
  },

  async read(absolute, limit, within) {
    const opened = await openRegular(absolute, within);
    if (opened.kind !== 'file') return undefined;
    try {
      const bytes = await readBounded(opened.handle, opened.info.size, limit);
      return { bytes, size: opened.info.size, mtimeMs: opened.info.mtimeMs };
    } finally {
      await opened.handle.close();
    }
  },
};
