// Documents with no file on this machine: an editor's untitled buffer
// (`untitled:Untitled-1`), or any URI that is not a local `file:` path. Each is
// a project of its own, of that one file and the standard library: it has no
// folder to look in, so a `use` of a local module is unresolved as it would be
// anywhere else, and nothing of it is ever read from or looked up on disk.
import { fileURLToPath } from 'node:url';
import type { ProjectRoot, WorldDisk } from '../ide/index.ts';

/** A disk with nothing on it: the project's World lists no files, reads no manifest and resolves no links. */
export const NO_DISK: WorldDisk = {
  list: async () => ({ files: [], unreadableFolders: [] }),
  stat: async () => undefined,
  read: async () => undefined,
  realRoot: async (root) => root,
};

/** True unless `uri` names a path on this machine's file system (a `file:` URI without a host). */
export function isDiskless(uri: string): boolean {
  if (!uri.startsWith('file:')) return true;
  try {
    fileURLToPath(uri);
    return false;
  } catch {
    return true; // A file: URI with a host: someone else's disk.
  }
}

/**
 * The project of a diskless document. Its root is the URI itself: never a
 * path on disk, unique to the document, and what the user recognises in a
 * message that names the root.
 */
export function disklessRoot(uri: string): ProjectRoot {
  return { root: uri, source: 'explicit' };
}

const UNSAFE_IN_NAME = /[^\p{L}\p{N}_.-]+/gu;

/**
 * The document's file name in its project: the URI's last segment
 * (`untitled:Untitled-1` → `Untitled-1.yx`), so that hover and messages show
 * the name the editor shows; characters a module path could not hold become `_`.
 */
export function disklessFileName(uri: string): string {
  const body = uri.slice(uri.indexOf(':') + 1).replace(/[?#].*$/s, '');
  const last = body.split(/[/\\]/).filter((segment) => segment !== '').pop() ?? '';
  const name = decodeSafely(last).replace(UNSAFE_IN_NAME, '_').replace(/^\.+/, '');
  if (name === '' || name === '.yx') return 'untitled.yx';
  return name.endsWith('.yx') ? name : `${name}.yx`;
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // A stray `%`: the segment as written.
  }
}
