// The real file system with faults at chosen moments: a hook that runs once
// between a listing and the reads that follow it (where a test deletes,
// renames or swaps files), and paths whose stat or read fails. Tests run as
// root, where chmod 000 does not stop a read, so unreadable files are injected.
import { nodeDisk, type FileBytes, type FileStamp, type SourceListing, type UnreadableFolder, type WorldDisk } from '../../src/workspace/disk.ts';

export class FaultyDisk implements WorldDisk {
  /** Runs once, after the next listing and before any file of it is examined. */
  afterList: (() => void | Promise<void>) | undefined;
  /** Absolute paths whose stat or read throws. */
  readonly failing = new Map<string, { on: 'stat' | 'read'; error: NodeJS.ErrnoException }>();
  /** Absolute paths read (or attempted), in order. */
  readonly reads: string[] = [];
  /** Makes the next listings throw, as when the root itself goes away mid-walk. */
  listFails = false;
  /** Folders the next listings report they could not read (as root, a real walk can read any). */
  unreadableFolders: UnreadableFolder[] = [];

  async list(root: string): Promise<SourceListing> {
    if (this.listFails) throw errno('EIO', `scandir '${root}'`);
    const found = await nodeDisk.list(root);
    const hook = this.afterList;
    this.afterList = undefined;
    await hook?.();
    return { files: found.files, unreadableFolders: [...found.unreadableFolders, ...this.unreadableFolders] };
  }

  async stat(absolute: string): Promise<FileStamp | undefined> {
    this.#fail(absolute, 'stat');
    return nodeDisk.stat(absolute);
  }

  async read(absolute: string, limit: number, within: string): Promise<FileBytes | undefined> {
    this.reads.push(absolute);
    this.#fail(absolute, 'read');
    return nodeDisk.read(absolute, limit, within);
  }

  #fail(absolute: string, on: 'stat' | 'read'): void {
    const fault = this.failing.get(absolute);
    if (fault?.on === on) throw fault.error;
  }
}

export function errno(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}
