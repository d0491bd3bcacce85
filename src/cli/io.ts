// Reading source text for the CLI, with errors a person can act on.
import { readFile, stat } from 'node:fs/promises';

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
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8Offset(bytes);
    throw new SourceReadError(`${name}: not valid UTF-8 (first invalid byte at offset ${offset})`);
  }
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

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    const second = bytes[i + 1] ?? 0;
    if (length > 1) {
      const [low, high] =
        b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
      if (second < low || second > high) return i;
      for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    }
    i += length;
  }
  return -1;
}
