// What a write checks before it replaces a file: that the file is still the
// one whose text the new text was computed from. Apart from file-access.ts
// because only writes hash what they read. `node:crypto` is loaded when
// something is first hashed: loading it costs about 2.5 ms, and every command
// that works in a project reaches this module (recover.ts finishes an
// interrupted write first), though most never write.
import type * as Crypto from 'node:crypto';
import type { Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { MAX_FILE_BYTES, regularFileNowSync } from './file-access.ts';

/** What a file was when it was read: a later replace checks that it still is. */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  mode: number;
  uid: number;
  gid: number;
  nlink: number;
  /** sha256 of the bytes read, hex. */
  hash: string;
}

export function identityOf(info: Stats, bytes: Buffer): FileIdentity {
  return { dev: info.dev, ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, mode: info.mode, uid: info.uid, gid: info.gid, nlink: info.nlink, hash: hashBytes(bytes) };
}

const loadBuiltin = createRequire(import.meta.url);
let crypto: typeof Crypto | undefined;

export function hashBytes(bytes: Uint8Array | string): string {
  crypto ??= loadBuiltin('node:crypto') as typeof Crypto;
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** Same file, same bytes: device, inode, size, mtime and content hash all agree. */
export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.hash === b.hash;
}

/** The identity of the regular file at `real` right now (regularFileNowSync); undefined when it is no longer one inside `within`. */
export function identityNowSync(real: string, within: string, limit = MAX_FILE_BYTES): FileIdentity | undefined {
  const now = regularFileNowSync(real, within, limit);
  return now && identityOf(now.info, now.bytes);
}
