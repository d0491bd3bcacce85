// How the World reaches the file system. Files change under it at any moment
// (deleted, renamed, swapped for a directory, a FIFO or a symbolic link), so
// every answer here may already be stale, and a path that stops naming a
// regular file is reported as gone rather than thrown. Tests put their own
// disk, with faults at chosen moments, in front of this one.
import { constants } from 'node:fs';
import { lstat, open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import { globby } from 'globby';
import { isWithin, toPosix } from './root.ts';

export const IGNORED_DIRECTORIES = ['.git', '.yaoxiang', 'target', 'node_modules'];

export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export interface FileBytes extends FileStamp {
  bytes: Buffer;
}

export interface WorldDisk {
  /** Every .yx file below `root`, relative with `/`, sorted; symbolic links are not followed. */
  list(root: string): Promise<string[]>;
  /** The stamp of a regular file; undefined when the path names nothing, or something else. Throws when it cannot be examined. */
  stat(absolute: string): Promise<FileStamp | undefined>;
  /**
   * The bytes of a regular file, at most `limit + 1` of them; undefined when it
   * is not one (any more), or when the file opened does not lie inside `within`
   * (a folder on the way swapped for a link). Throws when it cannot be read.
   */
  read(absolute: string, limit: number, within: string): Promise<FileBytes | undefined>;
}

/** Errors that mean "there is no such file here", not "the file is there but broken". */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ENAMETOOLONG', 'EISDIR']);

function isGone(error: unknown): boolean {
  return GONE.has((error as NodeJS.ErrnoException).code ?? '');
}

// O_NOFOLLOW: a file swapped for a link after it was listed is not followed out
// of the root or into /dev/zero. O_NONBLOCK: opening a FIFO does not wait for a writer.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

const READ_CHUNK = 64 * 1024;

export const nodeDisk: WorldDisk = {
  async list(root) {
    const found = await globby('**/*.yx', {
      cwd: root,
      gitignore: true,
      ignore: IGNORED_DIRECTORIES.map((dir) => `**/${dir}/**`),
      followSymbolicLinks: false,
      dot: false,
      onlyFiles: true,
      // A folder that vanishes or cannot be entered mid-walk costs its files, not the whole listing.
      suppressErrors: true,
    });
    return found.map((p) => toPosix(p)).sort();
  },

  async stat(absolute) {
    try {
      const info = await lstat(absolute);
      return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : undefined;
    } catch (error) {
      if (isGone(error)) return undefined;
      throw error;
    }
  },

  async read(absolute, limit, within) {
    let handle;
    try {
      handle = await open(absolute, OPEN_FLAGS);
    } catch (error) {
      if (isGone(error)) return undefined;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) return undefined;
      if (!(await openedWithin(handle, absolute, within))) return undefined;
      // Read to the end rather than trusting the size: the file may grow or shrink meanwhile.
      const chunks: Buffer[] = [];
      let total = 0;
      while (total <= limit) {
        const chunk = Buffer.allocUnsafe(Math.min(limit + 1 - total, Math.max(info.size - total + 1, READ_CHUNK)));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
        if (bytesRead === 0) break;
        chunks.push(chunk.subarray(0, bytesRead));
        total += bytesRead;
      }
      return { bytes: Buffer.concat(chunks, total), size: info.size, mtimeMs: info.mtimeMs };
    } finally {
      await handle.close();
    }
  },
};

/**
 * O_NOFOLLOW guards only the last component: a folder on the way that became a
 * link after the listing would lead the open out of the root. So the file that
 * was actually opened is checked: on Linux by the path the kernel holds for the
 * descriptor; elsewhere by resolving the path now and requiring that it lies
 * inside and names the same file (device and inode) as the descriptor.
 */
async function openedWithin(handle: FileHandle, absolute: string, within: string): Promise<boolean> {
  if (process.platform === 'linux') {
    try {
      return isWithin(within, await readlink(`/proc/self/fd/${handle.fd}`));
    } catch {
      // No /proc (a minimal container): the portable check below.
    }
  }
  try {
    const resolved = await realpath(absolute);
    if (!isWithin(within, resolved)) return false;
    const [opened, named] = await Promise.all([handle.stat(), stat(resolved)]);
    return opened.dev === named.dev && opened.ino === named.ino;
  } catch {
    return false;
  }
}
