// Reading source text for the CLI, with errors a person can act on.
import { readFile, stat } from 'node:fs/promises';
import { decodeSource } from '../ide/index.ts';

export class UsageError extends Error {
  override name = 'UsageError';
}

export class SourceReadError extends Error {
  override name = 'SourceReadError';
}

/** Exit codes shared by every subcommand. */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;

/** Decodes UTF-8 strictly; a leading BOM is kept so that diagnostics can report it. */
export function decodeUtf8(bytes: Uint8Array, name: string): string {
  const decoded = decodeSource(bytes);
  if (!decoded.ok) throw new SourceReadError(`${name}: not valid UTF-8 (first invalid byte at offset ${decoded.offset})`);
  return decoded.text;
}

/** Reads a file path, or standard input for `-`. */
export async function readSource(path: string): Promise<{ name: string; text: string }> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return { name: '<stdin>', text: decodeUtf8(Buffer.concat(chunks), '<stdin>') };
  }
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new SourceReadError(`${path}: ${describeFsError(error)}`);
  }
  if (info.isDirectory()) throw new SourceReadError(`${path}: is a directory, expected a .yx file`);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new SourceReadError(`${path}: ${describeFsError(error)}`);
  }
  return { name: path, text: decodeUtf8(bytes, path) };
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory, expected a .yx file';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    case 'ENAMETOOLONG':
      return 'file name too long';
    default:
      return (error as Error).message;
  }
}
