// The one way every command and server opens a source file, yaoxiang.toml or
// a file it is about to replace. A path can name anything (a FIFO that never
// answers, a link to /dev/zero, a terminal, a 7 GB log) and can change while
// it is looked at, so the file is opened first, without following a final
// link and without waiting for a FIFO's writer, and only what the descriptor
// turns out to be is trusted: a regular file, inside the root, under the
// size bound. Problems are returned as workspace codes, never thrown.
import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import { fail, ok, type Result } from './errors.ts';
import { isWithin } from './root.ts';
import { firstInvalidUtf8Offset } from './utf8.ts';

/** Source files larger than this are refused (servers skip them, commands report them). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

// O_NOFOLLOW: a file swapped for a link is not followed out of the root or into
// /dev/zero. O_NONBLOCK: opening a FIFO does not wait for a writer.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

const READ_CHUNK = 64 * 1024;

export interface RegularFile {
  /** The path opened: symbolic links on the way resolved. */
  real: string;
  bytes: Buffer;
  /** The opened file's status, taken before its bytes were read (a write's identityOf). */
  info: Stats;
}

export interface TextFile extends RegularFile {
  text: string;
}

export interface ReadOptions {
  /** The file must lie inside this folder (symlinks resolved); refused with PATH_OUTSIDE_PROJECT otherwise. */
  within?: string;
  /** Largest size accepted (default MAX_FILE_BYTES). */
  limit?: number;
}

export type Opened =
  | { kind: 'file'; handle: FileHandle; info: Stats }
  /** Names nothing (any more), or the final component became a link between resolving and opening. */
  | { kind: 'gone' }
  | { kind: 'not-a-file'; what: string }
  | { kind: 'outside' };

/** Errors that mean "there is no such file here", not "the file is there but broken". */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ENAMETOOLONG', 'EISDIR']);

export function isGone(error: unknown): boolean {
  return GONE.has((error as NodeJS.ErrnoException).code ?? '');
}

/**
 * Opens `absolute` as a regular file inside `within` (when given). The caller
 * closes the handle. Throws only when the file exists but cannot be opened
 * (EACCES, EIO).
 */
export async function openRegular(absolute: string, within: string | undefined): Promise<Opened> {
  let handle: FileHandle;
  try {
    handle = await open(absolute, OPEN_FLAGS);
  } catch (error) {
    if (isGone(error)) return { kind: 'gone' };
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return { kind: 'not-a-file', what: describeKind(info) };
    }
    if (within !== undefined && !(await openedWithin(handle, absolute, within))) {
      await handle.close();
      return { kind: 'outside' };
    }
    return { kind: 'file', handle, info };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Up to `limit + 1` bytes of an opened file, read to the end rather than
 * trusting its size (it may grow or shrink meanwhile): more than `limit` means too large.
 */
export async function readBounded(handle: FileHandle, sizeHint: number, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total <= limit) {
    const chunk = nextChunk(total, sizeHint, limit);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
  }
  return joined(chunks, total);
}

/**
 * The bytes and status of the regular file `given` names. Links on the way
 * are followed (a user may name a file through one), but the file they lead
 * to must be a regular file inside `within`.
 *
 * Synchronous: its callers (the commands, and a write's check of the file it
 * replaces) wait for the bytes anyway, and the five or six system calls of a
 * small file cost far less made directly than as as many trips through the
 * thread pool and the promise queue (a tenth of a cold check of 1,000 files).
 * It cannot hang: the open does not wait for a FIFO's writer, and only a
 * regular file is read.
 */
export function readRegularFile(given: string, options: ReadOptions = {}): Result<RegularFile> {
  const limit = options.limit ?? MAX_FILE_BYTES;
  let real: string;
  let within: string | undefined;
  try {
    real = realpathSync.native(given);
    within = options.within === undefined ? undefined : realpathSync.native(options.within);
  } catch (error) {
    return fail(isGone(error) ? 'FILE_NOT_FOUND' : 'UNREADABLE', `${given}: ${describeError(error)}`, given);
  }
  if (within !== undefined && !isWithin(within, real)) {
    return fail('PATH_OUTSIDE_PROJECT', `${given} is outside the project root ${options.within}${real !== given ? ` (it leads to ${real})` : ''}`, given);
  }
  let fd: number;
  try {
    fd = openSync(real, OPEN_FLAGS);
  } catch (error) {
    if (isGone(error)) return fail('FILE_NOT_FOUND', `${given}: no such file (or it was replaced while being opened)`, given);
    return fail('UNREADABLE', `${given}: ${describeError(error)}`, given);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return fail('NOT_A_FILE', `${given}: is ${describeKind(info)}, not a regular file`, given);
    if (within !== undefined && !openedWithinSync(fd, real, within)) return fail('PATH_OUTSIDE_PROJECT', `${given} is outside the project root ${options.within}`, given);
    if (info.size > limit) return tooLarge(given, `${info.size} bytes`, limit);
    const bytes = readBoundedSync(fd, info.size, limit);
    if (bytes.length > limit) return tooLarge(given, `more than ${limit} bytes (it grew while being read)`, limit);
    return ok({ real, bytes, info });
  } catch (error) {
    return fail('UNREADABLE', `${given}: ${describeError(error)}`, given);
  } finally {
    closeSync(fd);
  }
}

/**
 * The buffer for the next read: up to the size hint plus one byte, so that a
 * file that kept its size is read whole and its end met by a one-byte read;
 * past the hint (the file grew, or reports no size, as /proc does) READ_CHUNK
 * at a time; never past limit + 1 bytes in all. Small buffers come from
 * Node's pool: a 64 KB buffer for each small file, copied out again, cost a
 * cold check of 1,000 files about 12 ms.
 */
function nextChunk(total: number, sizeHint: number, limit: number): Buffer {
  const wanted = total <= sizeHint ? sizeHint - total + 1 : READ_CHUNK;
  return Buffer.allocUnsafe(Math.min(limit + 1 - total, wanted));
}

/** The chunks read, as one buffer: the only chunk itself when there is one. */
function joined(chunks: Buffer[], total: number): Buffer {
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

/** readBounded, for a descriptor read synchronously. */
function readBoundedSync(fd: number, sizeHint: number, limit: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total <= limit) {
    const chunk = nextChunk(total, sizeHint, limit);
    const bytesRead = readSync(fd, chunk, 0, chunk.length, null);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
  }
  return joined(chunks, total);
}

/** readRegularFile, then strict UTF-8: INVALID_UTF8 names the offset of the first bad byte. A leading BOM is kept. */
export function readTextFile(given: string, options: ReadOptions = {}): Result<TextFile> {
  const read = readRegularFile(given, options);
  if (!read.ok) return read;
  const invalid = firstInvalidUtf8Offset(read.value.bytes);
  if (invalid !== -1) return fail('INVALID_UTF8', `${given}: not valid UTF-8 (first invalid byte at offset ${invalid})`, given);
  return ok({ ...read.value, text: read.value.bytes.toString('utf8') });
}

export function describeKind(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

export function describeError(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES':
    case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'is a directory, expected a .yx file';
    case 'ELOOP': return 'too many levels of symbolic links';
    case 'ENAMETOOLONG': return 'file name too long';
    case 'ENOTDIR': return 'a part of the path is not a directory';
    case 'EILSEQ': return 'its name is not valid UTF-8';
    default: return (error as Error).message;
  }
}

function tooLarge<T>(given: string, size: string, limit: number): Result<T> {
  return fail('TOO_LARGE', `${given}: ${size}, over the ${limit}-byte limit`, given);
}

/**
 * O_NOFOLLOW guards only the last component: a folder on the way that became a
 * link after the path was resolved would lead the open out of the root. So the
 * file that was actually opened is checked: on Linux by the path the kernel
 * holds for the descriptor; elsewhere by resolving the path now and requiring
 * that it lies inside and names the same file (device and inode) as the descriptor.
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

/** openedWithin, for a descriptor opened synchronously. */
function openedWithinSync(fd: number, absolute: string, within: string): boolean {
  if (process.platform === 'linux') {
    try {
      return isWithin(within, readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      // No /proc (a minimal container): the portable check below.
    }
  }
  try {
    const resolved = realpathSync.native(absolute);
    if (!isWithin(within, resolved)) return false;
    const opened = fstatSync(fd);
    const named = statSync(resolved);
    return opened.dev === named.dev && opened.ino === named.ino;
  } catch {
    return false;
  }
}

/**
 * The regular file at `real` right now, read synchronously (the commit of a
 * write runs without yielding, so that no signal handler runs halfway through
 * it); undefined when it is no longer a regular file inside `within`.
 */
export function regularFileNowSync(real: string, within: string, limit = MAX_FILE_BYTES): { info: Stats; bytes: Buffer } | undefined {
  let fd: number;
  try {
    fd = openSync(real, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > limit || !openedWithinSync(fd, real, within)) return undefined;
    const bytes = readBoundedSync(fd, info.size, limit);
    return bytes.length > limit ? undefined : { info, bytes };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
