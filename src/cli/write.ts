// Rewriting a user's file without ever leaving it half-written.
import { randomBytes } from 'node:crypto';
import { rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes beside the target and renames over it, keeping the file's mode. */
export async function writeAtomically(target: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = (await stat(target)).mode & 0o7777;
  try {
    await writeFile(temporary, text, { mode, flag: 'wx' });
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
